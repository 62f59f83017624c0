# A throwaway PostgreSQL cluster for the portability tests (PostgreSqlPortabilityTests in
# onelite-autoconfigure). Source this file, then:
#   start_postgres   installs Debian's postgresql when missing, creates a cluster in a temp
#                    folder, starts it on a free 127.0.0.1 port (trust auth, no fsync) and
#                    exports ONELITE_PG_URL=jdbc:postgresql://127.0.0.1:<port>/postgres?user=...
#   stop_postgres    stops it and deletes the folder (safe to call twice; use it in a trap)
# As root (CI) the cluster belongs to the postgres user, since initdb refuses to run as root.

ONELITE_PG_DIR=""

_pg_bin() {
  local d
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/pg_ctl" ] && { echo "$d"; return 0; }
  done
  d=$(command -v pg_ctl) && [ -x "$(dirname "$d")/initdb" ] && { dirname "$d"; return 0; }
  return 1
}

# Runs a command as the cluster's owner: postgres when we are root, else ourselves.
_pg_as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    su postgres -s /bin/sh -c "$*"
  else
    sh -c "$*"
  fi
}

_pg_port_free() {
  ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

start_postgres() {
  local bin port user
  if ! bin=$(_pg_bin); then
    if [ "$(id -u)" -ne 0 ]; then
      echo "postgres.sh: PostgreSQL is not installed (apt-get install postgresql)" >&2
      return 1
    fi
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    bin=$(_pg_bin) || { echo "postgres.sh: no pg_ctl after installing postgresql" >&2; return 1; }
  fi
  ONELITE_PG_DIR=$(mktemp -d /tmp/onelite-pg.XXXXXX)
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres: "$ONELITE_PG_DIR"
    user=postgres
  else
    user=$(id -un)
  fi
  _pg_as_owner "'$bin/initdb' -D '$ONELITE_PG_DIR/data' -U '$user' --auth=trust -E UTF8 --no-sync" \
      >"$ONELITE_PG_DIR/initdb.log" 2>&1 \
      || { cat "$ONELITE_PG_DIR/initdb.log" >&2; return 1; }
  for port in $(seq 55432 55532); do
    _pg_port_free "$port" || continue
    if _pg_as_owner "'$bin/pg_ctl' -D '$ONELITE_PG_DIR/data' -l '$ONELITE_PG_DIR/server.log' -w -t 30 start \
        -o \"-p $port -h 127.0.0.1 -k '$ONELITE_PG_DIR' -F -c max_connections=50\"" >/dev/null; then
      export ONELITE_PG_URL="jdbc:postgresql://127.0.0.1:$port/postgres?user=$user"
      echo "PostgreSQL for the portability tests: $ONELITE_PG_URL"
      return 0
    fi
  done
  cat "$ONELITE_PG_DIR/server.log" >&2
  return 1
}

stop_postgres() {
  local bin
  [ -n "$ONELITE_PG_DIR" ] || return 0
  if bin=$(_pg_bin) && [ -d "$ONELITE_PG_DIR/data" ]; then
    _pg_as_owner "'$bin/pg_ctl' -D '$ONELITE_PG_DIR/data' -m immediate -w stop" >/dev/null 2>&1 || true
  fi
  rm -rf "$ONELITE_PG_DIR"
  ONELITE_PG_DIR=""
  unset ONELITE_PG_URL
}
