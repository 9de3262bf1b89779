"""Small stand-ins for what the binlog layers read (harness/model/session.py); tests/model/_fakes.py.

They are plain dataclasses implementing the protocols, not mocks of the SQL
layer: no parser, no executor, no catalog. The layers under test are real, and
so is the BinaryLog they write to (in a temporary directory).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from harness.binlog.query import StatusVar, mariadb_query_status_vars
from harness.binlog.reader import read_binlog_file
from harness.binlog.render import event_type_name, info_text
from harness.model.cache import BinlogCacheMngr
from harness.model.flavor import Flavor
from harness.model.flavors.mariadb import mariadb_10_11
from harness.model.flush import BinaryLog
from harness.model.logstate import StmtLogState, TrxLogState

MYSQL_TYPE_LONG = 3


# ------------------------------------------------------------------ tables


@dataclass(frozen=True)
class Engine:
    name: str
    transactional: bool
    stmt_capable: bool = True
    row_capable: bool = True
    self_logging: bool = False
    row_only_below_repeatable_read: bool = False
    xa_capable: bool = False


INNODB = Engine("InnoDB", True, row_only_below_repeatable_read=True, xa_capable=True)
MYISAM = Engine("MyISAM", False)
STMT_ONLY = Engine("STMTONLY", True, row_capable=False)  # HA_BINLOG_STMT_CAPABLE only
ROW_ONLY = Engine("ROWONLY", True, stmt_capable=False)  # HA_BINLOG_ROW_CAPABLE only
SELF_LOGGING = Engine("SELFLOG", True, self_logging=True)  # HA_HAS_OWN_BINLOGGING


@dataclass(frozen=True)
class IntColumnType:
    binlog_type: int = MYSQL_TYPE_LONG
    is_blob: bool = False
    table_map_metadata_kind: str = "numeric"

    def binlog_metadata(self) -> int:
        return 0

    def codec_value(self) -> Callable[[Any], Any]:
        return lambda v: v


@dataclass(frozen=True)
class Column:
    name: str
    type: IntColumnType = field(default_factory=IntColumnType)
    nullable: bool = True


@dataclass(frozen=True)
class Key:
    columns: list[int]


@dataclass(eq=False)
class Table:
    """A two-column INT table with a primary key on the first column."""

    name: str
    engine: Engine
    temporary: bool = False
    db: str = "test"
    table_id: int = 0
    columns: list[Column] = field(default_factory=lambda: [Column("a", nullable=False), Column("b")])
    triggers: list[object] = field(default_factory=list)
    auto_inc_col: int | None = None
    created_in_row_format: bool = False
    data: Any = None

    @property
    def transactional(self) -> bool:
        return self.engine.transactional

    def clustered_key(self) -> Key | None:
        return Key([0])


# ------------------------------------------------------------------ statements


@dataclass
class Use:
    table: Table
    write: bool
    read: bool = False


@dataclass
class Facts:
    """The statement facts decide_logging_format reads (StatementFacts)."""

    uses: list[Use] = field(default_factory=list)
    kind: str = "INSERT"
    functions: set[str] = field(default_factory=set)
    sysvars_read: list[str] = field(default_factory=list)
    has_limit: bool = False
    insert_delayed: bool = False
    inherited_unsafe: int = 0
    autoinc_in_substatement: bool = False
    writes_autoinc_table: bool = False
    insert_on_dup_unique_keys: int = 0
    insert_on_duplicate: bool = False
    function_unsafe: bool = False
    created_table: Any = None
    is_insert_select: bool = False
    is_replace_select: bool = False
    is_insert_ignore_select: bool = False
    row_injection: bool = False
    # RowStatementFacts
    maybe_null_tables: set[int] = field(default_factory=set)

    def table_map_count(self, table: Any) -> int:
        return 1

    @property
    def written(self) -> list[Table]:
        return [u.table for u in self.uses if u.write]


# ------------------------------------------------------------------ sessions


@dataclass
class DecideFacts:
    """The session facts layer 1 reads (DecideSession)."""

    binlog_format: str = "MIXED"
    binlog_direct_non_trans_update: bool = False
    caches: BinlogCacheMngr = field(default_factory=BinlogCacheMngr)
    trx_log: TrxLogState = field(default_factory=TrxLogState)
    flavor: Flavor = field(default_factory=mariadb_10_11)
    sql_log_bin: bool = True
    isolation: str = "REPEATABLE-READ"
    multi_stmt_transaction: bool = False

    def binlog_enabled(self) -> bool:
        return self.sql_log_bin

    def isolation_below_repeatable_read(self) -> bool:
        return self.isolation in ("READ-COMMITTED", "READ-UNCOMMITTED")

    def in_multi_stmt_transaction_mode(self) -> bool:
        return self.multi_stmt_transaction


@dataclass
class Vars:
    values: dict[str, Any] = field(default_factory=lambda: {
        "gtid_domain_id": 0, "gtid_seq_no": 0, "skip_parallel_replication": 0,
        "binlog_annotate_row_events": 1, "time_zone": "SYSTEM"})

    def get(self, name: str) -> Any:
        return self.values[name]

    def charset_triple(self) -> tuple[int, int, int]:
        return (33, 33, 8)

    def sql_mode_bits(self) -> int:
        return 0

    def flags2(self) -> int:
        return 0

    def rows_flags(self) -> int:
        """No NO_FOREIGN_KEY_CHECKS_F / RELAXED_UNIQUE_CHECKS_F: every check on, as by default."""
        return 0


@dataclass
class GlobalVarsFake:
    """The global variables a layer reads (the binlog cache sizes)."""

    values: dict[str, Any] = field(default_factory=lambda: {"binlog_cache_size": 32768,
                                                            "binlog_stmt_cache_size": 32768})


@dataclass
class Server:
    flavor: Flavor
    binlog: BinaryLog
    status: dict[str, int] = field(default_factory=lambda: {"Binlog_cache_use": 0, "Binlog_stmt_cache_use": 0,
                                                            "Binlog_cache_disk_use": 0,
                                                            "Binlog_stmt_cache_disk_use": 0})
    global_vars: Any = field(default_factory=lambda: GlobalVarsFake())


@dataclass
class Statement:
    """The running statement (StatementView): plain fields a test sets."""

    info: Facts | None = None
    text: str = ""
    start: dt.datetime = field(default_factory=lambda: dt.datetime(2026, 1, 1))
    timestamp: int = 1_767_225_600
    no_annotate: bool = False
    row_format: bool = False
    changed_nontrans: bool = False
    changed_nontrans_temp: bool = False
    changed_xa: bool = False


@dataclass
class Session(DecideFacts):
    """What layers 2 and 3 read (SessionView): the statement's event context and
    the layers' logging state (trx_log, stmt_log), all plain fields a test sets."""

    server: Server | None = None
    vars: Vars = field(default_factory=Vars)
    server_id: int = 1
    connection_id: int = 7
    db: str | None = "test"
    user: str = "root"
    definer_host: str = "127.0.0.1"
    binlog_row_image: str = "FULL"
    stmt_after_image_is_write_set: bool = False
    binlog_row_event_max_size: int = 8192
    locked_tables: dict[tuple[str, str], str] | None = None
    stmt: Statement = field(default_factory=lambda: Statement())
    stmt_log: StmtLogState = field(default_factory=StmtLogState)
    trx_nontrans_temp_modified: bool = False
    sp_unsafe: int | None = None
    gtid_next_used: bool = False
    sp_modified_nontrans: bool = False
    unsafe_warnings: list[int] = field(default_factory=list)

    def query_status_vars(self, *, xid: int | None = None, invoker: bool = False, hrnow: bool = False,
                          charset_client: int | None = None, text: str = "",
                          updated_db: str | None = None) -> list[StatusVar]:
        return mariadb_query_status_vars(xid=xid)

    def issue_unsafe_warnings(self, mask: int) -> None:
        self.unsafe_warnings.append(mask)

    def stmt_written_tables(self) -> list[Any]:
        return self.stmt.info.written if self.stmt.info is not None else []

    def write_locked_tables(self) -> list[Any]:
        return []


def open_session(tmp: Path, **kw: Any) -> Session:
    """A session on a fresh MariaDB 10.11 binary log in ``tmp``."""
    flavor = mariadb_10_11()
    binlog = BinaryLog(tmp / "binlog", flavor=flavor)
    binlog.open()
    stmt = Statement(**{k[len("stmt_"):]: kw.pop(k) for k in list(kw)
                        if k.startswith("stmt_") and k[len("stmt_"):] in Statement.__dataclass_fields__})
    return Session(server=Server(flavor, binlog), flavor=flavor, stmt=stmt, **kw)


def written_events(s: Session) -> list[tuple[str, str]]:
    """(Event_type, Info) of every event after each file's header."""
    assert s.server is not None
    b = s.server.binlog
    return [(event_type_name(ev), info_text(ev))
            for f in b.files for ev in read_binlog_file(b.dir / f)[3:]]
