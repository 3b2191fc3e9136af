#!/bin/sh
# The three 20-game matches of docs/results/strength.md: Regalia with its full evaluation against Regalia counting
# material only, in tafl, scepterchess and chess40k, 5 s + 0.05 s per game, two games at a time.
# Tables go to stdout, records to the folder given (default target/matches).
#
#     sh engine-tests/match/three-matches.sh [FOLDER]
set -e
cd "$(dirname "$0")/../.."
out="${1:-target/matches}"
mkdir -p "$out"
cargo build --release -q
regalia=target/release/regalia
for variant in tafl scepterchess chess40k; do
    case $variant in tafl) ext=txt ;; *) ext=pgn ;; esac
    echo "== $variant"
    "$regalia" match --variant "$variant" \
        --engine cmd="$regalia" name=full option.Threads=1 \
        --engine cmd="$regalia" name=material option.Threads=1 option.Evaluation=material \
        --tc 5+0.05 --games 20 --concurrency 2 --max-moves 150 \
        --out "$out/$variant.$ext"
done
