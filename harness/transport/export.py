"""Export a MariaDB binlog as seed 003's framed protobuf stream.

The seed's schema is statement-based and has five messages; a binlog has
~20 event types. The mapping (one binlog stream → frames):

=========================  ===================================================
binlog event               frame message
=========================  ===================================================
Format_description         ``Start``: ``server_version`` = major*10000 +
                           minor*100 + patch (``10.11.19`` → 101119),
                           ``server_signature`` = the full version string
Rotate                     ``Chain``: ``next`` = sequence number of the next
                           file (``binlog.000002`` → 2)
Gtid                       no message: opens a group; its ``seq_no`` becomes
                           ``Header.trans_id`` of the group's messages (the
                           GTID *is* the seed's global transaction id: server
                           id + transaction id); 0 outside a group
Query ``BEGIN``            no message (the Gtid opened the group)
Query ``COMMIT``           ``Commit``
Query ``ROLLBACK``         ``Rollback``
Query (any other text)     ``Query``: ``session_id`` = thread id, ``query`` =
                           the text, ``variable`` = the session context (see
                           below); in a standalone group (DDL, Gtid without
                           ``FL_TRANSACTIONAL``... i.e. ``FL_STANDALONE``) it is
                           followed by a ``Commit``, so every group ends in a
                           Commit or Rollback as the seed's reader expects
Xid                        ``Commit``
XA_prepare                 ``Query`` ``XA PREPARE X'..',X'..',n`` with
                           variable ``source_event`` = ``XA_prepare``: it ends
                           the prepared group (durable, not committed: the
                           schema has no Prepare message); the later
                           ``XA COMMIT``/``XA ROLLBACK`` group is a standalone
                           Query + ``Commit``
Intvar, Rand, User_var     no message of their own: name/value ``variable``
                           entries of the next ``Query`` -- the seed's
                           "set of name-value pairs" replacing context events
                           (``INSERT_ID``, ``LAST_INSERT_ID``, ``RAND_SEED1``,
                           ``RAND_SEED2``, ``@name`` = SQL literal as in SHOW
                           BINLOG EVENTS)
Annotate_rows              ``Query`` with the annotated statement text,
                           ``session_id`` 0 (the event has none) and the
                           variable ``source_event = Annotate_rows``: a
                           row-based group keeps *what ran*, marked as not
                           to be re-executed blindly
Table_map, Write/Update/   skipped: the seed's schema has no row message (its
Delete_rows                first version is statement-based only). Row images
                           are not in the export -- it is lossy for ROW/MIXED
                           binlogs by design of the schema
Stop, Gtid_list,           skipped (file bookkeeping the seed's log does not
Binlog_checkpoint, others  have)
=========================  ===================================================

Every message's ``Header``: ``timestamp`` = the event's timestamp in
**microseconds** since the epoch (the seed reserves a 64-bit, up to
nano-precision field; the binlog has seconds, plus the statement's
microseconds in a Query's ``Q_HRNOW`` when the server logged it),
``server_id`` = the event's server id, ``trans_id`` = as above.

Session context ``variable`` entries of a ``Query`` (only those present):
``database`` (the default database, what ``use db`` sets), ``sql_mode`` (the
numeric mode), ``auto_increment_increment``/``auto_increment_offset``,
``character_set_client``/``collation_connection``/``collation_server``
(collation ids), ``time_zone``, ``lc_time_names`` (id), then the Intvar /
Rand / User_var values gathered since the last Query.
"""

from __future__ import annotations

import io
import os
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import BinaryIO, Iterable, Iterator

from harness.binlog import (
    AnnotateRowsEvent, BinlogReader, FormatDescriptionEvent, GtidEvent, IntvarEvent, QueryEvent,
    RandEvent, RotateEvent, UserVarEvent, XidEvent, event_type_name, info_text,
)
from harness.binlog.constants import GtidFlag, IntvarType, QueryStatus as Q
from harness.binlog.xa import XaPrepareEvent, xid_text

from .frame import encode_frame
from .messages import U32_MAX, Chain, Commit, Header, Query, Rollback, Start, Variable


class ExportError(ValueError):
    """A binlog value the seed's schema cannot carry (e.g. a GTID seq_no >= 2**32)."""


@dataclass
class ExportStats:
    frames: Counter = field(default_factory=Counter)  # message type -> count
    skipped: Counter = field(default_factory=Counter)  # binlog event type -> count
    events: int = 0


_VERSION = re.compile(r"^(\d+)\.(\d+)\.(\d+)")
_FILE_SEQ = re.compile(r"(\d+)$")


def server_version_number(version: str) -> int:
    m = _VERSION.match(version)
    return int(m[1]) * 10000 + int(m[2]) * 100 + int(m[3]) if m else 0


def _word(query: str) -> str:
    return query.strip().rstrip(";").strip().upper()


def _context(ev: QueryEvent) -> list[Variable]:
    out = []
    if ev.database:
        out.append(Variable("database", ev.database))
    for sv in ev.status_vars:
        c, v = sv.code, sv.value
        if c == Q.Q_SQL_MODE_CODE:
            out.append(Variable("sql_mode", str(v)))
        elif c == Q.Q_AUTO_INCREMENT:
            out += [Variable("auto_increment_increment", str(v[0])),
                    Variable("auto_increment_offset", str(v[1]))]
        elif c == Q.Q_CHARSET_CODE:
            out += [Variable("character_set_client", str(v[0])),
                    Variable("collation_connection", str(v[1])),
                    Variable("collation_server", str(v[2]))]
        elif c == Q.Q_TIME_ZONE_CODE:
            out.append(Variable("time_zone", bytes(v).decode("utf-8", "surrogateescape")))
        elif c == Q.Q_LC_TIME_NAMES_CODE:
            out.append(Variable("lc_time_names", str(v)))
    return out


def binlog_messages(paths: Iterable[str | os.PathLike[str]],
                    stats: ExportStats | None = None) -> Iterator[Start | Chain | Query | Commit | Rollback]:
    """The seed's messages for the events of ``paths`` (one stream, in order)."""
    stats = stats if stats is not None else ExportStats()
    for path in paths:
        trans_id = 0
        standalone = False
        pending: list[Variable] = []
        for ev in BinlogReader(path):
            stats.events += 1
            h = ev.header

            # Called only within this iteration, so the loop variables are current.
            def header(micros: int = 0) -> Header:
                return Header(h.timestamp * 1_000_000 + micros, h.server_id, trans_id)  # noqa: B023

            out: list = []
            if isinstance(ev, FormatDescriptionEvent):
                out.append(Start(header(), server_version_number(ev.server_version),
                                 ev.server_version))
            elif isinstance(ev, RotateEvent):
                m = _FILE_SEQ.search(ev.next_file)
                out.append(Chain(header(), int(m[1]) if m else 0))
            elif isinstance(ev, GtidEvent):
                if ev.seq_no > U32_MAX:
                    raise ExportError(f"{path}: GTID {ev.gtid}: seq_no does not fit "
                                      "the schema's uint32 trans_id")
                trans_id = ev.seq_no
                standalone = bool(ev.flags2 & GtidFlag.FL_STANDALONE)
                pending = []
                stats.skipped[event_type_name(ev)] += 1
            elif isinstance(ev, QueryEvent):
                word = _word(ev.query)
                if word == "BEGIN":
                    stats.skipped["Query BEGIN"] += 1
                elif word == "COMMIT":
                    out.append(Commit(header()))
                elif word == "ROLLBACK":
                    out.append(Rollback(header()))
                else:
                    micros = ev.status(Q.Q_HRNOW, 0) or 0
                    out.append(Query(header(micros), _context(ev) + pending, ev.thread_id,
                                     ev.query))
                    pending = []
                    if standalone:
                        out.append(Commit(header(micros)))
                if word in ("COMMIT", "ROLLBACK") or standalone:
                    trans_id, standalone = 0, False
            elif isinstance(ev, XidEvent):
                out.append(Commit(header()))
                trans_id, standalone = 0, False
            elif isinstance(ev, XaPrepareEvent):
                out.append(Query(header(), [Variable("source_event", "XA_prepare")], 0,
                                 "XA PREPARE " + xid_text(ev.xid)))
                trans_id, standalone = 0, False
            elif isinstance(ev, AnnotateRowsEvent):
                out.append(Query(header(), [Variable("source_event", "Annotate_rows")], 0,
                                 ev.query))
            elif isinstance(ev, IntvarEvent):
                name = {IntvarType.INSERT_ID_EVENT: "INSERT_ID",
                        IntvarType.LAST_INSERT_ID_EVENT: "LAST_INSERT_ID"}.get(ev.kind,
                                                                             "INVALID_INT")
                pending.append(Variable(name, str(ev.value)))
                stats.skipped[event_type_name(ev)] += 1
            elif isinstance(ev, RandEvent):
                pending += [Variable("RAND_SEED1", str(ev.seed1)),
                            Variable("RAND_SEED2", str(ev.seed2))]
                stats.skipped[event_type_name(ev)] += 1
            elif isinstance(ev, UserVarEvent):
                pending.append(Variable("@" + ev.name, info_text(ev).split("=", 1)[1]))
                stats.skipped[event_type_name(ev)] += 1
            else:
                stats.skipped[event_type_name(ev)] += 1
            for msg in out:
                stats.frames[type(msg).__name__] += 1
                yield msg


def export_binlogs(paths: Iterable[str | os.PathLike[str]], out: BinaryIO,
                   stats: ExportStats | None = None) -> ExportStats:
    """Write the framed stream of ``paths`` to ``out``."""
    stats = stats if stats is not None else ExportStats()
    for msg in binlog_messages(paths, stats):
        out.write(encode_frame(msg))
    return stats


def export_binlog(path: str | os.PathLike[str]) -> bytes:
    """The framed stream of one binlog file, as bytes."""
    buf = io.BytesIO()
    export_binlogs([path], buf)
    return buf.getvalue()
