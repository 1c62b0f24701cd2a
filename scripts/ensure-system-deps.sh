#!/usr/bin/env bash
# Make sure the Debian packages the test tooling needs are installed:
#   chromium       -> /usr/bin/chromium, used by the e2e runner
#   fonts-dejavu-core -> DejaVu Sans, the font of the charts the server draws (digests, picture links)
#   postgresql-15  -> server binaries in /usr/lib/postgresql/15/bin, used by scripts/with-postgres.sh
#                     (pg_config --bindir is not reliable for the server binaries, so we check the path)
#
# Usage: scripts/ensure-system-deps.sh [--only chromium|postgres|fonts]   (chromium brings the font too)
#
# Silent and instant when everything is present (it only tests for files), so it is
# cheap to call before every test run. When something is missing it runs
# `apt-get update` once and installs just the missing packages.
set -euo pipefail

readonly CHROMIUM_BIN=/usr/bin/chromium
readonly PG_INITDB=/usr/lib/postgresql/15/bin/initdb
readonly PICTURE_FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf

die() { echo "ensure-system-deps: $*" >&2; exit 1; }
usage() { echo "usage: $0 [--only chromium|postgres|fonts]" >&2; }

only=""
while (($#)); do
  case "$1" in
    --only) [[ $# -ge 2 ]] || { usage; exit 2; }; only="$2"; shift 2 ;;
    --only=*) only="${1#*=}"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done
case "$only" in
  ""|chromium|postgres|fonts) ;;
  *) usage; exit 2 ;;
esac

# Fast path: test for the binaries themselves, no dpkg/apt queries.
missing=()
if [[ ( -z "$only" || "$only" == chromium ) && ! -x "$CHROMIUM_BIN" ]]; then missing+=(chromium); fi
if [[ ( -z "$only" || "$only" == postgres ) && ! -x "$PG_INITDB" ]]; then missing+=(postgresql-15); fi
if [[ "$only" != postgres && ! -f "$PICTURE_FONT" ]]; then missing+=(fonts-dejavu-core); fi
((${#missing[@]} == 0)) && exit 0

command -v apt-get >/dev/null || die "missing ${missing[*]} and apt-get is not available; install them manually"

# CI runs as root; developers may need sudo. Never guess beyond that.
if ((EUID == 0)); then
  as_root() { "$@"; }
elif command -v sudo >/dev/null; then
  as_root() { sudo "$@"; }
else
  die "missing ${missing[*]}; not root and sudo is unavailable. Run as root: apt-get install ${missing[*]}"
fi

echo "ensure-system-deps: installing ${missing[*]} ..." >&2
# Wait for the dpkg/apt locks instead of failing if another apt run (e.g. a parallel job) holds them.
lock_wait=(-o DPkg::Lock::Timeout=600)
as_root apt-get "${lock_wait[@]}" update -qq
as_root env DEBIAN_FRONTEND=noninteractive \
  apt-get "${lock_wait[@]}" install -y -qq --no-install-recommends "${missing[@]}"

# Verify the packages actually provided what we check for.
if [[ ( -z "$only" || "$only" == chromium ) && ! -x "$CHROMIUM_BIN" ]]; then die "chromium installed but $CHROMIUM_BIN is missing"; fi
if [[ ( -z "$only" || "$only" == postgres ) && ! -x "$PG_INITDB" ]]; then die "postgresql-15 installed but $PG_INITDB is missing"; fi
if [[ "$only" != postgres && ! -f "$PICTURE_FONT" ]]; then die "fonts-dejavu-core installed but $PICTURE_FONT is missing"; fi
echo "ensure-system-deps: installed ${missing[*]}" >&2
