#!/usr/bin/env bash
# A match server cluster on this machine's loopback, from Debian's packages
# (postgresql, haproxy): PostgreSQL, N backgammon-server processes, and
# HAProxy in front of them.  docs/server.md tells the whole story.
#
#   deploy/local-cluster.sh up N        start it all (again: starts what is missing);
#                                       the last line printed is the WebSocket URL
#   deploy/local-cluster.sh down        stop it all (the data stays; "clean" removes it)
#   deploy/local-cluster.sh status      say what runs (exit status 0 when all of it does)
#   deploy/local-cluster.sh pids        the server processes' pids, one a line
#   deploy/local-cluster.sh revive      start again the servers whose process is gone
#   deploy/local-cluster.sh pg-restart  restart PostgreSQL (pg_ctl restart -m fast)
#   deploy/local-cluster.sh url | dsn   the players' WebSocket URL | the store's URL
#   deploy/local-cluster.sh haproxy-config N   print HAProxy's configuration for N servers
#   deploy/local-cluster.sh clean       down, then remove the state folder
#
# Settings (environment):
#   BACKGAMMON_CLUSTER_DIR      state folder: data, sockets, logs, pid files
#                               (default ${TMPDIR:-/tmp}/backgammon-cluster)
#   BACKGAMMON_CLUSTER_PORT     HAProxy's port for the players (default 18680)
#   BACKGAMMON_CLUSTER_STATS_PORT  HAProxy's stats page (default 18681)
#   BACKGAMMON_CLUSTER_BASE     server i listens on BASE+i (default 18700)
#   BACKGAMMON_CLUSTER_PGPORT   PostgreSQL's port (default 15432)
#   BACKGAMMON_CLUSTER_PER_ADDRESS  connections at once per player address at
#                               HAProxy (default 16; 0: no limit, for load tests)
#   BACKGAMMON_CLUSTER_PGUSER   the system user that runs PostgreSQL when this
#                               script runs as root (default postgres, else nobody)
#   BACKGAMMON_CLUSTER_WAIT     seconds to wait for the processes (default 60)
#   BACKGAMMON_SERVER           the server command (default backgammon-server;
#                               e.g. ".venv/bin/python -m game.server")
#   BACKGAMMON_SERVER_ARGS      more arguments for every server process
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TEMPLATE="$HERE/haproxy.cfg"
STATE="${BACKGAMMON_CLUSTER_DIR:-${TMPDIR:-/tmp}/backgammon-cluster}"
PORT="${BACKGAMMON_CLUSTER_PORT:-18680}"
STATS_PORT="${BACKGAMMON_CLUSTER_STATS_PORT:-18681}"
BASE="${BACKGAMMON_CLUSTER_BASE:-18700}"
PGPORT_="${BACKGAMMON_CLUSTER_PGPORT:-15432}"
PER_ADDRESS="${BACKGAMMON_CLUSTER_PER_ADDRESS:-16}"
WAIT="${BACKGAMMON_CLUSTER_WAIT:-60}"
read -r -a SERVER_CMD <<< "${BACKGAMMON_SERVER:-backgammon-server}"
read -r -a SERVER_ARGS <<< "${BACKGAMMON_SERVER_ARGS:-}"
DBNAME=backgammon
DBROLE=backgammon
MARK="$STATE/.backgammon-cluster"   # "clean" removes only a folder that has it
PGDATA_="$STATE/pg/data"
LOGS="$STATE/logs"
RUN="$STATE/run"
URL="ws://127.0.0.1:$PORT"

die() { echo "local-cluster: $*" >&2; exit 1; }
say() { echo "local-cluster: $*"; }

# --- checks ---------------------------------------------------------------

number() {  # number NAME VALUE: VALUE must be a whole number
    [[ "$2" =~ ^[0-9]+$ ]] || die "$1 must be a whole number (got '$2')"
}
for setting in PORT STATS_PORT BASE PGPORT_ PER_ADDRESS WAIT; do
    number "BACKGAMMON_CLUSTER_${setting%_}" "${!setting}"
done
[ "${#SERVER_CMD[@]}" -gt 0 ] || die "BACKGAMMON_SERVER is empty"

need_haproxy() {
    command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] \
        || die "haproxy is not installed: install Debian's package haproxy (apt install haproxy)"
    HAPROXY="$(command -v haproxy 2>/dev/null || echo /usr/sbin/haproxy)"
}

PGBIN=""
pg_tool() {  # pg_tool NAME: the path of a PostgreSQL program
    if [ -n "$PGBIN" ] && [ -x "$PGBIN/$1" ]; then echo "$PGBIN/$1"; return; fi
    command -v "$1" 2>/dev/null || return 1
}
need_postgresql() {
    local dir
    if command -v pg_config >/dev/null 2>&1 && dir="$(pg_config --bindir 2>/dev/null)" && [ -x "$dir/initdb" ]; then
        PGBIN="$dir"
    else
        for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
            if [ -x "$dir/initdb" ]; then PGBIN="$dir"; break; fi
        done
    fi
    local tool
    for tool in initdb pg_ctl postgres createdb; do
        pg_tool "$tool" >/dev/null \
            || die "PostgreSQL's $tool is missing: install Debian's package postgresql (apt install postgresql)"
    done
}

need_server() {
    command -v "${SERVER_CMD[0]}" >/dev/null 2>&1 \
        || die "no server command '${SERVER_CMD[0]}': install the project (pip install '.[cluster]') or set BACKGAMMON_SERVER"
}

http_status() {  # http_status URL: the status code of a GET (000 when nothing answers)
    if command -v curl >/dev/null 2>&1; then
        curl -s --noproxy '*' -o /dev/null -m 2 -w '%{http_code}' "$1" 2>/dev/null || true
    elif command -v python3 >/dev/null 2>&1; then
        python3 - "$1" <<'EOF' 2>/dev/null || echo 000
import sys, urllib.error, urllib.request
try:  # (no proxy: the loopback)
    print(urllib.request.build_opener(urllib.request.ProxyHandler({})).open(sys.argv[1], timeout=2).status)
except urllib.error.HTTPError as exc:
    print(exc.code)
except OSError:
    print("000")
EOF
    else
        die "neither curl nor python3 is there to ask the servers' health: install Debian's package curl"
    fi
}

http_body() {  # http_body URL: the body of a GET (empty when nothing answers)
    if command -v curl >/dev/null 2>&1; then
        curl -s --noproxy '*' -m 2 "$1" 2>/dev/null || true
    else
        python3 -c 'import sys, urllib.request as u
print(u.build_opener(u.ProxyHandler({})).open(sys.argv[1], timeout=2).read().decode())' "$1" 2>/dev/null || true
    fi
}

alive() {  # alive PID: a process with this pid runs (and is not a zombie)
    [ -n "$1" ] && kill -0 "$1" 2>/dev/null && ! grep -qs '^State:.*Z' "/proc/$1/status"
}

# --- the state folder -----------------------------------------------------

count() {  # the number of servers of the cluster (0 when it was never started)
    cat "$STATE/count" 2>/dev/null || echo 0
}

socket_dir() {  # where PostgreSQL's unix socket lives
    cat "$STATE/socketdir" 2>/dev/null || echo "$STATE/pg/socket"
}

socket_dir_init() {  # chosen once: a short path, as a socket's name is limited to about 100 bytes
    [ ! -f "$STATE/socketdir" ] || return 0
    local dir="$STATE/pg/socket"
    mkdir -p "$dir"
    if [ "${#dir}" -gt 80 ]; then
        dir="$(mktemp -d "${TMPDIR:-/tmp}/bgc.XXXXXX")"
        [ "${#dir}" -le 80 ] || dir="$(mktemp -d /tmp/bgc.XXXXXX)"
        chmod 755 "$dir"
    fi
    echo "$dir" > "$STATE/socketdir"
}

dsn() {
    echo "postgresql://$DBROLE@/$DBNAME?host=$(socket_dir)&port=$PGPORT_"
}

make_state() {
    mkdir -p "$STATE" "$LOGS" "$RUN" "$STATE/pg"
    touch "$MARK"
    socket_dir_init
    chmod 755 "$STATE" "$STATE/pg"   # PostgreSQL's own user reaches its folders when we are root
}

# --- PostgreSQL -----------------------------------------------------------

PG_OS_USER=""
as_pg() {  # as_pg CMD...: run CMD as PostgreSQL's user (ourselves, unless we are root)
    if [ -z "$PG_OS_USER" ]; then
        (cd "$STATE" && "$@")
    elif command -v runuser >/dev/null 2>&1; then
        (cd "$STATE" && runuser -u "$PG_OS_USER" -- "$@")
    elif command -v setpriv >/dev/null 2>&1; then
        (cd "$STATE" && setpriv --reuid="$PG_OS_USER" --regid="$(id -g "$PG_OS_USER")" --init-groups -- "$@")
    else
        die "running as root, and neither runuser nor setpriv is there to run PostgreSQL as another user"
    fi
}

pg_user() {  # initdb refuses root: then PostgreSQL runs as a system user
    [ "$(id -u)" -eq 0 ] || return 0
    PG_OS_USER="${BACKGAMMON_CLUSTER_PGUSER:-}"
    if [ -z "$PG_OS_USER" ]; then
        if id postgres >/dev/null 2>&1; then PG_OS_USER=postgres; else PG_OS_USER=nobody; fi
    fi
    id "$PG_OS_USER" >/dev/null 2>&1 || die "no system user '$PG_OS_USER' to run PostgreSQL (set BACKGAMMON_CLUSTER_PGUSER)"
    as_pg test -x "$STATE/pg" \
        || die "the user $PG_OS_USER cannot reach $STATE: choose a state folder it can (BACKGAMMON_CLUSTER_DIR)"
}

pg_running() {  # (pg_ctl refuses root too)
    [ -f "$PGDATA_/PG_VERSION" ] || return 1
    need_postgresql
    pg_user
    as_pg "$(pg_tool pg_ctl)" status -D "$PGDATA_" >/dev/null 2>&1
}

pg_settings() {  # rewritten at each start: the port, the socket, enough connections for N servers
    local n="$1" sockets
    sockets="$(socket_dir)"
    local connections=$((n * 25 + 30))
    [ "$connections" -ge 100 ] || connections=100
    cat > "$PGDATA_/cluster.conf" <<EOF
# written by deploy/local-cluster.sh at each start
listen_addresses = '127.0.0.1'
port = $PGPORT_
unix_socket_directories = '$sockets'
max_connections = $connections
EOF
    [ -z "$PG_OS_USER" ] || chown "$PG_OS_USER" "$PGDATA_/cluster.conf" "$sockets"
}

pg_start() {
    local n="$1"
    need_postgresql
    pg_user
    if pg_running; then say "PostgreSQL runs already (port $PGPORT_)"; return; fi
    if [ ! -f "$PGDATA_/PG_VERSION" ]; then
        rm -rf "$PGDATA_"
        mkdir -p "$PGDATA_"
        [ -z "$PG_OS_USER" ] || chown "$PG_OS_USER" "$PGDATA_"
        say "creating a PostgreSQL data folder in $PGDATA_"
        # trust: on this machine's loopback and socket only (listen_addresses below)
        as_pg "$(pg_tool initdb)" -D "$PGDATA_" -U "$DBROLE" --auth=trust -E UTF8 --locale=C \
            > "$LOGS/initdb.log" 2>&1 || { tail -n 20 "$LOGS/initdb.log" >&2; die "initdb failed (log: $LOGS/initdb.log)"; }
        echo "include_if_exists = 'cluster.conf'" >> "$PGDATA_/postgresql.conf"
    fi
    pg_settings "$n"
    touch "$LOGS/postgresql.log"
    [ -z "$PG_OS_USER" ] || chown "$PG_OS_USER" "$LOGS/postgresql.log"
    say "starting PostgreSQL on 127.0.0.1:$PGPORT_ and $(socket_dir)"
    as_pg "$(pg_tool pg_ctl)" start -D "$PGDATA_" -l "$LOGS/postgresql.log" -w -t "$WAIT" >/dev/null \
        || { tail -n 20 "$LOGS/postgresql.log" >&2; die "PostgreSQL did not start (log: $LOGS/postgresql.log)"; }
    local out
    if ! out="$("$(pg_tool createdb)" -h "$(socket_dir)" -p "$PGPORT_" -U "$DBROLE" "$DBNAME" 2>&1)"; then
        case "$out" in
            *"already exists"*) ;;
            *) echo "$out" >&2; die "could not create the database $DBNAME" ;;
        esac
    fi
}

pg_stop() {
    [ -f "$PGDATA_/PG_VERSION" ] || return 0
    need_postgresql
    pg_user
    if pg_running; then
        say "stopping PostgreSQL"
        as_pg "$(pg_tool pg_ctl)" stop -D "$PGDATA_" -m fast -w -t "$WAIT" >/dev/null
    fi
}

pg_restart() {
    need_postgresql
    pg_user
    pg_running || die "PostgreSQL does not run: start the cluster with 'up N'"
    say "restarting PostgreSQL"
    as_pg "$(pg_tool pg_ctl)" restart -D "$PGDATA_" -m fast -l "$LOGS/postgresql.log" -w -t "$WAIT" >/dev/null \
        || { tail -n 20 "$LOGS/postgresql.log" >&2; die "PostgreSQL did not start again (log: $LOGS/postgresql.log)"; }
    say "PostgreSQL runs again"
}

# --- the servers ----------------------------------------------------------

server_pid() {  # server_pid I: the pid of server I if it runs, else nothing
    local pid
    pid="$(cat "$RUN/s$1.pid" 2>/dev/null || true)"
    # a pid is reused after a while: the process must still be server I
    if alive "$pid" && tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | grep -q -- "--server-id s$1 "; then
        echo "$pid"
    fi
}

server_start() {  # server_start I: start server I in the background, its output in its log
    local i="$1" port=$((BASE + $1))
    if (exec 3<> "/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        die "port $port (server s$i) is taken by another program: stop it, or choose BACKGAMMON_CLUSTER_BASE"
    fi
    echo "--- $(date '+%Y-%m-%d %H:%M:%S') starting s$i on port $port" >> "$LOGS/s$i.log"
    # job control on: the server gets its own process group, and SIGINT is not ignored in it
    set -m
    "${SERVER_CMD[@]}" --host 127.0.0.1 --port "$port" --store "$(dsn)" --server-id "s$i" \
        --behind-proxy --connections-per-address 0 --log-format json ${SERVER_ARGS[@]+"${SERVER_ARGS[@]}"} \
        < /dev/null >> "$LOGS/s$i.log" 2>&1 &
    local pid=$!
    set +m
    echo "$pid" > "$RUN/s$i.pid"
    # until the forked shell has become the server (its command line names it), or is gone
    local tries=0
    while alive "$pid" && [ -z "$(server_pid "$i")" ] && [ "$tries" -lt 100 ]; do
        sleep 0.05
        tries=$((tries + 1))
    done
}

servers_wait() {  # servers_wait I...: until each one's /healthz answers 200
    local deadline=$((SECONDS + WAIT)) i pending
    while :; do
        pending=()
        for i in "$@"; do
            if [ -z "$(server_pid "$i")" ]; then
                tail -n 20 "$LOGS/s$i.log" >&2
                die "server s$i stopped at once (log: $LOGS/s$i.log)"
            fi
            [ "$(http_status "http://127.0.0.1:$((BASE + i))/healthz")" = 200 ] || pending+=("$i")
        done
        [ "${#pending[@]}" -gt 0 ] || return 0
        if [ "$SECONDS" -ge "$deadline" ]; then
            die "no health after ${WAIT}s from server(s) ${pending[*]/#/s} (logs in $LOGS)"
        fi
        set -- "${pending[@]}"
        sleep 0.2
    done
}

servers_stop() {
    local n i pid pids=() deadline
    n="$(count)"
    for ((i = 1; i <= n; i++)); do
        pid="$(server_pid "$i")"
        if [ -n "$pid" ]; then
            kill -TERM "$pid" 2>/dev/null || true
            pids+=("$pid")
        fi
        rm -f "$RUN/s$i.pid"
    done
    [ "${#pids[@]}" -gt 0 ] || return 0
    say "stopping ${#pids[@]} server(s) (SIGTERM: they save and hand over their matches)"
    deadline=$((SECONDS + WAIT))
    for pid in "${pids[@]}"; do
        while alive "$pid" && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.1; done
        if alive "$pid"; then
            say "server pid $pid still runs after ${WAIT}s: SIGKILL"
            kill -KILL "$pid" 2>/dev/null || true
        fi
    done
}

# --- HAProxy --------------------------------------------------------------

max_connections() {  # 20000, or what the open files' limit allows (2 a connection)
    local files
    files="$(ulimit -Hn)"
    if [ "$files" = unlimited ] || [ "$files" -ge 40100 ]; then echo 20000; else echo $(((files - 100) / 2)); fi
}

haproxy_config() {  # haproxy_config N: deploy/haproxy.cfg for this machine's loopback
    local n="$1"
    [ -f "$TEMPLATE" ] || die "no $TEMPLATE"
    awk -v n="$n" -v base="$BASE" -v port="$PORT" -v stats="$STATS_PORT" -v per="$PER_ADDRESS" \
        -v maxconn="$(max_connections)" '
        function fill(text) {
            gsub(/[$][{]MAXCONN[}]/, maxconn, text)
            gsub(/[$][{]PORT[}]/, port, text)
            gsub(/[$][{]STATS_PORT[}]/, stats, text)
            gsub(/[$][{]PER_ADDRESS[}]/, per, text)
            return text
        }
        BEGIN { print "# rendered by deploy/local-cluster.sh from deploy/haproxy.cfg: " n " server(s)" }
        /^# begin compose-only/ { skip = 1; next }
        /^# end compose-only/ { skip = 0; next }
        skip { next }
        /^[ \t]*# begin servers/ {
            match($0, /^[ \t]*/); indent = substr($0, 1, RLENGTH)
            # (the source range: see deploy/haproxy.cfg)
            for (i = 1; i <= n; i++) printf "%sserver s%d 127.0.0.1:%d check source 127.0.0.1:1024-65535\n", indent, i, base + i
            for (i = 1; i <= n; i++) printf "%suse-server s%d if { url_param(at) -m str s%d }\n", indent, i, i
            servers = 1; next
        }
        /^[ \t]*# end servers/ { servers = 0; next }
        servers { next }
        /^[ \t]*[^# \t].*# local: / {
            match($0, /^[ \t]*/); indent = substr($0, 1, RLENGTH)
            text = substr($0, index($0, "# local: ") + 9)
            if (per == 0 && text ~ /[$][{]PER_ADDRESS[}]/) text = "# no limit per address (BACKGAMMON_CLUSTER_PER_ADDRESS=0)"
            print indent fill(text); next
        }
        { print }
    ' "$TEMPLATE"
}

haproxy_pid() {
    local pid
    pid="$(head -n 1 "$RUN/haproxy.pid" 2>/dev/null || true)"
    if alive "$pid" && tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$STATE/haproxy.cfg"; then
        echo "$pid"
    fi
}

haproxy_start() {
    local n="$1" out
    need_haproxy
    if [ -n "$(haproxy_pid)" ]; then say "HAProxy runs already (port $PORT)"; return; fi
    haproxy_config "$n" > "$STATE/haproxy.cfg"
    out="$("$HAPROXY" -c -f "$STATE/haproxy.cfg" 2>&1)" || { echo "$out" >&2; die "HAProxy refuses $STATE/haproxy.cfg"; }
    say "starting HAProxy on 127.0.0.1:$PORT (stats: http://127.0.0.1:$STATS_PORT/)"
    "$HAPROXY" -D -p "$RUN/haproxy.pid" -f "$STATE/haproxy.cfg" < /dev/null > "$LOGS/haproxy.log" 2>&1 \
        || { cat "$LOGS/haproxy.log" >&2; die "HAProxy did not start (log: $LOGS/haproxy.log)"; }
}

haproxy_wait() {  # until HAProxy counts N servers up (its health checks passed)
    local n="$1" deadline=$((SECONDS + WAIT)) up
    while :; do
        up="$(http_body "http://127.0.0.1:$STATS_PORT/;csv" | awk -F, '$1 == "servers" && $2 ~ /^s[0-9]+$/ && $18 == "UP"' | wc -l)"
        [ "$up" -lt "$n" ] || return 0
        [ "$SECONDS" -lt "$deadline" ] || die "HAProxy counts $up of $n servers up after ${WAIT}s (stats: http://127.0.0.1:$STATS_PORT/)"
        sleep 0.2
    done
}

haproxy_stop() {
    local pid
    pid="$(haproxy_pid)"
    rm -f "$RUN/haproxy.pid"
    [ -n "$pid" ] || return 0
    say "stopping HAProxy"
    kill -TERM "$pid" 2>/dev/null || true
    local deadline=$((SECONDS + 10))
    while alive "$pid" && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.1; done
    if alive "$pid"; then kill -KILL "$pid" 2>/dev/null || true; fi
}

# --- the commands ---------------------------------------------------------

running_parts() {  # how many of the cluster's processes run
    local n i parts=0
    n="$(count)"
    for ((i = 1; i <= n; i++)); do [ -z "$(server_pid "$i")" ] || parts=$((parts + 1)); done
    [ -z "$(haproxy_pid)" ] || parts=$((parts + 1))
    if pg_running; then parts=$((parts + 1)); fi
    echo "$parts"
}

cmd_up() {
    local n="${1:-}" old i started=()
    [[ "$n" =~ ^[1-9][0-9]*$ ]] || die "usage: local-cluster.sh up N (N: how many server processes, 1 or more)"
    [ $((BASE + n)) -le 65535 ] || die "ports $((BASE + 1))..$((BASE + n)) do not exist"
    need_server
    need_haproxy
    need_postgresql
    old="$(count)"
    if [ "$old" != 0 ] && [ "$old" != "$n" ] && [ "$(running_parts)" -gt 0 ]; then
        die "the cluster runs with $old server(s): run 'local-cluster.sh down' first"
    fi
    make_state
    echo "$n" > "$STATE/count"
    ulimit -n "$(ulimit -Hn)" 2>/dev/null || true   # thousands of WebSockets
    pg_start "$n"
    for ((i = 1; i <= n; i++)); do
        if [ -z "$(server_pid "$i")" ]; then server_start "$i"; started+=("$i"); fi
    done
    if [ "${#started[@]}" -eq 0 ]; then say "the $n server(s) run already"; else
        say "starting ${#started[@]} server(s) on ports $((BASE + 1))..$((BASE + n)) (logs: $LOGS)"
        servers_wait "${started[@]}"
    fi
    haproxy_start "$n"
    haproxy_wait "$n"
    say "up: $n server(s), store $(dsn)"
    echo "$URL"
}

cmd_down() {
    servers_stop
    pg_stop
    haproxy_stop
    say "down"
}

cmd_pids() {
    local n i pid
    n="$(count)"
    for ((i = 1; i <= n; i++)); do
        pid="$(server_pid "$i")"
        [ -z "$pid" ] || echo "$pid"
    done
}

cmd_revive() {
    local n i revived=()
    n="$(count)"
    [ "$n" -gt 0 ] || die "the cluster was never started: run 'local-cluster.sh up N'"
    need_server
    ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
    for ((i = 1; i <= n; i++)); do
        if [ -z "$(server_pid "$i")" ]; then server_start "$i"; revived+=("$i"); fi
    done
    [ "${#revived[@]}" -gt 0 ] || { say "every server runs"; return 0; }
    servers_wait "${revived[@]}"
    for i in "${revived[@]}"; do server_pid "$i"; done
}

cmd_status() {
    local n i pid whole=0
    n="$(count)"
    if [ ! -f "$MARK" ]; then echo "nothing: no cluster in $STATE"; return 3; fi
    echo "state folder: $STATE"
    if pg_running; then
        echo "PostgreSQL: runs on 127.0.0.1:$PGPORT_ ($(dsn))"
    else
        echo "PostgreSQL: stopped"; whole=3
    fi
    for ((i = 1; i <= n; i++)); do
        pid="$(server_pid "$i")"
        if [ -n "$pid" ]; then
            echo "server s$i: pid $pid, port $((BASE + i)), /healthz $(http_status "http://127.0.0.1:$((BASE + i))/healthz")"
        else
            echo "server s$i: stopped"; whole=3
        fi
    done
    pid="$(haproxy_pid)"
    if [ -n "$pid" ]; then
        echo "HAProxy: pid $pid, players at $URL, stats at http://127.0.0.1:$STATS_PORT/"
    else
        echo "HAProxy: stopped"; whole=3
    fi
    return "$whole"
}

cmd_clean() {
    cmd_down
    if [ -d "$STATE" ]; then
        [ -f "$MARK" ] || die "$STATE was not made by this script: left as it is"
        local sockets
        sockets="$(cat "$STATE/socketdir" 2>/dev/null || true)"
        if [ -n "$sockets" ] && [ "$sockets" != "$STATE/pg/socket" ]; then rm -rf "$sockets"; fi
        rm -rf "$STATE"
        say "removed $STATE"
    fi
}

usage() {
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed -e '$d' -e 's/^# \{0,1\}//'
}

case "${1:-}" in
    up) cmd_up "${2:-}" ;;
    down) cmd_down ;;
    pids) cmd_pids ;;
    revive) cmd_revive ;;
    status) cmd_status ;;
    pg-restart) pg_restart ;;
    url) echo "$URL" ;;
    dsn) dsn ;;
    haproxy-config)
        [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || die "usage: local-cluster.sh haproxy-config N"
        haproxy_config "$2" ;;
    clean) cmd_clean ;;
    -h | --help | help) usage ;;
    *) usage >&2; exit 2 ;;
esac
