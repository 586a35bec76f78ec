#!/usr/bin/env bash
# Idempotent set-up of a bare Debian machine (run as root) for building, serving and testing:
#   1. Debian chromium (+ fonts) for the browser tests      (skipped if /usr/bin/chromium exists)
#   2. .venv with the pinned dev tools (scripts/requirements-dev.txt) and `pip install -e .`
#   3. node_modules from package-lock.json (`npm ci`)
#   4. vendor-wheels/: pure wheels for the in-Pyodide test run (scripts/requirements-pyodide.txt)
# Each step records a stamp (a hash of its inputs) and is skipped when nothing changed, so a
# second run takes about a second. Force a redo with: rm -rf .venv node_modules vendor-wheels
# Never runs `playwright install` (browser downloads are not reachable here).
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
CHROMIUM="${GIN_CHROMIUM:-/usr/bin/chromium}"
say() { printf '\033[1msetup:\033[0m %s\n' "$*"; }
hash_of() { cat "$@" | sha256sum | cut -d' ' -f1; }
t0=$SECONDS

# ---- 1. chromium -------------------------------------------------------------------------------
apt_updated=0
apt_install() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup: need root to apt-get install $*" >&2
    exit 1
  fi
  if [ "$apt_updated" -eq 0 ]; then
    apt-get update -qq
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

if [ -x "$CHROMIUM" ]; then
  say "chromium present ($CHROMIUM)"
else
  say "installing Debian chromium (apt)"
  # fonts-liberation: chromium only recommends it, and without any font pages render as boxes
  apt_install chromium fonts-liberation
fi

# ---- 2. python venv ----------------------------------------------------------------------------
if ! "$PYTHON" -c 'import venv, ensurepip' 2>/dev/null; then
  say "python venv/ensurepip missing: installing python3-venv (apt)"
  apt_install python3-venv
fi
if [ ! -x .venv/bin/python ]; then
  say "creating .venv ($("$PYTHON" --version))"
  "$PYTHON" -m venv .venv
fi
venv_stamp="$(hash_of scripts/requirements-dev.txt pyproject.toml)"
if [ "$(cat .venv/.setup-stamp 2>/dev/null)" != "$venv_stamp" ]; then
  say "pip install -r scripts/requirements-dev.txt && pip install -e ."
  .venv/bin/python -m pip install -q --disable-pip-version-check -r scripts/requirements-dev.txt
  # --no-build-isolation: use the pinned setuptools/wheel just installed (no extra download)
  .venv/bin/python -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation -e .
  echo "$venv_stamp" > .venv/.setup-stamp
else
  say ".venv up to date"
fi

# ---- 3. node_modules ---------------------------------------------------------------------------
npm_stamp="$(hash_of package.json package-lock.json)"
if [ "$(cat node_modules/.setup-stamp 2>/dev/null)" != "$npm_stamp" ]; then
  say "npm ci"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$npm_stamp" > node_modules/.setup-stamp
else
  say "node_modules up to date"
fi

# ---- 4. vendor wheels for Pyodide --------------------------------------------------------------
wheels_stamp="$(hash_of scripts/requirements-pyodide.txt)"
if [ "$(cat vendor-wheels/.setup-stamp 2>/dev/null)" != "$wheels_stamp" ]; then
  say "pip download pure wheels for Pyodide into vendor-wheels/"
  rm -rf vendor-wheels
  .venv/bin/python -m pip download -q --disable-pip-version-check \
    --only-binary=:all: --python-version 3.14 --platform any --no-deps --require-hashes \
    -d vendor-wheels -r scripts/requirements-pyodide.txt
  echo "$wheels_stamp" > vendor-wheels/.setup-stamp
else
  say "vendor-wheels up to date"
fi

say "done in $((SECONDS - t0)) s"
