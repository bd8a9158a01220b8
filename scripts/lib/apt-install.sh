# Sourced by the scripts that install a Debian package when a command they need is missing (a fresh
# machine has only Node, npm, python3, g++ and git).
#   apt_install [apt-get install options] package...
# Needs root; says on stderr what it installs (stdout may be a script's answer).
apt_install() {
  local packages=()
  for argument in "$@"; do [[ $argument == -* ]] || packages+=("$argument"); done
  if [ "$(id -u)" != 0 ]; then
    echo "need root to install ${packages[*]} (Debian packages)" >&2
    return 1
  fi
  echo "installing ${packages[*]} (Debian packages)" >&2
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
