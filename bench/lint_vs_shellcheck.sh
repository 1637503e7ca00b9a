#!/bin/bash
# Lints the same files with forklift and with ShellCheck, one after the
# other, and prints each tool's wall time, CPU time (user + system) and peak
# memory (maximum resident set size) with the ratios. On a shared machine the
# CPU times are the steadier comparison.
#
# Files: a generated 12,500-line bash script (functions, loops, case
# statements, `expr`, backticks, `basename`, `echo | sed`: the forks forklift
# looks for and the quoting ShellCheck looks at), and the git completion
# script /usr/share/bash-completion/completions/git (about 3,600 lines) when
# it is installed, else a second generated script of that size.
#
# Usage: bench/lint_vs_shellcheck.sh [FORKLIFT]   (default: build/default/cli/forklift)
#   LINES=N   length of the generated script (default 12500)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
forklift=${1:-$root/build/default/cli/forklift}
lines=${LINES:-12500}
git_completion=/usr/share/bash-completion/completions/git

for tool in "$forklift" shellcheck /usr/bin/time; do
  if ! command -v "$tool" > /dev/null; then
    echo "bench/lint_vs_shellcheck.sh: $tool not found (build forklift; install shellcheck and time)" >&2
    exit 2
  fi
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One 25-line block of a plausible fork-heavy script; $1 makes names unique.
block() {
  local n=$1
  cat <<BLOCK
process_$n() {
  local file=\$1 count=0 total
  for line in \$(cat "\$file"); do
    count=\`expr \$count + 1\`
    name=\$(basename "\$line")
    dir=\$(dirname "\$line")
    upper=\$(echo "\$name" | tr a-z A-Z)
    clean=\$(echo "\$name" | sed 's/-/_/g')
    case \$clean in
      *.sh) total=\$(expr \$total + \${#clean}) ;;
      *.txt|*.md) echo "doc \$dir/\$upper" ;;
      *) [ -n "\$clean" ] && echo "other \$clean" ;;
    esac
  done
  echo "\$count files in \$(pwd)"
}
check_$n() {
  n=\$(grep -c "pattern_$n" "\$1" | wc -l)
  if [ \$n -gt 0 ]; then
    start=\`date +%s\`
    for i in \$(seq 1 \$n); do process_$n "\$1"; done
    echo "took \$(( \$(date +%s) - start ))s"
  fi
}
check_$n "\${1:-/etc/hosts}"
BLOCK
}

generate() {
  local target=$1 wanted=$2 n=0
  echo '#!/bin/bash' > "$target"
  while (( $(wc -l < "$target") + 25 <= wanted )); do
    block $n >> "$target"
    n=$((n + 1))
  done
  while (( $(wc -l < "$target") < wanted )); do echo ': end' >> "$target"; done
}

generate "$work/generated.bash" "$lines"
files=("$work/generated.bash")
if [[ -r $git_completion ]]; then
  cp "$git_completion" "$work/git-completion.bash"
else
  generate "$work/git-completion.bash" 3600
fi
files+=("$work/git-completion.bash")

# "WALL CPU KILOBYTES" of one run: wall time from bash's microsecond clock
# (/usr/bin/time's %e has 10 ms steps), CPU seconds and peak memory from
# /usr/bin/time. The tool's output is discarded; its exit status (1 when it
# finds something) is not a failure, a signal is.
measure() {
  local start end
  start=$EPOCHREALTIME
  /usr/bin/time -f '%U %S %M' -o "$work/time" "$@" > /dev/null 2> "$work/stderr" || true
  end=$EPOCHREALTIME
  if [[ ! -s $work/time ]] || grep -q 'Command terminated by signal' "$work/time"; then
    echo "bench/lint_vs_shellcheck.sh: $* failed:" >&2
    cat "$work/stderr" "$work/time" >&2
    exit 1
  fi
  tail -n 1 "$work/time" | awk -v s="$start" -v e="$end" '{ printf "%.3f %.2f %d\n", e - s, $1 + $2, $3 }'
}

# CPU times under 10 ms print as 0.00: counted as 0.01 s.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b < 0.01) b = 0.01; printf "%.0fx", a / b }'; }

printf '%-20s %6s  %9s %9s %6s  %8s %8s %6s  %8s %8s %6s\n' file lines "sc wall" "fl wall" ratio \
  "sc cpu" "fl cpu" ratio "sc mem" "fl mem" ratio
for file in "${files[@]}"; do
  read -r fl_wall fl_cpu fl_kb < <(measure "$forklift" lint --isolated --shell bash --output-format concise "$file")
  read -r sc_wall sc_cpu sc_kb < <(measure shellcheck --shell=bash --format=gcc "$file")
  printf '%-20s %6d  %8.2fs %8.3fs %6s  %7.2fs %7.2fs %6s  %6dMB %6dMB %6s\n' "$(basename "$file")" \
    "$(wc -l < "$file")" "$sc_wall" "$fl_wall" "$(ratio "$sc_wall" "$fl_wall")" \
    "$sc_cpu" "$fl_cpu" "$(ratio "$sc_cpu" "$fl_cpu")" \
    $((sc_kb / 1024)) $((fl_kb / 1024)) "$(ratio "$sc_kb" "$fl_kb")"
done
