#!/bin/sh
# The ladder of named foes, measured step by step: for one game, self-play matches of each
# foe against the one below it (`Level` N+1 against `Level` N), from the shipped openings
# with colours (seats) rotated. Prints one markdown row a step for docs/results/strength.md.
#
#   sh engine-tests/strength/ladder.sh GAME [GAMES] [FROM] [TO] [-- extra match arguments]
#
# GAME: chess, scepterchess, chess40k, tafl, sceptre1027 (two players unless
# option.SceptrePlayers=N is passed after --). GAMES a step (default 40); FROM..TO the lower
# levels of the steps measured (default every step). The full-strength foe at the top has no
# budget of its own: it searches FULL_NODES nodes a move (default 262144, 2^18); every
# limited foe stays within its own smaller budget. Keep it short: the machine is shared.
set -eu
R=${REGALIA:-target/release/regalia}
game=$1
games=${2:-40}
from=${3:-1}
to=${4:-}
shift $(( $# < 4 ? $# : 4 ))
[ "${1:-}" = "--" ] && shift
full_nodes=${FULL_NODES:-262144}
seat_options=""
for a in "$@"; do
    case $a in option.*) seat_options="$seat_options $a" ;; esac
done
# The ladder's length from the engine itself: `Level`'s range is the longest ladder's; a level
# beyond this game's is refused with its range.
max=$(printf 'uci\nquit\n' | "$R" | sed -n 's/^option name Level type spin .* max \([0-9]*\)$/\1/p')
refused=$(printf 'setoption name UCI_Variant value %s\nsetoption name Level value %s\nquit\n' "$game" "$max" |
    "$R" 2>&1 | sed -n 's/.*expected 0 to \([0-9]*\), the foes of.*/\1/p' | head -n 1)
top=${refused:-$max}
[ -n "$top" ] || { echo "ladder.sh: no ladder for '$game'" >&2; exit 1; }
[ -n "$to" ] || to=$((top - 1))
echo "| game | step | games | +W =D -L | score | Elo (95%) |"
echo "|---|---|---|---|---|---|"
level=$from
while [ "$level" -le "$to" ]; do
    up=$((level + 1))
    out=$("$R" match --variant "$game" \
        --engine cmd="$R" name=level$up option.Level=$up $seat_options \
        --engine cmd="$R" name=level$level option.Level=$level $seat_options \
        --nodes "$full_nodes" --games "$games" --shuffle-openings 1 --hang-timeout 600 \
        --resign-score 1500 $(echo "$@" | tr ' ' '\n' | grep -v '^option\.' | tr '\n' ' ') 2>&1)
    score=$(echo "$out" | sed -n 's/^Score of .*: \([0-9]*\) - \([0-9]*\) - \([0-9]*\) *\[\([0-9.]*\)\].*/+\1 =\3 -\2|\4/p')
    elo=$(echo "$out" | sed -nE 's/^Elo difference: ([^ ]+) \+\/- ([^ ,]+).*\(95%: ([^)]*)\).*/\1 ± \2 (\3)/p')
    [ -n "$elo" ] || elo=$(echo "$out" | sed -n 's/^Elo difference: \([^,]*\),.*/\1/p')
    echo "| $game | $level → $up | $games | ${score%|*} | ${score#*|} | $elo |"
    level=$up
done
