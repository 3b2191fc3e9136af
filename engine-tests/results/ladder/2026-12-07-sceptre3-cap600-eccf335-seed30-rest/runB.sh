#!/bin/sh
# Slot B (ladder21): the rest of seed 30's rounds of 7 -> 8 (games 21-30) and 8 -> 9 (games 7-30),
# as ladder.sh's command D would play them (the same arguments), from openings files holding
# seed 30's remaining openings in its order; game i of seed 30 plays opening i/3 with the seats
# rotated i%3, so game 21 (upper foe red) is a match of its own with the engines listed lower,
# lower, upper.
set -u
R=/work/bin/regalia-lead20
G=/work/games/ladder21
play() { # DIR LOW UP GAMES OPENINGS ORDER(upfirst|uplast)
    dir=$1 lo=$2 up=$3 n=$4 op=$5 order=$6
    mkdir -p "$dir"
    [ ! -e "$dir/sceptre1027-$lo-$up.records" ] || { echo "exists" >&2; exit 1; }
    U="--engine cmd=$R name=level$up option.Level=$up"
    L="--engine cmd=$R name=level$lo option.Level=$lo"
    if [ "$order" = upfirst ]; then E="$U $L $L"; else E="$L $L $U"; fi
    now=$(date -u +%H%M); [ "$now" -lt 1345 ] || { echo "13:45 reached, not starting $dir $lo-$up" >&2; exit 0; }
    echo "$lo-$up $dir start $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
    $R match --variant sceptre1027 $E --nodes 262144 --games "$n" --hang-timeout 600 \
        --out "$dir/sceptre1027-$lo-$up.records" --openings "$op" --max-moves 600 \
        --concurrency 1 --timemargin 3000 > "$dir/sceptre1027-$lo-$up.out" 2>&1
    echo "$lo-$up $dir end $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
}
play $G/rest-a 7 8 1 $G/rest78a.epd uplast
play $G/rest-b 7 8 9 $G/rest78b.epd upfirst
play $G/rest-b 8 9 24 $G/rest89.epd upfirst
