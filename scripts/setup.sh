#!/usr/bin/env bash
# Set up everything tigris_widget needs on a fresh machine of this kind (Debian, Python 3.10+, Node 20+):
# Debian's Chromium (browser and JupyterLab tests), cairo (PNG pictures), the front end's npm packages,
# and the package itself, editable, with its development tools. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

export PIP_DISABLE_PIP_VERSION_CHECK=1
export DEBIAN_FRONTEND=noninteractive

# Playwright drives Debian's Chromium through its executable_path; `playwright install` is never used.
SUDO=""
if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null; then SUDO="sudo"; fi
$SUDO apt-get update -qq
# gcc: the compiled engines (mypyc) for tests/test_compiled.py and `bench --compare`.
$SUDO apt-get install -y -qq --no-install-recommends chromium libcairo2 fonts-dejavu-core gcc >/dev/null

# The front end's dependencies as locked in js/package-lock.json; the Python build below bundles it.
# (`npm install` rather than `npm ci`: the registry mirror here lacks some other platforms' optional
# packages, so the lock lists only the ones it has, which `npm ci` refuses; `npm install` installs
# exactly the locked versions and leaves the lock unchanged.)
(cd js && npm install --no-audit --no-fund)
python -m pip install --quiet -e ".[dev]"
