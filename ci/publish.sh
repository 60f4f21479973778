#!/usr/bin/env bash
# The report site (.ci/run's last stage): what the gate proves, published.
#  1. the checker's own tests (tests/site: a site built from small fixtures
#     passes; broken ones - a figure changed, a section lost, a dead link,
#     an external asset, a console error, a page wider than a phone - fail);
#  2. tools/site/publish.py builds build-site/ (index.html, summary.json and
#     the lcov report in coverage/) from the stages' results folder
#     ($CI_RESULTS, default build-ci/results; a stage that left nothing
#     there shows as "not run");
#  3. tools/site/check_site.py opens it in headless Chromium (Debian's
#     chromium, installed here: no other stage needs it), takes a
#     screenshot (build-ci/site-screenshot.png) and checks every figure of
#     summary.json in the rendered page, every link, and the console.
# About a minute (each Chromium start takes a few seconds). Exit 1 when a
# check fails.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/deps.sh chromium
results=${CI_RESULTS:-build-ci/results}
mkdir -p "$results" build-ci
/usr/bin/python3 -m pytest -q -p no:cacheprovider tests/site
python3 tools/site/publish.py --results "$results" --coverage-html coverage/html --out build-site
python3 tools/site/check_site.py build-site --screenshot build-ci/site-screenshot.png
