"""User XA transactions: the XID state machine (the server's ``XID_STATE`` / sql/xa.cc).

A branch moves ACTIVE --XA END--> IDLE --XA PREPARE--> PREPARED and ends with
``XA COMMIT`` (PREPARED, or IDLE with ``ONE PHASE``) or ``XA ROLLBACK`` (IDLE or
PREPARED). Every state check answers with the server's ER_XAER_* error; what
reaches the binary log is decided by layer 3 (harness/model/flush.py):

* ``XA PREPARE`` writes the branch as a prepared group (``XA START`` Gtid +
  body + ``XA END`` + ``XA_prepare``), but only when the binlog joined the
  branch, i.e. a statement that succeeded inside it wrote to a binlog cache
  (``XidState.binlogged``). A read-only or all-failed branch logs nothing,
  neither at PREPARE nor at COMMIT/ROLLBACK (observed).
* ``XA COMMIT`` / ``XA ROLLBACK`` of a prepared, logged branch is its own
  standalone group.
* ``XA COMMIT ... ONE PHASE`` is an ordinary commit of the trx cache.

Only the connection that started a branch can finish it here; a branch left
prepared by a disconnected client stays in ``XA RECOVER`` but finishing it
from another connection is outside the modelled subset (1235).

MySQL 9.7 (``SqlDialect.mysql_xa``; sql/xa.cc, xa_detach_on_prepare=ON since 8.0.30):

* ``XA PREPARE`` detaches the branch: the session is free at once (its next statement
  autocommits; ``XA END`` is then 1399 NON-EXISTING) and any session may ``XA COMMIT`` /
  ``XA ROLLBACK`` it; a finished or unknown xid is 1397;
* the prepared group is ``XA START`` + body + ``XA END`` + ``XA_prepare``, written only when
  the transaction cache holds something (a MyISAM-only branch went out as its own group at
  statement time: nothing at PREPARE or COMMIT); ``XA COMMIT ... ONE PHASE`` of an IDLE
  branch writes that group with one_phase = 1, no second group; ``XA COMMIT ... ONE PHASE``
  of a detached prepared branch commits it and logs nothing (9.7.4 observed);
* XA COMMIT / ROLLBACK of another xid while a branch is attached is 1399 (its state),
  inside a plain transaction 1399 NON-EXISTING; ``XA START ''`` is accepted; DDL inside a
  branch raises 1399 once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from harness.binlog.gtid import XaXid
from harness.sql.sql_errors import Note, ServerError, error
from harness.sql.stmt.sql_result import ResultColumn, SelectResult
from harness.sql.item.column_types import BinaryType, IntType
from harness.model import flush as L3
from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import ParseError, UnsupportedError

if TYPE_CHECKING:
    from harness.sql.stmt.sql_result import OkPacket
    from harness.sql.thd import Thd

ACTIVE = "ACTIVE"
IDLE = "IDLE"
PREPARED = "PREPARED"
NON_EXISTING = "NON-EXISTING"


@dataclass
class XidState:
    """One branch in the server's xid cache (``XID_cache_element``)."""

    xid: XaXid
    state: str = ACTIVE
    owner: int | None = None  # connection id; None once its client disconnected while PREPARED
    # The binlog joined the branch (binlog hton registered read-write): a statement
    # that succeeded inside it wrote to the trx or the statement cache.
    binlogged: bool = False
    # That first logging statement changed no XA-capable engine: the XA COMMIT
    # group is then ro_1pc (flags_extra 01 ff). Observed: N-only, N-then-T and
    # "UPDATE that matched nothing" branches; not T-first ones.
    ro_1pc: bool = False
    # A detached prepared branch's row changes (MySQL): XA ROLLBACK from any session undoes them
    undo: list[tuple[object, ...]] | None = None
    # ... and whether it changed a non-transactional table (its XA ROLLBACK then warns 1196)
    nontrans: bool = False
    # ... and its row versions with its transaction id: they stay uncommitted (no consistent
    # read sees them) until XA COMMIT / ROLLBACK stamps them, as InnoDB keeps a prepared trx
    versions: list[tuple[object, int]] = field(default_factory=list)
    trx_id: int = 0
    # ... and the owner of its record and gap locks meanwhile (LockSys.transfer)
    lock_owner: object = field(default_factory=object)

    @property
    def key(self) -> tuple[bytes, bytes]:
        return xid_key(self.xid)

    def eq(self, xid: XaXid) -> bool:
        """XID::eq: gtrid and bqual, not the formatID (observed: ``XA END 'x','y'`` ends 'x','y',10)."""
        return xid_key(xid) == self.key


def xid_key(xid: XaXid) -> tuple[bytes, bytes]:
    return (xid.gtrid, xid.bqual)


def to_xid(x: A.XaId) -> XaXid:
    return XaXid(x.format_id, x.gtrid, x.bqual)


def er_xaer_rmfail(state: str) -> ServerError:
    return error("ER_XAER_RMFAIL", state)


def check_rmfail(thd: "Thd") -> None:
    """``XID_STATE::check_has_uncommitted_xa``: nothing may open tables once a branch is IDLE or PREPARED."""
    xs = thd.xid_state
    if xs is not None and xs.state != ACTIVE:
        raise er_xaer_rmfail(xs.state)


def check_trans_control(thd: "Thd") -> None:
    """BEGIN / COMMIT / ROLLBACK inside a branch, in any state."""
    if thd.xid_state is not None:
        raise er_xaer_rmfail(thd.xid_state.state)


def check_implicit_commit(thd: "Thd") -> None:
    """A statement that commits implicitly (DDL) inside a branch: 1399, and the
    condition is raised twice (observed: SHOW WARNINGS lists it two times)."""
    xs = thd.xid_state
    if xs is None:
        return
    e = er_xaer_rmfail(xs.state)
    if not _mysql(thd):  # MySQL lists it once (9.7.4 observed)
        thd.notes.append(Note("Error", e.code, e.message))
    raise e


def _mysql(thd: "Thd") -> bool:
    return bool(thd.server.flavor.sql.mysql_xa)


def _require_mariadb(thd: "Thd") -> None:
    if not thd.server.flavor.supports_xa and not _mysql(thd):
        raise UnsupportedError(f"XA for {thd.server.flavor.name}")


def _in_active_trx(thd: "Thd") -> bool:
    """``in_active_multi_stmt_transaction``: BEGIN, or autocommit=0 after a statement used a table."""
    return thd.trx.explicit or (thd.trx.active and not thd.autocommit)


def _ok() -> "OkPacket":
    from harness.sql.stmt.sql_result import OkPacket
    return OkPacket()


def _forget(thd: "Thd") -> None:
    xs = thd.xid_state
    if xs is not None:
        thd.server.xid_cache.pop(xs.key, None)
    thd.set_xid_state(None)


# ------------------------------------------------------------------ statements


def xa_start(thd: "Thd", st: A.XaStart) -> "OkPacket":
    _require_mariadb(thd)
    xs = thd.xid_state
    xid = to_xid(st.xid)
    if st.option == "RESUME" and xs is not None:
        if not xs.eq(xid):
            raise error("ER_XAER_NOTA")
        if xs.state != IDLE:
            raise er_xaer_rmfail(xs.state)
        xs.state = ACTIVE
        return _ok()
    if st.option is not None or (not xid.gtrid and not _mysql(thd)):  # JOIN is not supported by the server either
        raise error("ER_XAER_INVAL")
    if xs is not None:
        raise er_xaer_rmfail(xs.state)
    if _in_active_trx(thd):
        raise error("ER_XAER_OUTSIDE")
    if xid_key(xid) in thd.server.xid_cache:
        raise error("ER_XAER_DUPID")
    # trans_begin: the branch is a multi-statement transaction from here on.
    thd.implicit_commit(keep_one_shot=True)
    thd.trx.explicit = True
    thd.trx.active = True
    xs = XidState(xid, ACTIVE, owner=thd.connection_id)
    thd.set_xid_state(xs)
    thd.server.xid_cache[xid_key(xid)] = xs
    return _ok()


def xa_end(thd: "Thd", st: A.XaEnd) -> "OkPacket":
    _require_mariadb(thd)
    xs = thd.xid_state
    if st.option is not None:  # SUSPEND [FOR MIGRATE] is not supported by the server
        raise error("ER_XAER_INVAL")
    if xs is None or xs.state != ACTIVE:
        raise er_xaer_rmfail(NON_EXISTING if xs is None else xs.state)
    if not xs.eq(to_xid(st.xid)):
        raise error("ER_XAER_NOTA")
    xs.state = IDLE
    return _ok()


def xa_prepare(thd: "Thd", st: A.XaPrepare) -> "OkPacket":
    _require_mariadb(thd)
    xs = thd.xid_state
    if xs is None or xs.state != IDLE:
        raise er_xaer_rmfail(NON_EXISTING if xs is None else xs.state)
    if not xs.eq(to_xid(st.xid)):
        raise error("ER_XAER_NOTA")
    if thd.trx_log.no_2pc:
        # ha_prepare: a registered engine without prepare() (Aria) is skipped with
        # ER_GET_ERRNO HA_ERR_WRONG_COMMAND; the branch is prepared anyway (probed;
        # the warning replaces the previous statement's).
        thd.replace_notes([Note("Warning", 1030, 'Got error 131 "Command not supported by the engine" '
                                                   "from storage engine Aria")])
    if _mysql(thd):
        xs.binlogged = not thd.caches.trx_cache.empty() and thd.binlog_enabled()
        if xs.binlogged:
            L3.prepare_xa_trx_cache(thd, xs.xid)
        thd.caches.trx_cache.reset()
        xs.state = PREPARED
        _detach(thd, xs)
        return _ok()
    if xs.binlogged and thd.binlog_enabled():
        L3.prepare_xa_trx_cache(thd, xs.xid)
    else:
        thd.caches.trx_cache.reset()
    xs.state = PREPARED
    return _ok()


def _detach(thd: "Thd", xs: XidState) -> None:
    """The prepared branch leaves the session (MySQL's xa_detach_on_prepare; a disconnect)."""
    xs.owner = None
    xs.undo = list(thd.trx.undo_log)
    xs.nontrans = bool(thd.trx_log.nontrans_modified)
    xs.versions, xs.trx_id, thd.trx.versions = thd.trx.versions, thd.trx.id, []
    thd.server.lock_sys.transfer(thd, xs.lock_owner)
    thd.set_xid_state(None)
    thd.trx.undo_log.clear()
    thd._reset_trx()


def _mysql_finish(thd: "Thd", st: "A.XaCommit | A.XaRollback", commit: bool) -> "OkPacket | None":
    """MySQL's XA COMMIT / ROLLBACK of a branch the session has not attached (None: it has)."""
    xid = to_xid(st.xid)
    xs = thd.xid_state
    if xs is not None and xs.eq(xid):
        return None
    if xs is not None:
        raise er_xaer_rmfail(xs.state)
    if _in_active_trx(thd):
        raise er_xaer_rmfail(NON_EXISTING)
    other = thd.server.xid_cache.get(xid_key(xid))
    if other is None or other.state != PREPARED or other.owner is not None:
        raise error("ER_XAER_NOTA")
    one_phase = commit and bool(getattr(st, "one_phase", False))
    if other.binlogged and not one_phase:  # ONE PHASE of a prepared branch logs nothing (observed)
        L3.complete_xa(thd, other.xid, commit=commit, ro_1pc=False)
    if not commit and other.undo:  # the branch's changes are undone (9.7.4 observed: xa.wl's rows)
        mine, thd.trx.undo_log = thd.trx.undo_log, list(other.undo)
        thd.engine_rollback_to(0)
        thd.trx.undo_log = mine
    thd.server.lock_sys.end_versions(other.versions, other.trx_id)
    thd.server.lock_sys.release_all(other.lock_owner)  # type: ignore[arg-type]
    thd.server.xid_cache.pop(other.key, None)
    if not commit and other.nontrans:
        # the detached branch's Transaction_ctx keeps its unsafe-rollback flags: XA ROLLBACK warns
        # 1196 (9.7.4 probed: XA START; INSERT INTO m (MyISAM); XA END; XA PREPARE; XA ROLLBACK)
        thd.notes.append(Note("Warning", 1196, "Some non-transactional changed tables couldn't be rolled back"))
    return _ok()


def _finish_check(thd: "Thd", xid: XaXid) -> XidState:
    """The common head of XA COMMIT / XA ROLLBACK: the branch must be this connection's."""
    xs = thd.xid_state
    if xs is not None and xs.eq(xid):
        return xs
    if xs is not None or _in_active_trx(thd):
        raise error("ER_XAER_OUTSIDE")
    other = thd.server.xid_cache.get(xid_key(xid))
    if other is None or other.owner is not None:
        raise error("ER_XAER_NOTA")  # a branch still attached to its connection is not visible
    raise UnsupportedError("XA COMMIT/ROLLBACK of a branch prepared by a disconnected client")


def xa_commit(thd: "Thd", st: A.XaCommit) -> "OkPacket":
    _require_mariadb(thd)
    if _mysql(thd) and (done := _mysql_finish(thd, st, commit=True)) is not None:
        return done
    xs = _finish_check(thd, to_xid(st.xid))
    if xs.state == IDLE and st.one_phase and _mysql(thd):
        if not thd.caches.trx_cache.empty() and thd.binlog_enabled():
            L3.prepare_xa_trx_cache(thd, xs.xid, one_phase=True)
        thd.caches.trx_cache.reset()
        thd.trx.undo_log.clear()
        thd._reset_trx()
    elif xs.state == IDLE and st.one_phase:
        thd.commit()  # an ordinary commit of the trx cache (Xid or COMMIT)
    elif xs.state == PREPARED:
        if st.one_phase:
            raise error("ER_XAER_INVAL")
        if xs.binlogged and thd.binlog_enabled():
            L3.complete_xa(thd, xs.xid, commit=True, ro_1pc=xs.ro_1pc)
        thd.trx.undo_log.clear()
        thd._reset_trx()
    else:
        raise er_xaer_rmfail(xs.state)
    _forget(thd)
    return _ok()


def xa_rollback(thd: "Thd", st: A.XaRollback) -> "OkPacket":
    _require_mariadb(thd)
    if _mysql(thd) and (done := _mysql_finish(thd, st, commit=False)) is not None:
        return done
    xs = _finish_check(thd, to_xid(st.xid))
    if xs.state == ACTIVE:
        raise er_xaer_rmfail(xs.state)
    nontrans = thd.trx_log.nontrans_modified
    if xs.state == PREPARED:
        if xs.binlogged and thd.binlog_enabled():
            L3.complete_xa(thd, xs.xid, commit=False, ro_1pc=False)
    else:
        L3.flush_stmt_cache(thd)
        L3.rollback_xa_trx_cache(thd, xs.xid if _mysql(thd) else None)
    thd.engine_rollback_to(0)
    thd._reset_trx()
    _forget(thd)
    if nontrans:
        thd.notes.append(Note("Warning", 1196, "Some non-transactional changed tables couldn't be rolled back"))
    return _ok()


def xa_recover(thd: "Thd", st: A.XaRecover) -> SelectResult:
    """Prepared branches of every connection: formatID, gtrid_length, bqual_length, data."""
    _require_mariadb(thd)
    if st.format_pos is not None and _mysql(thd):
        # sql_yacc.yy: XA RECOVER [CONVERT XID] -- FORMAT= is MariaDB's (9.7.4 observed: 1064)
        raise ParseError(st.text, st.format_pos)
    fmt = st.format.upper()
    if fmt not in ("RAW", "SQL"):
        raise error("ER_UNKNOWN_EXPLAIN_FORMAT", "XA RECOVER", st.format)
    rows: list[list[object]] = []
    for xs in thd.server.xid_cache.values():
        if xs.state != PREPARED:
            continue
        x = xs.xid
        data = sql_xid(x).encode() if fmt == "SQL" else x.gtrid + x.bqual
        rows.append([_signed(x.format_id), len(x.gtrid), len(x.bqual), data])
    cols = [ResultColumn("formatID", IntType("BIGINT", False)), ResultColumn("gtrid_length", IntType("BIGINT", False)),
            ResultColumn("bqual_length", IntType("BIGINT", False)), ResultColumn("data", BinaryType("VARBINARY", 128))]
    return SelectResult(cols, rows)  # type: ignore[arg-type]


def _signed(v: int) -> int:
    return v - (1 << 32) if v >= 1 << 31 else v


def sql_xid(x: XaXid) -> str:
    """``XA RECOVER FORMAT='SQL'``: quoted text when every byte is printable, X'..' otherwise;
    the bqual is shown when non-empty or the formatID is not 1, the formatID when not 1
    (observed ``'r2','q',5`` and ``X'00ff',X'62'``)."""
    data = x.gtrid + x.bqual
    printable = all(0x20 <= b < 0x7F for b in data)

    def part(b: bytes) -> str:
        return f"'{b.decode('ascii')}'" if printable else f"X'{b.hex()}'"

    s = part(x.gtrid)
    if x.bqual or x.format_id != 1:
        s += "," + part(x.bqual)
    if x.format_id != 1:
        s += f",{_signed(x.format_id)}"
    return s


# ------------------------------------------------------------------ session hooks


def note_statement_end(thd: "Thd") -> None:
    """At the end of a successful statement inside a branch: did the binlog join it?"""
    xs = thd.xid_state
    if xs is None or xs.binlogged:
        return
    trx_mark, stmt_mark = thd.caches.stmt_marks
    wrote = thd.caches.trx_cache.mark() > trx_mark or not thd.caches.stmt_cache.empty()
    if wrote:
        xs.binlogged = True
        xs.ro_1pc = not thd.stmt.changed_xa


def disconnect(thd: "Thd") -> None:
    """Client gone: an unprepared branch is rolled back; a prepared one stays
    (detached) in the xid cache, listed by XA RECOVER."""
    xs = thd.xid_state
    if xs is None:
        return
    if xs.state == PREPARED:
        xs.owner = None
        thd.set_xid_state(None)
        thd.trx.undo_log.clear()
        thd._reset_trx()
        return
    xs.state = IDLE
    xa_rollback(thd, A.XaRollback(xid=A.XaId(xs.xid.gtrid, xs.xid.bqual, xs.xid.format_id)))


__all__ = ["XidState", "xa_start", "xa_end", "xa_prepare", "xa_commit", "xa_rollback", "xa_recover",
           "check_rmfail", "check_trans_control", "check_implicit_commit", "note_statement_end", "disconnect",
           "sql_xid", "ACTIVE", "IDLE", "PREPARED"]
