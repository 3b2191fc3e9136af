#!/usr/bin/env bash
# Regenerates the diagrams of docs/guide.md and docs/sceptre.md: bash engine-tests/diagrams/make-diagrams.sh (after cargo build --release).
set -euo pipefail
cd "$(dirname "$0")/../.."
r=target/release/regalia
$r render --out engine-tests/diagrams/chess.svg --moves "e2e4 e7e5 g1f3" --suggest 8
$r render --variant scepterchess --out engine-tests/diagrams/scepterchess.svg --fen "4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1" --arrow d4c5
$r render --variant chess40k --out engine-tests/diagrams/chess40k.svg --fen "4k3/8/8/2qr4/3Z4/8/8/R3K3 w - - 0 1" --arrow d4d4
$r render --variant tafl --out engine-tests/diagrams/tafl.svg --moves "d1d3" --suggest 6
# Sceptre: four players on the nine boards, white eliminated (his pieces now red's), green's knight just moved.
sceptre="3mr8mr11m/mfmr5mf2mb4mf3mf2m/3mbm2c3m3pmf2mp5mf/2m2rmcp2m5p6mrb2r/rbr2m2c3m3p4m2fmp3m/11mr2mf5mrmpm/mf4mf2mfmb6mfmb3m/11mr8mr3m/11mr8mr3m/m2f3mf2mfmr2mf2mf2mbmfm/5mf5mb7m2r3m/2rbr7m2rb4rbr4m/3m2rm4rbrp8mf2m/4mrbr7mfm2f2m3fm/mf7mf7mf3m2fm/24m/f3mfmfmf15m/3m2f4m2c2m2c2mf6m/2f4m2fmc4mc6m2fm/3f4mf3m2c11m/mf2m2f5m2c11m/3m3f3mc4mc3mc5m/f2m2f2mfm2c2m2c7mfm/3f3m2f7mf8m Kb@u1,Qb@t2,Rb@q1,Rb@x1,Bb@r2,Nb@w3,Pb@s4,Pb@t4,Pb@u4,Pb@v5,Nb@m10,Rrw@d1,Nrw@e3,Prw@f5,Kr@e24,Qr@c23,Br@e21,Pr@b18,Pr@d19,Nr@c20,Kg@t24,Qg@v23,Rg@q24,Bg@x22,Ng@s21,Pg@r20,Pg@t20 b+,wx,r+,g+ g b@q1,w@a1,r@a17,g@q17 - w:Q,g:P -"
$r render --variant sceptre1027 --out engine-tests/diagrams/sceptre1027.svg --fen "$sceptre" --moves "s21s18" --arrow t2w5
