#!/bin/sh
# 8 -> 9, seed 30's games 9-40 (ladder.sh's own match arguments, openings in seed 30's order from game 9)
cd /work/wt-ladder22
R=/work/bin/regalia-ladder22-main
D=/work/games/ladder22/two-89-rest
mkdir -p $D
exec $R match --variant sceptre1027 --engine cmd=$R name=level9 option.Level=9 \
    --engine cmd=$R name=level8 option.Level=8 \
    --nodes 262144 --games 32 --hang-timeout 600 --out $D/sceptre1027-8-9.records \
    --resign-score 1500 --max-moves 300 --openings /work/games/ladder22/rest89.epd \
    --concurrency 1 --timemargin 3000 > $D/sceptre1027-8-9.out 2>&1
