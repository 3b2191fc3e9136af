#!/bin/sh
# Builds OpenTafl (github.com/jslater89/OpenTafl, v0.4.8.0b at 6895051) from its source into
# $PEERS/opentafl (default /work/peers), outside the repository: peer code is never committed.
#   engine-tests/peers/build-opentafl.sh SOURCE_DIR
# SOURCE_DIR is a checkout (git clone https://github.com/jslater89/OpenTafl). Needs a JDK and
# Debian's libini4j-java, libjline2-java and libjsonp-java (apt-get install them).
set -eu
SOURCE=${1:?usage: build-opentafl.sh OPENTAFL_SOURCE_DIR}
PEERS=${PEERS:-/work/peers}
OUT="$PEERS/opentafl"
mkdir -p "$OUT/classes" "$OUT/run"
CP=/usr/share/java/ini4j.jar:/usr/share/java/jline2.jar:/usr/share/java/javax.json.jar:/usr/share/java/javax.json-api.jar:$SOURCE/lib/lanterna.jar
find "$SOURCE/src" -name '*.java' > "$OUT/sources.txt"
javac -nowarn -d "$OUT/classes" -cp "$CP" \
    --add-exports java.xml/com.sun.org.apache.xerces.internal.impl.dv.util=ALL-UNNAMED \
    --add-exports java.base/sun.net=ALL-UNNAMED @"$OUT/sources.txt"
cp "$SOURCE/lib/lanterna.jar" "$OUT/"
echo "built $OUT/classes; run it as an engine with engine-tests/peers/opentafl-engine.sh"
