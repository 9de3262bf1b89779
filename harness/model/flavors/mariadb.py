"""MariaDB 10.11's flavour: ``BEGIN GTID`` framing, rows events v1, Annotate_rows.

The reference the model is built for (docs/RULES-mariadb-10.11.md); the other
flavour (mysql80.py) says where MySQL 8.0 differs.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from harness.binlog.constants import Option
from harness.binlog.header import Event
from harness.diagnostics import error, register
from harness.model.flavor import DdlLogging, ErrorStyle, EventStyle, Flavor, GroupWritten, GtidFraming, Handshake

if TYPE_CHECKING:
    from harness.model.cache import GroupBegin
    from harness.binlog.query import StatusVar
    from harness.binlog.rows import RowChange, RowsEvent, TableMapEvent
    from harness.model.flush import BinaryLog
    from harness.model.session import SessionView, TableView


# MariaDB 11.8 (docs/RULES-mariadb-11.8.md 3): a statement that names a character set
# without a COLLATE resolves its collation through @@character_set_collations and logs
# Q_CHARACTER_SET_COLLATIONS: `CHARACTER SET x` / `CHARSET x` / `CONVERT TO CHARACTER SET x`
# (column, table, database), `CONVERT(... USING x)` and a `_x'...'` introducer.
_CHARSET_NAMED = re.compile(
    r"\b(?:CHARACTER\s+SET|CHARSET)\s*=?\s*`?(\w+)`?(?!\s*,?\s*(?:DEFAULT\s+)?COLLATE\b)"
    r"|\bUSING\s+\w+\s*\)"
    r"|(?<![\w'])_(?:utf8mb4|utf8mb3|utf8|latin1|ascii|binary|ucs2|utf16|utf32)\s*(?:'|X'|0x)", re.I)
# ... unless the COLLATE comes right after the name (x4: `CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`)
_INTRODUCED_COLLATE = re.compile(r"(?:X?'[^']*'|0x\w+)\s*COLLATE\b", re.I)
_CHARSET_WITH_COLLATE = re.compile(r"\b(?:CHARACTER\s+SET|CHARSET)\s*=?\s*`?\w+`?\s*(?:DEFAULT\s+)?COLLATE\b", re.I)


_LITERAL = re.compile(r"'(?:[^'\\]|\\.|'')*'|\"(?:[^\"\\]|\\.)*\"")


def names_charset_without_collation(text: str) -> bool:
    """Whether ``text`` resolves a collation from a character set's name alone."""
    if "'" in text or '"' in text:  # look outside string literals only (an introducer stays)
        text = _LITERAL.sub("''", text)
    # LOAD DATA's CHARACTER SET names the file's character set, found by its name
    # (get_charset_by_csname) without the map (observed: load_data_* on 11.8)
    load = text.lstrip()[:4].upper() == "LOAD"
    for m in _CHARSET_NAMED.finditer(text):
        if load and m.group(0)[:1] not in "_Uu":
            continue
        if m.group(0)[:1] == "_":
            # _utf8mb4'x' COLLATE 'c' (a NAME_CONST of a routine's string parameter) names its
            # collation: no lookup (observed: mtr_sp_param_named_like_column on 11.8)
            if not _INTRODUCED_COLLATE.match(text, m.end() - 1):
                return True
            continue
        if m.group(0).upper().startswith("USING"):
            return True
        if not _CHARSET_WITH_COLLATE.match(text, m.start()):
            return True
    return False


class MariaDBEvents(EventStyle):
    # MariaDB 11.8: @@character_set_collations as Q_CHARACTER_SET_COLLATIONS (charset id,
    # collation id) pairs, for statements that resolve a collation from a charset name
    character_set_collations: tuple[tuple[int, int], ...] = ()
    # collation ids the SQL layer does not know (its table stops at 10.11's collations)
    collation_ids: dict[str, int] = {}
    # Q_CHARSET's client part: the SQL layer's id -> the server's (11.8: a thread started
    # from the globals has character_set_client utf8mb3, whose default there is 579)
    client_collation_ids: dict[int, int] = {}

    def charset_triple(self, thd: SessionView, charset: tuple[int, int, int] | None = None) -> tuple[int, int, int]:
        """Q_CHARSET: the session's (client, connection, server) collation ids; the
        collations the SQL layer has no id for (``collation_ids``) by their names."""
        if charset is None:
            charset = thd.vars.charset_triple()
        if self.client_collation_ids and charset[0] in self.client_collation_ids:
            charset = (self.client_collation_ids[charset[0]], charset[1], charset[2])
        if self.collation_ids:
            names = (None, "collation_connection", "collation_server")
            charset = tuple(self.collation_ids.get(str(thd.vars.get(n)).lower(), c) if n else c
                            for n, c in zip(names, charset))  # type: ignore[assignment]
        return charset

    def query_status_vars(self, thd: SessionView, *, text: str = "", xid: int | None = None, invoker: bool = False,
                          hrnow: bool = False, charset: tuple[int, int, int] | None = None,
                          updated_db: str | tuple[str, ...] | None = None, ddl: bool = False) -> list[StatusVar]:
        from harness.binlog.query import mariadb_query_status_vars
        charset = self.charset_triple(thd, charset)
        collations = (self.character_set_collations
                      if self.character_set_collations and names_charset_without_collation(text) else None)
        # Query_log_event masks OPTION_NOT_AUTOCOMMIT out of Q_FLAGS2 (observed 0x1000000
        # for every statement after SET autocommit = 0).
        return mariadb_query_status_vars(
            character_set_collations=collations,
            charset=charset, sql_mode=thd.vars.sql_mode_bits(), flags2=thd.vars.flags2() & ~int(Option.OPTION_NOT_AUTOCOMMIT),
            time_zone=str(thd.vars.get("time_zone")).encode() if thd.stmt_log.time_zone_used else None,
            table_map_for_update=thd.stmt_log.table_map_for_update or None,
            invoker=(thd.user.encode(), thd.definer_host.encode()) if invoker else None,
            hrnow=thd.stmt.start.microsecond if hrnow or thd.stmt_log.hrnow_used else None,
            xid=xid, gtid_flags3=_gtid_flags3(thd))

    def new_rows_event(self, kind: str, tm: TableMapEvent, rows: list[RowChange], *, timestamp: int,
                       server_id: int, stmt_end: bool, columns_present: int,
                       columns_present_after: int | None, flags: int = 0) -> RowsEvent:
        from harness.binlog.rows import new_rows_event
        return new_rows_event(kind, tm, rows, timestamp=timestamp, server_id=server_id, stmt_end=stmt_end,
                              columns_present=columns_present, columns_present_after=columns_present_after,
                              flags=(1 if stmt_end else 0) | flags)

    def annotate_event(self, thd: SessionView) -> Event | None:
        if not thd.vars.get("binlog_annotate_row_events"):
            return None
        from harness.binlog.control import new_annotate_rows_event
        return new_annotate_rows_event(thd.stmt.text, timestamp=thd.stmt.timestamp, server_id=thd.server_id)


class MariaDBGtid(GtidFraming):
    # MariaDB 11.8: Gtid events carry the thread id (FL_EXTRA_THREAD_ID), and with
    # binlog_legacy_event_pos=OFF the events inside a group have End_log_pos 0
    thread_id = False
    legacy_event_pos = True
    def new_writer(self, binlog: BinaryLog, path: Path) -> Any:
        from harness.binlog.writer import BinlogFileWriter
        return BinlogFileWriter(path, server_id=binlog.server_id, server_version=binlog.server_version,
                                checksum_alg=binlog.checksum_alg)

    def write_header(self, binlog: BinaryLog, writer: Any, *, timestamp: int, create_timestamp: int | None,
                     rotated: bool) -> None:
        # After a rotation the old file is still pending (the rotation itself marked it
        # active: MYSQL_BIN_LOG::new_file_impl), so the new file's first checkpoint names
        # it; the binlog background thread then marks it done and checkpoints the new file
        # (observed on 10.11 after FLUSH BINARY LOGS: Binlog_checkpoint old, then new).
        old = binlog.files[-1:] if rotated else []
        writer.write_header_events(timestamp=timestamp, gtid_list=binlog.gtid_list() if rotated else (),
                                   create_timestamp=create_timestamp,
                                   checkpoint_files=[*old, writer.name] if old else None)

    def write_create_select_rows(self, thd: SessionView, t: TableView, create_text: str, cache: Any, *,
                                 thread_specific: bool = False) -> None:
        """ONE group: ``BEGIN GTID`` (PARALLEL|DDL) + CREATE + rows + Xid or COMMIT
        (docs/RULES-mariadb-10.11.md 5.3)."""
        from harness.binlog.control import new_xid_event
        from harness.binlog.query import mariadb_query_status_vars, new_query_event
        style = thd.flavor.events
        charset = style.charset_triple(thd) if isinstance(style, MariaDBEvents) else thd.vars.charset_triple()
        svs = mariadb_query_status_vars(charset=charset, sql_mode=thd.vars.sql_mode_bits(),
                                        flags2=thd.vars.flags2())
        # A source temporary table makes both the CREATE and its COMMIT thread-specific (observed).
        create = new_query_event(create_text, database=thd.db or "", thread_id=thd.connection_id,
                                 timestamp=thd.stmt.timestamp, server_id=thd.server_id, status_vars=svs,
                                 thread_specific=thread_specific or thd.stmt_log.thread_specific)
        events = [create, *cache.events]
        xa = t.engine.xa_capable and bool(t.data.count) and not thd.trx_log.no_2pc
        if xa:
            events.append(new_xid_event(thd.server.binlog.allocate_xid(), timestamp=thd.stmt.timestamp,
                                        server_id=thd.server_id))
        else:
            # Observed: this COMMIT carries the DDL's Q_XID.
            events.append(new_query_event("COMMIT", database=thd.db or "", thread_id=thd.connection_id,
                                          timestamp=thd.stmt.timestamp, server_id=thd.server_id, suppress_use=True,
                                          status_vars=thd.query_status_vars(xid=thd.server.binlog.allocate_xid()),
                                          thread_specific=thread_specific or thd.stmt_log.thread_specific))
        thd.server.binlog.write_group(events, thd=thd, timestamp=thd.stmt.timestamp, ddl=True,
                                      extra_engines=not xa)

    def write_group(self, binlog: BinaryLog, events: list[Event], *, thd: SessionView | None, timestamp: int,
                    standalone: bool, transactional: bool, ddl: bool, extra_engines: bool,
                    xa_xid: Any = None, xa_completed: bool = False,
                    begin: GroupBegin | None = None) -> GroupWritten:
        from harness.binlog.gtid import new_gtid_event
        # The session's @@gtid_domain_id, @@server_id and one-shot @@gtid_seq_no pick the GTID.
        domain, server_id, requested, parallel = binlog.domain_id, binlog.server_id, 0, True
        if thd is not None:
            domain, server_id = int(thd.vars.get("gtid_domain_id")), thd.server_id
            requested = int(thd.vars.get("gtid_seq_no") or 0)
            # @@skip_parallel_replication (OPTION_RPL_SKIP_PARALLEL) clears FL_ALLOW_PARALLEL.
            parallel = not thd.vars.get("skip_parallel_replication")
        if requested and binlog.global_vars is not None and binlog.global_vars.values.get("gtid_strict_mode"):
            check_strict_sequence(binlog, domain, server_id, requested)
        seq_no = binlog.next_gtid(domain, server_id, requested)
        # FL_DDL and FL_TRANSACTIONAL exclude each other (observed 0x28, not
        # 0x2c, for CREATE ... SELECT into InnoDB in ROW format).
        # FL_WAITED: the transaction waited for another one's lock (trans_did_wait).
        waited = thd is not None and thd.trx_log.did_wait
        gtid = new_gtid_event(domain, server_id, seq_no, timestamp=timestamp, allow_parallel=parallel,
                              standalone=standalone, transactional=transactional and not ddl, ddl=ddl,
                              waited=waited,
                              flags_extra=1 if extra_engines else 0,
                              extra_engines=255 if extra_engines else None,
                              xa_xid=xa_xid, xa_completed=xa_completed)
        if thd is not None and thd.stmt_log.gtid_flags3:
            # A two-phase ALTER's phase (Gtid_log_event ctor copies thd->gtid_flags3).
            gtid.flags_extra |= thd.stmt_log.gtid_flags3
            gtid.sa_seq_no = thd.stmt_log.sa_seq_no
        if self.thread_id:
            from harness.binlog.constants import GtidExtraFlag
            gtid.flags_extra |= int(GtidExtraFlag.FL_EXTRA_THREAD_ID)
            gtid.thread_id = thd.connection_id if thd is not None else 0
        binlog.writer.write_group([gtid, *events], inner_log_pos=self.legacy_event_pos)
        # The one-shot @@gtid_seq_no is used up by the group (layer 3 resets it).
        return GroupWritten(seq_no, consumed_gtid_seq_no=thd is not None)


def _gtid_flags3(thd: SessionView) -> Any:
    """Q_GTID_FLAGS3 of a two-phase ALTER's Query: the phase flag, with the START ALTER's
    seq_no for COMMIT/ROLLBACK ALTER (Query_log_event::write); None otherwise."""
    f = thd.stmt_log.gtid_flags3
    if not f:
        return None
    return (f, thd.stmt_log.sa_seq_no) if thd.stmt_log.sa_seq_no is not None else f


def check_strict_sequence(binlog: BinaryLog, domain: int, server_id: int, seq_no: int) -> None:
    """rpl_binlog_state::check_strict_sequence, from MYSQL_BIN_LOG::write_gtid_event: under
    gtid_strict_mode a @@gtid_seq_no not above the domain's last GTID is 1950 when the group
    is written, so nothing is logged and the commit fails (binlog_commit_fail); SET
    @@gtid_seq_no makes the same check (sys_vars.cc check_gtid_seq_no)."""
    servers = binlog.gtid_state.get(domain)
    if not servers:
        return
    last_server, last_seq = list(servers.items())[-1]
    if last_seq >= seq_no:
        raise error("ER_GTID_STRICT_OUT_OF_ORDER", domain, server_id, seq_no, domain, last_server, last_seq)


class MariaDBDdl(DdlLogging):
    temp_ddl_unlogged_formats = ("ROW",)
    drop_temp_if_exists_qualified = True


register({"ER_GTID_STRICT_OUT_OF_ORDER": (
    1950, "HY000", "An attempt was made to binlog GTID {0}-{1}-{2} which would create an out-of-order sequence "
                   "number with existing GTID {3}-{4}-{5}, and gtid strict mode is enabled")})


def mariadb_10_11() -> Flavor:
    from harness.binlog.fde import MARIADB_10_11_SERVER_VERSION
    return Flavor(name="mariadb-10.11", server_version=MARIADB_10_11_SERVER_VERSION, errors=ErrorStyle(),
                  events=MariaDBEvents(), gtid=MariaDBGtid(), ddl=MariaDBDdl(),
                  handshake=Handshake(version_prefix="5.5.5-", charset=45), supports_xa=True)


class MariaDB118Events(MariaDBEvents):
    end_thread_specific = False  # [bytes] COMMIT after INSERT INTO a temporary table: flags 0x08
    # [bytes] corpus gcol_images_*: Update/Delete_rows without the VIRTUAL and STORED
    # generated columns (every binlog_row_image); a REPLACE's rows after a conflict too (probed)
    images_skip_generated_after_change = True
    # Debian 13's 11.8 default @@character_set_collations (observed):
    # utf8mb3=utf8mb3_uca1400_ai_ci, ucs2=ucs2_uca1400_ai_ci, utf8mb4=utf8mb4_uca1400_ai_ci,
    # utf16=utf16_uca1400_ai_ci, utf32=utf32_uca1400_ai_ci
    character_set_collations = ((33, 2048), (35, 2560), (45, 2304), (54, 2816), (60, 3072))
    collation_ids = {"utf8mb4_uca1400_ai_ci": 2304, "utf8mb3_uca1400_ai_ci": 2048}
    # [bytes] the DROP TEMPORARY TABLE logged at disconnect and the other statements
    # logged from the global character sets: Q_CHARSET (579, 45, 2304) where the SQL
    # layer computes utf8mb3's 10.11 default 33
    client_collation_ids = {33: 579}


class MariaDB118Gtid(MariaDBGtid):
    thread_id = True
    legacy_event_pos = False


def mariadb_11_8() -> Flavor:
    """MariaDB 11.8 (Debian 13): 10.11's layout with the policies of docs/RULES-mariadb-11.8.md;
    its greeting has no ``5.5.5-`` prefix (11.x)."""
    from harness.binlog.fde import MARIADB_11_8_SERVER_VERSION
    return Flavor(name="mariadb-11.8", server_version=MARIADB_11_8_SERVER_VERSION, errors=ErrorStyle(),
                  events=MariaDB118Events(), gtid=MariaDB118Gtid(), ddl=MariaDBDdl(),
                  handshake=Handshake(version_prefix="", charset=45), supports_xa=True)
