"""System variables: the session settings the binary log depends on.

Only variables replbed models (or that clients routinely read) are known; an
unknown variable is error 1193, as on the server. The Query event's status
variables (sql_mode bits, FLAGS2, charsets) are derived from here.
"""

from __future__ import annotations

import functools

import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from harness.sql.sql_errors import ServerError, error

if TYPE_CHECKING:
    from harness.sql.thd import Thd

SQL_MODE_BITS = {
    "REAL_AS_FLOAT": 1, "PIPES_AS_CONCAT": 2, "ANSI_QUOTES": 4, "IGNORE_SPACE": 8,
    "IGNORE_BAD_TABLE_OPTIONS": 16, "ONLY_FULL_GROUP_BY": 32, "NO_UNSIGNED_SUBTRACTION": 64,
    "NO_DIR_IN_CREATE": 128, "POSTGRESQL": 256, "ORACLE": 512, "MSSQL": 1024, "DB2": 2048, "MAXDB": 4096,
    "NO_KEY_OPTIONS": 8192, "NO_TABLE_OPTIONS": 16384, "NO_FIELD_OPTIONS": 32768, "MYSQL323": 65536,
    "MYSQL40": 131072, "ANSI": 262144, "NO_AUTO_VALUE_ON_ZERO": 524288, "NO_BACKSLASH_ESCAPES": 1048576,
    "STRICT_TRANS_TABLES": 2097152, "STRICT_ALL_TABLES": 4194304, "NO_ZERO_IN_DATE": 8388608,
    "NO_ZERO_DATE": 16777216, "ALLOW_INVALID_DATES": 33554432, "ERROR_FOR_DIVISION_BY_ZERO": 67108864,
    "TRADITIONAL": 134217728, "NO_AUTO_CREATE_USER": 268435456, "HIGH_NOT_PRECEDENCE": 536870912,
    "NO_ENGINE_SUBSTITUTION": 1073741824, "PAD_CHAR_TO_FULL_LENGTH": 2147483648,
}
DEFAULT_SQL_MODE = "STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION"

COLLATIONS = {
    "latin1_swedish_ci": (8, "latin1"), "utf8mb3_general_ci": (33, "utf8mb3"), "utf8_general_ci": (33, "utf8mb3"),
    "utf8mb4_general_ci": (45, "utf8mb4"), "utf8mb4_bin": (46, "utf8mb4"), "binary": (63, "binary"),
    "latin1_bin": (47, "latin1"), "utf8mb4_unicode_ci": (224, "utf8mb4"), "utf8mb4_0900_ai_ci": (255, "utf8mb4"),
    "ucs2_general_ci": (35, "ucs2"), "ucs2_bin": (90, "ucs2"), "utf16_general_ci": (54, "utf16"),
    "utf16_bin": (55, "utf16"), "utf32_general_ci": (60, "utf32"), "utf32_bin": (61, "utf32"),
    "cp932_japanese_ci": (95, "cp932"), "cp932_bin": (96, "cp932"),
    # MariaDB 10.10+'s UCA 14.0.0 collations (MariaDB 11.8's defaults: its global
    # collation_connection / collation_server, so the Q_CHARSET of a thread started from
    # the globals, the INSERT DELAYED handler's COMMIT, is (45, 2304, 2304): corpus
    # s002_unsafe_insert_delayed)
    "utf8mb4_uca1400_ai_ci": (2304, "utf8mb4"), "utf8mb3_uca1400_ai_ci": (2048, "utf8mb3"),
}
DEFAULT_COLLATION = {"latin1": "latin1_swedish_ci", "utf8mb4": "utf8mb4_general_ci", "utf8mb3": "utf8mb3_general_ci",
                     "utf8": "utf8mb3_general_ci", "binary": "binary", "ucs2": "ucs2_general_ci",
                     "utf16": "utf16_general_ci", "utf32": "utf32_general_ci", "cp932": "cp932_japanese_ci"}

OPTION_NOT_AUTOCOMMIT = 1 << 19
OPTION_NO_FOREIGN_KEY_CHECKS = 1 << 26
OPTION_RELAXED_UNIQUE_CHECKS = 1 << 27
# MariaDB: check_constraint_checks=0 (observed: Q_FLAGS2 0x01008000 after SET check_constraint_checks=0).
OPTION_NO_CHECK_CONSTRAINT_CHECKS = 1 << 15
OPTION_EXPLICIT_DEF_TIMESTAMP = 1 << 24


def _bool(v: Any) -> int:
    if isinstance(v, str):
        u = v.upper()
        if u in ("ON", "1", "TRUE", "YES"):
            return 1
        if u in ("OFF", "0", "FALSE", "NO"):
            return 0
        raise ValueError(v)
    return 1 if int(v) else 0


def _enum(*choices: str) -> Callable[[Any], str]:
    def conv(v: Any) -> str:
        if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(choices):
            return choices[v]
        u = str(v).upper().replace(" ", "-")
        if u not in choices:
            raise ValueError(v)
        return u
    return conv


# Combination modes (expand_sql_mode): setting one sets the modes it stands for too.
SQL_MODE_COMBINATIONS = {
    "TRADITIONAL": ("STRICT_TRANS_TABLES", "STRICT_ALL_TABLES", "NO_ZERO_IN_DATE", "NO_ZERO_DATE",
                    "ERROR_FOR_DIVISION_BY_ZERO", "NO_AUTO_CREATE_USER", "NO_ENGINE_SUBSTITUTION"),
    "ANSI": ("REAL_AS_FLOAT", "PIPES_AS_CONCAT", "ANSI_QUOTES", "IGNORE_SPACE"),
}


class BadSetElement(ValueError):
    """A SET value's unknown element; ``shown`` is what 1231 names."""

    def __init__(self, shown: str) -> None:
        super().__init__(shown)
        self.shown = shown


def _sql_mode(v: Any, removed: frozenset[str] = frozenset(), name_element: bool = False) -> str:
    """A SET value: names (or a number) are expanded and printed in bit order, as the server does.
    ``removed``: the names this server no longer has (MySQL 8.0: an error, and not in TRADITIONAL);
    ``name_element``: 1231 names the first unknown element, not the whole value."""
    known = {n: b for n, b in SQL_MODE_BITS.items() if n not in removed}
    if isinstance(v, int) and not isinstance(v, bool):
        parts = [n for n, b in known.items() if v & b]
        if v & ~sum(known.values()):
            raise ValueError(v)
    else:
        parts = [p.strip().upper() for p in str(v).split(",") if p.strip()]
    for p in parts:
        if p not in known:
            if name_element:
                raise BadSetElement(next(q.strip() for q in str(v).split(",") if q.strip().upper() == p))
            raise ValueError(v)
    chosen = set(parts)
    for p in parts:
        chosen.update(SQL_MODE_COMBINATIONS.get(p, ()))
    return ",".join(n for n in known if n in chosen)


# MySQL 8.0 removed these sql_mode names (sql_mode.h: the bits stay unused; SET names them: 1231)
MYSQL_REMOVED_SQL_MODES = frozenset("""POSTGRESQL ORACLE MSSQL DB2 MAXDB NO_KEY_OPTIONS NO_TABLE_OPTIONS
    NO_FIELD_OPTIONS MYSQL323 MYSQL40 NO_AUTO_CREATE_USER""".split())


def mysql_sql_mode_value(v: Any) -> str:
    """MySQL 8.0+'s sql_mode: TRADITIONAL without NO_AUTO_CREATE_USER (9.7.4 [bytes]: Q_SQL_MODE_CODE
    1306525696 after SET sql_mode = 'TRADITIONAL')."""
    # sys_vars.cc Sys_var_set::do_check: find_set's error names the first unknown element
    # (9.7.4 observed: `SET sql_mode = 'ANSI_QUOTES,FOO,BAR'` -> 1231 ... value of 'FOO')
    return _sql_mode(v, MYSQL_REMOVED_SQL_MODES, name_element=True)


def _int(v: Any) -> int:
    return int(v)


def _timestamp(v: Any) -> Any:
    """SET TIMESTAMP: seconds since the epoch with up to 6 fractional digits (kept exact as
    a Decimal); 0 gives the statements their real time again."""
    from decimal import Decimal
    d = Decimal(str(v)).quantize(Decimal("0.000001"))
    if d < 0 or d > 2147483647:
        raise ValueError(v)
    return int(d) if d == d.to_integral_value() else d


def _str(v: Any) -> str:
    return "" if v is None else str(v)


_EPOCH = dt.datetime(1970, 1, 1)

# name: (default, converter, scope) — scope: both | session | global
DEFINITIONS: dict[str, tuple[Any, Callable[[Any], Any], str]] = {
    "binlog_format": ("MIXED", _enum("MIXED", "STATEMENT", "ROW"), "both"),
    "binlog_row_image": ("FULL", _enum("MINIMAL", "NOBLOB", "FULL", "FULL_NODUP"), "both"),
    "binlog_annotate_row_events": (1, _bool, "both"),
    "binlog_direct_non_transactional_updates": (0, _bool, "both"),
    "binlog_row_metadata": ("NO_LOG", _enum("NO_LOG", "MINIMAL", "FULL"), "global"),
    "binlog_checksum": ("CRC32", _enum("NONE", "CRC32"), "global"),
    "autocommit": (1, _bool, "both"),
    "sql_log_bin": (1, _bool, "session"),
    "log_bin_trust_function_creators": (0, _bool, "global"),
    "sql_mode": (DEFAULT_SQL_MODE, _sql_mode, "both"),
    "tx_isolation": ("REPEATABLE-READ", _enum("READ-UNCOMMITTED", "READ-COMMITTED", "REPEATABLE-READ",
                                              "SERIALIZABLE"), "both"),
    "tx_read_only": (0, _bool, "both"),
    "foreign_key_checks": (1, _bool, "both"),
    "unique_checks": (1, _bool, "both"),
    "auto_increment_increment": (1, _int, "both"),
    "auto_increment_offset": (1, _int, "both"),
    "time_zone": ("SYSTEM", _str, "both"),
    "character_set_client": ("utf8mb4", _str, "both"),
    "character_set_connection": ("utf8mb4", _str, "both"),
    "character_set_results": ("utf8mb4", _str, "both"),
    "character_set_server": ("utf8mb4", _str, "both"),
    "collation_connection": ("utf8mb4_general_ci", _str, "both"),
    "collation_server": ("utf8mb4_general_ci", _str, "both"),
    "collation_database": ("utf8mb4_general_ci", _str, "both"),
    "character_set_database": ("utf8mb4", _str, "both"),
    "default_storage_engine": ("InnoDB", _str, "both"),
    "storage_engine": ("InnoDB", _str, "both"),
    "max_allowed_packet": (16777216, _int, "both"),
    "net_write_timeout": (60, _int, "both"),
    "net_read_timeout": (30, _int, "both"),
    "wait_timeout": (28800, _int, "both"),
    "interactive_timeout": (28800, _int, "both"),
    "lower_case_table_names": (0, _int, "global"),
    "gtid_domain_id": (0, _int, "both"),
    "gtid_strict_mode": (0, _bool, "global"),
    "log_bin": (1, _bool, "global"),
    "server_id": (1, _int, "both"),
    "version_comment": ("replbed (MariaDB 10.11 binary log model)", _str, "global"),
    "system_time_zone": ("UTC", _str, "global"),
    "explicit_defaults_for_timestamp": (1, _bool, "both"),
    "div_precision_increment": (4, _int, "both"),
    "lc_time_names": ("en_US", _str, "both"),
    "last_insert_id": (0, _int, "session"),
    "insert_id": (0, _int, "session"),
    "timestamp": (0, _timestamp, "session"),
    "pseudo_thread_id": (0, _int, "session"),
    "skip_parallel_replication": (0, _bool, "session"),
    "big_tables": (0, _bool, "both"),
    "sql_auto_is_null": (0, _bool, "both"),
    "innodb_autoinc_lock_mode": (1, _int, "global"),
    "hostname": ("replbed", _str, "global"),
    "port": (3306, _int, "global"),
}
# MariaDB 10.11 knows tx_isolation / tx_read_only only (transaction_isolation
# arrived in 11.1): an unknown name is error 1193, as on the server.
ALIASES = {"storage_engine": "default_storage_engine", "identity": "last_insert_id"}


# Variables whose converters carry modelled meaning (charsets, time zone, engines, the
# Query event's status variables): their values are kept as replbed defines them even
# where the MariaDB catalog knows the name; scope and read-only still come from the catalog.
MODELLED = frozenset("""sql_mode time_zone character_set_client character_set_connection character_set_results
    character_set_server character_set_database collation_connection collation_server collation_database
    default_storage_engine storage_engine lc_time_names last_insert_id insert_id timestamp pseudo_thread_id
    port hostname""".split())
# Session values that exist but can only be set globally (sys_var's SESSION_READ_ONLY).
SESSION_READ_ONLY = frozenset({"max_allowed_packet", "net_buffer_length"})
_SCOPES = {"GLOBAL": "global", "SESSION": "both", "SESSION ONLY": "session"}
_INT_TYPES = frozenset({"INT", "INT UNSIGNED", "BIGINT", "BIGINT UNSIGNED"})

Warnings = list[tuple[int, str]]


@dataclass(frozen=True)
class VarDef:
    """One system variable: how SET converts a value, where it lives, whether it can be set."""

    default: Any
    convert: Callable[[str, Any], tuple[Any, Warnings]]
    scope: str  # both | session | global
    read_only: bool = False


def deprecated_note(name: str) -> Any:
    """sys_var's deprecation warning (sys_vars.h Sys_var_*: ER_WARN_DEPRECATED_SYNTAX_NO_REPLACEMENT)."""
    from harness.sql.sql_errors import Note
    return Note("Warning", 1287, f"'@@{name}' is deprecated and will be removed in a future release.")


def _plain(conv: Callable[[Any], Any]) -> Callable[[str, Any], tuple[Any, Warnings]]:
    def convert(name: str, value: Any) -> tuple[Any, Warnings]:
        try:
            return conv(value), []
        except BadSetElement as bad:
            raise error("ER_WRONG_VALUE_FOR_VAR", name, bad.shown) from None
        except (ValueError, TypeError):
            raise error("ER_WRONG_VALUE_FOR_VAR", name, "NULL" if value is None else value) from None
    return convert


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) or isinstance(v, bool)


def _shown(v: Any) -> str:
    return "NULL" if v is None else str(v)


def _catalog_convert(vtype: str, lo: str | None, hi: str | None, block: str | None,
                     choices: str | None) -> Callable[[str, Any], tuple[Any, Warnings]]:
    """sys_var's check/update by type: integers clip (warning 1292), a wrong kind is 1232, a bad word 1231."""
    options = choices.split(",") if choices else []
    upper = [c.upper() for c in options]

    def convert(name: str, v: Any) -> tuple[Any, Warnings]:
        if vtype in _INT_TYPES:
            return _convert_int(name, v, lo, hi, block)
        if vtype == "DOUBLE":
            return _convert_double(name, v, lo, hi)
        if vtype == "BOOLEAN":
            return _convert_boolean(name, v)
        if vtype == "ENUM":
            return _convert_enum(name, v, options, upper)
        if vtype == "SET":
            return _convert_set(name, v, options, upper)
        if vtype == "FLAGSET":
            return _convert_flagset(name, v, options)
        if v is not None and not isinstance(v, str):
            raise _wrong_type(name)
        return v, []
    return convert


def _wrong_type(name: str) -> ServerError:
    return error("ER_WRONG_TYPE_FOR_VAR", name)


def _convert_int(name: str, v: Any, lo: str | None, hi: str | None, block: str | None) -> tuple[Any, Warnings]:
    if not _is_int(v):
        raise _wrong_type(name)
    n = int(v)
    m = max(int(lo or 0), min(int(hi or n), n))
    if block and int(block) > 1:
        m -= m % int(block)
    warns = [(1292, f"Truncated incorrect {name} value: '{v}'")] if m != n else []
    return m, warns


def _convert_double(name: str, v: Any, lo: str | None, hi: str | None) -> tuple[Any, Warnings]:
    if isinstance(v, str) or v is None:
        raise _wrong_type(name)
    f = float(v)
    m = max(float(lo or 0), min(float(hi or f), f))
    return m, ([(1292, f"Truncated incorrect {name} value: '{v}'")] if m != f else [])


def _convert_boolean(name: str, v: Any) -> tuple[Any, Warnings]:
    if v is None:
        raise error("ER_WRONG_VALUE_FOR_VAR", name, "NULL")
    if _is_int(v):
        if int(v) in (0, 1):
            return int(v), []
        raise error("ER_WRONG_VALUE_FOR_VAR", name, v)
    if not isinstance(v, str):
        raise _wrong_type(name)
    u = v.upper()
    if u in ("ON", "TRUE", "1"):
        return 1, []
    if u in ("OFF", "FALSE", "0"):
        return 0, []
    raise error("ER_WRONG_VALUE_FOR_VAR", name, v)


def _convert_enum(name: str, v: Any, options: list[str], upper: list[str]) -> tuple[Any, Warnings]:
    if v is None:
        raise error("ER_WRONG_VALUE_FOR_VAR", name, "NULL")
    if _is_int(v):
        if 0 <= int(v) < len(options):
            return options[int(v)], []
        raise error("ER_WRONG_VALUE_FOR_VAR", name, v)
    if not isinstance(v, str):
        raise _wrong_type(name)
    if v.upper() in upper:
        return options[upper.index(v.upper())], []
    raise error("ER_WRONG_VALUE_FOR_VAR", name, v)


def _convert_set(name: str, v: Any, options: list[str], upper: list[str]) -> tuple[Any, Warnings]:
    if v is None:
        raise error("ER_WRONG_VALUE_FOR_VAR", name, "NULL")
    if _is_int(v):
        bits = int(v)
        if bits < 0 or bits >= 1 << len(options):
            raise error("ER_WRONG_VALUE_FOR_VAR", name, v)
        return ",".join(o for i, o in enumerate(options) if bits >> i & 1), []
    if not isinstance(v, str):
        raise _wrong_type(name)
    picked = set()
    for part in (p.strip().upper() for p in v.split(",") if p.strip()):
        if part not in upper:
            raise error("ER_WRONG_VALUE_FOR_VAR", name, v)
        picked.add(upper.index(part))
    return ",".join(options[i] for i in sorted(picked)), []


def _convert_flagset(name: str, v: Any, options: list[str]) -> tuple[Any, Warnings]:
    if not isinstance(v, str):
        raise error("ER_WRONG_VALUE_FOR_VAR", name, _shown(v))
    for part in (p.strip() for p in v.split(",") if p.strip()):
        flag, _, state = part.partition("=")
        if part.lower() != "default" and (flag.lower() not in options
                                          or state.lower() not in ("on", "off", "default")):
            raise error("ER_WRONG_VALUE_FOR_VAR", name, v)
    return v, []


def _catalog_value(vtype: str, raw: str | None) -> Any:
    if raw is None:
        return None
    if vtype in _INT_TYPES:
        return int(raw)
    if vtype == "DOUBLE":
        return float(raw)
    if vtype == "BOOLEAN":
        return 1 if raw == "ON" else 0
    return raw


def catalog_definitions(catalog: tuple[tuple[Any, ...], ...]) -> dict[str, VarDef]:
    """VarDefs from a server's recorded SYSTEM_VARIABLES rows (harness/sql/sys_vars/sysvar_catalog.py)."""
    out: dict[str, VarDef] = {}
    for name, scope, vtype, value, lo, hi, block, choices, read_only in catalog:
        out[name] = VarDef(_catalog_value(vtype, value), _catalog_convert(vtype, lo, hi, block, choices),
                           _SCOPES[scope], read_only)
    return out


def mariadb_catalog() -> dict[str, VarDef]:
    from harness.sql.sys_vars.sysvar_catalog import CATALOG
    return catalog_definitions(CATALOG)


def _mysql_type(value: str | None, lo: str | None) -> tuple[str, str | None]:
    """A MySQL-only variable's type, as its recorded value and bounds show it."""
    if value in ("ON", "OFF"):
        return "BOOLEAN", "OFF,ON"
    if lo is not None:
        return ("BIGINT" if lo.startswith("-") else "BIGINT UNSIGNED"), None
    return "VARCHAR", None


@functools.lru_cache(maxsize=1)
def mysql_catalog() -> dict[str, VarDef]:
    """MySQL 9.7's variables (harness/sql/sys_vars/sysvar_catalog_mysql.py): its names, scopes,
    values, bounds and read-only flags; the type and choices of a name MariaDB shares come from
    MariaDB's recorded catalog, a MySQL-only name's from its value and bounds."""
    from harness.sql.sys_vars.sysvar_catalog import CATALOG
    from harness.sql.sys_vars.sysvar_catalog_mysql import CATALOG as MYSQL
    maria = {row[0]: row for row in CATALOG}
    rows = []
    for name, scope, value, lo, hi, read_only in MYSQL:
        m = maria.get(name)
        if m is not None:
            vtype, block, choices = m[2], m[6], m[7]
            lo, hi = (lo, hi) if lo is not None else (m[4], m[5])
        else:
            (vtype, choices), block = _mysql_type(value, lo), None
        if vtype in _INT_TYPES and value is not None and not value.lstrip("-").isdigit():
            vtype = "VARCHAR"
        rows.append((name, scope, vtype, value, lo, hi, block, choices, read_only))
    return catalog_definitions(tuple(rows))


class GlobalVariables:
    """``overrides``/``aliases``: the flavour's own variables and defaults (harness/model/flavor.py);
    ``catalog``: every variable the server knows (scope, read-only, type, value at start)."""

    def __init__(self, overrides: dict[str, tuple[Any, Callable[[Any], Any], str]] | None = None,
                 aliases: dict[str, str] | None = None, catalog: dict[str, VarDef] | None = None,
                 hidden: frozenset[str] = frozenset(), deprecated: frozenset[str] = frozenset()) -> None:
        known = dict(catalog or {})
        # names the model keeps internally that the server does not have (MySQL: tx_isolation):
        # 1193 when a statement names them
        self.hidden = hidden
        # names whose every SET and @@ read warns 1287 (MySQL 8.0.34+: binlog_format, ...)
        self.deprecated = deprecated
        for name, (default, conv, scope) in {**DEFINITIONS, **(overrides or {})}.items():
            cat = known.get(name)
            if cat is None:
                known[name] = VarDef(default, _plain(conv), scope)
            elif name in MODELLED or overrides and name in overrides:
                known[name] = VarDef(default, _plain(conv), cat.scope, cat.read_only)
        self.definitions = known
        self.aliases = {**ALIASES, **(aliases or {})}
        self.values: dict[str, Any] = {k: d.default for k, d in self.definitions.items()}


# sql_mode text -> Q_SQL_MODE_CODE bits; every logged statement asks (a few distinct values).
_SQL_MODE_CACHE: dict[str, int] = {}


class SessionVariables:
    """Session values start as copies of the globals (as at connect time)."""

    __slots__ = ("globals", "values")

    def __init__(self, globals_: GlobalVariables) -> None:
        self.globals = globals_
        self.values: dict[str, Any] = dict(globals_.values)

    def canonical(self, name: str, *, surface: bool = True) -> str:
        n = name.lower()
        if surface and n in self.globals.hidden:
            raise error("ER_UNKNOWN_SYSTEM_VARIABLE", name)
        n = self.globals.aliases.get(n, n)
        if n not in self.globals.definitions:
            raise error("ER_UNKNOWN_SYSTEM_VARIABLE", name)
        return n

    def get(self, name: str) -> Any:
        return self.values[name]

    def read(self, name: str, scope: str, thd: "Thd") -> Any:
        """``scope``: global (@@global.x), session (@@session.x / @@local.x) or default (@@x)."""
        n = self.canonical(name)
        where = self.globals.definitions[n].scope
        if scope == "global" and where == "session":
            raise error("ER_INCORRECT_GLOBAL_LOCAL_VAR", name, "SESSION")
        if scope == "session" and where == "global":
            # the scope is checked before the deprecation's 1287 (9.7.4 observed:
            # `SELECT @@session.log_bin_trust_function_creators` is 1238 alone)
            raise error("ER_INCORRECT_GLOBAL_LOCAL_VAR", name, "GLOBAL")
        if n in self.globals.deprecated and deprecated_note(n) not in thd.notes:
            thd.notes.append(deprecated_note(n))  # once, though the expression is evaluated again
        if n == "last_insert_id":
            return thd.last_insert_id
        if n == "pseudo_thread_id" and not self.values.get(n):
            return thd.connection_id  # the THD's thread id until SET (probed: = CONNECTION_ID())
        if n == "gtid_executed":
            return thd.server.binlog.gtid_executed_text()
        if n == "in_transaction":
            # The status word's SERVER_STATUS_IN_TRANS; kept after a statement's own rollback
            # (a lock wait timeout rolls back the statement only).
            return int(thd.in_active_multi_stmt_transaction())
        if n == "timestamp":
            # The statement's time: the user's (SET TIMESTAMP) or the real one, with microseconds.
            return self.values[n] or (thd.stmt.start - _EPOCH).total_seconds()
        if n in ("gtid_binlog_pos", "gtid_current_pos", "gtid_binlog_state"):
            return thd.server.binlog.gtid_pos_text(all_servers=n == "gtid_binlog_state")
        if scope == "global" or where == "global":
            return self.globals.values[n]
        return self.values[n]

    def set(self, name: str, value: Any, scope: str) -> Warnings:
        """Store a SET's value; returns the warnings the conversion raised (clipped integers)."""
        n = self.canonical(name, surface=False)
        d = self.globals.definitions[n]
        if d.read_only:
            raise error("ER_INCORRECT_GLOBAL_LOCAL_VAR", name, "read only")
        if d.scope == "session" and scope == "global":
            raise error("ER_LOCAL_VARIABLE", name)
        if d.scope == "global" and scope != "global":
            raise error("ER_GLOBAL_VARIABLE", name)
        if n in SESSION_READ_ONLY and scope != "global":
            raise error("ER_VARIABLE_IS_READONLY", "SESSION", name, "GLOBAL")
        warns: Warnings = []
        if value is not _DEFAULT:
            _check_wide_charset(n, name, value)
        if value is _DEFAULT:
            v = d.default if scope == "global" else self.globals.values[n]
        else:
            v, warns = d.convert(name, value)
        if scope == "global":
            self.globals.values[n] = v
            if n == "server_id":
                # fix_server_id: SET GLOBAL server_id sets the session's too (BUG#28908).
                self.values[n] = v
        else:
            self.values[n] = v
        return warns

    def sql_mode_bits(self) -> int:
        mode = str(self.values["sql_mode"])
        bits = _SQL_MODE_CACHE.get(mode)
        if bits is None:
            bits = 0
            for p in mode.split(","):
                bits |= SQL_MODE_BITS.get(p, 0)
            _SQL_MODE_CACHE[mode] = bits
        return bits

    def flags2(self) -> int:
        # OPTION_NOT_AUTOCOMMIT is masked out of Query events (the applier must not
        # inherit autocommit=0; observed on 10.11: flags2 0 after SET autocommit=0).
        f = OPTION_EXPLICIT_DEF_TIMESTAMP if self.values["explicit_defaults_for_timestamp"] else 0
        if not self.values["foreign_key_checks"]:
            f |= OPTION_NO_FOREIGN_KEY_CHECKS
        if not self.values["unique_checks"]:
            f |= OPTION_RELAXED_UNIQUE_CHECKS
        if not self.values.get("check_constraint_checks", 1):
            f |= OPTION_NO_CHECK_CONSTRAINT_CHECKS
        # OPTIONS_WRITTEN_TO_BIN_LOG also holds OPTION_AUTO_IS_NULL (1 << 14) and MariaDB's
        # OPTION_IF_EXISTS (1 << 28) (observed on 10.11.19: 0x1d00c000 with all five set)
        if self.values.get("sql_auto_is_null"):
            f |= 0x4000
        if self.values.get("sql_if_exists"):
            f |= 0x10000000
        return f

    def rows_flags(self) -> int:
        """The flags a Rows event takes from the session (Rows_log_event's constructor):
        NO_FOREIGN_KEY_CHECKS_F, RELAXED_UNIQUE_CHECKS_F, NO_CHECK_CONSTRAINT_CHECKS_F
        (observed: flags 3 and 129 with STMT_END_F)."""
        f = 0 if self.values["foreign_key_checks"] else 2
        if not self.values["unique_checks"]:
            f |= 4
        if not self.values.get("check_constraint_checks", 1):
            f |= 128
        return f

    def default_collation(self, cs: str) -> str:
        """A charset's default collation; MySQL 8.0's utf8mb4 one is @@default_collation_for_utf8mb4."""
        if cs == "utf8mb4" and "default_collation_for_utf8mb4" in self.values:
            return str(self.values["default_collation_for_utf8mb4"])
        return DEFAULT_COLLATION.get(cs, "utf8mb4_general_ci")

    def charset_triple(self, *, global_: bool = False) -> tuple[int, int, int]:
        """Q_CHARSET_CODE: client charset, connection and server collations; ``global_``:
        those a thread started from global_system_variables has (the delayed-insert thread)."""
        values = self.globals.values if global_ else self.values
        client = collation_id(self.default_collation(values["character_set_client"]))
        conn = collation_id(values["collation_connection"])
        server = collation_id(values["collation_server"])
        return client, conn, server

    def set_names(self, charset: str, collation: str | None) -> None:
        cs = charset.lower()
        if cs == "utf8":
            cs = "utf8mb3"
        if cs not in DEFAULT_COLLATION:
            raise error("ER_UNKNOWN_CHARACTER_SET", charset)
        _check_wide_charset("character_set_client", "character_set_client", cs)
        coll = (collation or self.default_collation(cs)).lower()
        self.values["character_set_client"] = cs
        self.values["character_set_connection"] = cs
        self.values["character_set_results"] = cs
        self.values["collation_connection"] = coll


# Character sets whose characters take at least two bytes (mbminlen > 1: ucs2, utf16,
# utf32). The server refuses them as the client's (sys_vars.cc check_cs_client:
# ER_WRONG_VALUE_FOR_VAR); as the connection's they are legal, but the model reads every
# literal in an ASCII-compatible connection set, so that is refused as not modelled.
WIDE_CHARSETS = frozenset({"ucs2", "utf16", "utf32"})


def _check_wide_charset(n: str, name: str, value: Any) -> None:
    if n not in ("character_set_client", "character_set_connection", "collation_connection"):
        return
    text = str(value).lower()
    cs = text if n != "collation_connection" else COLLATIONS.get(text, (0, ""))[1]
    if cs not in WIDE_CHARSETS:
        return
    if n == "character_set_client":
        raise error("ER_WRONG_VALUE_FOR_VAR", n, str(value))
    from harness.sql.parse.parse_errors import UnsupportedError
    raise UnsupportedError(f"{n} = {value} (a connection character set of two or more bytes a character)")


def collation_id(name: str) -> int:
    return COLLATIONS.get(name.lower(), (45, "utf8mb4"))[0]


class _DefaultMarker:
    pass


_DEFAULT = _DefaultMarker()
DEFAULT = _DEFAULT


# Public names of the value checks, for the flavours' profiles (harness/sql/sys_vars/sysvar_profile.py).
bool_value = _bool
enum_value = _enum
sql_mode_value = _sql_mode
str_value = _str
