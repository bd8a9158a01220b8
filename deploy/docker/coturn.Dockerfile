# syntax=docker/dockerfile:1
# coturn, the TURN server that relays a call's media when its two people cannot reach each other
# (docs/calls.md): Debian's package, run as a user of its own (uid 3478) that Kubernetes can see is
# not root. Build from the repository root: docker build -f deploy/docker/coturn.Dockerfile .
# Its arguments are coturn's (turnserver --help); the chart mounts a configuration file instead.
FROM debian:12.12-slim
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends coturn >/dev/null && rm -rf /var/lib/apt/lists/* \
  && groupadd --system --gid 3478 turn && useradd --system --uid 3478 --gid turn --no-create-home --shell /usr/sbin/nologin turn
USER 3478:3478
EXPOSE 3478/udp 3478/tcp 5349/tcp
# Accepting a TCP connection on the listening port: coturn is up.
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/3478"]
ENTRYPOINT ["turnserver"]
CMD ["-c", "/etc/coturn/turnserver.conf"]
