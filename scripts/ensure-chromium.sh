#!/usr/bin/env bash
# Playwright never downloads a browser here: the tests use Debian's chromium.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
echo "[ensure-chromium] /usr/bin/chromium missing: installing Debian's chromium with apt-get" >&2
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
run_apt() {
  if command -v flock >/dev/null 2>&1; then
    $SUDO flock /tmp/apt.lock "$@"
  else
    $SUDO "$@"
  fi
}
run_apt env DEBIAN_FRONTEND=noninteractive apt-get update
run_apt env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium
test -x /usr/bin/chromium
