#!/usr/bin/env bash
# Docker for `make up`, `make down`, `make logs` (docker compose) and `make images`. Says in one
# line what is missing (no Docker, no engine running, no Compose) instead of ending in a
# traceback; before `up` writes .env with a fresh secret for each of the deployment's credentials
# (one written is kept).
#   scripts/docker.sh up|down|logs|images    scripts/docker.sh env (only writes .env)
# images: every image as <REGISTRY>/<component>:<VERSION> (defaults chat-io and the chart's
# appVersion, the names the chart and compose use); PUSH=1 pushes them too.
set -euo pipefail
cd "$(dirname "$0")/.."
ENV_FILE=${COMPOSE_ENV_FILE:-.env}
SECRETS=(JWT_SECRET POSTGRES_PASSWORD MINIO_ROOT_PASSWORD MINIO_APP_PASSWORD TURN_SECRET)

fail() {
  echo "make ${ACTION}: $*" >&2
  exit 1
}

random_secret() {
  head -c 48 /dev/urandom | base64 | tr -d '\n/+='
}

write_env() {
  touch "$ENV_FILE"
  chmod 600 "$ENV_FILE"
  for name in "${SECRETS[@]}"; do
    if ! grep -q "^${name}=." "$ENV_FILE"; then
      echo "${name}=$(random_secret)" >>"$ENV_FILE"
      echo "added a new ${name} to ${ENV_FILE}"
    fi
  done
}

ACTION=${1:-}
case "$ACTION" in
  env) write_env; exit 0 ;;
  up | down | logs | images) ;;
  *) echo "usage: $0 up|down|logs|images|env" >&2; exit 2 ;;
esac

build_images() {
  local registry=${REGISTRY:-chat-io}
  local version=${VERSION:-$(sed -n 's/^appVersion: *"\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' helm/chat/Chart.yaml)}
  for component in auth messages gateway web edge coturn; do
    docker build -f "deploy/docker/${component}.Dockerfile" -t "${registry}/${component}:${version}" .
    if [ "${PUSH:-}" = 1 ]; then docker push "${registry}/${component}:${version}"; fi
  done
}

command -v docker >/dev/null 2>&1 ||
  fail "needs Docker, which is not installed: install Docker Engine (https://docs.docker.com/engine/install/) or Docker Desktop; 'make start' runs Chat.io without it"
docker info >/dev/null 2>&1 ||
  fail "needs a running Docker engine, and 'docker info' reached none: start Docker (sudo systemctl start docker, or open Docker Desktop); 'make start' runs Chat.io without it"
if [ "$ACTION" = images ]; then
  build_images
  exit 0
fi
if docker compose version >/dev/null 2>&1; then
  compose=(docker compose)
elif command -v docker-compose >/dev/null 2>&1; then
  compose=(docker-compose)
else
  fail "needs Docker Compose: install the docker-compose-plugin package (or Docker Desktop)"
fi

# The base images our Dockerfiles and the compose file name: pulled, or stand-ins where no registry
# answers. MinIO's where it is or could be pulled; else s3rver in its place (neither Debian nor npm
# ships MinIO's server), said once at `up`. `down` and `logs` take the same files as `up` did.
[ "$ACTION" = up ] && scripts/stand-in-images.sh ensure
MINIO_IMAGE=$(sed -n 's/^ *image: *\(minio\/minio:[^ ]*\)$/\1/p' docker-compose.yml | head -n 1)
compose+=(--env-file "$ENV_FILE" -f docker-compose.yml)
if ! docker image inspect "$MINIO_IMAGE" >/dev/null 2>&1; then
  [ "$ACTION" = up ] && echo "make up: MinIO's image ($MINIO_IMAGE) cannot be had here: s3rver stands in for it (docker-compose.s3rver.yml)"
  compose+=(-f docker-compose.s3rver.yml)
fi

case "$ACTION" in
  up)
    write_env
    "${compose[@]}" up -d --build
    ;;
  down) "${compose[@]}" down ;;
  logs) "${compose[@]}" logs -f --tail=100 ;;
esac
