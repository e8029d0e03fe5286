# The bridge in a container, for Docker and Podman users (Home Assistant OS users: the
# add-on in memoire_bridge/). Build and run:
#   docker build -t memoire .
#   docker run -d --name memoire -p 127.0.0.1:8765:8765 -v memoire-data:/data memoire
#   docker exec memoire memoire token add claude-code
# The memory, the optional configuration (/data/config/memoire/memoire.toml) and the token
# hashes live in the /data volume; the bridge runs as an unprivileged user.
FROM python:3.14-slim

RUN apt-get update \
    && apt-get install -y --no-install-recommends git openssh-client \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --create-home --uid 1000 memoire \
    && mkdir /data \
    && chown memoire:memoire /data

COPY --chown=memoire:memoire . /tmp/memoire
RUN pip install --no-cache-dir /tmp/memoire && rm -rf /tmp/memoire

USER memoire
ENV XDG_DATA_HOME=/data XDG_CONFIG_HOME=/data/config
VOLUME /data
EXPOSE 8765
# The bridge accepts connections: a TCP connect sends no request, so nothing is logged
# or counted against the failed-authentication limit.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
    CMD ["python", "-c", "import socket; socket.create_connection(('127.0.0.1', 8765), 3).close()"]
# The container's own address, not loopback: reach it through the published port only.
CMD ["memoire", "serve", "--host", "0.0.0.0", "--port", "8765"]
