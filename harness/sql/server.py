"""Server-wide state shared by all sessions: catalog, binary log, globals, counters."""

from __future__ import annotations

import itertools
import socket
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from harness.config import ServeConfig
from harness.profile import ServerProfile
from harness.sql.handler.catalog import Catalog
from harness.sql.handler.lock_sys import LockSys
from harness.sql.stmt.sql_acl import install_db_accounts
from harness.sql.stmt.status_vars import StatusCounters, create_log_tables
from harness.sql.sys_vars.sysvars import GlobalVariables
from harness.sql.sys_vars.sysvar_profile import sysvar_profile_for
from harness.model.flavors import flavor_for
from harness.model.flush import BinaryLog

if TYPE_CHECKING:
    from harness.sql.thd import Thd
    from harness.sql.stmt.xa import XidState


class UserLocks:
    """GET_LOCK / RELEASE_LOCK state, shared by every session (MariaDB's MDL user locks).

    A holder may take its lock again: each GET_LOCK counts and each RELEASE_LOCK
    gives one back (probed: RELEASE_ALL_LOCKS answers the total of those counts).
    GET_LOCK never waits here: a lock another session holds answers 0 at once, as
    it does on the server after the timeout (workloads use timeout 0).
    """

    def __init__(self) -> None:
        self.owners: dict[str, tuple[int, int]] = {}  # name -> (connection id, count)

    def acquire(self, name: str, conn: int) -> int:
        owner, count = self.owners.get(name, (conn, 0))
        if owner != conn:
            return 0
        self.owners[name] = (conn, count + 1)
        return 1

    def release(self, name: str, conn: int) -> int | None:
        if name not in self.owners:
            return None
        owner, count = self.owners[name]
        if owner != conn:
            return 0
        if count > 1:
            self.owners[name] = (conn, count - 1)
        else:
            del self.owners[name]
        return 1

    def release_all(self, conn: int) -> int:
        """RELEASE_ALL_LOCKS() and disconnect: every lock of ``conn``; the number of GET_LOCKs undone."""
        mine = [n for n, (owner, _c) in self.owners.items() if owner == conn]
        total = sum(self.owners.pop(n)[1] for n in mine)
        return total

    def owner(self, name: str) -> int | None:
        held = self.owners.get(name)
        return held[0] if held else None


def apply_profile(values: dict[str, object], profile: ServerProfile) -> None:
    """The startup values of the globals a ServerProfile sets (what mariadbd's options set).

    The database default (character_set_database) is the server's: every database
    here is created with the server's default character set.  So are the global
    client, connection and results character sets (init_common_variables sets them
    all from default_charset_info; observed on a latin1 server: @@global.character_set_client
    latin1 whatever the clients negotiate); a thread that starts from the globals,
    the delayed-insert thread, logs with them."""
    if profile.binlog_checksum != "CRC32":
        raise ValueError(f"profile {profile.name}: replbed writes binlog_checksum=CRC32 only, "
                         f"not {profile.binlog_checksum}")
    if "ha_blackhole" not in profile.plugins:
        raise ValueError(f"profile {profile.name}: replbed models BLACKHOLE as loaded "
                         "(--plugin-load-add=ha_blackhole)")
    cs, coll = profile.character_set_server, str(profile.collation_server)
    for name, value in (("character_set_server", cs), ("collation_server", coll),
                        ("character_set_database", cs), ("collation_database", coll),
                        ("character_set_client", cs), ("character_set_connection", cs),
                        ("character_set_results", cs), ("collation_connection", coll),
                        ("sql_mode", profile.sql_mode), ("binlog_row_image", profile.binlog_row_image),
                        ("gtid_domain_id", profile.gtid_domain_id),
                        ("binlog_annotate_row_events", int(profile.binlog_annotate_row_events)),
                        ("skip_name_resolve", int(profile.skip_name_resolve))):
        if name in values:
            values[name] = value


class ServerState:
    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        # The flavour's policies (harness/model/flavor.py, harness/model/flavors/), chosen once here.
        self.flavor = flavor_for(config.flavor, gtid_mode=config.gtid_mode, server_uuid=config.server_uuid)
        self.version = self.flavor.server_version
        self.catalog = Catalog()
        # Accounts and roles (stmt/sql_acl.py): mariadb-install-db's to begin with.
        self.accounts = install_db_accounts(socket.gethostname())
        self.roles: set[str] = set()
        # The password hashes of the accounts created here: (user, host) -> SHA1(SHA1(pw)).
        self.account_auth: dict[tuple[str, str], bytes] = {}
        # Database- and table-level privilege rows: (user, host, db, table or '') -> privileges.
        self.account_grants: dict[tuple[str, str, str, str], set[str]] = {}
        # Events (stmt/sql_event.py): (db, name in lower case) -> Event.
        self.events: dict[tuple[str, str], Any] = {}
        # Its system-variable profile (harness/sql/sys_vars/sysvar_profile.py), by the same name.
        self.sysvars = sysvar_profile_for(config.flavor, gtid_mode=config.gtid_mode, server_uuid=config.server_uuid)
        self.global_vars = GlobalVariables(self.sysvars.overrides(), self.sysvars.aliases(), self.sysvars.catalog(),
                                          self.sysvars.hidden(), self.sysvars.deprecated())
        # The profiles describe MariaDB servers; the MySQL flavour keeps its own defaults.
        self.profile: ServerProfile | None = config.profile if config.flavor.startswith("mariadb") else None
        # How a client's address becomes USER()'s host and the matched account's: the run's
        # profile of the flavour's family (a MySQL one too: 9.7.4 [bytes] USER() from 127.0.0.1
        # is root@localhost, names resolved -- sql/hostname.cc ip_to_hostname's loopback case)
        self.host_profile: ServerProfile | None = (
            self.profile or (config.profile if config.profile.family == "mysql" else None))
        self.global_vars.values["server_id"] = config.server_id
        self.global_vars.values["port"] = config.port
        # Where the binlog files really are: mariadb-binlog and MTR's include files build
        # paths from @@datadir / @@log_bin_basename (the server's datadir holds its binlogs).
        binlog_dir = Path(config.binlog_dir).resolve()
        self.global_vars.values["datadir"] = str(binlog_dir) + "/"
        self.global_vars.values["log_bin_basename"] = str(binlog_dir / config.log_bin_basename)
        self.global_vars.values["log_bin_index"] = str(binlog_dir / config.log_bin_basename) + ".index"
        if self.profile is not None:
            apply_profile(self.global_vars.values, self.profile)
        self.binlog = BinaryLog(config.binlog_dir, config.log_bin_basename, config.server_id,
                                domain_id=self.profile.gtid_domain_id if self.profile else 0,
                                server_version=self.version, flavor=self.flavor, global_vars=self.global_vars)
        self.status: dict[str, int] = {"Binlog_cache_use": 0, "Binlog_stmt_cache_use": 0,
                                       "Binlog_cache_disk_use": 0, "Binlog_stmt_cache_disk_use": 0}
        self.sessions: dict[int, "Thd"] = {}
        # KILL of a connection that is not running SQL: what the protocol layer registered
        # to end it (a binlog dump's stop: harness/server/binlog_dump.py com_binlog_dump).
        self.killers: dict[int, Callable[[], None]] = {}
        # SHOW STATUS beyond the binlog's counters (stmt/status_vars.py), and the sessions
        # holding FLUSH TABLES WITH READ LOCK (stmt/global_read_lock.py).
        self.counters = StatusCounters()
        self.global_read_lock_holders: set[int] = set()
        # The xid cache: every user XA branch by (gtrid, bqual), attached or left prepared.
        self.xid_cache: dict[tuple[bytes, bytes], "XidState"] = {}
        self.user_locks = UserLocks()
        self._uuid_short = itertools.count(1)
        # The event scheduler's worker sessions (stmt/sql_event_mysql.py): ids of their own,
        # apart from the clients' (the binlog's thread ids are not compared)
        self.event_thread_ids = itertools.count(1 << 24)
        # The engine mutex: held while a statement runs, given up while it waits
        # (a row lock, SLEEP) through lock_sys.cond, so other sessions run meanwhile.
        self.lock = threading.RLock()
        self.lock_sys = LockSys(self.lock)
        for db in ("mysql", "information_schema", "performance_schema"):
            self.catalog.create_db(db)
        create_log_tables(self)

    def next_uuid_short(self) -> int:
        return next(self._uuid_short)

    def start(self) -> None:
        from harness.sql.item.number_text import configure_decimal_arithmetic
        configure_decimal_arithmetic()
        self.binlog.open()
        if "server_uuid" in self.global_vars.values:
            uuid = self.flavor.gtid.ensure_uuid(self.binlog)
            if uuid is not None:
                self.global_vars.values["server_uuid"] = uuid

    def shutdown(self) -> None:
        self.binlog.close()
