#!/usr/bin/env bash
# make test-containers: the container half of CI. On a Docker engine (a developer's, or a rootless
# one of our own started for the run and stopped at its end): the base images (pulled, or stand-ins
# built from Debian's packages where no registry answers), every image of ours built from its
# Dockerfile (sizes and layers reported), the adapter suites run again on throwaway Postgres,
# Redis and NATS containers, then the compose stack brought up and driven like a person
# (test/compose). Each step's time is printed; vitest's reports go to
# test-results/vitest-containers.json and vitest-compose.json.
set -euo pipefail
cd "$(dirname "$0")/.."

OURS=unix:///run/chatio-engine/docker.sock
# The suites that talk to Postgres, Redis or NATS themselves (the adapters, and the services' own use of them).
SUITES=(
  packages/bus packages/database packages/presence packages/rate-limits packages/sessions
  services/auth/test/routes/rate-limits.test.ts
  services/gateway/test/delivery.test.ts services/gateway/test/user-sockets.test.ts services/gateway/test/bus-reports.test.ts
  services/messages/test/hostile-ids.test.ts services/messages/test/search/search-index.test.ts
)

step_started=$SECONDS
step() {
  echo "test-containers: $1 ($((SECONDS - step_started)) s)"
  step_started=$SECONDS
}

DOCKER_HOST=$(scripts/container-engine.sh start)
export DOCKER_HOST
trap 'scripts/container-engine.sh stop' EXIT
if [ "$DOCKER_HOST" = "$OURS" ]; then
  # Our engine reaches no registry (no Ryuk image, no BuildKit frontend to pull), publishes its
  # ports on the host's loopback, and this machine's /.dockerenv must not make testcontainers dial a bridge.
  export TESTCONTAINERS_RYUK_DISABLED=true TESTCONTAINERS_HOST_OVERRIDE=127.0.0.1 DOCKER_BUILDKIT=0
fi
step "engine ready at $DOCKER_HOST"

scripts/stand-in-images.sh ensure
step "base images ready"

scripts/docker.sh images >/dev/null
docker image ls --format '{{.Repository}}:{{.Tag}}' 'chat-io/*' | while read -r image; do
  echo "  $image: $(docker image inspect --format '{{.Size}}' "$image" | awk '{ printf "%.0f MB", $1 / 1e6 }'), $(docker history -q "$image" | wc -l) layers, user $(docker image inspect --format '{{.Config.User}}' "$image")"
done
step "our images built"

mkdir -p test-results && rm -f test-results/vitest-containers.json test-results/vitest-compose.json
status=0
CHAT_TEST_CONTAINERS=required npx vitest run "${SUITES[@]}" --reporter=default --reporter=json \
  --outputFile.json=test-results/vitest-containers.json || status=$?
step "adapter suites on containers"

npx vitest run --config test/compose/vitest.config.ts --reporter=default --reporter=json \
  --outputFile.json=test-results/vitest-compose.json || status=$?
step "the compose stack: up, the smoke test through the edge and in a container, gateways restarted, down and up again with its data"
exit $status
