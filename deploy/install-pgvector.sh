#!/usr/bin/env bash
# Builds pgvector from Debian's source release and installs it into the local PostgreSQL (Debian or Ubuntu),
# for servers whose package sources offer no postgresql-NN-pgvector package (Debian 12's own do not; PGDG's
# apt.postgresql.org and Debian 13 do: prefer `apt-get install postgresql-NN-pgvector` where it exists).
# Needs root. Idempotent: does nothing when the extension is already available. After it, Parley's next
# start enables the extension and indexes the embeddings (docs/operations.md).
set -euo pipefail

version=0.8.0
sha256=867a2c328d4928a5a9d6f052cd3bc78c7d60228a9b914ad32aa3db88e9de27b0
source_url="http://deb.debian.org/debian/pool/main/p/pgvector/pgvector_${version}.orig.tar.gz"

major="${PG_MAJOR:-$(ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -n 1)}"
if [ -z "$major" ]; then
  echo "install-pgvector: no PostgreSQL server under /usr/lib/postgresql" >&2
  exit 1
fi
if [ -f "/usr/share/postgresql/$major/extension/vector.control" ]; then
  echo "install-pgvector: pgvector is already installed for PostgreSQL $major"
  exit 0
fi

if [ ! -x "/usr/lib/postgresql/$major/bin/pg_config" ] || ! dpkg -s "postgresql-server-dev-$major" >/dev/null 2>&1; then
  echo "install-pgvector: installing postgresql-server-dev-$major"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "postgresql-server-dev-$major" make gcc >/dev/null
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "install-pgvector: downloading pgvector $version"
curl -fsSL --max-time 120 -o "$work/pgvector.tar.gz" "$source_url"
echo "$sha256  $work/pgvector.tar.gz" | sha256sum --check --quiet
tar -xzf "$work/pgvector.tar.gz" -C "$work"

cd "$work/pgvector-$version"
# -march=native (pgvector's default) suits a build on the machine that runs it, as here.
make -s -j"$(nproc)" PG_CONFIG="/usr/lib/postgresql/$major/bin/pg_config" >/dev/null
make -s install PG_CONFIG="/usr/lib/postgresql/$major/bin/pg_config" >/dev/null
echo "install-pgvector: installed pgvector $version for PostgreSQL $major"
