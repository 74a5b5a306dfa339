# Sourced by .ci/run (bash, set -euo pipefail, as root): headless Chromium and CJK fonts for the
# report screenshot test, and wrk for bench/bench_feed.py. Safe to run again: installs only
# what is missing.
_need=()
command -v chromium >/dev/null 2>&1 || _need+=(chromium)
command -v wrk >/dev/null 2>&1 || _need+=(wrk)
fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || _need+=(fonts-noto-cjk)
if [ "${#_need[@]}" -gt 0 ]; then
  echo "installing ${_need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${_need[@]}" >/dev/null
fi
chromium --version || true
unset _need
