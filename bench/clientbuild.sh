#!/usr/bin/env bash
# A client user's build: one small program (list pods and deployments, then watch pods), written
# once against kapi-client (default features) and once against kube 5 + k8s-openapi 0.29
# (`latest`), each in a scratch workspace of its own. For each side: a clean release build of
# everything, a release rebuild after an edit of the program, a clean debug build and a debug
# rebuild after an edit. Prints wall time, CPU time and the peak RSS of the largest rustc, per
# build and per side, and kube ÷ kapi. Nothing is run against a cluster: this measures builds.
# Environment: ROUNDS (1), KEEP=1 to keep the scratch workspaces, WORK (a directory for them;
# default a fresh one under $TMPDIR), BASE=<a kapi checkout> to build the same program against
# that tree too (side "base": a before-and-after in one session).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
rounds=${ROUNDS:-1} sides="kapi kube${BASE:+ base}"
work=${WORK:-$(mktemp -d)}
mkdir -p "$work"
[[ -n ${KEEP:-} ]] || trap 'rm -rf "$work"' EXIT
# What each build measures is the user's own: no incremental-cache or job settings of ours leak in.
unset CARGO_TARGET_DIR CARGO_INCREMENTAL CARGO_BUILD_JOBS RUSTFLAGS

# The kapi side (and the base side): kapi-client by path with its default features, as a user
# tries it first.
kapi_side() {
local side=$1 tree=$2
mkdir -p "$work/$side/src"
cat >"$work/$side/Cargo.toml" <<EOF
[package]
name = "clientbuild-$side"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]

[dependencies]
kapi-api = { path = "$tree/api" }
kapi-client = { path = "$tree/client" }
tokio = { version = "1", features = ["rt-multi-thread", "macros"] }
EOF
cat >"$work/$side/src/main.rs" <<'EOF'
use kapi_api::apps::v1::Deployment;
use kapi_api::core::v1::Pod;
use kapi_api::meta::v1::ListOptions;
use kapi_client::watcher::{Event, WatcherConfig, watcher};
use kapi_client::{Api, Client, StreamExt};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = Client::infer()?;
    let pods: Api<Pod> = Api::all(client.clone());
    for pod in pods.list(&ListOptions::default()).await?.items.iter().flatten() {
        println!("pod {}/{}", pod.metadata.namespace, pod.metadata.name);
    }
    let deployments: Api<Deployment> = Api::all(client);
    for deployment in deployments.list(&ListOptions::default()).await?.items.iter().flatten() {
        println!("deployment {}/{}", deployment.metadata.namespace, deployment.metadata.name);
    }
    let mut events = std::pin::pin!(watcher(pods, WatcherConfig::default()));
    while let Some(event) = events.next().await {
        if let Event::Apply(pod) | Event::InitApply(pod) = event? {
            println!("changed {}/{}", pod.metadata.namespace, pod.metadata.name); // edit 0
        }
    }
    Ok(())
}
EOF
# kapi's lock file pins what kapi-client builds with; cargo drops what the program does not use.
cp "$tree/Cargo.lock" "$work/$side/Cargo.lock"
}
kapi_side kapi "$root"
[[ -z ${BASE:-} ]] || kapi_side base "$(cd "$BASE" && pwd)"

# The kube side: kube-rs as a new user gets it for this program (client over rustls with ring,
# and the runtime's watcher), k8s-openapi with its `latest` version.
mkdir -p "$work/kube/src"
cat >"$work/kube/Cargo.toml" <<'EOF'
[package]
name = "clientbuild-kube"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]

[dependencies]
kube = { version = "5", default-features = false, features = ["client", "rustls-tls", "ring", "runtime"] }
k8s-openapi = { version = "0.29", features = ["latest"] }
tokio = { version = "1", features = ["rt-multi-thread", "macros"] }
futures-util = { version = "0.3", default-features = false, features = ["std"] }
EOF
cat >"$work/kube/src/main.rs" <<'EOF'
use futures_util::TryStreamExt;
use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::Pod;
use kube::api::ListParams;
use kube::runtime::watcher::{self, Event, watcher};
use kube::{Api, Client};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = Client::try_default().await?;
    let pods: Api<Pod> = Api::all(client.clone());
    for pod in pods.list(&ListParams::default()).await? {
        let meta = &pod.metadata;
        println!("pod {}/{}", meta.namespace.as_deref().unwrap_or(""), meta.name.as_deref().unwrap_or(""));
    }
    let deployments: Api<Deployment> = Api::all(client);
    for deployment in deployments.list(&ListParams::default()).await? {
        let meta = &deployment.metadata;
        println!("deployment {}/{}", meta.namespace.as_deref().unwrap_or(""), meta.name.as_deref().unwrap_or(""));
    }
    let mut events = std::pin::pin!(watcher(pods, watcher::Config::default()));
    while let Some(event) = events.try_next().await? {
        if let Event::Apply(pod) | Event::InitApply(pod) = event {
            let meta = &pod.metadata;
            println!("changed {}/{}", meta.namespace.as_deref().unwrap_or(""), meta.name.as_deref().unwrap_or("")); // edit 0
        }
    }
    Ok(())
}
EOF
# The kube side's versions are the runtime benchmark's (kube 5.0.0, k8s-openapi 0.29.0).
cp "$root/bench/runtime/Cargo.lock" "$work/kube/Cargo.lock"

# One build: `cargo build` (release or not) in a side's workspace, timed by GNU time, whose
# maximum resident set is that of the largest process it waited for (one rustc).
results=$work/results
: >"$results"
build() {
  local side=$1 what=$2 profile=$3
  local flags=()
  [[ $profile == release ]] && flags=(--release)
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" cargo build --quiet --offline "${flags[@]}" \
    --manifest-path "$work/$side/Cargo.toml" 2>"$work/build.log" || { cat "$work/build.log" >&2; exit 1; }
  read -r wall user sys rss <"$work/time"
  printf '%s %s %s %s %s %s\n' "$what" "$side" "$wall" "$(echo "$user + $sys" | bc)" "$rss" "$profile" | tee -a "$results"
}
# An edit of the program: its last line's marker changes, as a user's one-line change would.
edit() {
  local side=$1 n=$2
  sed -i "s|// edit [0-9]*|// edit $n|; s|changed {}|changed$n {}|" "$work/$side/src/main.rs"
}

for round in $(seq "$rounds"); do
  # Alternate which side goes first, so neither always builds on a warmer (or busier) machine.
  if ((round % 2)); then order=$sides; else order=$(echo "$sides" | tr ' ' '\n' | tac | tr '\n' ' '); fi
  for side in $order; do
    rm -rf "$work/$side/target"
    build "$side" "clean" release
    edit "$side" "$round"
    build "$side" "edit" release
    build "$side" "clean" dev
    edit "$side" "$((round + 100))"
    build "$side" "edit" dev
  done
done

# The table: median over rounds per build, per side, and kube ÷ kapi.
echo
python3 - "$results" <<'EOF'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    what, side, wall, cpu, rss, profile = line.split()
    rows.setdefault((profile, what, side), []).append((float(wall), float(cpu), int(rss) / 1e6))
def med(key, i):
    values = rows.get(key)
    return statistics.median(v[i] for v in values) if values else None
print(f"{'build':<16} {'side':<5} {'wall s':>8} {'CPU s':>8} {'peak rustc GB':>14}")
for profile in ("release", "dev"):
    for what in ("clean", "edit"):
        for side in ("kube", "base", "kapi"):
            key = (profile, what, side)
            if key in rows:
                print(f"{profile + ' ' + what:<16} {side:<5} {med(key, 0):>8.1f} {med(key, 1):>8.1f} {med(key, 2):>14.2f}")
        kube = (profile, what, "kube")
        for side in ("base", "kapi"):
            other = (profile, what, side)
            if kube in rows and other in rows:
                ratios = " ".join(f"{med(kube, i) / med(other, i):.2f}x" for i in range(3))
                print(f"{profile + ' ' + what:<16} kube/{side} {ratios}")
EOF
