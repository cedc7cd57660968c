# shellcheck shell=bash
# Shared by the figure scripts (examples/fig*.sh); sourced, not run.
# figure_args parses the options they all take, figure_sweep runs one
# workload's sweep, figure_cost prints what a full-scale sweep will take,
# figure_points draws a script's own figure as the sweep draws its own, and
# figure_doc copies a figure into doc/.
#
#   --out DIR   where the results go (default results/figN, results/figN-quick with --quick)
#   --runs N    runs per point (default 10); --out=DIR and --runs=N work too
#   --quick     k=4, one run, messages of at most 64 KiB (all-to-all: 16 KiB): a check of
#               seconds to a minute
#   --workload W  only the figure's W half (all-to-all, permutation or fsdp, those it has)
#   --replot    run nothing: draw every figure again from the results in DIR
#   --doc       copy the figures the README and doc/ show into doc/ (figure_doc)
#   anything else is passed to every fabric-lb-sweep (e.g. --jobs=1)
#
# FABRIC_LB_BUILD=DIR runs DIR/fabric-lb-sweep and DIR/fabric-lb-sim as they are
# (the tests do, on the tree they test); without it tools/build.sh builds build/ first.
# FABRIC_LB_SIM=PATH runs that driver instead, e.g. the faster one of an ns-3 tree
# built --build-profile=optimized (doc/performance.md: build/scratch/ns3.37-fabric-lb-sim-optimized,
# with LD_PRELOAD=libtcmalloc_minimal.so.4).

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bin=${FABRIC_LB_BUILD:-$root/build}

# figure_args NAME HALVES "$@": sets out, runs, k, quick, replot and doc (0 or 1),
# only_workload, sweep_extra (an array), given (the arguments but --replot and --doc, for
# figure_doc) and figure_halves; HALVES are the figure's workloads, comma-separated, which
# --workload may name. A script may set before it figure_default_runs (runs without --runs;
# 10 if unset) and figure_fabrics (its fabrics, comma-separated: it then takes --fabrics LIST
# of them, default all, and sets fabric_list and fabric_count);
# builds build/ unless FABRIC_LB_BUILD names a build.
figure_args() {
  local name=$1 arg
  figure_halves=$2
  shift 2
  given=()
  for arg in "$@"; do
    [[ $arg == --replot || $arg == --doc ]] || given+=("$arg")
  done
  out=
  runs=${figure_default_runs:-10}
  fabric_list=${figure_fabrics:-}
  k=8
  quick=0
  replot=0
  doc=0
  only_workload=
  sweep_extra=()
  while [ $# -gt 0 ]; do
    case $1 in
      --out | --runs | --workload | --fabrics)
        if [ $# -lt 2 ]; then
          echo "$(basename "$0"): error: $1 needs a value" >&2
          exit 2
        fi
        case $1 in
          --out) out=$2 ;;
          --runs) runs=$2 ;;
          --workload) only_workload=$2 ;;
          --fabrics) fabric_list=$2 ;;
        esac
        shift 2
        ;;
      --fabrics=*)
        fabric_list=${1#--fabrics=}
        shift
        ;;
      --workload=*)
        only_workload=${1#--workload=}
        shift
        ;;
      --out=*)
        out=${1#--out=}
        shift
        ;;
      --runs=*)
        runs=${1#--runs=}
        shift
        ;;
      --quick)
        quick=1
        shift
        ;;
      --replot)
        replot=1
        sweep_extra+=(--replot)
        shift
        ;;
      --doc)
        doc=1
        shift
        ;;
      *)
        sweep_extra+=("$1")
        shift
        ;;
    esac
  done
  if [ -n "$only_workload" ] && [[ ",$figure_halves," != *",$only_workload,"* ]]; then
    if [ -n "${FABRIC_LB_ALL_FIGURES:-}" ]; then # run-all-figures.sh: the others may have it
      echo "$(basename "$0"): no $only_workload half: skipped" >&2
      exit 0
    fi
    echo "$(basename "$0"): error: unknown --workload '$only_workload' (this figure has: $figure_halves)" >&2
    exit 2
  fi
  if [ -z "${figure_fabrics:-}" ] && [ -n "$fabric_list" ]; then
    echo "$(basename "$0"): error: --fabrics: this figure has one fabric" >&2
    exit 2
  fi
  local fabric
  fabric_count=0
  for fabric in ${fabric_list//,/ }; do
    fabric_count=$((fabric_count + 1))
    if [[ ",$figure_fabrics," != *",$fabric,"* ]]; then
      echo "$(basename "$0"): error: unknown fabric '$fabric' (${figure_fabrics//,/, })" >&2
      exit 2
    fi
  done
  if [ "$quick" = 1 ]; then
    k=4
    runs=1
    name=$name-quick
  fi
  out=${out:-$root/results/$name}
  if [ -z "${FABRIC_LB_BUILD:-}" ]; then
    "$root/tools/build.sh" >/dev/null
  fi
}

# figure_wants WORKLOAD: whether this run of the figure includes its WORKLOAD half (--workload).
figure_wants() {
  [ -z "$only_workload" ] || [ "$only_workload" = "$1" ]
}

# figure_cost WORKLOAD SECONDS RUNS WHAT: without --quick or --replot, and if the run includes
# the WORKLOAD half, prints on stderr that WHAT is RUNS runs of about SECONDS each on one core
# (measured on this 2-core VM, or extrapolated).
figure_cost() {
  if [ "$quick" = 0 ] && [ "$replot" = 0 ] && figure_wants "$1"; then
    awk -v s="$2" -v n="$3" -v what="$4" -v script="$(basename "$0")" 'BEGIN {
      printf "%s: %s: %d runs of about %s s, about %.1f core-hours\n", script, what, n, s, s * n / 3600
    }' >&2
  fi
}

# figure_sweep WORKLOAD SIZES [fabric-lb-sweep flags]: writes $out/WORKLOAD/; SIZES is a
# comma-separated list of bytes, with --quick each capped at 64 KiB (all-to-all: 16 KiB,
# its k^3/4 - 1 messages a host), duplicates dropped. Skipped when --workload names another.
figure_sweep() {
  local workload=$1 bytes=$2 cap=65536
  shift 2
  figure_wants "$workload" || return 0
  [ "$workload" = all-to-all ] && cap=16384
  if [ "$quick" = 1 ]; then
    bytes=$(tr , '\n' <<<"$bytes" | awk -v cap=$cap '{ b = $1 > cap ? cap : $1 } !seen[b]++ { print b }' |
      paste -sd,)
  fi
  # A fabric other than the fat tree takes its shape from its own flags, not --k.
  local radix=(--k="$k") arg
  for arg in "$@"; do
    [[ $arg == --topology=* && $arg != --topology=fat-tree ]] && radix=()
  done
  "$bin/fabric-lb-sweep" --sim="${FABRIC_LB_SIM:-$bin/fabric-lb-sim}" "${radix[@]}" --workload="$workload" \
    --sizes="$bytes" --runs="$runs" --out="$out/$workload" "$@" "${sweep_extra[@]}"
}

# scheme_style SCHEME: sets style (gnuplot's colour, point type and size) and label (its name
# in figures) to the scheme's, as every figure of the sweep draws it.
scheme_style() {
  IFS=$'\t' read -r style label < <("$bin/fabric-lb-sweep" --printStyle="$1")
}

# figure_points PNG TITLE XLABEL YLABEL XTICS AXIS POINTS: draws POINTS as the sweep draws its
# figures: a series per scheme in the scheme's style, each point the mean of its completed runs
# with a bar from the least to the largest, a point some of whose runs did not complete hollow
# with "n/N" beside it, a point without a completed run named in the title; a key where the
# series share an x, else the tics name them. POINTS has a line per scheme and x: scheme, x,
# mean, least, largest, completed runs, runs and the x in words (spaces between; the values
# "nan" without a completed run), the schemes in the key's order. XTICS is gnuplot's list,
# ("7B" 0, "70B" 1); AXIS "categories" (series side by side, no lines), "numbers" or "log"
# (lines over numbers, a log x axis), with ",logy" for a log y axis where the values span a
# factor of 10. TITLE's lines are separated by \n.
figure_points() {
  local png=$1 title=$2 xlabel=$3 ylabel=$4 xtics=$5 axis=$6 points=$7 scheme styles=
  while read -r scheme; do
    scheme_style "$scheme"
    styles+="$scheme"$'\t'"$style"$'\t'"$label"$'\t'
  done < <(awk '!seen[$1]++ { print $1 }' "$points")
  awk -v png="$png" -v title="$title" -v xlabel="$xlabel" -v ylabel="$ylabel" -v xtics="$xtics" \
    -v axis="$axis" -v styles="$styles" '
    function greedy(line, width, out, piece, at) { # lines of at most width, broken after ", "
      out = ""; piece = ""; lines_made = 1
      while ((at = index(line, ", ")) > 0) {
        if (length(piece) + at + 1 > width && piece != "") {
          out = out piece "\\n"; piece = ""; ++lines_made
        }
        piece = piece substr(line, 1, at + 1); line = substr(line, at + 2)
      }
      if (length(piece) + length(line) > width && piece != "") {
        out = out piece "\\n"; piece = ""; ++lines_made
      }
      return out piece line
    }
    function wrap(line, widest, n, w, text) { # as few lines as at 120 characters, balanced
      widest = greedy(line, 120); n = lines_made
      for (w = int(length(line) / n); w < 120; ++w) {
        text = greedy(line, w)
        if (lines_made == n) return text
      }
      return widest
    }
    function floor(x) { return x == int(x) ? x : (x < 0 ? int(x) - 1 : int(x)) }
    function place(x) { return logx ? log(x) : x }
    function unplace(x) { return logx ? exp(x) : x }
    BEGIN {
      n = split(styles, kv, "\t")
      for (i = 1; i + 2 <= n; i += 3) { style[kv[i]] = kv[i + 1]; label[kv[i]] = kv[i + 2] }
      categorical = axis ~ /^categories/; logx = axis ~ /^log/; logy = axis ~ /logy/
      gsub(/\n/, "\\n", title) # back to gnuplot line breaks (-v made them newlines)
    }
    {
      if (!($1 in series)) { series[$1] = ++count; order[count] = $1 }
      row[NR] = $0; shared = shared || (place($2) in xs); xs[place($2)] = 1
      if ($6 > 0 && $4 > 0 && (least == "" || $4 < least)) least = $4
      if ($6 > 0 && $5 > largest) largest = $5
    }
    END {
      # The room between neighbouring x values; series that share an x side by side in it.
      m = 0
      for (x in xs) { # sorted[1..m], ascending
        for (i = ++m; i > 1 && sorted[i - 1] > x + 0; --i) sorted[i] = sorted[i - 1]
        sorted[i] = x + 0
      }
      slot = 0
      for (i = 2; i <= m; ++i) {
        gap = sorted[i] - sorted[i - 1]
        if (slot == 0 || gap < slot) slot = gap
      }
      if (slot <= 0) slot = 1
      step = count < 2 || !shared ? 0 : (categorical ? 0.7 : 0.25) * slot / (count - 1)
      if (step > (categorical ? 0.15 : 0.05) * slot) step = (categorical ? 0.15 : 0.05) * slot
      pad = categorical ? 0.5 : 0.1 * (sorted[m] - sorted[1] > slot ? sorted[m] - sorted[1] : slot)
      # Room for the series set aside from the outermost values, and their bars, too.
      outer = (count - 1) / 2 * step * 1.3 + (categorical ? 0.05 : 0.05 * slot)
      if (outer > pad) pad = outer
      print "set terminal pngcairo noenhanced size 1100,680 font \"sans,11\""
      print "set output \"" png "\""
      # Below tics of two lines (a "\\n" in their text), the label a line lower.
      print "set xlabel \"" xlabel "\"" (index(xtics, "\\n") ? " offset 0, -1" : "")
      print "set ylabel \"" ylabel "\""
      print "set xtics " xtics (categorical && length(xtics) > 90 ? " rotate by 30 right" : "")
      printf "set xrange [%g:%g]\n", unplace(sorted[1] - pad), unplace(sorted[m] + pad)
      if (logx) print "set logscale x"
      logy = logy && largest >= 10 * least # else too few tics to read
      if (logy) { # whole decades, at least a tenth of one beyond the least and the largest value
        print "set logscale y"
        printf "set yrange [%g:%g]\n", 10 ^ floor(log(least) / log(10) - 0.1), \
          10 ^ -floor(-(log(largest) / log(10) + 0.1))
      }
      print "set grid ytics"
      print shared ? "set key outside right top" : "unset key" # else the tics name them
      if (!logy) # a linear axis over the values and a little more
        print "set autoscale yfix; set offsets 0, 0, graph 0.05, graph 0.05"
      print "set errorbars 1.5"
      notes = ""; incomplete = 0
      for (r = 1; r <= NR; ++r) {
        nf = split(row[r], f, " ")
        s = series[f[1]]; x = unplace(place(f[2]) + (s - (count - 1) / 2) * step)
        colour = style[f[1]]; sub(/.*lc rgb /, "", colour); sub(/ .*/, "", colour)
        if (f[6] == 0 || f[3] == "nan" || (logy && f[3] <= 0)) {
          where = ""
          for (i = 8; i <= nf; ++i) where = where " " f[i]
          notes = notes (notes == "" ? "" : ", ") label[f[1]] (where == "" ? "" : " at" where) \
            (f[6] == 0 ? " (" f[6] "/" f[7] " complete)" : " (at 0)")
          continue
        }
        if (f[6] < f[7]) {
          ++incomplete
          hollow[s] = hollow[s] x " " f[3] " " f[4] " " f[5] "\n"
          printf "set label \"%d/%d\" at first %g, first %g offset char 1.2, char 0 tc rgb %s\n", \
            f[6], f[7], x, f[3], colour
        } else {
          full[s] = full[s] x " " f[3] " " f[4] " " f[5] "\n"
        }
      }
      if (incomplete) title = title "; hollow, n/N: only n of its N runs completed"
      if (notes != "") title = title "\\nnot drawn: " notes
      n = split(title, lines, "\\\\n"); title = wrap(lines[1])
      for (i = 2; i <= n; ++i) title = title "\\n" wrap(lines[i])
      print "set title \"" title "\""
      plot = ""
      for (s = 1; s <= count; ++s) {
        name = order[s]; colour = style[name]; sub(/.*lc rgb /, "", colour); sub(/ .*/, "", colour)
        pt = style[name]; sub(/.* pt /, "", pt); sub(/ .*/, "", pt)
        open = pt >= 5 && pt <= 15 && pt % 2 == 1 ? pt - 1 : pt
        printf "$full%d << EOD\n%sEOD\n$hollow%d << EOD\n%sEOD\n", s, full[s], s, hollow[s]
        plot = plot (s > 1 ? ", " : "") "NaN title \"" label[name] "\" with " \
          (categorical ? "points " : "linespoints ") style[name] " lw 2"
        if (full[s] != "") {
          if (!categorical) plot = plot ", $full" s " using 1:2 with lines lc rgb " colour " lw 2 notitle"
          plot = plot ", $full" s " using 1:2:3:4 with yerrorbars " style[name] " lw 1.5 notitle"
        }
        if (hollow[s] != "")
          plot = plot ", $hollow" s " using 1:2:3:4 with yerrorbars lc rgb " colour " pt " open \
            " ps 1.8 lw 1.5 notitle"
      }
      print "plot " plot
    }' "$points" | gnuplot
}

# figure_incast DIR: the incast beside a permutation of pfc-lossless.sh and uet-vs-roce.sh, in
# DIR: sets incast (DIR), hosts, senders (a quarter of them), bytes (1 MiB, 64 KiB with
# --quick) and matrix, and writes the htsim connection matrix there: the last SENDERS hosts
# each send BYTES to host 0 (ids 1 to SENDERS), and every other host but 0 sends BYTES to the
# one 16 hosts on among them, wrapping around (a pod on at k=8; ids past the incast's): the
# incast's victims, flows that never cross its port.
figure_incast() {
  incast=$1
  hosts=$((k * k * k / 4))
  senders=$((hosts / 4))
  bytes=1048576
  [ "$quick" = 1 ] && bytes=65536
  matrix=$incast/incast-permutation.cm
  mkdir -p "$incast"
  awk -v hosts="$hosts" -v senders="$senders" -v bytes="$bytes" 'BEGIN {
    others = hosts - senders - 1
    printf "Nodes %d\nConnections %d\n", hosts, senders + others
    for (s = 0; s < senders; ++s)
      printf "%d->0 id %d start 0 size %d\n", hosts - senders + s, s + 1, bytes
    for (i = 0; i < others; ++i)
      printf "%d->%d id %d start 0 size %d\n", 1 + i, 1 + (i + 16) % others, senders + i + 1, bytes
  }' >"$matrix"
}

# figure_incast_victims SCHEMES STACK=FLAGS ...: runs figure_incast's matrix under every scheme
# of SCHEMES (commas between), every STACK (FLAGS its fabric-lb-sim flags, spaces between,
# maybe none) and runs 1 to $runs, each run's flows kept in $incast/runs/SCHEME-STACK-RUN.csv
# (with --replot none run; a run already there kept). Then writes $incast/victims.csv: per
# scheme and stack, the victim flows' (the permutation's, ids past the incast's) completion
# time over their own bound, over every run's victims: mean, 99th percentile (nearest rank)
# and largest, and the least and largest run mean; and $incast/victims.points for
# figure_points: the stacks at x = 0, 1, ... in the order given, the bar from the least to
# the largest run mean.
figure_incast_victims() {
  local schemes=$1 names=() flags=() spec scheme i run flows
  shift
  for spec in "$@"; do
    names+=("${spec%%=*}")
    flags+=("${spec#*=}")
  done
  mkdir -p "$incast/runs"
  if [ "$replot" = 0 ]; then
    for scheme in ${schemes//,/ }; do
      for i in "${!names[@]}"; do
        for run in $(seq 1 "$runs"); do
          flows=$incast/runs/$scheme-${names[i]}-$run.csv
          [ -s "$flows" ] && continue
          # shellcheck disable=SC2086 # the stack's flags, spaces between
          "${FABRIC_LB_SIM:-$bin/fabric-lb-sim}" --k="$k" --workload=matrix --matrix="$matrix" \
            --lb="$scheme" --run="$run" ${flags[i]} --flows="$flows.tmp" \
            --out="${flows%.csv}.json" >/dev/null && mv "$flows.tmp" "$flows"
        done
      done
    done
  fi
  {
    echo "scheme,stack,runs,victims,mean_slowdown,p99_slowdown,max_slowdown,run_mean_min,run_mean_max"
    for scheme in ${schemes//,/ }; do
      for i in "${!names[@]}"; do
        for flows in "$incast/runs/$scheme-${names[i]}"-[0-9]*.csv; do
          [ -s "$flows" ] || continue
          awk -F, -v senders="$senders" -v run="$flows" 'NR > 1 && NR - 1 > senders { print run, $8 }' "$flows"
        done | sort -k2,2g |
          awk -v scheme="$scheme" -v stack="${names[i]}" '
            { s[NR] = $2; sum += $2; n[$1]++; runsum[$1] += $2 }
            END {
              if (NR == 0) exit
              p99 = int(0.99 * NR + 0.5); if (p99 < 1) p99 = 1
              runs = 0
              for (r in n) {
                m = runsum[r] / n[r]; ++runs
                if (runs == 1 || m < least) least = m
                if (runs == 1 || m > most) most = m
              }
              printf "%s,%s,%d,%d,%.4f,%.4f,%.4f,%.4f,%.4f\n", scheme, stack, runs, NR, sum / NR,
                s[p99], s[NR], least, most
            }'
      done
    done
  } >"$incast/victims.csv"
  awk -F, -v stacks="${names[*]}" '
    BEGIN { n = split(stacks, name, " "); for (i = 1; i <= n; ++i) x[name[i]] = i - 1 }
    NR > 1 { print $1, x[$2], $5, $8, $9, $3, $3, $2 }' "$incast/victims.csv" >"$incast/victims.points"
}

# figure_bytes BYTES: prints BYTES in words: 1 MiB, 256 KiB, 4000 B.
figure_bytes() {
  if [ $(($1 % 1048576)) = 0 ]; then
    echo "$(($1 / 1048576)) MiB"
  elif [ $(($1 % 1024)) = 0 ]; then
    echo "$(($1 / 1024)) KiB"
  else
    echo "$1 B"
  fi
}

# figure_runs POINTS: prints "N runs a point" for figure_points' POINTS, N the most runs of any
# point.
figure_runs() {
  awk '$7 > most { most = $7 } END { printf "%d run%s a point", most, most == 1 ? "" : "s" }' "$1"
}

# figure_doc PNG NAME [RESULTS]: with --doc, copies PNG to doc/NAME and records in
# doc/figures.tsv that this script drew it from RESULTS (default: results.csv beside PNG), with
# the command that draws it again (the script's arguments, --replot --doc) and the results' and
# the picture's SHA-256 (tools/check-doc-figures.sh checks both). A NAME with "-quick-" is
# copied by --quick runs only, any other by full runs only; a PNG older than its results (not
# drawn again) is not copied, nor one of a half that --workload left out (PNG in DIR/HALF/).
figure_doc() {
  local png=$1 name=$2 results=${3:-$(dirname "$1")/results.csv} manifest=$root/doc/figures.tsv
  [ "$doc" = 1 ] || return 0
  local half
  half=$(basename "$(dirname "$png")")
  if [[ ",${figure_halves:-}," == *",$half,"* ]] && ! figure_wants "$half"; then
    return 0
  fi
  local quick_name=0
  [[ $name == *-quick-* ]] && quick_name=1
  [ "$quick_name" = "$quick" ] || return 0
  if [ ! -f "$png" ] || [ "$results" -nt "$png" ]; then
    echo "$(basename "$0"): $png not drawn from $results: doc/$name left as it is" >&2
    return 0
  fi
  cp "$png" "$root/doc/$name"
  local command arg
  command=$(realpath --relative-to="$root" "$0")
  for arg in "${given[@]}"; do
    command+=" $arg"
  done
  command+=" --replot --doc"
  [ -f "$manifest" ] || printf 'png\tcommand\tresults\tresults_sha256\tpng_sha256\n' >"$manifest"
  awk -F'\t' -v name="$name" '$1 != name' "$manifest" >"$manifest.tmp"
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$command" "$(realpath -m --relative-to="$root" "$results")" \
    "$(sha256sum <"$results" | cut -d' ' -f1)" "$(sha256sum <"$png" | cut -d' ' -f1)" >>"$manifest.tmp"
  mv "$manifest.tmp" "$manifest"
  echo "doc/$name: from $png"
}
