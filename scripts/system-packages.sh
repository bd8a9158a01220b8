#!/usr/bin/env bash
# Installs the Debian packages the test suites drive, when missing: chromium's headless shell and a
# colour emoji font (browser end-to-end suite; nothing downloads a browser build of its own), nginx (the edge of the
# local cluster), coturn (the TURN server a call is relayed through in the browser suite) and docker-compose (to
# validate docker-compose.yml). Safe to run repeatedly.
set -euo pipefail
source "$(dirname "$0")/lib/apt-install.sh"
missing=()
[ -x /usr/lib/chromium/chromium-headless-shell ] || missing+=(chromium-headless-shell)
dpkg -s fonts-noto-color-emoji >/dev/null 2>&1 || missing+=(fonts-noto-color-emoji)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
command -v turnserver >/dev/null || [ -x /usr/bin/turnserver ] || missing+=(coturn)
command -v docker-compose >/dev/null || missing+=(docker-compose)
[ ${#missing[@]} -eq 0 ] || apt_install "${missing[@]}"
