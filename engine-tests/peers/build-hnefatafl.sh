#!/bin/sh
# Builds the reference HTP engine of the hnefatafl.org community (the hnefatafl-copenhagen
# crate, AGPL) from crates.io into $PEERS/hnefatafl (default /work/peers), outside the
# repository. About ten minutes or more on two cores.
set -eu
PEERS=${PEERS:-/work/peers}
cargo install hnefatafl-copenhagen --version 6.4.1 --no-default-features \
    --bin hnefatafl-text-protocol --root "$PEERS/hnefatafl"
echo "built $PEERS/hnefatafl/bin/hnefatafl-text-protocol"
