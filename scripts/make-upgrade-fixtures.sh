#!/usr/bin/env bash
# Makes the upgrade tier's fixtures with a release's own code: a PostgreSQL dump and the embedded database's folder,
# each with its manifest (row counts, columns and checksums of every table).
#
# Usage: scripts/make-upgrade-fixtures.sh [release tag, default v1.0.0]
#
# Checks the release out in a temporary worktree (sharing this checkout's node_modules), copies
# src/server/upgrade/ into it, and runs make-fixture.ts there: once on a throwaway PostgreSQL 15
# (scripts/with-postgres.sh), once on a temporary embedded database. Writes
# src/server/upgrade/fixtures/<version>/ and removes the worktree.
set -euo pipefail

tag="${1:-v1.0.0}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
commit="$(git -C "$root" rev-parse --verify "$tag^{commit}")"
version="${tag#v}"
out="$root/src/server/upgrade/fixtures/$version"

worktree="$(mktemp -d /tmp/bo-release-XXXXXX)"
cleanup() { git -C "$root" worktree remove --force "$worktree" >/dev/null 2>&1 || rm -rf "$worktree"; }
trap cleanup EXIT
git -C "$root" worktree add --quiet --detach "$worktree" "$commit"
ln -s "$(readlink -f "$root/node_modules")" "$worktree/node_modules"
mkdir -p "$worktree/src/server/upgrade"
cp "$root"/src/server/upgrade/{make-fixture,fixture-manifest,table-checksum}.ts "$worktree/src/server/upgrade/"

rm -rf "$out"
mkdir -p "$out"
cd "$worktree"
bash "$root/scripts/with-postgres.sh" \
  node --import tsx src/server/upgrade/make-fixture.ts --database postgres --out "$out" --commit "$commit"
# The embedded folder carries its indexes and catalogs uncompressed: most renewals and promo e-mails go.
DATABASE_URL='' node --import tsx src/server/upgrade/make-fixture.ts --database pglite --out "$out" --commit "$commit" --trim
ls -l "$out"
