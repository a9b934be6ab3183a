#!/usr/bin/env bash
# Fetches upstream's compatibility fixtures at the commits kapi is pinned to, with git.
#
# Usage: hack/fetch-testdata.sh [--no-apiextensions] [--api-repo URL] [--apiextensions-repo URL] [DEST]
#
#   DEST  where k8s.io/api's `testdata/` goes (HEAD and the v* release directories); default
#         ../shared/k8s-testdata beside the repository, where the tests, hack/compat.sh and
#         hack/fuzz.sh look without being told. Anywhere else: export KAPI_TESTDATA=DEST.
#         apiextensions-apiserver's `pkg/apis/testdata/` (CustomResourceDefinition and
#         ConversionReview) goes beside it, to DEST-apiextensions, which .ci/run checks too.
#   --no-apiextensions   fetch k8s.io/api's fixtures only
#   --api-repo, --apiextensions-repo   another remote or a local mirror of those repositories
#
# Each repository is fetched at one commit, one level deep, without blobs outside the fixtures
# (a sparse checkout of the testdata folder): a few megabytes, not the repositories' history.
# A destination that already has a HEAD directory is left as it is.
set -euo pipefail

# The commits the fixtures were taken at: k8s.io/api 10b39a39 (2026-07-24) and
# apiextensions-apiserver 1aa2717a (2026-07-22), the ones the generated API follows.
api_commit=10b39a39bcee995dfe7cd5e8e7b922be5e46f1e2
apiextensions_commit=1aa2717a552ee6ca1e2a18f1f8ffccde981db923
api_repo=https://github.com/kubernetes/api
apiextensions_repo=https://github.com/kubernetes/apiextensions-apiserver

usage() {
    sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
}

here=$(cd "$(dirname "$0")/.." && pwd)
dest=
apiextensions=1
while [ $# -gt 0 ]; do
    case $1 in
        -h | --help) usage; exit 0 ;;
        --no-apiextensions) apiextensions=0; shift ;;
        --api-repo | --apiextensions-repo)
            [ $# -ge 2 ] && [ -n "$2" ] || { echo "hack/fetch-testdata.sh: $1 needs a URL" >&2; exit 2; }
            if [ "$1" = --api-repo ]; then api_repo=$2; else apiextensions_repo=$2; fi
            shift 2 ;;
        -*) echo "hack/fetch-testdata.sh: unknown option '$1'; see --help" >&2; exit 2 ;;
        *)
            [ -z "$dest" ] || { echo "hack/fetch-testdata.sh: one destination only, got '$dest' and '$1'" >&2; exit 2; }
            dest=$1
            shift ;;
    esac
done
dest=${dest:-$here/../shared/k8s-testdata}
dest=${dest%/}

command -v git >/dev/null || { echo "hack/fetch-testdata.sh: git is needed; install it and run this again" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# fetch REPO COMMIT FOLDER DEST: the folder of the repository at the commit, copied to DEST.
fetch() {
    local repo=$1 commit=$2 folder=$3 to=$4 clone
    if [ -d "$to/HEAD" ]; then
        echo "$to already has fixtures (remove it to fetch again)"
        return
    fi
    clone=$work/$(basename "$to")
    echo "== $folder of $repo at ${commit:0:8} into $to"
    git init --quiet "$clone"
    git -C "$clone" remote add origin "$repo"
    git -C "$clone" sparse-checkout set --no-cone "/$folder/"
    # GitHub serves any commit by its full id, so one level of history is enough.
    git -C "$clone" fetch --quiet --depth 1 --filter=blob:none origin "$commit"
    git -C "$clone" -c advice.detachedHead=false checkout --quiet FETCH_HEAD
    [ -d "$clone/$folder/HEAD" ] || { echo "hack/fetch-testdata.sh: $repo at $commit has no $folder/HEAD" >&2; exit 1; }
    mkdir -p "$(dirname "$to")"
    rm -rf "$to.partial"
    cp -R "$clone/$folder" "$to.partial"
    mv "$to.partial" "$to"
    echo "$(find "$to" -type f | wc -l | tr -d ' ') files in $to"
}

fetch "$api_repo" "$api_commit" testdata "$dest"
if [ "$apiextensions" = 1 ]; then
    fetch "$apiextensions_repo" "$apiextensions_commit" pkg/apis/testdata "$dest-apiextensions"
fi

if [ "$(cd "$dest" && pwd)" != "$(cd "$here/.." && pwd)/shared/k8s-testdata" ]; then
    echo "the tests look in ../shared/k8s-testdata; for this place: export KAPI_TESTDATA=$(cd "$dest" && pwd)"
fi
