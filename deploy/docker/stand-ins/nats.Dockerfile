# Stands in for nats:<version>-alpine where no registry answers: Debian's nats-server (JetStream
# included), its arguments as the official image takes them; wget for the compose healthcheck.
ARG BASE
FROM ${BASE}
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends nats-server wget >/dev/null && rm -rf /var/lib/apt/lists/*
LABEL io.chat-io.stand-in.is="NATS server 2.9 (Debian 12 nats-server)"
ENTRYPOINT ["nats-server"]
CMD ["-m", "8222"]
EXPOSE 4222 8222
