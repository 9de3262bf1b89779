"""Server kinds as data: which real servers replbed is compared with, and how to get them.

A *kind* is one real server release as a distribution packages it: the Debian
suite it comes from, the packages that make it up, where its programs live, the
profile it is started with by default, the replbed flavour that imitates it and
its family (``mariadb`` or ``mysql``, for workload annotations that only make
sense for one family).  Everything that starts, replays or reads a real server
takes these facts from :data:`KINDS`; nothing else names a path or a package.

A kind whose ``suite`` is ``None`` is installed on the host itself
(``scripts/bootstrap.sh`` does it); every other kind runs from a root of its own
that :mod:`harness.providers.roots` builds from Debian's archive, because the
newer servers need a newer libc and libstdc++ than the host has.
"""

from __future__ import annotations

from dataclasses import dataclass


class UnknownKindError(ValueError):
    """A server kind that is not in :data:`KINDS`."""


@dataclass(frozen=True)
class ServerKind:
    name: str
    family: str  # "mariadb" or "mysql"
    flavor: str  # the replbed flavour that imitates this server
    description: str
    # Debian suite of the root; None: the host's own packages (no root).
    suite: str | None
    # What apt installs into the root (--no-install-recommends).
    packages: tuple[str, ...]
    # The package whose version names the root: a new version rebuilds it.
    version_package: str
    # Paths inside the root (or on the host when suite is None).
    server: str
    install_db: str | None  # None: the server initializes itself (mysqld --initialize-insecure)
    client: str
    binlog_tool: str
    plugin_dir: str
    # The server profile a run uses when it names none (harness/profile.py).
    default_profile: str
    # Other profiles that make sense for this kind (the first is the default).
    profiles: tuple[str, ...] = ()
    # What the harness sends to a server of this kind (and to replbed's flavour of it),
    # where the two families spell the same thing differently:
    #  - the statement that empties the binlog between cases (MySQL 8.4 removed RESET
    #    MASTER: sql/sql_yacc.yy has only RESET BINARY LOGS AND GTIDS);
    #  - the statement that names the current binlog file (8.4 removed SHOW MASTER STATUS
    #    for SHOW BINARY LOG STATUS);
    #  - whether a rotation is followed by a Binlog_checkpoint the harness waits for
    #    (MariaDB's binlog background thread writes it; MySQL has no such event);
    #  - a workload's session settings under this kind's names: ``tx_isolation`` and
    #    ``tx_read_only`` are MariaDB 10.11's (it has no ``transaction_isolation``),
    #    MySQL 8.0 removed them for ``transaction_isolation`` / ``transaction_read_only``
    #    (sql/sys_vars.cc), so a setting is sent under the name the server has.
    reset_binlogs_sql: str = "RESET MASTER"
    binlog_status_sql: str = "SHOW MASTER STATUS"
    binlog_checkpoints: bool = True
    # The server's count of client connections, where SHOW PROCESSLIST stops listing a
    # closing connection before its thread has finished writing to the binlog. MySQL's
    # List_process_list (sql/sql_show.cc) skips a THD whose connection is no longer alive,
    # but THD::release_resources closes the vio before cleanup() runs close_temporary_tables,
    # which logs the disconnect's DROP TEMPORARY TABLE statements; Threads_connected
    # (Connection_handler_manager::connection_count) drops only after release_resources
    # (conn_handler/connection_handler_per_thread.cc). None: SHOW PROCESSLIST is enough.
    connections_count_sql: str | None = None
    session_variable_names: tuple[tuple[str, str], ...] = ()
    # sql_mode flags this kind no longer has: MySQL 8.0 removed NO_AUTO_CREATE_USER
    # (sql/sys_vars.cc ``sql_mode_names`` has no such name, so ``SET sql_mode`` naming
    # it is 1231). Generated workloads leave them out (:meth:`sql_mode`).
    removed_sql_modes: tuple[str, ...] = ()
    lib_dir: str = "usr/lib/x86_64-linux-gnu"
    loader: str = "usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2"
    share_dir: str = "usr/share/mysql"

    @property
    def needs_root(self) -> bool:
        return self.suite is not None

    @property
    def is_mysql(self) -> bool:
        return self.family == "mysql"

    def session_variable(self, name: str) -> str:
        """A workload setting's variable under the name this kind has (``tx_isolation``
        is ``transaction_isolation`` on MySQL); other names unchanged."""
        return dict(self.session_variable_names).get(name.lower(), name)

    def sql_mode(self, value: str) -> str:
        """An ``sql_mode`` value (a quoted literal or bare list) without the flags this
        kind removed, so a server of the kind accepts it; others unchanged."""
        if not self.removed_sql_modes:
            return value
        quote = value[0] if value[:1] in ("'", '"') else ""
        flags = value.strip("'\"").split(",")
        kept = ",".join(f for f in flags if f.strip().upper() not in self.removed_sql_modes)
        return f"{quote}{kept}{quote}"

    def file_options(self, files_dir: object) -> tuple[str, ...]:
        """Where LOAD DATA INFILE / SELECT ... INTO OUTFILE may reach, the same for every
        provider that starts this kind (the local process and the container must not differ).

        MySQL refuses to start without ``--secure-file-priv`` (its compiled-in directory
        does not exist here): it gets the directory of the workloads' data files
        (``harness.workload.parser.data_files_root``). MariaDB has no default (no
        restriction) and Debian's profile sets none: nothing, as the packaged server.
        A container gets ``files_dir`` mounted at the same path either way."""
        return (f"--secure-file-priv={files_dir}",) if self.is_mysql else ()


KINDS: dict[str, ServerKind] = {
    k.name: k
    for k in (
        ServerKind(
            name="mariadb-10.11",
            family="mariadb",
            flavor="mariadb-10.11",
            description="MariaDB 10.11, Debian 12 (bookworm), installed on the host",
            suite=None,
            packages=("mariadb-server", "mariadb-client"),
            version_package="mariadb-server-core",
            server="/usr/sbin/mariadbd",
            install_db="/usr/bin/mariadb-install-db",
            client="/usr/bin/mariadb",
            binlog_tool="/usr/bin/mariadb-binlog",
            plugin_dir="/usr/lib/mysql/plugin",
            default_profile="debian",
            profiles=("debian", "no-defaults", "skip-name-resolve"),
        ),
        ServerKind(
            name="mariadb-11.8",
            family="mariadb",
            flavor="mariadb-11.8",
            description="MariaDB 11.8, Debian 13 (trixie), with Debian's packaged server configuration",
            suite="trixie",
            packages=("mariadb-server", "mariadb-client"),
            version_package="mariadb-server-core",
            server="usr/sbin/mariadbd",
            install_db="usr/bin/mariadb-install-db",
            client="usr/bin/mariadb",
            binlog_tool="usr/bin/mariadb-binlog",
            plugin_dir="usr/lib/mysql/plugin",
            default_profile="mariadb-11.8-debian",
            profiles=("mariadb-11.8-debian",),
            share_dir="usr/share/mariadb",
        ),
        ServerKind(
            name="mysql-9.7",
            family="mysql",
            flavor="mysql-9.7",
            description="MySQL 9.7 LTS, Debian unstable (sid)",
            suite="sid",
            packages=("mysql-server-core", "mysql-client"),
            version_package="mysql-server-core",
            server="usr/sbin/mysqld",
            install_db=None,
            client="usr/bin/mysql",
            binlog_tool="usr/bin/mysqlbinlog",
            plugin_dir="usr/lib/mysql/plugin",
            default_profile="mysql-9.7-gtid-off",
            profiles=("mysql-9.7-gtid-off", "mysql-9.7-gtid-on"),
            reset_binlogs_sql="RESET BINARY LOGS AND GTIDS",
            binlog_status_sql="SHOW BINARY LOG STATUS",
            binlog_checkpoints=False,
            connections_count_sql="SHOW GLOBAL STATUS LIKE 'Threads_connected'",
            session_variable_names=(("tx_isolation", "transaction_isolation"),
                                    ("tx_read_only", "transaction_read_only")),
            removed_sql_modes=("NO_AUTO_CREATE_USER",),
        ),
    )
}

DEFAULT_KIND = "mariadb-10.11"
# The candidate side of a run that names no candidate: replbed with the reference's flavour.
REPLBED = "replbed"


def get_kind(name: str | None) -> ServerKind:
    """The kind called ``name`` (None: the default reference, MariaDB 10.11)."""
    if name is None:
        return KINDS[DEFAULT_KIND]
    try:
        return KINDS[name]
    except KeyError:
        raise UnknownKindError(f"unknown server kind {name!r}; expected one of {', '.join(KINDS)}") from None


def kind_for_flavor(flavor: str) -> ServerKind | None:
    """The real server a replbed flavour imitates, if the matrix has it."""
    for kind in KINDS.values():
        if kind.flavor == flavor:
            return kind
    return None


def family_of(name: str) -> str:
    """``mariadb`` or ``mysql`` for a kind or flavour name (``mysql-8.0`` included)."""
    if name in KINDS:
        return KINDS[name].family
    return "mysql" if name.startswith("mysql") else "mariadb"
