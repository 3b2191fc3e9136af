#!/bin/sh
# OpenTafl's own AI as an engine speaking the OpenTafl Engine Protocol on stdin/stdout
# (OpenTafl's `--engine` mode), for `regalia match --engine proto=opentafl cmd=...`.
#   engine-tests/peers/opentafl-engine.sh [THINK_SECONDS]
# OpenTafl reads its think time (whole seconds, default here 1) from settings.ini in its
# working folder; each call gets a folder of its own under $PEERS/opentafl/run, so that
# series running at once do not share one.
set -eu
THINK=${1:-1}
PEERS=${PEERS:-/work/peers}
OUT="$PEERS/opentafl"
RUN=$(mktemp -d "$OUT/run/engine-XXXXXX")
cd "$RUN"
printf '[config]\nthinktime = %s\n' "$THINK" > settings.ini
trap 'rm -rf "$RUN"' EXIT
java -cp "$OUT/classes:/usr/share/java/ini4j.jar:/usr/share/java/jline2.jar:/usr/share/java/javax.json.jar:/usr/share/java/javax.json-api.jar:$OUT/lanterna.jar" \
    com.manywords.softworks.tafl.OpenTafl --engine
