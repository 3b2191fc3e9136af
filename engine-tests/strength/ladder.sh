#!/bin/sh
# The ladder of named foes, measured step by step: for one game, self-play matches of each
# foe against the one below it (`Level` N+1 against `Level` N), from the shipped openings
# with colours (seats) rotated. Prints one markdown row a step for docs/results/strength.md.
#
#   sh engine-tests/strength/ladder.sh GAME [GAMES] [FROM] [TO] [-- extra match arguments]
#
# GAME: chess, scepterchess, chess40k, tafl, sceptre1027. GAMES a step (default 40); FROM..TO
# the lower levels of the steps measured (default every step). The full-strength foe at the
# top has no budget of its own: it searches FULL_NODES nodes a move (default 262144, 2^18);
# every limited foe stays within its own smaller budget. Each row also gives the upper foe's
# results in each seat (tafl's attackers and defenders differ most), from the games' records
# (engine-tests/strength/ladder_tally.py).
# Sceptre with three or four players: PLAYERS=3 or 4 seats the upper foe against two or three
# copies of the foe below, from the shipped ready set-ups of that many players, drawn at 200
# moves a seat, no resignation; the row gives the upper foe's score rate (its points over its
# fair share of one game in PLAYERS, 1.00 = no better than the foes below) instead of an Elo;
# give GAMES as a multiple of PLAYERS so each seat is held as often. Keep it short: the machine is shared.
# Sceptre with two players is drawn at 300 moves a side (the rules have no such draw; a match needs an end),
# unless the extra arguments give their own --max-moves.
# MAX_MOVES=N draws Sceptre at N moves a seat instead (three or four players too, whose 200 cuts
# many games off while they are still being decided: a longer cap is a measurement's choice,
# not the game's).
# KEEP=DIR keeps each step's records and match output as DIR/GAME-LOW-UP.records and .out, so a
# tally can be rechecked and rounds summed; written as the games finish, so a stopped match keeps
# the games it played (an existing file is never overwritten). SEED=N shuffles the openings with
# another seed (default 1), so a second round of a step plays other openings than the first.
set -eu
R=${REGALIA:-target/release/regalia}
here=$(dirname "$0")
game=$1
games=${2:-40}
from=${3:-1}
to=${4:-}
shift $(( $# < 4 ? $# : 4 ))
[ "${1:-}" = "--" ] && shift
full_nodes=${FULL_NODES:-262144}
seed=${SEED:-1}
players=${PLAYERS:-2}
seat_options=""
for a in "$@"; do
    case $a in option.*) seat_options="$seat_options $a" ;; esac
done
by_players="--resign-score 1500"
# Sceptre's two-player game has no draw by move count, and a game of two strong foes can run
# for half an hour: drawn at 300 moves a side unless the extra arguments give a limit.
case " $* " in *" --max-moves "*) ;; *)
    [ "$game" != sceptre1027 ] || by_players="$by_players --max-moves ${MAX_MOVES:-300}" ;;
esac
if [ "$players" -gt 2 ]; then
    [ "$game" = sceptre1027 ] || { echo "ladder.sh: PLAYERS=$players is for sceptre1027" >&2; exit 1; }
    # No resignation: a lost seat of three or four plays on until it is out.
    by_players="--openings $here/../../openings/sceptre1027/ready-$players.epd --max-moves ${MAX_MOVES:-200}"
fi
# The ladder's length from the engine itself: `Level`'s range is the longest ladder's; a level
# beyond this game's is refused with its range.
max=$(printf 'uci\nquit\n' | "$R" | sed -n 's/^option name Level type spin .* max \([0-9]*\)$/\1/p')
refused=$(printf 'setoption name UCI_Variant value %s\nsetoption name Level value %s\nquit\n' "$game" "$max" |
    "$R" 2>&1 | sed -n 's/.*expected 0 to \([0-9]*\), the foes of.*/\1/p' | head -n 1)
top=${refused:-$max}
[ -n "$top" ] || { echo "ladder.sh: no ladder for '$game'" >&2; exit 1; }
[ -n "$to" ] || to=$((top - 1))
keep=${KEEP:-}
[ -z "$keep" ] || mkdir -p "$keep"
records=$(mktemp)
trap 'rm -f "$records"' EXIT
if [ "$players" -gt 2 ]; then
    echo "| game | step | games | upper foe +W =D -L | points of fair share | score rate (95%) |"
    echo "|---|---|---|---|---|---|"
else
    echo "| game | step | games | +W =D -L | score | Elo (95%) | upper foe by seat |"
    echo "|---|---|---|---|---|---|---|"
fi
level=$from
while [ "$level" -le "$to" ]; do
    up=$((level + 1))
    lower=""
    seat=1
    while [ "$seat" -lt "$players" ]; do
        lower="$lower --engine cmd=$R name=level$level option.Level=$level $seat_options"
        seat=$((seat + 1))
    done
    : > "$records"
    step_records=$records
    step_out=/dev/null
    if [ -n "$keep" ]; then
        step_records="$keep/$game-$level-$up.records"
        step_out="$keep/$game-$level-$up.out"
        [ ! -e "$step_records" ] || { echo "ladder.sh: $step_records exists" >&2; exit 1; }
    fi
    out=$("$R" match --variant "$game" \
        --engine cmd="$R" name=level$up option.Level=$up $seat_options $lower \
        --nodes "$full_nodes" --games "$games" --shuffle-openings "$seed" --hang-timeout 600 \
        --out "$step_records" $by_players \
        $(echo "$@" | tr ' ' '\n' | grep -v '^option\.' | tr '\n' ' ') 2>&1 | tee "$step_out")
    tally=$(python3 "$here/ladder_tally.py" "$step_records" "level$up" || echo "(no records)")
    if [ "$players" -gt 2 ]; then
        echo "| $game ($players players) | $level → $up | $games | $tally |"
    else
        score=$(echo "$out" | sed -n 's/^Score of .*: \([0-9]*\) - \([0-9]*\) - \([0-9]*\) *\[\([0-9.]*\)\].*/+\1 =\3 -\2|\4/p')
        elo=$(echo "$out" | sed -nE 's/^Elo difference: ([^ ]+) \+\/- ([^ ,]+).*\(95%: ([^)]*)\).*/\1 ± \2 (\3)/p')
        [ -n "$elo" ] || elo=$(echo "$out" | sed -n 's/^Elo difference: \([^,]*\),.*/\1/p')
        echo "| $game | $level → $up | $games | ${score%|*} | ${score#*|} | $elo | $tally |"
    fi
    level=$up
done
