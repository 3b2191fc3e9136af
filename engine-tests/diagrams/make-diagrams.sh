#!/usr/bin/env bash
# Regenerates the README's diagrams: bash engine-tests/diagrams/make-diagrams.sh (after cargo build --release).
set -euo pipefail
cd "$(dirname "$0")/../.."
r=target/release/regalia
$r render --out engine-tests/diagrams/chess.svg --moves "e2e4 e7e5 g1f3" --suggest 8
$r render --variant scepterchess --out engine-tests/diagrams/scepterchess.svg --fen "4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1" --arrow d4c5
$r render --variant chess40k --out engine-tests/diagrams/chess40k.svg --fen "4k3/8/8/2qr4/3Z4/8/8/R3K3 w - - 0 1" --arrow d4d4
$r render --variant tafl --out engine-tests/diagrams/tafl.svg --moves "d1d3" --suggest 6
