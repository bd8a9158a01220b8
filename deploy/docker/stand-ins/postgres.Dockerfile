# Stands in for postgres:<version>-alpine where no registry answers: Debian's PostgreSQL, started by
# an entrypoint that reads the same variables as the official image's (POSTGRES_USER,
# POSTGRES_PASSWORD, POSTGRES_DB, POSTGRES_HOST_AUTH_METHOD; data in PGDATA).
ARG BASE
FROM ${BASE}
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null && rm -rf /var/lib/apt/lists/*
LABEL io.chat-io.stand-in.is="PostgreSQL 15 (Debian 12 postgresql-15)"
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
EXPOSE 5432
