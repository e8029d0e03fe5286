#!/bin/sh
# The add-on's start: /data/options.json becomes /data/memoire.toml, the memory is created
# under /data/memory if missing, new clients' tokens are printed once, then the bridge runs
# (python -m memoire.addon execs `memoire serve`; bad options stop it with exit status 2).
set -eu
# The bridge's signing key goes to the user's data folder: /data keeps it across restarts.
export XDG_DATA_HOME=/data
exec python3 -m memoire.addon /data/options.json /data /config
