# Stands in for nginxinc/nginx-unprivileged:<version>-alpine where no registry answers: Debian's
# nginx, as that image runs it: user nginx (101), port 8080, pid and temporary files in /tmp, and
# /etc/nginx/templates/*.template filled from the environment into conf.d when it starts; wget for
# health checks.
ARG BASE
FROM ${BASE}
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends nginx gettext-base wget >/dev/null && rm -rf /var/lib/apt/lists/* \
  && groupadd --system --gid 101 nginx && useradd --system --uid 101 --gid nginx --no-create-home --shell /bin/false nginx \
  && rm -rf /etc/nginx/sites-enabled /etc/nginx/conf.d/* && mkdir -p /etc/nginx/templates /usr/share/nginx/html \
  && chown -R nginx:nginx /etc/nginx/conf.d /var/log/nginx /var/lib/nginx \
  && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log
COPY nginx-unprivileged-nginx.conf /etc/nginx/nginx.conf
COPY nginx-unprivileged-entrypoint.sh /docker-entrypoint.sh
LABEL io.chat-io.stand-in.is="nginx 1.22 (Debian 12 nginx)"
USER 101
EXPOSE 8080
STOPSIGNAL SIGQUIT
ENTRYPOINT ["/docker-entrypoint.sh"]
CMD ["nginx", "-g", "daemon off;"]
