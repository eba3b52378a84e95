#!/usr/bin/env bash
# deps.sh - make sure the Debian packages graphrepro uses are present: gnuplot-nox (charts) and
# libpapi-dev (CPU counters). As root it installs what is missing; otherwise it prints the exact
# apt-get line and carries on (both are optional: without them charts / PAPI columns are skipped).
set -u
need=()
command -v gnuplot >/dev/null 2>&1 || need+=(gnuplot-nox)
[ -f /usr/include/papi.h ] || need+=(libpapi-dev)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "${GR_NO_APT:-0}" = 1 ]; then
    echo "graphrepro: optional packages missing: ${need[*]} (GR_NO_APT=1: not installing)" >&2
    exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "graphrepro: installing ${need[*]} (apt-get)" >&2
    export DEBIAN_FRONTEND=noninteractive
    if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${need[@]}"; } >/tmp/graphrepro-apt.log 2>&1; then
        echo "graphrepro: apt-get failed (see /tmp/graphrepro-apt.log); continuing without ${need[*]}" >&2
    fi
else
    echo "graphrepro: optional packages missing: ${need[*]}" >&2
    echo "graphrepro: install them with: sudo apt-get install -y ${need[*]}" >&2
fi
exit 0
