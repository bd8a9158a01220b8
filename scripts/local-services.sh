#!/usr/bin/env bash
# Starts the local Postgres, Redis and NATS (JetStream) that integration suites use, when they are
# not running already; installs them from Debian's packages when missing. Safe to run repeatedly.
set -euo pipefail
source "$(dirname "$0")/lib/apt-install.sh"

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

if ! port_open 5432; then
  command -v pg_ctlcluster >/dev/null || apt_install postgresql
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start
fi

if ! port_open 6379; then
  command -v redis-server >/dev/null || apt_install redis-server
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
fi

if ! port_open 4222; then
  command -v nats-server >/dev/null || apt_install nats-server
  mkdir -p /var/lib/nats-server
  start-stop-daemon --start --oknodo --background --exec "$(command -v nats-server)" -- \
    -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
fi

for port in 5432 6379 4222; do
  for _ in $(seq 50); do port_open "$port" && break; sleep 0.2; done
  port_open "$port" || { echo "nothing listens on 127.0.0.1:$port" >&2; exit 1; }
done
echo "local Postgres, Redis and NATS are up"
