#!/bin/sh
# four players 7 -> 8 in slot A once two players' 8 -> 9 (runA.sh) is done: seed 13's last four openings, latest
# first (rest4-78.epd), by ladder.sh's own PLAYERS=4 match arguments (command B), on main's play; so the step
# gets games from both ends of seed 13's order while runC.sh plays it from the start
while kill -0 $(cat /work/games/ladder23/runA.pid) 2>/dev/null; do sleep 10; done
date -u > /work/games/ladder23/runD.started
cd /work/wt-ladder23
R=/work/bin/regalia-ladder23-main
D=/work/games/ladder23/four-rest
mkdir -p $D
exec $R match --variant sceptre1027 --engine cmd=$R name=level8 option.Level=8 \
    --engine cmd=$R name=level7 option.Level=7 --engine cmd=$R name=level7 option.Level=7 \
    --engine cmd=$R name=level7 option.Level=7 \
    --nodes 262144 --games 16 --hang-timeout 600 --out $D/sceptre1027-7-8.records \
    --openings /work/games/ladder23/rest4-78.epd --max-moves 600 \
    --concurrency 1 --timemargin 3000 > $D/sceptre1027-7-8.out 2>&1
