#!/bin/sh
# bench-levels.sh - per-message-length report of the AES modes and BLAKE2
# at every CPU-feature level this machine allows, as a Markdown table and
# PNG plots of cycles/byte against message length.
#
# usage: bench-levels.sh [--compare PATH/libgcrypt.so.20] [--out DIR]
#                        [--msglen LIST] [--repetitions N]
#
# Run it in the build's tests/ directory (`make bench-report` does), where
# bench-slope and hwf-query are.  The levels are hwf-levels.sh's, walked
# top down, each disabling one more layer of CPU features; a level the
# CPU cannot reach, or one leaving the same features as a level already
# run, is skipped:
#
#   all           everything (zmm when the CPU policy allows it)
#   zmm-forced    GCRYPT_HWF_POLICY=zmm, when the CPU has AVX-512 but the
#                 policy avoids 512-bit vectors
#   avx512-ymm    x86-zmm off: VAES + AVX-512 on 256-bit vectors
#   vaes-avx2     intel-avx512 off too
#   aesni-avx     intel-vaes-vpclmul off too
#   aesni-sse     intel-avx2 and intel-avx off too
#   portable      all off: the portable C code
#
# At each level: bench-slope --csv --cpu-mhz auto --msglen LIST on
# cipher aes aes256 and hash blake2b_512 blake2s_256 (with --compare, the
# other library is timed interleaved at the same level).  Written to the
# results folder (default bench-results/DATE-TIME):
#   report.md              CPU, libraries, one table per mode and hash:
#                          cycles/byte per level (and kernel) and length
#   cycles-per-byte.png    overview: AES-256 CTR, CBC dec, XTS, GCM, OCB,
#                          ECB and both BLAKE2s, one line per kernel
#   plots/*.png            the same plot for every AES-256 mode and hash
#   csv/                   bench-slope's raw output per level
# Plots need gnuplot (Debian: gnuplot-nox); without it the tables are
# still written and the script says so.  Ends by printing where the
# report is.  A benchmark, not a test: nothing here passes or fails on
# speed.
#
# SPDX-License-Identifier: LGPL-2.1-or-later

set -u
me=bench-levels

compare= out= msglens=16,63,64,200,300,500,512,1420,4095,4096,16384
reps=
while [ $# -gt 0 ]; do
  case $1 in
    --compare) compare=${2:?}; shift 2 ;;
    --out) out=${2:?}; shift 2 ;;
    --msglen) msglens=${2:?}; shift 2 ;;
    --repetitions) reps=${2:?}; shift 2 ;;
    -h|--help) sed -n '2,/^$/s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "$me: unknown argument '$1' (see --help)" >&2; exit 1 ;;
  esac
done

for prog in bench-slope hwf-query; do
  if [ ! -x "./$prog" ]; then
    echo "$me: no ./$prog here: run me in the build's tests/ directory" \
         "(make bench-report)" >&2
    exit 1
  fi
done
if [ -n "$compare" ] && [ ! -f "$compare" ]; then
  echo "$me: --compare $compare: no such file" >&2
  exit 1
fi
case $compare in ''|/*|./*|../*) ;; *) compare=./$compare ;; esac

[ -n "$out" ] || out=bench-results/$(date +%Y%m%d-%H%M%S)
mkdir -p "$out/csv" "$out/plots" "$out/data" || exit 1
rm -f "$out"/csv/*.csv

unset GCRYPT_HWF_POLICY
policy=

# The features a level leaves: hwf-query's hwflist line.
query () {
  if [ -n "$1" ]; then
    GCRYPT_HWF_POLICY=$policy ./hwf-query --disable-hwf "$1"
  else
    GCRYPT_HWF_POLICY=$policy ./hwf-query
  fi
}

top=$(query "") || { echo "$me: ./hwf-query failed" >&2; exit 1; }
has () {
  case "$top" in *":$1:"*) return 0 ;; *) return 1 ;; esac
}

# Run bench-slope at level $1 (order number $2) with disable list $3.
level_no=0
run_level () {
  level=$1 order=$2 list=$3
  set --
  # One --disable-hwf per name: upstream's library (--compare) stops at
  # the first name it does not know.
  for name in $(echo "$list" | tr ',' ' '); do
    set -- "$@" --disable-hwf "$name"
  done
  [ -n "$compare" ] && set -- "$@" --compare "$compare"
  [ -n "$reps" ] && set -- "$@" --repetitions "$reps"
  echo "$me: level $level${list:+ (off: $list)}" >&2
  for what in "cipher aes aes256" "hash blake2b_512 blake2s_256"; do
    file=$out/csv/$order-$level-${what%% *}.csv
    # shellcheck disable=SC2086
    if ! GCRYPT_HWF_POLICY=$policy ./bench-slope --csv --cpu-mhz auto \
           --msglen "$msglens" "$@" $what >"$file"; then
      echo "$me: bench-slope failed at level $level ($what)" >&2
      exit 1
    fi
  done
}

seen=
try_level () {
  if [ -n "$3" ] && ! has "$3"; then
    echo "$me: level $1 skipped: CPU lacks $3" >&2
    return
  fi
  features=$(query "$2") || { echo "$me: ./hwf-query failed" >&2; exit 1; }
  for prev in $seen; do
    if [ "${prev#*=}" = "$features" ]; then
      echo "$me: level $1 skipped: same features as ${prev%%=*}" >&2
      return
    fi
  done
  seen="$seen $1=$features"
  level_no=$((level_no + 1))
  run_level "$1" "$level_no" "$2"
}

try_level all "" ""
if has intel-avx512 && ! has x86-zmm; then
  policy=zmm
  if query "" | grep -q ':x86-zmm:'; then
    level_no=$((level_no + 1))
    run_level zmm-forced "$level_no" ""
  fi
  policy=
fi
try_level avx512-ymm "x86-zmm" intel-avx512
try_level vaes-avx2 "x86-zmm,intel-avx512" intel-vaes-vpclmul
try_level aesni-avx "x86-zmm,intel-avx512,intel-vaes-vpclmul" intel-avx
try_level aesni-sse \
  "x86-zmm,intel-avx512,intel-vaes-vpclmul,intel-avx2,intel-avx" intel-aesni
try_level portable "all" ""

# What the report says about the machine and the libraries.
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null \
      | head -n 1)
this_version=$(./bench-slope --json hash nonexistent 2>/dev/null \
               | sed -n 's/.*"library":{"version":"\([^"]*\)".*/\1/p')
other_version=
if [ -n "$compare" ]; then
  other_version=$(./bench-slope --json --compare "$compare" hash \
                  nonexistent 2>/dev/null \
                  | sed -n 's/.*"compare":{"path":"[^"]*","version":"\([^"]*\)".*/\1/p')
fi

# One awk pass over all levels' CSV: the Markdown report, one data file
# per plotted line and the gnuplot script.
LC_ALL=C awk -v out="$out" -v cpu="$cpu" -v msglens="$msglens" \
    -v this_version="$this_version" -v other_version="$other_version" \
    -v compare="$compare" -v date="$(date '+%Y-%m-%d %H:%M')" '
function slug(s) { s = tolower(s); gsub(/[^a-z0-9]+/, "-", s); return s }
function caseof(algo, mode) { return mode == "" ? algo : algo " " mode }
BEGIN { FS = ","; nlen = split(msglens, lens, ",") }
{
  # csv/N-LEVEL-SECTION.csv
  f = FILENAME; sub(/.*\//, "", f); sub(/\.csv$/, "", f)
  lvl = f; sub(/^[0-9]+-/, "", lvl); sub(/-[a-z]+$/, "", lvl)
  ord = f; sub(/-.*/, "", ord)
  if (!(lvl in level_seen)) { level_seen[lvl] = 1; levels[ord + 0] = lvl
                              if (ord + 0 > nlevels) nlevels = ord + 0 }
  if ($1 == "kernel") { kernel[lvl, caseof($2, $3)] = $4; next }
  if ($7 != "ns/B" || $10 == "") next
  c = caseof($2, $3)
  if (!(c in case_seen)) { case_seen[c] = 1; cases[++ncases] = c }
  who = $5 == "compare" ? "other" : "this"
  cpb[who, lvl, c, $4] = $10
  if (who == "other") have_other[lvl, c] = 1
}
END {
  md = out "/report.md"
  print "# bench-slope per message length and CPU level" > md
  print "" > md
  print "- date: " date > md
  print "- CPU: " cpu > md
  print "- this library: " this_version > md
  if (compare != "")
    print "- compared with: `" compare "` (" other_version "), timed interleaved at each level" > md
  print "- figures: cycles/byte for one complete message (set IV or counter," > md
  print "  process, produce the tag), from `bench-slope --csv --cpu-mhz auto --msglen`;" > md
  print "  \"-\": the mode refuses that length" > md
  print "" > md
  print "![cycles/byte against message length](cycles-per-byte.png)" > md
  print "" > md
  gp = out "/plot.gp"
  print "set terminal pngcairo noenhanced size 900,560 font \",10\"" > gp
  print "set logscale xy; set grid; set key outside right top" > gp
  print "set xlabel \"message length (bytes)\"; set ylabel \"cycles/byte\"" > gp
  # Tick marks at the lengths, leaving out those too close to the last
  # one to be read on a log scale.
  ticks = ""; last = 0
  for (j = 1; j <= nlen; j++)
    if (lens[j] + 0 > 1.6 * last) {
      ticks = ticks (ticks == "" ? "" : ",") lens[j]; last = lens[j] + 0 }
  print "set xtics (" ticks ")" > gp
  for (i = 1; i <= ncases; i++) {
    c = cases[i]
    # Table: one row per level (and its compared row).
    print "## " c > md
    print "" > md
    plotted = (c ~ /^AES256 / || c !~ /^AES/)
    if (plotted) print "![" c "](plots/" slug(c) ".png)\n" > md
    hdr = "| level | kernel |"; sep = "|---|---|"
    for (j = 1; j <= nlen; j++) { hdr = hdr " " lens[j] " |"; sep = sep "---:|" }
    print hdr > md; print sep > md
    nlines = 0; split("", kseen)
    for (o = 1; o <= nlevels; o++) {
      if (!(o in levels)) continue
      lvl = levels[o]
      for (w = 0; w < 2; w++) {
        who = w ? "other" : "this"
        if (w && !((lvl, c) in have_other)) continue
        k = w ? other_version : kernel[lvl, c]
        if (!w && k == "") k = "(not reported)"
        row = "| " lvl " | " k " |"
        any = 0
        for (j = 1; j <= nlen; j++) {
          v = cpb[who, lvl, c, lens[j]]
          if (v != "") any = 1
          row = row " " (v == "" ? "-" : v) " |"
        }
        if (!any) continue
        print row > md
        # One plotted line per distinct kernel (the first level using
        # it); unreported kernels and the compared library per level.
        if (w) title = other_version " (" lvl ")"
        else if (k == "(not reported)") title = "level " lvl
        else if (k in kseen) {
          # Same kernel as a level above: name this level in its title.
          sub(/\)$/, ", " lvl ")", ltitle[kseen[k]]); continue }
        else title = k " (" lvl ")"
        if (w && lvl != levels[1]) continue
        dat = out "/data/" slug(c) "." (++nlines) ".dat"
        for (j = 1; j <= nlen; j++) {
          v = cpb[who, lvl, c, lens[j]]
          if (v != "") print lens[j], v > dat
        }
        close(dat)
        ltitle[nlines] = title; ldat[nlines] = dat; lother[nlines] = w
        if (!w) kseen[k] = nlines
      }
    }
    print "" > md
    # Its plot.
    if (!nlines) continue
    cmd = ""
    for (n = 1; n <= nlines; n++)
      cmd = cmd (n > 1 ? ", " : "") "\"" ldat[n] "\" using 1:2 with linespoints" \
            (lother[n] ? " dashtype 2 lw 2 lc rgb \"black\"" : " lw 2") \
            " title \"" ltitle[n] "\""
    plot[c] = cmd
    if (plotted) {
      print "set output \"" out "/plots/" slug(c) ".png\"" > gp
      print "set title \"" c "\"" > gp
      print "plot " cmd > gp
    }
  }
  # The overview: the main AES-256 modes and both BLAKE2s.
  n = split("AES256 CTR enc|AES256 CBC dec|AES256 XTS enc|AES256 GCM enc|AES256 OCB enc|AES256 ECB enc|BLAKE2B_512|BLAKE2S_256", pick, "|")
  print "set terminal pngcairo noenhanced size 1800,1000 font \",9\"" > gp
  print "set output \"" out "/cycles-per-byte.png\"" > gp
  print "set key inside right top font \",8\"" > gp
  print "set multiplot layout 2,4 title \"cycles/byte against message length, per kernel (" this_version \
        (compare != "" ? "; dashed: " other_version : "") ")\"" > gp
  for (i = 1; i <= n; i++) {
    if (!(pick[i] in plot)) continue
    print "set title \"" pick[i] "\"" > gp
    print "plot " plot[pick[i]] > gp
  }
  print "unset multiplot" > gp
  close(md); close(gp)
}' "$out"/csv/*.csv || exit 1

if command -v gnuplot >/dev/null 2>&1; then
  if ! gnuplot "$out/plot.gp"; then
    echo "$me: gnuplot failed on $out/plot.gp" >&2
    exit 1
  fi
  plots="plot $out/cycles-per-byte.png"
else
  plots="no plots: gnuplot is not installed (Debian: apt-get install gnuplot-nox)"
fi
echo "$me: report in $out/report.md; $plots"
