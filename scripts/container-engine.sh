#!/usr/bin/env bash
# A Docker engine for the container steps (make test-containers, make up): the one a developer
# already runs when it answers, else a rootless engine of our own, started on a socket of its own
# (never /var/run/docker.sock) as a user of its own, its bridges and addresses inside rootlesskit's
# network namespace, the host getting only loopback listeners.
#
#   container-engine.sh start   prints the DOCKER_HOST to use (starting our engine when none answers)
#   container-engine.sh stop    stops our engine if this script started it (a developer's is left alone)
#
# Our engine keeps its images under /var/lib/chatio-engine between runs: the stand-in base images
# and the layers of ours are built once. Installs Debian's docker.io, rootlesskit, slirp4netns and
# uidmap when missing (apt-get, as root).
set -euo pipefail
source "$(dirname "$0")/lib/apt-install.sh"

ENGINE_USER=chatio-engine
ENGINE_HOME=/var/lib/chatio-engine
RUN_DIR=/run/chatio-engine
SOCKET="unix://$RUN_DIR/docker.sock"
PID_FILE="$RUN_DIR/engine.pid"
LOG="$ENGINE_HOME/engine.log"
READY_SECONDS=60

say() { echo "container-engine: $*" >&2; }

answers() { DOCKER_HOST="$1" timeout 20 docker info >/dev/null 2>&1; }

install_missing() {
  local missing=()
  command -v dockerd >/dev/null || missing+=(docker.io)
  command -v docker >/dev/null || missing+=(docker.io)
  command -v rootlesskit >/dev/null || missing+=(rootlesskit)
  command -v slirp4netns >/dev/null || missing+=(slirp4netns)
  command -v newuidmap >/dev/null || missing+=(uidmap)
  [ ${#missing[@]} -eq 0 ] || apt_install --no-install-recommends "${missing[@]}"
}

# The engine's own user, with a range of subordinate ids for the containers' users.
ensure_user() {
  id "$ENGINE_USER" >/dev/null 2>&1 || useradd --system --home-dir "$ENGINE_HOME" --shell /usr/sbin/nologin "$ENGINE_USER"
  mkdir -p "$ENGINE_HOME" "$RUN_DIR"
  chown "$ENGINE_USER:" "$ENGINE_HOME" "$RUN_DIR"
  chmod 700 "$RUN_DIR"
  grep -q "^$ENGINE_USER:" /etc/subuid || usermod --add-subuids 300000-365535 "$ENGINE_USER"
  grep -q "^$ENGINE_USER:" /etc/subgid || usermod --add-subgids 300000-365535 "$ENGINE_USER"
}

rootless_script() {
  for candidate in "$(command -v dockerd-rootless.sh || true)" /usr/share/docker.io/contrib/dockerd-rootless.sh; do
    [ -n "$candidate" ] && [ -x "$candidate" ] && { echo "$candidate"; return; }
  done
  say "dockerd-rootless.sh not found (Debian's docker.io ships it in /usr/share/docker.io/contrib)"
  exit 1
}

start_ours() {
  install_missing
  ensure_user
  local script
  script=$(rootless_script)
  say "starting a rootless engine on $SOCKET (log: $LOG)"
  # setsid: the engine outlives this script; `stop` ends its whole process group.
  setsid runuser -u "$ENGINE_USER" -- env -i HOME="$ENGINE_HOME" XDG_RUNTIME_DIR="$RUN_DIR" PATH=/usr/sbin:/usr/bin:/sbin:/bin \
    "$script" --data-root "$ENGINE_HOME/docker" --host "$SOCKET" >"$LOG" 2>&1 </dev/null &
  echo $! >"$PID_FILE"
  local deadline=$((SECONDS + READY_SECONDS))
  until answers "$SOCKET"; do
    if ! kill -0 "$(cat "$PID_FILE")" 2>/dev/null || [ $SECONDS -ge $deadline ]; then
      say "the engine did not answer on $SOCKET within ${READY_SECONDS}s; its log ends:"
      tail -n 20 "$LOG" >&2
      exit 1
    fi
    sleep 0.5
  done
}

case "${1:-}" in
  start)
    if [ -n "${DOCKER_HOST:-}" ] && answers "$DOCKER_HOST"; then
      say "using the engine at $DOCKER_HOST"
      echo "$DOCKER_HOST"
    elif [ -z "${DOCKER_HOST:-}" ] && answers "unix:///var/run/docker.sock"; then
      say "using the engine at /var/run/docker.sock"
      echo "unix:///var/run/docker.sock"
    else
      answers "$SOCKET" || start_ours
      echo "$SOCKET"
    fi
    ;;
  stop)
    if [ -f "$PID_FILE" ]; then
      pid=$(cat "$PID_FILE")
      kill -TERM -- "-$pid" 2>/dev/null || true
      for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
      rm -f "$PID_FILE"
      say "stopped our engine"
    fi
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
