#!/usr/bin/env bash
# Runs the seeds' workloads with `forklift run`, ksh93u+m and bash side by
# side and prints wall-clock seconds and the ksh/forklift ratio (> 1 means
# forklift is faster). Outputs of forklift and ksh are compared.
#
# usage: bench/interp.sh [path/to/forklift]   (SCALE=N multiplies the sizes)
#
# INSTRUCTIONS=1 runs only forklift, under callgrind, on sizes divided by
# 100, and prints the instructions each workload executed: unlike wall
# time, the count repeats to a fraction of a percent on a busy machine.
set -u
FORKLIFT=${1:-$(dirname "$0")/../build/default/cli/forklift}
KSH=${KSH:-/usr/bin/ksh}
BASH_BIN=${BASH_BIN:-/bin/bash}
SCALE=${SCALE:-1}
INSTRUCTIONS=${INSTRUCTIONS:-0}
DIVIDE=${DIVIDE:-1}  # divides every size: DIVIDE=20 for a quick run
if [[ $INSTRUCTIONS == 1 ]]; then DIVIDE=100; fi
WORK=$(mktemp -d /tmp/forklift-bench.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

seq $((200000 * SCALE / DIVIDE)) > "$WORK/nanosort.in"
seq $((1400000 * SCALE / DIVIDE)) > "$WORK/lines.in"

cat > "$WORK/nanosort.ksh" <<'KSH'
function nanosort { typeset -A a ; integer k=0; while read i ; do key="$i$((k++))" ; a["$key"]="$i" ; done ; printf "%s\n" "${a[@]}" ; }
nanosort < "$1"
KSH
cat > "$WORK/nanosort.bash" <<'KSH'
function nanosort { declare -A a ; declare -i k=0; while read i ; do key="$i$((k++))" ; a["$key"]="$i" ; done ; printf "%s\n" "${a[@]}" ; }
nanosort < "$1"
KSH
cat > "$WORK/readloop.ksh" <<'KSH'
n=0; while read line; do n=$((n+1)); done < "$1"; echo $n
KSH
cp "$WORK/readloop.ksh" "$WORK/readloop.bash"
cat > "$WORK/incnum.ksh" <<KSH
for ((j=0 ; j < $((500 * SCALE / DIVIDE)) ; j++ )) ; do integer i=0 ; function incnum { (( i++ , i < 900 )) && incnum ; } ; incnum ; done; echo \$i
KSH
cat > "$WORK/bubblesort.ksh" <<'KSH'
function compare_string
{
    typeset str1="$1"
    typeset str2="$2"
    integer i1=0
    integer i2=0
    [[ "${str1}" = "${str2}" ]] && { print "0" ; return 0 ; }
    while [[ "${str1:i1:1}" == "${str2:i2:1}" ]] &&
          (( i1 < ${#str1} && i2 < ${#str2} )) ; do
        (( i1++ , i2++ ))
    done
    [[ "${str1:i1:1}" > "${str2:i2:1}" ]] && print -- "-1" || print "1"
    return 0
}
function bubblesort
{
    nameref ar=$1
    typeset cmp=$2
    typeset swapped="true"
    integer i
    typeset tmp
    while ${swapped} ; do
        swapped="false"
        for (( i=0 ; i < (${#ar[*]}-1) ; i++ )) ; do
            if (( $(${cmp} "${ar[i]}" "${ar[i+1]}") == -1 )) ; then
               tmp="${ar[i]}"
               ar[i]="${ar[i+1]}"
               ar[i+1]="${tmp}"
               swapped="true"
            fi
        done
    done
}
typeset -a data
largestring="largestring"
for ((i=0 ; i < 6 ; i++)) ; do
    largestring+="${largestring}"
done
for (( i=12 ; i > 0 ; i-- )) ; do
    data+=( "${largestring}${i}" )
done
bubblesort data compare_string
for x in "${data[@]}"; do print -- "${x: -3}"; done
KSH
loops=$((100 * SCALE / DIVIDE))
{
  echo "loop=0"
  echo "while [ \$loop -lt $loops ]"
  echo "do"
  echo "  bc <<E"
  for k in $(seq 31); do echo "100/100*100/100* \\"; done
  echo "100/100*100/100"
  echo "E"
  echo '  loop=`expr ${loop} + 1`'
  echo "done"
} > "$WORK/run2_slow.ksh"
cp "$WORK/run2_slow.ksh" "$WORK/run2_slow.bash"
{
  echo "loop=0"
  echo "while [ \$loop -lt $((20000 * SCALE / DIVIDE)) ]"
  echo "do"
  echo "n=0"
  echo "((n=n+100/100*100/100* \\"
  for k in $(seq 31); do echo "100/100*100/100* \\"; done
  echo "100/100*100/100"
  echo "))"
  echo "  ((loop=loop+1))"
  echo "done; echo \$n \$loop"
} > "$WORK/run2_fast.ksh"
cp "$WORK/run2_fast.ksh" "$WORK/run2_fast.bash"

seconds() {  # seconds CMD... : wall time of CMD, its stdout to $WORK/last.out
  local start end
  start=$(date +%s.%N)
  "$@" > "$WORK/last.out" 2>/dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l | xargs printf '%.2f'
}

if [[ $INSTRUCTIONS == 1 ]]; then
  printf '%-12s %15s\n' workload instructions
  for w in nanosort readloop incnum bubblesort run2_slow run2_fast; do
    input=""
    case $w in nanosort) input="$WORK/nanosort.in" ;; readloop) input="$WORK/lines.in" ;; esac
    count=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$FORKLIFT" run "$WORK/$w.ksh" $input 2>&1 >/dev/null |
      sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
    printf '%-12s %15s\n' "$w" "$count"
  done
  exit 0
fi

printf '%-12s %10s %10s %10s %12s %s\n' workload forklift ksh bash ksh/forklift output
for w in nanosort readloop incnum bubblesort run2_slow run2_fast; do
  input=""
  case $w in nanosort) input="$WORK/nanosort.in" ;; readloop) input="$WORK/lines.in" ;; esac
  t_fk=$(seconds "$FORKLIFT" run "$WORK/$w.ksh" $input); cp "$WORK/last.out" "$WORK/fk.out"
  t_ksh=$(seconds "$KSH" "$WORK/$w.ksh" $input); cp "$WORK/last.out" "$WORK/ksh.out"
  # bash cannot run the ksh-only bubble sort (nameref, print), and takes
  # over a minute on incnum (function redefinition per round): skipped.
  if [[ $w == bubblesort || $w == incnum ]]; then t_bash=n/a; else t_bash=$(seconds "$BASH_BIN" "$WORK/$w.bash" $input); fi
  same=same; cmp -s "$WORK/fk.out" "$WORK/ksh.out" || same=DIFFERS
  ratio=$(echo "$t_ksh / $t_fk" | bc -l 2>/dev/null | xargs printf '%.2f' 2>/dev/null)
  printf '%-12s %10s %10s %10s %12s %s\n' "$w" "$t_fk" "$t_ksh" "$t_bash" "${ratio}x" "$same"
done
