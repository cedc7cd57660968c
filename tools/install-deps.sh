#!/usr/bin/env bash
# Installs what fabric-lb needs on Debian 12, skipping what is already there.
# Usage: tools/install-deps.sh [extra-package ...]
set -euo pipefail

packages=(
  g++ cmake ninja-build ccache pkg-config python3 time
  libns3-dev ns3          # ns-3.37; ns3 ships binaries that libns3-dev's CMake config references
  libgsl-dev              # linked by Debian's ns-3 CMake config
  nlohmann-json3-dev libgtest-dev
  libprotobuf-dev protobuf-compiler # Chakra execution traces (--workload=chakra)
  libgoogle-perftools-dev # tcmalloc, the driver's allocator
  gnuplot-nox
  "$@"
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
echo "fabric-lb: installing ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
