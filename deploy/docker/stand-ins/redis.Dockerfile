# Stands in for redis:<version>-alpine where no registry answers: Debian's Redis, reachable from
# other containers as the official image is (no protected mode).
ARG BASE
FROM ${BASE}
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends redis-server >/dev/null && rm -rf /var/lib/apt/lists/* \
  && mkdir /data && chown redis:redis /data
LABEL io.chat-io.stand-in.is="Redis 7.0 (Debian 12 redis-server)"
USER redis
WORKDIR /data
CMD ["redis-server", "--protected-mode", "no"]
EXPOSE 6379
