#!/usr/bin/env bash
# fetch.sh NAME - puts peer NAME's source at its pinned commit (peers/pins) into
# build/peers/src/NAME, with our patches (peers/NAME/*.patch) applied. Sources, in order:
#   $PEERS_SRC/NAME  a git repository holding the pinned commit (bare or not), or a plain copy of
#                    the subset (e.g. a build/peers/src/NAME made elsewhere);
#   upstream git     when this machine is online.
# boost: Boost.Graph's headers: $PEERS_SRC/boost (made by peers/boost/collect_headers.sh), else a
# copy already in build/peers/src/boost, else the system's (/usr/include, libboost-graph-dev).
# Exit 0: the source is there (up to date when its stamp matches); 3: the peer is unavailable
# (one line on stderr says how to get it, kept in build/peers/src/NAME.unavailable); anything else: a real failure (a patch that does not
# apply, a copy that fails). PEERS_DEST (default build/peers/src) and PEERS_PINS (default
# peers/pins) move the output and the pins, for the tests.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
name=${1:?usage: peers/fetch.sh NAME}
dest_root=${PEERS_DEST:-build/peers/src}
dest=$dest_root/$name
src=${PEERS_SRC:+$PEERS_SRC/$name}

# The one line, also kept in DEST_ROOT/NAME.unavailable for the report (removed once available).
unavailable() {
    mkdir -p "$dest_root"
    echo "peers: $name unavailable ($1): $2; its rows are skipped" | tee "$dest_root/$name.unavailable" >&2
    exit 3
}
rm -f "$dest_root/$name.unavailable"

if [ "$name" = boost ]; then
    hdr=boost/graph/dominator_tree.hpp
    if [ -n "$src" ] && [ -f "$src/$hdr" ]; then
        if [ ! -f "$dest/$hdr" ] || ! diff -rq "$src/boost" "$dest/boost" >/dev/null 2>&1; then
            rm -rf "$dest" && mkdir -p "$dest" && cp -R "$src/boost" "$dest/"
        fi
    elif [ -f "$dest/$hdr" ]; then
        :   # a copy made earlier (or shipped with build/peers/src)
    elif [ -f "/usr/include/$hdr" ]; then
        [ -f "$dest/.system" ] || { rm -rf "$dest" && mkdir -p "$dest" && echo system > "$dest/.system"; }
    else
        unavailable "no $hdr in ${src:-\$PEERS_SRC/boost} or /usr/include" \
            "apt-get install libboost-graph-dev, or run peers/boost/collect_headers.sh DIR/boost where Boost is installed and make peers PEERS_SRC=DIR"
    fi
    exit 0
fi

pins=${PEERS_PINS:-$here/pins}
line=$(awk -v n="$name" '$1 == n' "$pins")
[ -n "$line" ] || { echo "peers/fetch.sh: no pin for '$name' in $pins" >&2; exit 2; }
read -r _ url commit subset <<<"$line"
patches=$(find "$here/$name" -maxdepth 1 -name '*.patch' 2>/dev/null | sort || true)
stamp="$commit $(cat /dev/null $patches | sha256sum | cut -c1-16)"
if [ -f "$dest/.pin" ] && [ "$(cat "$dest/.pin")" = "$stamp" ]; then
    exit 0
fi

mkdir -p "$dest_root"
tmp=$(mktemp -d "${dest_root%/}/.fetch-$name.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
out=$tmp/tree
mkdir -p "$out"

# git on DIR when DIR itself is a repository (a work tree's top or a bare one), else fails.
git_at() {
    local dir=$1; shift
    if [ -e "$dir/.git" ]; then git -C "$dir" "$@"
    elif [ -f "$dir/HEAD" ] && [ -d "$dir/objects" ]; then git --git-dir="$dir" "$@"
    else return 128; fi
}
# A git repository holding the pinned commit: its subset at that commit.
from_git() {
    git_at "$1" rev-parse -q --verify "$commit^{commit}" >/dev/null 2>&1 || return 1
    # shellcheck disable=SC2086
    git_at "$1" archive --format=tar "$commit" $subset | tar -x -C "$out"
}

got=""
if [ -n "$src" ] && [ -d "$src" ]; then
    if from_git "$src"; then
        got="$src (git, $commit)"
    elif [ -f "$src/.pin" ] && [ "$(cat "$src/.pin")" = "$stamp" ]; then
        cp -R "$src/." "$out/" && got="$src (a prepared copy, patched)"
    elif git_at "$src" rev-parse --git-dir >/dev/null 2>&1; then
        echo "peers/fetch.sh: $src is a git repository without commit $commit" >&2
        exit 1
    else
        for p in $subset; do cp -R "$src/$p" "$out/"; done
        got="$src (a plain copy; its commit cannot be checked: it should be $commit)"
    fi
fi
if [ -z "$got" ]; then
    if GIT_TERMINAL_PROMPT=0 timeout 120 git -C "$tmp" init -q repo 2>/dev/null &&
       GIT_TERMINAL_PROMPT=0 timeout 300 git -C "$tmp/repo" fetch -q --depth 1 "$url" "$commit" \
           2>/dev/null &&
       from_git "$tmp/repo"; then
        got="$url at $commit"
    else
        unavailable "${PEERS_SRC:+no $PEERS_SRC/$name, }upstream $url unreachable" \
            "git clone $url DIR/$name on a machine that is online, then make peers PEERS_SRC=DIR here"
    fi
fi

if [ ! -f "$out/.pin" ]; then
    for p in $patches; do
        if patch -d "$out" -p1 -R --dry-run -s -f < "$p" >/dev/null 2>&1; then
            echo "peers: $name: $(basename "$p") is already applied in the copy" >&2
        elif ! patch -d "$out" -p1 -s -f --no-backup-if-mismatch < "$p"; then
            echo "peers/fetch.sh: $(basename "$p") does not apply to $name at $commit" >&2
            exit 1
        fi
    done
    echo "$stamp" > "$out/.pin"
fi
rm -rf "$dest"
mkdir -p "$dest_root"
mv "$out" "$dest"
echo "peers: $name from $got" >&2
