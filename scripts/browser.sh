#!/usr/bin/env bash
# Installs Debian's chromium (for the browser end-to-end suite) and a colour emoji font when missing.
# The browser comes from the distribution: nothing downloads a browser build of its own.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
dpkg -s fonts-noto-color-emoji >/dev/null 2>&1 || missing+=(fonts-noto-color-emoji)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then echo "need root to install ${missing[*]}" >&2; exit 1; fi
DEBIAN_FRONTEND=noninteractive apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
