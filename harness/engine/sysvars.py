"""System variables: the session settings the binary log depends on.

Only variables replbed models (or that clients routinely read) are known; an
unknown variable is error 1193, as on the server. The Query event's status
variables (sql_mode bits, FLAGS2, charsets) are derived from here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from harness.engine.errors import ServerError, error

if TYPE_CHECKING:
    from harness.engine.thd import Thd

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
}
DEFAULT_COLLATION = {"latin1": "latin1_swedish_ci", "utf8mb4": "utf8mb4_general_ci", "utf8mb3": "utf8mb3_general_ci",
                     "utf8": "utf8mb3_general_ci", "binary": "binary"}

OPTION_NOT_AUTOCOMMIT = 1 << 19
OPTION_NO_FOREIGN_KEY_CHECKS = 1 << 26
OPTION_RELAXED_UNIQUE_CHECKS = 1 << 27
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


def _sql_mode(v: Any) -> str:
    parts = [p.strip().upper() for p in str(v).split(",") if p.strip()]
    for p in parts:
        if p not in SQL_MODE_BITS:
            raise ValueError(v)
    return ",".join(parts)


def _int(v: Any) -> int:
    return int(v)


def _str(v: Any) -> str:
    return "" if v is None else str(v)


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
    "timestamp": (0, _int, "session"),
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


class GlobalVariables:
    """``overrides``/``aliases``: the flavour's own variables and defaults (harness/model/flavor.py)."""

    def __init__(self, overrides: dict[str, tuple[Any, Callable[[Any], Any], str]] | None = None,
                 aliases: dict[str, str] | None = None) -> None:
        self.definitions = {**DEFINITIONS, **(overrides or {})}
        self.aliases = {**ALIASES, **(aliases or {})}
        self.values: dict[str, Any] = {k: d for k, (d, _c, _s) in self.definitions.items()}


# sql_mode text -> Q_SQL_MODE_CODE bits; every logged statement asks (a few distinct values).
_SQL_MODE_CACHE: dict[str, int] = {}


class SessionVariables:
    """Session values start as copies of the globals (as at connect time)."""

    __slots__ = ("globals", "values")

    def __init__(self, globals_: GlobalVariables) -> None:
        self.globals = globals_
        self.values: dict[str, Any] = dict(globals_.values)

    def canonical(self, name: str) -> str:
        n = name.lower()
        n = self.globals.aliases.get(n, n)
        if n not in self.globals.definitions:
            raise error("ER_UNKNOWN_SYSTEM_VARIABLE", name)
        return n

    def get(self, name: str) -> Any:
        return self.values[name]

    def read(self, name: str, scope: str, thd: "Thd") -> Any:
        n = self.canonical(name)
        if n == "last_insert_id":
            return thd.last_insert_id
        if n == "gtid_executed":
            return thd.server.binlog.gtid_executed_text()
        if scope == "global":
            return self.globals.values[n]
        if self.globals.definitions[n][2] == "global":
            return self.globals.values[n]
        return self.values[n]

    def set(self, name: str, value: Any, scope: str) -> None:
        n = self.canonical(name)
        default, conv, allowed = self.globals.definitions[n]
        if allowed == "global" and scope != "global":
            raise error("ER_INCORRECT_GLOBAL_LOCAL_VAR", name, "GLOBAL")
        if allowed == "session" and scope == "global":
            raise error("ER_INCORRECT_GLOBAL_LOCAL_VAR", name, "SESSION")
        if value is _DEFAULT:
            v = default if scope == "global" else self.globals.values[n]
        else:
            try:
                v = conv(value)
            except (ValueError, TypeError):
                raise error("ER_WRONG_VALUE_FOR_VAR", name, "NULL" if value is None else value) from None
        if scope == "global":
            self.globals.values[n] = v
        else:
            self.values[n] = v

    def sql_mode_bits(self) -> int:
        mode = str(self.values["sql_mode"])
        bits = _SQL_MODE_CACHE.get(mode)
        if bits is None:
            bits = 0
            for p in mode.split(","):
                if p:
                    bits |= SQL_MODE_BITS[p]
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
        return f

    def default_collation(self, cs: str) -> str:
        """A charset's default collation; MySQL 8.0's utf8mb4 one is @@default_collation_for_utf8mb4."""
        if cs == "utf8mb4" and "default_collation_for_utf8mb4" in self.values:
            return str(self.values["default_collation_for_utf8mb4"])
        return DEFAULT_COLLATION.get(cs, "utf8mb4_general_ci")

    def charset_triple(self) -> tuple[int, int, int]:
        client = collation_id(self.default_collation(self.values["character_set_client"]))
        conn = collation_id(self.values["collation_connection"])
        server = collation_id(self.values["collation_server"])
        return client, conn, server

    def set_names(self, charset: str, collation: str | None) -> None:
        cs = charset.lower()
        if cs == "utf8":
            cs = "utf8mb3"
        if cs not in DEFAULT_COLLATION:
            raise ServerError(1115, f"Unknown character set: '{charset}'", "42000")
        coll = (collation or self.default_collation(cs)).lower()
        self.values["character_set_client"] = cs
        self.values["character_set_connection"] = cs
        self.values["character_set_results"] = cs
        self.values["collation_connection"] = coll


def collation_id(name: str) -> int:
    return COLLATIONS.get(name.lower(), (45, "utf8mb4"))[0]


class _DefaultMarker:
    pass


_DEFAULT = _DefaultMarker()
DEFAULT = _DEFAULT
