#!/bin/sh
# One Sceptre four-player ladder step by UCI_Elo settings (as ladder.sh's PLAYERS=4 MAX_MOVES=600 command, Level replaced by UCI_Elo)
# usage: step4.sh UP_ELO LOW_ELO SEED GAMES   -> DIR/UP-LOW-sSEED.records/.out
set -eu
R=/work/bin/regalia-main24
cd /work/main
up=$1 low=$2 seed=$3 games=$4
out=/work/games/lead24/ladder/elo/$up-$low-s$seed
lower=""
for s in 1 2 3; do lower="$lower --engine cmd=$R name=elo$low option.UCI_LimitStrength=true option.UCI_Elo=$low"; done
$R match --variant sceptre1027 --engine cmd=$R name=elo$up option.UCI_LimitStrength=true option.UCI_Elo=$up $lower \
  --nodes 262144 --games $games --shuffle-openings $seed --hang-timeout 600 --out $out.records \
  --openings openings/sceptre1027/ready-4.epd --max-moves 600 --concurrency 1 --timemargin 3000 > $out.out 2>&1
python3 engine-tests/strength/ladder_tally.py $out.records elo$up >> $out.out
