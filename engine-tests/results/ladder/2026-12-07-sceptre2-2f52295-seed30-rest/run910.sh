#!/bin/sh
# 9 -> 10, seed 30's games 3-40 (ladder.sh's own match arguments, openings in seed 30's order from game 3)
cd /work/wt-ladder22
R=/work/bin/regalia-ladder22-main
D=/work/games/ladder22/two-910-rest
mkdir -p $D
exec $R match --variant sceptre1027 --engine cmd=$R name=level10 option.Level=10 \
    --engine cmd=$R name=level9 option.Level=9 \
    --nodes 262144 --games 38 --hang-timeout 600 --out $D/sceptre1027-9-10.records \
    --resign-score 1500 --max-moves 300 --openings /work/games/ladder22/rest910.epd \
    --concurrency 1 --timemargin 3000 > $D/sceptre1027-9-10.out 2>&1
