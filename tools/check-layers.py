#!/usr/bin/env python3
"""Checks the module's layers (doc/architecture.md): every #include of a module header
goes to the file's own folder or to a folder below it, and no files include each other,
directly or round a longer circle (a file and its header count as one unit).

Usage: tools/check-layers.py [MODULE_DIR]   (default: contrib/fabric-lb)
Prints one line per fault and exits 1 if there is any; otherwise prints a summary."""
import os
import re
import sys

# Each folder and the folders it may include (besides itself). The packet's path, from
# the bottom: the topology, the traffic that is asked of it, the bounds on it, the
# ports, load balancing, the switch (routing) and the NIC (transport), the applications
# that drive NICs, and the helpers that build a whole experiment.
MAY_INCLUDE = {
    "model/common": [],
    "model/topology": ["model/common"],
    "model/traffic": ["model/common", "model/topology"],
    "model/measure": ["model/common", "model/topology", "model/traffic"],
    "model/port": ["model/common", "model/topology", "model/traffic", "model/measure"],
}
MAY_INCLUDE["model/lb"] = MAY_INCLUDE["model/port"] + ["model/port"]
MAY_INCLUDE["model/routing"] = MAY_INCLUDE["model/lb"] + ["model/lb"]
MAY_INCLUDE["model/transport"] = MAY_INCLUDE["model/lb"] + ["model/lb"]
MAY_INCLUDE["model/application"] = MAY_INCLUDE["model/transport"] + ["model/transport"]
MAY_INCLUDE["helper"] = list(MAY_INCLUDE) + ["model/routing", "model/application"]

INCLUDE = re.compile(r'^\s*#\s*include\s+"(?:ns3/)?([A-Za-z0-9_.-]+\.h)"', re.M)


def unit(path):
    return re.sub(r"\.(h|cc)$", "", path)


def main():
    module = sys.argv[1] if len(sys.argv) > 1 else "contrib/fabric-lb"
    folder_of = {}  # header name -> folder
    files = []
    for folder in MAY_INCLUDE:
        directory = os.path.join(module, folder)
        if not os.path.isdir(directory):
            print(f"layers: folder {folder} is missing")
            return 1
        for name in sorted(os.listdir(directory)):
            if name.endswith((".h", ".cc")):
                files.append((folder, name))
                if name.endswith(".h"):
                    if name in folder_of:
                        print(f"layers: header {name} in both {folder_of[name]} and {folder}")
                        return 1
                    folder_of[name] = folder
    for directory, _, names in os.walk(os.path.join(module, "model")):
        folder = os.path.relpath(directory, module)
        if folder != "model" and folder not in MAY_INCLUDE and any(
            n.endswith((".h", ".cc")) for n in names
        ):
            print(f"layers: folder {folder} is not a layer (add it to {sys.argv[0]})")
            return 1
        if folder == "model" and any(n.endswith((".h", ".cc")) for n in names):
            print("layers: model/ holds files outside a layer folder")
            return 1

    faults = []
    edges = {}
    arrows = 0
    for folder, name in files:
        with open(os.path.join(module, folder, name), encoding="utf-8") as source:
            text = source.read()
        here = unit(f"{folder}/{name}")
        edges.setdefault(here, set())
        for header in INCLUDE.findall(text):
            target = folder_of.get(header)
            if target is None:
                continue  # not a module header
            there = unit(f"{target}/{header}")
            if there == here:
                continue
            arrows += 1
            edges[here].add(there)
            if target != folder and target not in MAY_INCLUDE[folder]:
                faults.append(f"{folder}/{name} includes {target}/{header}: a layer above")

    # Circles between units (Tarjan's strongly connected components).
    index, low, stack, on_stack, circles = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    sys.setrecursionlimit(10000)
    for node in sorted(edges):
        if node not in index:
            visit(node)
    for circle in circles:
        faults.append("files include each other: " + ", ".join(circle))

    for fault in faults:
        print("layers: " + fault)
    if faults:
        return 1
    print(f"layers: {len(files)} files in {len(MAY_INCLUDE)} folders, {arrows} includes "
          "between files, none up a layer, no circle")
    return 0


if __name__ == "__main__":
    sys.exit(main())
