#!/usr/bin/env bash
# Everything the web app's tests need on a fresh Debian machine, then the tests themselves.
# Called by the repository's .ci/run; expects the server binary to be built already
# (target/debug/api, or SELLERDESK_API_BIN).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "web: installing Chromium from Debian packages"
  if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

npm ci --no-audit --no-fund
npm run typecheck
npm run lint
npm test
# e2e builds web/dist itself, then drives the real server.
npm run e2e
