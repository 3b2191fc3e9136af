#!/bin/sh
# One strength series of Regalia against a tafl peer, through `regalia match` (docs/testing.md,
# docs/results/strength.md). The peers are built outside the repository by build-opentafl.sh
# and build-hnefatafl.sh under $PEERS (default /work/peers).
#
#   engine-tests/peers/series.sh SERIES [GAMES]
#
# SERIES:
#   opentafl-copenhagen   OpenTafl's AI (1 s a move) on Copenhagen
#   opentafl-tafl         OpenTafl's AI (1 s a move) on the seed's rules (`default`)
#   hnefatafl-basic       hnefatafl-copenhagen's `basic` AI (depth $BASIC_DEPTH, default 3)
#   hnefatafl-monte-carlo hnefatafl-copenhagen's `monte-carlo` AI (1 s a move)
#
# Regalia thinks $THINK_MS (default 1000) ms a move; GAMES defaults to 40: the twenty openings
# of copenhagen-openings.txt (two plies from the start), each with the sides swapped. Records go
# to engine-tests/results/tafl-peers/SERIES$TAG.txt (TAG, default empty, keeps a rerun's records
# beside the first run's, e.g. TAG=-2), the match's output to $PEERS/logs/SERIES.log.
# To finish an unfinished series: OPENINGS names another openings file (a copy with the played
# lines turned into comments keeps every line's number, so records still name the line of
# copenhagen-openings.txt), and PEER_FIRST=1 seats the peer first, so that each opening's first
# game has Regalia as the defenders (for an opening whose other game alone is left).
# HTP_HOST gives a hnefatafl series another loopback address, so that two runs of one series
# can play at once.
# The hnefatafl engine is a TCP client of the runner (its --host mode, the only one in which it
# takes --ai and --depth): each series listens on its own loopback address, on the port the
# engine always uses (49152).
set -eu
SERIES=${1:?usage: series.sh SERIES [GAMES]}
GAMES=${2:-40}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
PEERS=${PEERS:-/work/peers}
THINK_MS=${THINK_MS:-1000}
BASIC_DEPTH=${BASIC_DEPTH:-3}
REGALIA=${REGALIA:-$ROOT/target/release/regalia}
HNEFATAFL=$PEERS/hnefatafl/bin/hnefatafl-text-protocol
OUT=$ROOT/engine-tests/results/tafl-peers
TAG=${TAG:-}
OPENINGS=${OPENINGS:-$HERE/copenhagen-openings.txt}
PEER_FIRST=${PEER_FIRST:-}
mkdir -p "$OUT" "$PEERS/logs"
export PEERS

case $SERIES in
opentafl-copenhagen | opentafl-tafl)
    if [ "$SERIES" = opentafl-copenhagen ]; then RULES=copenhagen; else RULES=default; fi
    set -- --engine proto=opentafl "cmd=$HERE/opentafl-engine.sh 1" name=OpenTafl \
        option.TaflRules=$RULES answer-timeout=60
    if [ -n "$PEER_FIRST" ]; then
        set -- "$@" --engine "cmd=$REGALIA" name=Regalia option.TaflRules=$RULES
    else
        set -- --engine "cmd=$REGALIA" name=Regalia option.TaflRules=$RULES "$@"
    fi
    set -- "$@" --movetime "$THINK_MS"
    ;;
hnefatafl-basic | hnefatafl-monte-carlo)
    # Regalia speaks HTP too: as the reference's engines do, it then never makes a defenders'
    # board that has stood before (which the reference refuses, docs/htp.md).
    if [ "$SERIES" = hnefatafl-basic ]; then
        AI="--ai basic --depth $BASIC_DEPTH"; HOST=127.0.0.2
    else
        AI="--ai monte-carlo --seconds 1"; HOST=127.0.0.3
    fi
    HOST=${HTP_HOST:-$HOST}
    set -- --engine proto=htp "cmd=$HNEFATAFL --host $HOST $AI" "listen=$HOST:49152" \
        name="hnefatafl-${SERIES#hnefatafl-}" option.TaflRules=copenhagen answer-timeout=60
    if [ -n "$PEER_FIRST" ]; then
        set -- "$@" --engine proto=htp "cmd=$REGALIA htp --think $THINK_MS" name=Regalia \
            option.TaflRules=copenhagen
    else
        set -- --engine proto=htp "cmd=$REGALIA htp --think $THINK_MS" name=Regalia \
            option.TaflRules=copenhagen "$@"
    fi
    set -- "$@" --movetime "$THINK_MS"
    ;;
*)
    echo "unknown series '$SERIES'" >&2
    exit 2
    ;;
esac

echo "$(date -u '+%F %T') series $SERIES$TAG, $GAMES games from $OPENINGS: $REGALIA match --variant tafl $*" \
    >> "$PEERS/logs/$SERIES.log"
exec "$REGALIA" match --variant tafl "$@" --hang-timeout 600 \
    --openings "$OPENINGS" --games "$GAMES" --timemargin 2000 \
    --event "Regalia vs $SERIES" --out "$OUT/$SERIES$TAG.txt" >> "$PEERS/logs/$SERIES.log" 2>&1
