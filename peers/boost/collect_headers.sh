#!/usr/bin/env bash
# collect_headers.sh DIR [BOOST_INCLUDE] - copies the Boost headers the Boost.Graph peer driver
# includes (as g++ -M lists them, plus all of boost/config/ so another compiler finds its own
# configuration) from BOOST_INCLUDE (default /usr/include) into DIR/boost/..., for a machine
# without Boost: there, make peers PEERS_SRC=PARENT where DIR is PARENT/boost.
set -euo pipefail
out=${1:?usage: peers/boost/collect_headers.sh DIR [BOOST_INCLUDE]}
inc=${2:-/usr/include}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
[ -f "$inc/boost/graph/dominator_tree.hpp" ] ||
    { echo "collect_headers.sh: no $inc/boost/graph/dominator_tree.hpp (apt-get install libboost-graph-dev)" >&2; exit 2; }
list=$(${CXX:-g++} -std=c++17 -M -I"$root/peers/common" -I"$root/contract" -I"$inc" \
       "$here/driver.cc" | tr -d '\\' | tr ' ' '\n' | grep "^$inc/boost/" || true)
[ -n "$list" ] || { echo "collect_headers.sh: g++ -M listed no Boost header" >&2; exit 1; }
mkdir -p "$out"
{ printf '%s\n' $list | while read -r f; do realpath -m --relative-to="$inc" "$f"; done
  (cd "$inc" && find boost/config -type f); } | sort -u | (cd "$inc" && xargs cp --parents -t "$out")
echo "collect_headers.sh: $(find "$out/boost" -type f | wc -l) headers, $(du -sh "$out" | cut -f1) in $out" >&2
