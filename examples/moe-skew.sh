#!/usr/bin/env bash
# Beyond the study (issue 44): which load balancer wins when the traffic is uneven? The forward
# pass of one DeepSeek-V3 MoE layer (--workload=moe, doc/workloads.md: 256 routed experts, top
# 8, hidden 7168; 128 tokens a device; attention, dispatch all-to-all, the experts' compute,
# combine all-to-all) on 128 GPUs, every scheme, the experts' popularity skew 0 (uniform), 1
# and 2 on the x axis; on the k=8 fat tree and on a rail-optimised fabric (16 servers of 8
# GPUs, 8 rails of 16, 16 spines; NVLink inside a server). Ideal transport. Writes
# DIR/{fat-tree,rail}/moe/: results.csv, compute.csv (each run's busiest GPU's compute,
# communication and exposed communication), cct-increase.png, and moe.csv and exposed.png: per
# scheme and skew the mean (least, largest) share of the step that is exposed communication
# (the CCT beyond the busiest GPU's compute, over the CCT). Runs already done are kept.
# --quick: k=4 and 2 rail servers, Mixtral's 8 experts, 16 tokens, one run: seconds.
# Usage: examples/moe-skew.sh [--out DIR] [--runs N (default 5)] [--quick]
#        [--fabrics LIST (default fat-tree,rail)] [fabric-lb-sweep flags]
set -euo pipefail
# shellcheck source=SCRIPTDIR/figure-sweep.sh
source "$(dirname "$0")/figure-sweep.sh"
figure_default_runs=5
figure_fabrics=fat-tree,rail
figure_args moe-skew moe "$@"
schemes=ecmp,subflow,plb,flowlet,host-spray,reps,rr,switch-ar,host-dr,ofan
skews=0,1,2
step="--moeModel=deepseek-v3 --tokens=128"
words="DeepSeek-V3, 128 tokens a GPU"
rail="--servers=16 --gpusPerServer=8 --serversPerLeaf=16 --railSpines=16"
if [ "$quick" = 1 ]; then
  step="--moeModel=mixtral-8x7b --tokens=16"
  words="Mixtral-8x7B, 16 tokens a GPU"
  rail="--servers=2 --gpusPerServer=8 --serversPerLeaf=2 --railSpines=2"
fi
figure_cost moe 40 $((fabric_count * 10 * 3 * runs)) "one DeepSeek-V3 MoE layer on 128 GPUs"
fabrics=$out
for fabric in ${fabric_list//,/ }; do
  shape=()
  [ "$fabric" = rail ] && shape=(--topology=rail)
  extra=$step
  [ "$fabric" = rail ] && extra+=" $rail"
  out=$fabrics/$fabric
  # The routing sets the messages' sizes; --msgBytes (the sweep's size) is not used by moe.
  figure_sweep moe 1048576 --schemes=$schemes --vary=skew:$skews "${shape[@]}" --extra="$extra" \
    --caption="one MoE layer's forward pass, ideal transport"
  dir=$out/moe
  [ -f "$dir/compute.csv" ] || continue
  # Per scheme and skew over the completed runs: exposed communication's share of the step.
  awk -F, '
    NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
    {
      key = $col["scheme"] "," $col["vary_value"]
      if (!(key in n)) { order[++keys] = key; n[key] = 0 }
      share = 100 * $col["exposed_communication_ns"] / $col["cct_ns"]
      n[key]++
      sum[key] += share
      if (n[key] == 1 || share < least[key]) least[key] = share
      if (n[key] == 1 || share > most[key]) most[key] = share
      gpu[key] += $col["busiest_gpu_compute_ns"]
    }
    END {
      print "scheme,skew,runs,exposed_pct,exposed_min_pct,exposed_max_pct,busiest_gpu_compute_us"
      for (i = 1; i <= keys; ++i) {
        key = order[i]
        printf "%s,%d,%.3f,%.3f,%.3f,%.1f\n", key, n[key], sum[key] / n[key], least[key], \
          most[key], gpu[key] / n[key] / 1000
      }
    }' "$dir/compute.csv" >"$dir/moe.csv"
  column -s, -t "$dir/moe.csv"
  awk -F, -v skews="$skews" '
    BEGIN { n = split(skews, s, ","); for (i = 1; i <= n; ++i) x[s[i]] = i - 1 }
    NR > 1 { print $1, x[$2], $4, $5, $6, $3, $3, "skew " $2 }' "$dir/moe.csv" >"$dir/exposed.points"
  case $fabric in
    fat-tree) where="k=$k fat tree ($((k * k * k / 4)) GPUs)" ;;
    rail) where="rail-optimised fabric ($([ "$quick" = 1 ] && echo 16 || echo 128) GPUs)" ;;
  esac
  figure_points "$dir/exposed.png" \
    "Exposed communication: the step beyond the busiest GPU's compute, share of the step\nOne MoE layer ($words), $where, $(figure_runs "$dir/exposed.points"), ideal transport\nmean of each point's runs, bar from the least to the largest" \
    "experts' popularity skew (weight 1/rank^skew)" "exposed communication (% of the step)" \
    "(\"0 (uniform)\" 0, \"1\" 1, \"2\" 2)" categories "$dir/exposed.points"
done
out=$fabrics
figure_doc "$out/fat-tree/moe/exposed.png" moe-skew-fat-tree-exposed.png
figure_doc "$out/rail/moe/exposed.png" moe-skew-rail-exposed.png
figure_doc "$out/fat-tree/moe/exposed.png" moe-skew-quick-exposed.png
echo "moe skew: $fabrics/{fat-tree,rail}/moe/{results.csv,compute.csv,moe.csv,cct-increase.png,exposed.png}"
