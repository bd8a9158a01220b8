#!/bin/sh
# As the official image's templates step: each /etc/nginx/templates/X.template becomes
# /etc/nginx/conf.d/X with the environment's variables filled in (only those set), then nginx runs.
# nginx 1.22 predates the `resolve` parameter of an upstream server (1.27.3): it is dropped, and
# such names are resolved when nginx starts.
set -eu
variables=$(env | sed -n 's/^\([A-Za-z_][A-Za-z0-9_]*\)=.*/${\1}/p' | tr '\n' ' ')
for template in /etc/nginx/templates/*.template; do
  [ -f "$template" ] || continue
  name=$(basename "$template" .template)
  envsubst "$variables" <"$template" | sed -E 's/^([[:space:]]*server[[:space:]].*)[[:space:]]+resolve;/\1;/' >"/etc/nginx/conf.d/$name"
done
exec "$@"
