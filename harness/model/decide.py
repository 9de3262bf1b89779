"""Layer 1: decide the logging format of a statement (``decide_logging_format``).

Follows MariaDB 10.11's ``THD::decide_logging_format`` (see
docs/RULES-mariadb-10.11.md section 2): collect the written and accessed
engines' capabilities, mark the statement unsafe where the server does, raise
the "impossible to log" errors, and pick ROW or STATEMENT. The Note 1592
warnings are not issued here: the flags travel with the decision and are
issued only if the statement is actually written (``binlog_query``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from harness.diagnostics import MESSAGES, Note, ServerError, register
from harness.model.session import DecideSession, StatementFacts
from harness.model.unsafe import REASONS, Unsafe, bit

# System variables that are replicated correctly in statement format.
SAFE_SYSVARS = frozenset(
    """auto_increment_increment auto_increment_offset character_set_client character_set_connection
    character_set_database character_set_server collation_connection collation_database collation_server
    foreign_key_checks identity last_insert_id lc_time_names pseudo_thread_id sql_auto_is_null time_zone
    timestamp unique_checks rand_seed1 rand_seed2 explicit_defaults_for_timestamp""".split()
)

UNSAFE_FUNCTION_NAMES = frozenset(
    """FOUND_ROWS GET_LOCK IS_FREE_LOCK IS_USED_LOCK LOAD_FILE MASTER_POS_WAIT RELEASE_LOCK ROW_COUNT
    SESSION_USER SLEEP SYSDATE SYSTEM_USER USER UUID UUID_SHORT MASTER_GTID_WAIT RELEASE_ALL_LOCKS
    CURRENT_USER CURRENT_ROLE VERSION SYS_GUID BINLOG_GTID_POS RANDOM_BYTES""".split()
)

# Impossible-to-log errors (MariaDB 10.11 texts), in the one error registry.
register({
    "ER_BINLOG_ROW_ENGINE_AND_STMT_ENGINE": (
        1661, "HY000", "Cannot execute statement: impossible to write to binary log since both row-incapable "
                       "engines and statement-incapable engines are involved"),
    "ER_BINLOG_ROW_MODE_AND_STMT_ENGINE": (
        1662, "HY000", "Cannot execute statement: impossible to write to binary log since BINLOG_FORMAT = ROW "
                       "and at least one table uses a storage engine limited to statement-based logging"),
    "ER_BINLOG_UNSAFE_AND_STMT_ENGINE": (
        1663, "HY000", "Cannot execute statement: impossible to write to binary log since statement is unsafe, "
                       "storage engine is limited to statement-based logging, and BINLOG_FORMAT = MIXED. {0}"),
    "ER_BINLOG_ROW_INJECTION_AND_STMT_ENGINE": (
        1664, "HY000", "Cannot execute statement: impossible to write to binary log since statement is in row "
                       "format and at least one table uses a storage engine limited to statement-based logging"),
    "ER_BINLOG_STMT_MODE_AND_ROW_ENGINE": (
        1665, "HY000", "Cannot execute statement: impossible to write to binary log since BINLOG_FORMAT = "
                       "STATEMENT and at least one table uses a storage engine limited to row-based logging.{0}"),
    "ER_BINLOG_ROW_INJECTION_AND_STMT_MODE": (
        1666, "HY000", "Cannot execute statement: impossible to write to binary log since statement is in row "
                       "format and BINLOG_FORMAT = STATEMENT"),
    "ER_BINLOG_MULTIPLE_ENGINES_AND_SELF_LOGGING_ENGINE": (
        1667, "HY000", "Cannot execute statement: impossible to write to binary log since more than one engine "
                       "is involved and at least one engine is self-logging"),
})
INNODB_RC_SUFFIX = (" InnoDB is limited to row-logging when transaction isolation level is READ COMMITTED or "
                    "READ UNCOMMITTED.")


@dataclass(frozen=True, slots=True)
class LoggingDecision:
    """What layer 1 decided for one statement."""

    row: bool  # log this statement's changes as row events
    unsafe: int  # Unsafe bitmask
    warn_unsafe: int  # flags to report as Note 1592 if the statement is written in statement format
    logged: bool = True  # False when binary logging is off for this statement
    # MIXED switched to rows by decide_logging_format_low (INSERT ... ON DUPLICATE KEY
    # UPDATE over two unique keys), after the tables' columns were marked for statement
    # logging: rpl_write_set is the write set, so the after images hold only its columns
    # whatever binlog_row_image says (observed; the before images follow the setting).
    late_row: bool = False


NOT_LOGGED = LoggingDecision(row=False, unsafe=0, warn_unsafe=0, logged=False)


def _mixed_decision(unsafe: int, stmt_capable_all: bool, forced_row: bool,
                    two_keys_late: bool = True) -> LoggingDecision:
    """MIXED: rows when unsafe or an engine cannot log statements. INSERT_TWO_KEYS alone
    is found by decide_logging_format_low, after the columns were marked (late_row), where
    the flavour finds it late (EventStyle.two_keys_found_late)."""
    row = bool(unsafe) or not stmt_capable_all or forced_row
    late = two_keys_late and row and unsafe == bit(Unsafe.INSERT_TWO_KEYS) and stmt_capable_all and not forced_row
    return LoggingDecision(row=row, unsafe=unsafe, warn_unsafe=0, late_row=late)


def statement_unsafe_flags(info: StatementFacts) -> int:
    """Unsafeness known from the statement text alone (set at parse time in the server)."""
    flags = info.inherited_unsafe
    if info.has_limit:
        flags |= bit(Unsafe.LIMIT)
    if info.insert_delayed:
        flags |= bit(Unsafe.INSERT_DELAYED)
    if info.functions & UNSAFE_FUNCTION_NAMES or info.function_unsafe:
        flags |= bit(Unsafe.SYSTEM_FUNCTION)
    if any(v.lower() not in SAFE_SYSVARS for v in info.sysvars_read):
        flags |= bit(Unsafe.SYSTEM_VARIABLE)
    if info.is_insert_ignore_select:
        flags |= bit(Unsafe.INSERT_IGNORE_SELECT)
    if info.is_insert_select and info.insert_on_duplicate:
        # Whatever keys the table has (a table without one is unsafe too, probed).
        flags |= bit(Unsafe.INSERT_SELECT_UPDATE)
    if info.is_replace_select:
        flags |= bit(Unsafe.REPLACE_SELECT)
    if info.kind == "UPDATE_IGNORE":
        flags |= bit(Unsafe.UPDATE_IGNORE)
    return flags


def is_mixed_stmt_unsafe(info: StatementFacts, multi_stmt_trans: bool, binlog_direct: bool,
                         trx_cache_not_empty: bool, below_repeatable_read: bool,
                         created_counts_below_rr: bool = False) -> bool:
    """MariaDB's ``LEX::is_mixed_stmt_unsafe`` over the statement's accessed-table classes
    (R-unsafe-nontransactional). ``created_counts_below_rr``: the new base table of a
    CREATE ... SELECT is a written table of its engine for the isolation-level rule
    (MySQL: ``DdlLogging.created_table_counts_below_rr``)."""
    w = {"T": False, "N": False, "TT": False, "TN": False}
    r = {"T": False, "N": False, "TT": False, "TN": False}
    # The table CREATE ... SELECT creates is a placeholder when the format is decided:
    # it writes no N-table for the isolation-level rule (probed: MIXED, READ
    # UNCOMMITTED, CREATE TABLE m ENGINE=MyISAM SELECT FROM an InnoDB table is a
    # statement).
    # A new base table is no written table for the multi-statement-transaction rules
    # either (probed: MIXED, autocommit=0, CREATE TABLE i ENGINE=InnoDB SELECT FROM a
    # MyISAM table is a statement); a new temporary one is (CREATE TEMPORARY ... MyISAM
    # SELECT FROM MyISAM after an InnoDB change in the transaction is rows), for the
    # isolation-level rule too (probed: READ COMMITTED, CREATE TEMPORARY ... MyISAM
    # SELECT FROM an InnoDB table is unsafe, 1592 in STATEMENT, rows in MIXED).
    w_nontrans = False
    for u in info.uses:
        t = u.table
        if t is info.created_table and (not t.temporary or created_counts_below_rr):
            # MySQL 9.7.4 observed (MIXED, READ UNCOMMITTED): CREATE TABLE m ENGINE=MyISAM
            # SELECT FROM an InnoDB table is rows (1592 in STATEMENT); under autocommit=0 the
            # new table still counts for no multi-statement rule -- a new temporary one
            # neither (START TRANSACTION; INSERT INTO t3; CREATE TEMPORARY TABLE x1
            # ENGINE=InnoDB SELECT id FROM m1 / x2 ENGINE=MyISAM ...: no 1592)
            w_nontrans |= created_counts_below_rr and u.write and not t.transactional
            continue
        cls = ("T" if t.transactional else "N")
        if t.temporary:
            cls = "T" + cls
        r[cls] = True
        if u.write:
            w[cls] = True
            w_nontrans |= cls in ("N", "TN")
    if w_nontrans and r["T"] and below_repeatable_read:
        return True
    if not multi_stmt_trans:
        return False
    if w["T"] and (w["N"] or r["N"]):
        return True
    if w["N"] and w["TT"]:
        return True
    if w["TT"] and r["N"]:
        return True
    if binlog_direct and (w["T"] or w["TT"]) and (w["TN"] or r["TN"]):
        return True
    if trx_cache_not_empty and w["N"] and (r["T"] or r["TT"]):
        return True
    if binlog_direct and trx_cache_not_empty and w["TN"] and (r["T"] or r["TT"]):
        return True
    if not binlog_direct and trx_cache_not_empty and w["TN"] and r["N"]:
        return True
    return False


def _error(thd: DecideSession, name: str, *args: object) -> ServerError:
    """The flavour words the message (MySQL 8.0: docs/RULES-mysql-8.0.md section 6)."""
    code, state, fmt = MESSAGES[name]
    return ServerError(code, thd.flavor.errors.error_text(code, fmt.format(*args)), state)


@dataclass
class _EngineFacts:
    """What decide_logging_format's loop over the statement's tables gathers."""

    stmt_capable_all: bool = True
    row_capable_all: bool = True
    multi_write_engine: bool = False
    multi_access_engine: bool = False
    self_logging_written: bool = False
    self_logging_accessed: bool = False
    has_read_tables: bool = False
    forced_row: bool = False


def _engine_facts(info: StatementFacts, below_rr: bool) -> _EngineFacts:
    """The engines of the tables the statement reads and writes: capabilities, mixes, self-logging."""
    f = _EngineFacts()
    prev_write = prev_access = None
    for u in info.uses:
        t = u.table
        eng = t.engine
        stmt_cap = eng.stmt_capable and not (eng.row_only_below_repeatable_read and below_rr)
        if t.temporary and t.created_in_row_format:
            stmt_cap = False
            f.forced_row = True
        if u.write:
            if prev_write is not None and prev_write is not eng:
                f.multi_write_engine = True
            f.stmt_capable_all &= stmt_cap
            f.row_capable_all &= eng.row_capable
            f.self_logging_written |= eng.self_logging
            prev_write = eng
        if u.read:
            f.has_read_tables = True
        if prev_access is not None and prev_access is not eng:
            f.multi_access_engine = True
        f.self_logging_accessed |= eng.self_logging
        prev_access = eng
    return f


def _unsafe_flags(info: StatementFacts, thd: DecideSession, facts: _EngineFacts, written: list[Any],
                  binlog_format: str, below_rr: bool) -> int:
    """The statement's unsafe flags: its own, AUTO_INCREMENT, mixed and non-transactional ones
    (R-unsafe-nontransactional), ON DUPLICATE KEY UPDATE over two unique keys."""
    unsafe = statement_unsafe_flags(info)
    if thd.flavor.events.unsafe_sysvars and any(v.lower() in thd.flavor.events.unsafe_sysvars
                                                for v in info.sysvars_read):
        unsafe |= bit(Unsafe.SYSTEM_VARIABLE)
    if binlog_format != "ROW":
        if info.writes_autoinc_table and facts.has_read_tables:
            unsafe |= bit(Unsafe.WRITE_AUTOINC_SELECT)
        if info.autoinc_in_substatement:
            unsafe |= bit(Unsafe.AUTOINC_COLUMNS)

    xs = getattr(thd, "xid_state", None)
    if thd.flavor.events.xa_dml_unsafe and xs is not None and xs.state == "ACTIVE":
        unsafe |= bit(Unsafe.XA)  # binlog.cc decide_logging_format: XID_STATE::XA_ACTIVE
    multi_stmt_trans = thd.in_multi_stmt_transaction_mode()
    trx_not_empty = not thd.caches.trx_cache.empty()
    binlog_direct = thd.binlog_direct_non_trans_update
    if is_mixed_stmt_unsafe(info, multi_stmt_trans, binlog_direct, trx_not_empty, below_rr,
                            thd.flavor.ddl.created_table_counts_below_rr):
        unsafe |= bit(Unsafe.MIXED_STATEMENT)
    elif multi_stmt_trans and trx_not_empty and not binlog_direct and any(
            not t.transactional and not t.temporary for t in written):
        unsafe |= bit(Unsafe.NONTRANS_AFTER_TRANS)

    if binlog_format != "ROW" and not unsafe and info.kind == "INSERT" and not info.is_insert_select \
            and info.insert_on_dup_unique_keys > 1:
        # decide_logging_format_low: ON DUPLICATE KEY UPDATE may change a different row
        # on the replica when two unique keys can collide (every key of an INSERT is written).
        unsafe |= bit(Unsafe.INSERT_TWO_KEYS)
    return unsafe


def _locked_by_engine(info: StatementFacts, thd: DecideSession, t: Any) -> bool:
    """Whether the engine's external_lock sees ``t`` (the table CREATE ... SELECT creates only
    where the flavour says so: MySQL 9.7.4 observed 1665 with InnoDB's suffix and 1015 for it)."""
    return t is not info.created_table or bool(getattr(thd.flavor.sql, "ctas_engine_locks", False))


def innodb_lock_refusal(info: StatementFacts, thd: DecideSession) -> ServerError | None:
    """InnoDB's refusal of STATEMENT format below REPEATABLE READ, when the statement locks tables.

    1665 with its suffix, then the failed lock's error: raised by ha_innobase::external_lock, so
    before decide_logging_format and its checks (MySQL's enforce_gtid_consistency 1785: 9.7.4
    answers 1665 for a multi-table UPDATE of InnoDB and MyISAM at READ UNCOMMITTED)."""
    if not thd.binlog_enabled() or thd.binlog_format != "STATEMENT" or not thd.isolation_below_repeatable_read():
        return None
    if not any(u.write and u.table.engine.row_only_below_repeatable_read and _locked_by_engine(info, thd, u.table)
               for u in info.uses):
        return None
    err = _error(thd, "ER_BINLOG_STMT_MODE_AND_ROW_ENGINE", INNODB_RC_SUFFIX)
    # HA_ERR_LOGGING_IMPOSSIBLE (170): SHOW WARNINGS lists a second error; the flavour words it
    code, msg = thd.flavor.sql.lock_failure(170, "It is not possible to log this statement", "InnoDB")
    err.trailing_notes = [Note("Error", code, msg)]
    return err


def decide_logging_format(info: StatementFacts, thd: DecideSession) -> LoggingDecision:
    """Layer 1, a pure function of the statement's facts and the session's state.

    Reads nothing else and changes nothing; raises ServerError when the statement
    cannot be logged at all. Applies R-unsafe-nontransactional and R-unsafe-self-logging
    before it picks the format."""
    if not thd.binlog_enabled():
        return NOT_LOGGED
    binlog_format = thd.binlog_format
    written = [u.table for u in info.uses if u.write]
    below_rr = thd.isolation_below_repeatable_read()
    facts = _engine_facts(info, below_rr)
    unsafe = _unsafe_flags(info, thd, facts, written, binlog_format, below_rr)

    # WL#3931 (seed 001): a self-logging engine cannot share a statement with another engine.
    if facts.multi_write_engine and facts.self_logging_written:
        raise _error(thd, "ER_BINLOG_MULTIPLE_ENGINES_AND_SELF_LOGGING_ENGINE")
    # R-unsafe-self-logging (seed 002): S, or an earlier statement of the same
    # transaction, touches a self-logging table. (MariaDB's own check covers only
    # the multi-engine case; no MariaDB engine is self-logging.)
    if (facts.multi_access_engine and facts.self_logging_accessed) or facts.self_logging_accessed \
            or thd.trx_log.touched_self_logging:
        unsafe |= bit(Unsafe.MULTIPLE_ENGINES_AND_SELF_LOGGING_ENGINE)

    if not written:
        return LoggingDecision(row=binlog_format == "ROW", unsafe=unsafe, warn_unsafe=0)
    return _write_decision(info, thd, facts, unsafe, written, binlog_format, below_rr)


def _write_decision(info: StatementFacts, thd: DecideSession, facts: _EngineFacts, unsafe: int,
                    written: list[Any], binlog_format: str, below_rr: bool) -> LoggingDecision:
    """The format of a statement that writes: what the engines allow, then binlog_format."""
    stmt_capable_all, row_capable_all = facts.stmt_capable_all, facts.row_capable_all
    if not stmt_capable_all and not row_capable_all:
        raise _error(thd, "ER_BINLOG_ROW_ENGINE_AND_STMT_ENGINE")
    if info.row_injection:
        # Seed 002: a row injection can only be logged as rows. MariaDB 10.11 logs it
        # as rows even at binlog_format=STATEMENT; MySQL 8.0 refuses that with 1666.
        if not row_capable_all:
            raise _error(thd, "ER_BINLOG_ROW_INJECTION_AND_STMT_ENGINE")
        if binlog_format == "STATEMENT" and thd.flavor.errors.row_injection_needs_row_format:
            raise _error(thd, "ER_BINLOG_ROW_INJECTION_AND_STMT_MODE")
        return LoggingDecision(row=True, unsafe=unsafe, warn_unsafe=0)
    if not row_capable_all:
        if binlog_format == "ROW":
            raise _error(thd, "ER_BINLOG_ROW_MODE_AND_STMT_ENGINE")
        if unsafe:
            last = [thd.flavor.errors.error_text(REASONS[f][0], REASONS[f][1])
                    for f in Unsafe if unsafe & bit(f)][-1]
            raise _error(thd, "ER_BINLOG_UNSAFE_AND_STMT_ENGINE", last)
        return LoggingDecision(row=False, unsafe=unsafe, warn_unsafe=unsafe if binlog_format == "STATEMENT" else 0)
    if binlog_format == "STATEMENT":
        if not stmt_capable_all:
            # InnoDB's external_lock words it (with its suffix and a 1030) for an open
            # table, a temporary one too: it runs before decide_logging_format, whose
            # "only temporary tables are written" exception it never reaches (observed).
            # The table CREATE ... SELECT creates is refused by the decide_logging_format
            # of select_create's post-lock hook: no suffix (observed) -- MariaDB; MySQL locks
            # the new table through InnoDB's external_lock (the flavour's ctas_engine_locks).
            innodb = any(t.engine.row_only_below_repeatable_read and below_rr
                         for t in written if _locked_by_engine(info, thd, t))
            if not innodb and all(t.temporary for t in written):
                return LoggingDecision(row=True, unsafe=unsafe, warn_unsafe=0)
            if innodb:
                # InnoDB raises it from external_lock and then fails the lock with
                # HA_ERR_LOGGING_IMPOSSIBLE: SHOW WARNINGS lists a second error (observed).
                refusal = innodb_lock_refusal(info, thd)
                if refusal is not None:
                    raise refusal
            raise _error(thd, "ER_BINLOG_STMT_MODE_AND_ROW_ENGINE", INNODB_RC_SUFFIX if innodb else "")
        return LoggingDecision(row=False, unsafe=unsafe, warn_unsafe=unsafe)
    if binlog_format == "MIXED":
        return _mixed_decision(unsafe, stmt_capable_all, facts.forced_row, thd.flavor.events.two_keys_found_late)
    return LoggingDecision(row=True, unsafe=unsafe, warn_unsafe=0)
