#!/usr/bin/env bash
# The compose stack as `make up` brings it up (a project, port and .env of its own), driven through
# the edge by the chart's smoke test (helm/chat/files/smoke-test.mjs, run in the auth container as
# the `helm test` pod runs it); then `make down` and `make up` again, and the message it sent is
# still stored (named volumes). Removed at the end, volumes included. Needs DOCKER_HOST's engine.
set -euo pipefail
cd "$(dirname "$0")/.."

export COMPOSE_PROJECT_NAME=chat-io-smoke
ENV_DIR=$(mktemp -d)
export COMPOSE_ENV_FILE=$ENV_DIR/.env
export CHAT_PORT=127.0.0.1:$(node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")
READY_SECONDS=120

compose_files=(--env-file "$COMPOSE_ENV_FILE" -f docker-compose.yml)
finish() {
  scripts/docker.sh down >/dev/null 2>&1 || true
  # down keeps the named volumes, as `make down` does: this run's are removed with its project.
  docker volume ls -q --filter "label=com.docker.compose.project=$COMPOSE_PROJECT_NAME" | xargs -r docker volume rm >/dev/null
  rm -rf "$ENV_DIR"
}
trap finish EXIT

# Waits until every container of the project that has a health check says healthy.
wait_healthy() {
  local deadline=$((SECONDS + READY_SECONDS)) unhealthy
  while :; do
    unhealthy=$(docker ps --filter "label=com.docker.compose.project=$COMPOSE_PROJECT_NAME" --format '{{.Names}} {{.Status}}' |
      grep -E 'health: starting|unhealthy' || true)
    [ -z "$unhealthy" ] && return
    if [ $SECONDS -ge $deadline ]; then
      echo "compose-smoke: not healthy within ${READY_SECONDS}s: $unhealthy" >&2
      return 1
    fi
    sleep 1
  done
}

container() { docker ps -q --filter "label=com.docker.compose.project=$COMPOSE_PROJECT_NAME" --filter "label=com.docker.compose.service=$1"; }

scripts/docker.sh up
wait_healthy
smoke=$(docker exec -i -e AUTH_URL=http://auth:8080 -e MESSAGES_URL=http://messages:8080 -e GATEWAY_URL=http://gateway-1:8080 \
  -e WEB_URL=http://web:8080 -e API_URL=http://edge:8080 "$(container auth)" node --input-type=module - <helm/chat/files/smoke-test.mjs)
echo "$smoke" | sed 's/^/  /'
sent=$(echo "$smoke" | sed -n 's/^ok  signup helm-test-alice-\(.*\)@example.com$/hello from helm test \1/p')

scripts/docker.sh down
scripts/docker.sh up >/dev/null
wait_healthy
stored=$(docker exec "$(container postgres)" psql -U chat -d chat -tAc "SELECT count(*) FROM messages WHERE text = '$sent'")
if [ "$stored" != 1 ]; then
  echo "compose-smoke: after down and up, the message \"$sent\" is stored $stored times, not once" >&2
  exit 1
fi
echo "  ok  after make down and make up, the message is still there"
