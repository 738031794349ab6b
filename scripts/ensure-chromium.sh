#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; install it from Debian's packages when missing. Never a browser download.
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$CHROMIUM" ]; then exit 0; fi
echo "Installing Chromium from Debian's packages..."
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
test -x "$CHROMIUM"
