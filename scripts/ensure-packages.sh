#!/usr/bin/env bash
# What the tests drive besides Node, from Debian's packages when missing (never a download of its own):
# Chromium's headless shell for the browser tests and the full browser for what needs it (Lighthouse,
# screenshots); Caddy for the proxy test of deploy/Caddyfile; PostgreSQL's client tools (pg_dump,
# pg_restore, psql) for the backup test on PostgreSQL.
set -euo pipefail
packages=()
[ -x /usr/bin/chromium ] || packages+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || packages+=(chromium-headless-shell)
command -v caddy >/dev/null || packages+=(caddy)
command -v pg_restore >/dev/null && command -v psql >/dev/null || packages+=(postgresql-client)
if [ ${#packages[@]} -eq 0 ]; then exit 0; fi
echo "Installing ${packages[*]} from Debian's packages..."
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
test -x /usr/bin/chromium && test -x /usr/bin/chromium-headless-shell && command -v caddy >/dev/null && command -v pg_restore >/dev/null
