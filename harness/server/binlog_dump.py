"""The primary side of replication: COM_REGISTER_SLAVE, COM_BINLOG_DUMP, SHOW SLAVE HOSTS.

A MariaDB 10.11 replica (or a CDC reader such as python-mysql-replication) connects
like any client, sets a few user variables (``@master_binlog_checksum``,
``@mariadb_slave_capability``, ``@slave_connect_state``, ``@master_heartbeat_period``
...), registers itself and then sends COM_BINLOG_DUMP. From then on the connection
only carries binlog events, each as one packet behind a 0x00 byte, until the
client goes away (or, with BINLOG_DUMP_NON_BLOCK, until the end of the log: EOF).

What is sent and when follows ``mysql_binlog_send`` in MariaDB's sql/sql_repl.cc:

* first a fake Rotate (timestamp 0, LOG_EVENT_ARTIFICIAL_F, log_pos 0) naming the
  file, then the file's Format_description with BINLOG_IN_USE cleared; when the
  dump starts past the file's header (pos > 4) that Format_description carries
  log_pos 0 and created 0, so the replica neither advances its position nor drops
  its temporary tables; the same in GTID mode while the start GTID is not reached;
* then the events from the file as written, across Rotate into the next file of
  the index (again fake Rotate + Format_description);
* at the end of the active file it waits for new events, sending a Heartbeat
  every ``@master_heartbeat_period`` nanoseconds of silence;
* a GTID start (``@slave_connect_state``) is checked against the binlog state and
  the file to start in is found from the Gtid_list events; the groups up to the
  requested GTID are skipped, and a fake Gtid_list follows the group that reaches it;
* a position or GTID that does not exist is answered with ER 1236 and the
  server's own texts.

The dump never holds the engine mutex while it reads or waits, so every other
client keeps being served; it reads the binlog files from disk up to the end
position the binary log reports under its own lock (whole groups only).
"""

from __future__ import annotations

import re
import selectors
import socket
import struct
import threading
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Protocol

from harness.server.protocol_errors import ER_UNKNOWN_COM_ERROR, ProtocolError, SqlError
from harness.server.results import Column, ResultSet
from harness.server.semisync import MAGIC, NEED_ACK, AckReader, SemiSyncMaster, event_end

COM_BINLOG_DUMP = 0x12
COM_REGISTER_SLAVE = 0x15

#: COM_BINLOG_DUMP flags.
BINLOG_DUMP_NON_BLOCK = 1
BINLOG_SEND_ANNOTATE_ROWS_EVENT = 2

ER_UNKNOWN_ERROR = 1105
ER_MASTER_FATAL_ERROR_READING_BINLOG = 1236

#: @mariadb_slave_capability values (MARIA_SLAVE_CAPABILITY_*).
CAPABILITY_UNKNOWN = 0
CAPABILITY_ANNOTATE = 1
CAPABILITY_TOLERATE_HOLES = 2
CAPABILITY_BINLOG_CHECKPOINT = 3
CAPABILITY_GTID = 4

# Event type codes the sender looks at.
QUERY_EVENT = 2
ROTATE_EVENT = 4
FORMAT_DESCRIPTION_EVENT = 15
XID_EVENT = 16
HEARTBEAT_LOG_EVENT = 27
ANNOTATE_ROWS_EVENT = 160
BINLOG_CHECKPOINT_EVENT = 161
GTID_EVENT = 162
GTID_LIST_EVENT = 163
START_ENCRYPTION_EVENT = 164

#: Log_event::is_part_of_group(type): the non-final events of a standalone group
#: (Gtid, Intvar, Rand, User_var, Table_map, Annotate_rows); skipping a standalone
#: group ends with the first event not among them (its Query).
PART_OF_GROUP = frozenset({162, 5, 13, 14, 19, 160})

LOG_EVENT_ARTIFICIAL_F = 0x20
LOG_EVENT_BINLOG_IN_USE_F = 0x1
HEADER_LEN = 19
CHECKSUM_LEN = 4
#: Format_description: binlog_version (2) + server_version (50), then `created`.
FD_CREATED_OFFSET = HEADER_LEN + 2 + 50
FL_STANDALONE = 1
#: The dump thread's max_allowed_packet (MAX_MAX_ALLOWED_PACKET).
MAX_EVENT_SIZE = 1 << 30
#: How often a waiting dump looks at the end of the log and at its client.
POLL_SECONDS = 0.05

_SHOW_SLAVE_HOSTS = re.compile(r"^\s*SHOW\s+(?:SLAVE|REPLICA)\s+HOSTS\s*;?\s*$", re.IGNORECASE)


# ---------------------------------------------------------------- requests


@dataclass(frozen=True)
class RegisteredReplica:
    """One COM_REGISTER_SLAVE: what SHOW SLAVE HOSTS lists."""

    server_id: int
    host: str
    user: str
    password: str
    port: int
    master_id: int
    connection_id: int


def decode_register_slave(body: bytes, own_server_id: int, connection_id: int) -> RegisteredReplica:
    """COM_REGISTER_SLAVE: server_id, report-host/user/password (1-byte lengths), port,
    4 unused bytes (the old rpl_recovery_rank), master_id (0: this server)."""
    bad = SqlError(ER_UNKNOWN_ERROR, "Wrong parameters to function register_slave")
    if len(body) < 4:
        raise bad
    server_id = struct.unpack_from("<I", body, 0)[0]
    p = 4
    parts: list[str] = []
    for what, limit in (("report-host", 255), ("report-user", 128), ("report-password", 32)):
        if p >= len(body):
            raise bad
        n = body[p]
        p += 1
        if p + n > len(body) or n > limit:
            sep = ";" if what == "report-password" else ":"
            raise SqlError(ER_UNKNOWN_ERROR, f"Failed to register slave{sep} too long '{what}'")
        parts.append(body[p:p + n].decode("utf-8", "replace"))
        p += n
    if p + 10 > len(body):
        raise bad
    port = struct.unpack_from("<H", body, p)[0]
    master_id = struct.unpack_from("<I", body, p + 6)[0] or own_server_id
    return RegisteredReplica(server_id, parts[0], parts[1], parts[2], port, master_id, connection_id)


@dataclass(frozen=True)
class DumpRequest:
    """COM_BINLOG_DUMP: 4-byte position, 2-byte flags, 4-byte server id, file name."""

    pos: int
    flags: int
    server_id: int
    log_ident: str


def decode_binlog_dump(body: bytes) -> DumpRequest:
    if len(body) < 10:
        raise ProtocolError(f"COM_BINLOG_DUMP with a {len(body)}-byte body, expected at least 10")
    pos, flags, server_id = struct.unpack_from("<IHI", body, 0)
    return DumpRequest(pos, flags, server_id, body[10:].split(b"\0", 1)[0].decode("utf-8", "replace"))


def encode_binlog_dump(req: DumpRequest) -> bytes:
    """The client side (tests, tools): the COM_BINLOG_DUMP packet payload."""
    return bytes([COM_BINLOG_DUMP]) + struct.pack("<IHI", req.pos, req.flags, req.server_id) + req.log_ident.encode()


class ReplicaRegistry:
    """The registered replicas (MariaDB's slave_list), by server id; thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_id: dict[int, RegisteredReplica] = {}
        self._dumps: dict[int, threading.Event] = {}
        #: Semi-synchronous replication's shared state (semisync.py).
        self.semi_sync = SemiSyncMaster()

    def register(self, replica: RegisteredReplica) -> None:
        with self._lock:
            self._by_id[replica.server_id] = replica

    def unregister_connection(self, connection_id: int) -> None:
        """The connection ended: its registration goes (unregister_slave(thd, only_mine))."""
        with self._lock:
            for sid, r in list(self._by_id.items()):
                if r.connection_id == connection_id:
                    del self._by_id[sid]

    def replicas(self) -> list[RegisteredReplica]:
        with self._lock:
            return list(self._by_id.values())

    def start_dump(self, server_id: int) -> threading.Event:
        """kill_zombie_dump_threads: a replica that reconnects ends its old dump."""
        stop = threading.Event()
        with self._lock:
            if server_id:
                old = self._dumps.get(server_id)
                if old is not None:
                    old.set()
                self._dumps[server_id] = stop
        return stop

    def end_dump(self, server_id: int, stop: threading.Event) -> None:
        with self._lock:
            if self._dumps.get(server_id) is stop:
                del self._dumps[server_id]


def is_show_slave_hosts(sql: str) -> bool:
    return bool(_SHOW_SLAVE_HOSTS.match(sql))


def show_slave_hosts(registry: ReplicaRegistry) -> ResultSet:
    """SHOW SLAVE HOSTS as MariaDB 10.11 answers it: Server_id, Host, Port, Master_id."""
    cols = [Column("Server_id", 3, length=10, flags=1 | 32 | 32768), Column("Host", 253, length=60, flags=1),
            Column("Port", 3, length=7, flags=1 | 32 | 32768), Column("Master_id", 3, length=10, flags=1 | 32 | 32768)]
    rows: list[list[Any]] = [[str(r.server_id), r.host, str(r.port), str(r.master_id)]
                             for r in sorted(registry.replicas(), key=lambda r: r.server_id)]
    return ResultSet(cols, rows)


# ---------------------------------------------------------------- the source


class BinlogSource(Protocol):
    """What the dump reads: the primary's binary log and the dump session's variables."""

    server_id: int
    directory: Path

    def index(self) -> list[str]:
        """The binlog file names in index order."""
        ...

    def end_position(self) -> tuple[str, int]:
        """The active file and the end of its last complete group."""
        ...

    def binlog_state(self) -> dict[int, dict[int, int]]:
        """rpl_binlog_state: per domain, the last seq_no per server id (last written last)."""
        ...

    def user_var(self, name: str) -> Any:
        """The dump connection's user variable ``@name`` (None when unset)."""
        ...


class DumpError(Exception):
    """Ends the dump with an ERR packet: the code and the full text the client gets."""

    def __init__(self, code: int, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text


class _ReadError(Exception):
    """A read error inside a file; gets the server's position details appended."""

    def __init__(self, msg: str) -> None:
        super().__init__(msg)
        self.msg = msg


# ---------------------------------------------------------------- event bytes


def _crc(data: bytes) -> bytes:
    return struct.pack("<I", zlib.crc32(data) & 0xFFFFFFFF)


def _fake_event(type_code: int, server_id: int, body: bytes, log_pos: int, checksum: bool,
                flags: int = LOG_EVENT_ARTIFICIAL_F) -> bytes:
    """fake_event_header + body + footer: timestamp 0 marks an event no file holds."""
    size = HEADER_LEN + len(body) + (CHECKSUM_LEN if checksum else 0)
    ev = struct.pack("<IBIIIH", 0, type_code, server_id, size, log_pos, flags) + body
    return ev + _crc(ev) if checksum else ev


def fake_rotate(server_id: int, file_name: str, position: int, checksum: bool) -> bytes:
    return _fake_event(ROTATE_EVENT, server_id, struct.pack("<Q", position) + file_name.encode(), 0, checksum)


def heartbeat(server_id: int, file_name: str, position: int, checksum: bool) -> bytes:
    """send_heartbeat_event: flags 0, log_pos = the position reached in ``file_name``."""
    return _fake_event(HEARTBEAT_LOG_EVENT, server_id, file_name.encode(), position, checksum, flags=0)


def fake_gtid_list(server_id: int, state: dict[int, dict[int, int]], log_pos: int, checksum: bool) -> bytes:
    entries = [(d, s, n) for d, servers in state.items() for s, n in servers.items()]
    body = struct.pack("<I", len(entries)) + b"".join(struct.pack("<IIQ", d, s, n) for d, s, n in entries)
    return _fake_event(GTID_LIST_EVENT, server_id, body, log_pos, checksum)


def _event_type(ev: bytes | bytearray) -> int:
    return ev[4]


def _checksum_alg_of_fd(ev: bytes) -> int:
    """get_checksum_alg: the byte before the CRC of a checksum-aware Format_description."""
    return ev[-CHECKSUM_LEN - 1]


def _gtid_of(ev: bytes) -> tuple[int, int, int, int]:
    """(domain, server, seq_no, flags2) of a Gtid event (server id from the header)."""
    server = struct.unpack_from("<I", ev, 5)[0]
    seq, domain, flags2 = struct.unpack_from("<QIB", ev, HEADER_LEN)
    return domain, server, seq, flags2


def _gtid_list_of(ev: bytes, checksum: bool) -> list[tuple[int, int, int]]:
    count = struct.unpack_from("<I", ev, HEADER_LEN)[0] & 0x0FFFFFFF
    end = len(ev) - (CHECKSUM_LEN if checksum else 0)
    out = []
    for i in range(count):
        at = HEADER_LEN + 4 + 16 * i
        if at + 16 > end:
            raise _ReadError("Failed to read Gtid_list_log_event: corrupt binlog")
        out.append(struct.unpack_from("<IIQ", ev, at))
    return out


def _is_commit_rollback(ev: bytes, checksum: bool) -> bool:
    """Query_log_event::peek_is_commit_rollback: the query text is COMMIT or ROLLBACK."""
    end = len(ev) - (CHECKSUM_LEN if checksum else 0)
    if end < HEADER_LEN + 13:
        return False
    db_len = ev[HEADER_LEN + 8]
    status_len = struct.unpack_from("<H", ev, HEADER_LEN + 11)[0]
    q = HEADER_LEN + 13 + status_len + db_len + 1
    return ev[q:end] in (b"COMMIT", b"ROLLBACK")


def _with_crc(ev: bytearray, checksum: bool) -> bytes:
    if checksum:
        ev[-CHECKSUM_LEN:] = _crc(bytes(ev[:-CHECKSUM_LEN]))
    return bytes(ev)


class _File:
    """One binlog file read by offset (the whole file is small; re-read as it grows)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.data = b""

    def load(self, upto: int | None = None) -> None:
        """Read what is new since the last load (a binlog file only grows at its end;
        the one byte that changes, BINLOG_IN_USE, is cleared before sending anyway)."""
        try:
            with open(self.path, "rb") as f:
                f.seek(len(self.data))
                more = f.read() if upto is None else f.read(max(0, upto - len(self.data)))
            self.data += more
        except OSError as exc:
            raise DumpError(ER_MASTER_FATAL_ERROR_READING_BINLOG,
                            f"Could not open log file ({exc.strerror})") from None

    def event_at(self, pos: int, end: int) -> bytes:
        """Log_event::read_log_event: the event at ``pos``, within ``end``."""
        if pos + HEADER_LEN > end:
            raise _ReadError("binlog truncated in the middle of event; consider out of disk space on master")
        size = struct.unpack_from("<I", self.data, pos + 9)[0]
        if size < HEADER_LEN:
            raise _ReadError("bogus data in log event")
        if size > MAX_EVENT_SIZE:
            raise _ReadError("log event entry exceeded max_allowed_packet; Increase max_allowed_packet on master")
        if pos + size > end:
            raise _ReadError("binlog truncated in the middle of event; consider out of disk space on master")
        return self.data[pos:pos + size]


# ---------------------------------------------------------------- the sender


@dataclass
class _GtidStart:
    """slave_connection_state: per domain the GTID to start after, with its flags."""

    gtids: dict[int, tuple[int, int]] = field(default_factory=dict)  # domain -> (server, seq)
    on_empty_domain: set[int] = field(default_factory=set)


def parse_gtid_state(text: str) -> dict[int, tuple[int, int]]:
    """slave_connection_state::load: ``D-S-N`` items separated by commas; one per domain."""
    out: dict[int, tuple[int, int]] = {}
    text = text.strip()
    if not text:
        return out
    for item in text.split(","):
        m = re.fullmatch(r"\s*(\d+)-(\d+)-(\d+)\s*", item)
        if not m:
            raise ValueError(item)
        d, s, n = (int(g) for g in m.groups())
        if d > 0xFFFFFFFF or s > 0xFFFFFFFF or n > 0xFFFFFFFFFFFFFFFF or d in out:
            raise ValueError(item)
        out[d] = (s, n)
    return out


def _as_text(v: Any) -> str | None:
    if v is None:
        return None
    if isinstance(v, bytes):
        return v.decode("utf-8", "replace")
    return str(v)


def _as_int(v: Any) -> int:
    """user_var_entry::val_int: a number, or a string's leading digits."""
    if v is None:
        return 0
    if isinstance(v, (int, float)):
        return int(v)
    try:
        m = re.match(r"\s*[-+]?\d+", _as_text(v) or "")
        return int(m.group(0)) if m else 0
    except (TypeError, ValueError):
        return 0


class BinlogSender:
    """mysql_binlog_send for one COM_BINLOG_DUMP.

    ``send`` writes event packets (the payloads without the leading 0x00);
    ``client_gone`` waits up to the given seconds and says whether the client
    left (or the server is stopping), so the wait for new events ends with it.
    """

    def __init__(self, source: BinlogSource, req: DumpRequest, send: Callable[[list[bytes]], None],
                 client_gone: Callable[[float], bool], stop: threading.Event | None = None) -> None:
        self.src = source
        self.req = req
        self.send = send
        self.client_gone = client_gone
        self.stop = stop or threading.Event()
        self.checksum_aware = source.user_var("master_binlog_checksum") is not None
        alg = (_as_text(source.user_var("master_binlog_checksum")) or "").upper()
        #: The checksum of the fake events before the first Format_description is read.
        self.checksum = alg == "CRC32"
        self.capability = _as_int(source.user_var("mariadb_slave_capability"))
        self.heartbeat_ns = _as_int(source.user_var("master_heartbeat_period"))
        connect_state = _as_text(source.user_var("slave_connect_state"))
        self.using_gtid = connect_state is not None
        self.strict = self.using_gtid and _as_int(source.user_var("slave_gtid_strict_mode")) != 0
        self.ignore_duplicates = self.using_gtid and _as_int(source.user_var("slave_gtid_ignore_duplicates")) != 0
        self.start = _GtidStart()
        self._connect_state = connect_state or ""
        self.seen_state: dict[int, dict[int, int]] = {}  # until_binlog_state: the GTIDs passed
        #: Called with the dump thread's PROCESSLIST state when it changes (THD_STAGE_INFO).
        self.on_state: Callable[[str], None] = lambda state: None
        #: Set when the server shuts the connection down (ends a dump whose client left).
        self.server_closed = threading.Event()
        self.skip: str | None = None  # None, "standalone", "transaction"
        self.send_fake_gtid_list = False
        self.file = ""
        self.pos = 0
        self.last_pos = 0
        self._out: list[bytes] = []
        #: A header put before each event as it is emitted, with the file it is in
        #: (the semi-sync header).
        self.frame: Callable[[str, bytes], bytes] | None = None

    # -- errors with the server's texts ---------------------------------------

    def _position_error(self, msg: str, file: str, last_pos: int, pos: int) -> DumpError:
        return DumpError(ER_MASTER_FATAL_ERROR_READING_BINLOG,
                         f"{msg}; the first event '{self.req.log_ident}' at {self.req.pos}, "
                         f"the last event read from '{file}' at {last_pos}, "
                         f"the last byte read from '{file}' at {pos}.")

    def _gtid_missing(self, domain: int, server: int, seq: int) -> DumpError:
        """give_error_start_pos_missing_in_binlog, then the text mysql_binlog_send formats."""
        state = self.src.binlog_state().get(domain)
        last_seq = list(state.values())[-1] if state else None
        gtid = f"{domain}-{server}-{seq}"
        if last_seq is not None and last_seq >= seq:
            return DumpError(ER_MASTER_FATAL_ERROR_READING_BINLOG,
                             f"Error: connecting slave requested to start from GTID {gtid}, which is not in "
                             "the master's binlog. Since the master's binlog contains GTIDs with higher sequence "
                             "numbers, it probably means that the slave has diverged due to executing extra "
                             "erroneous transactions")
        return DumpError(ER_MASTER_FATAL_ERROR_READING_BINLOG,
                         f"Error: connecting slave requested to start from GTID {gtid}, which is not in the "
                         "master's binlog")

    # -- init_binlog_sender ---------------------------------------------------

    def _init(self) -> tuple[str, int]:
        files = self.src.index()
        pos = self.req.pos
        if self.using_gtid:
            try:
                self.start.gtids = parse_gtid_state(self._connect_state)
            except ValueError:
                raise DumpError(ER_UNKNOWN_ERROR, "Out of memory or malformed slave request when obtaining "
                                                  "start position from GTID state") from None
            self._check_start_position()
            name = self._find_start_file(files)
            pos = 4
        else:
            name = self.req.log_ident or (files[0] if files else "")
        if name not in files:
            raise DumpError(ER_MASTER_FATAL_ERROR_READING_BINLOG,
                            "Could not find first log file name in binary log index file")
        try:
            size = (self.src.directory / name).stat().st_size
        except OSError as exc:
            raise DumpError(ER_MASTER_FATAL_ERROR_READING_BINLOG,
                            f"Could not open log file ({exc.strerror})") from None
        if pos < 4 or pos > size:
            raise DumpError(ER_MASTER_FATAL_ERROR_READING_BINLOG,
                            f"Client requested master to start replication from impossible position; "
                            f"the first event '{self.req.log_ident}' at {pos}, "
                            f"the last event read from '{self.req.log_ident}' at 4, "
                            f"the last byte read from '{self.req.log_ident}' at 4.")
        return name, pos

    def _check_start_position(self) -> None:
        """check_slave_start_position: every requested GTID is in the binlog state, or its
        domain is unknown here (checked again when the domain shows up)."""
        state = self.src.binlog_state()
        for domain, (server, seq) in list(self.start.gtids.items()):
            have = state.get(domain, {}).get(server)
            if have is not None and have >= seq:
                continue
            if domain not in state:
                self.start.on_empty_domain.add(domain)
                continue
            last_seq = list(state[domain].values())[-1]
            if self.ignore_duplicates and last_seq < seq:
                continue
            raise self._gtid_missing(domain, server, seq)

    def _find_start_file(self, files: list[str]) -> str:
        """gtid_find_binlog_file: the newest file whose Gtid_list has nothing the replica
        still needs; a requested GTID that is exactly the last of its domain there is
        dropped from the start state (nothing to skip)."""
        for name in reversed(files):
            glist = self._file_gtid_list(name)
            if glist is None or self._contains_all(glist):
                for d, s, n in glist or []:
                    if self.start.gtids.get(d) == (s, n):
                        del self.start.gtids[d]
                return name
        raise DumpError(ER_MASTER_FATAL_ERROR_READING_BINLOG,
                        "Could not find GTID state requested by slave in any binlog files. Probably the slave "
                        "state is too old and required binlog files have been purged.")

    def _file_gtid_list(self, name: str) -> list[tuple[int, int, int]] | None:
        f = _File(self.src.directory / name)
        f.load()
        pos, end = 4, len(f.data)
        checksum = False
        try:
            while pos < end:
                ev = f.event_at(pos, end)
                t = _event_type(ev)
                if t == FORMAT_DESCRIPTION_EVENT:
                    checksum = _checksum_alg_of_fd(ev) == 1
                elif t == GTID_LIST_EVENT:
                    return _gtid_list_of(ev, checksum)
                elif t not in (START_ENCRYPTION_EVENT,):
                    return None
                pos += len(ev)
        except _ReadError as exc:
            raise DumpError(ER_MASTER_FATAL_ERROR_READING_BINLOG, exc.msg) from None
        return None

    def _contains_all(self, glist: list[tuple[int, int, int]]) -> bool:
        """contains_all_slave_gtid."""
        for i, (d, s, n) in enumerate(glist):
            want = self.start.gtids.get(d)
            if want is None:
                return False
            if want[0] == s and want[1] <= n:
                if want[1] < n:
                    return False
                if i + 1 < len(glist) and glist[i + 1][0] == d:
                    return False
        return True

    # -- the loop -------------------------------------------------------------

    def run(self) -> bool:
        """Send the dump; True when it ended at the end of the log (NON_BLOCK: send EOF),
        False when the client or the server went away. Raises DumpError for an ERR."""
        name, pos = self._init()
        first = True
        while True:
            self.file = name
            self._emit(fake_rotate(self.src.server_id, name, pos, self.checksum))
            f = _File(self.src.directory / name)
            self._send_format_description(f, pos, clear_log_pos=first and pos > 4)
            first = False
            ended = self._send_file(f, pos)
            if ended is not None:
                return ended
            files = self.src.index()
            if name not in files or files.index(name) + 1 >= len(files):
                raise self._position_error("could not find next log", name, self.last_pos, self.pos)
            name, pos = files[files.index(name) + 1], 4

    def _linger(self) -> bool:
        """The client left while the dump waited for updates. MariaDB's dump thread does not
        see that then: it waits on the binary log's update signal, not on the socket
        (sql_repl.cc wait_new_events), so it stays in PROCESSLIST ('Binlog Dump', 'Master has
        sent all binlog to slave; ...') until the next event it would send fails or KILL
        ends it (observed on 10.11.19 after mariadb-binlog --stop-never exited: the thread
        was listed until killed). A replica that asked for heartbeats gets one when the
        period is up, and that write fails too. False: the dump ends without its client."""
        where = self.src.end_position()
        waited = 0.0
        while not self.stop.wait(POLL_SECONDS):
            waited += POLL_SECONDS
            if self.server_closed.is_set() or self.src.end_position() != where:
                break
            if self.heartbeat_ns and waited * 1e9 >= self.heartbeat_ns:
                break
        return False

    def _emit(self, ev: bytes) -> None:
        if self.frame is not None:
            ev = self.frame(self.file, ev)
        self._out.append(ev)
        if len(self._out) >= 64:
            self._flush()

    def _flush(self) -> None:
        if self._out:
            out, self._out = self._out, []
            self.send(out)

    def _send_format_description(self, f: _File, start_pos: int, clear_log_pos: bool) -> None:
        f.load()
        self.last_pos = 4
        try:
            ev = bytearray(f.event_at(4, len(f.data)))
        except _ReadError as exc:
            raise self._position_error(exc.msg, self.file, 4, 4) from None
        self.pos = 4 + len(ev)
        if _event_type(ev) != FORMAT_DESCRIPTION_EVENT:
            raise self._position_error("Failed to find format descriptor event in start of binlog",
                                       self.file, 4, self.pos)
        alg = _checksum_alg_of_fd(bytes(ev))
        if not self.checksum_aware and alg not in (0, 0xFF):
            raise self._position_error("Slave can not handle replication events with the checksum that master "
                                       "is configured to log", self.file, 4, self.pos)
        self.checksum = alg == 1
        ev[17] &= ~LOG_EVENT_BINLOG_IN_USE_F & 0xFF
        if clear_log_pos:
            ev[13:17] = b"\0\0\0\0"
            ev[FD_CREATED_OFFSET:FD_CREATED_OFFSET + 4] = b"\0\0\0\0"
            self._emit(_with_crc(ev, self.checksum))
        elif self.using_gtid and any(d not in self.start.on_empty_domain for d in self.start.gtids):
            # Not yet at the start GTID: keep the replica's temporary tables.
            ev[FD_CREATED_OFFSET:FD_CREATED_OFFSET + 4] = b"\0\0\0\0"
            self._emit(_with_crc(ev, self.checksum))
        else:
            self._emit(bytes(ev))
        if start_pos == 4:
            self.pos = 4 + len(ev)

    def _end_of(self, name: str, f: _File) -> int:
        """The readable end of ``name``: its size when it is not the active file, else the
        end of the last group written to it."""
        active, end = self.src.end_position()
        if active != name:
            f.load()
            return len(f.data)
        if end > len(f.data):
            f.load(end)
        return end

    def _send_file(self, f: _File, start_pos: int) -> bool | None:
        """send_one_binlog_file: None when the file is done (go to the next one)."""
        self.pos = max(self.pos, start_pos) if start_pos == 4 else start_pos
        waited = 0.0
        while True:
            if self.stop.is_set():
                self._flush()
                return False
            end = self._end_of(self.file, f)
            if self.pos >= end:
                active, _ = self.src.end_position()
                if active != self.file:
                    if self.pos >= len(f.data):
                        return None
                    continue
                if self.req.flags & BINLOG_DUMP_NON_BLOCK or self.req.server_id == 0:
                    self._flush()
                    return True
                self._flush()
                self.on_state(STATE_WAITING)
                if self.client_gone(POLL_SECONDS):
                    return self._linger()
                waited += POLL_SECONDS
                if self.heartbeat_ns and waited * 1e9 >= self.heartbeat_ns:
                    waited = 0.0
                    self._emit(heartbeat(self.src.server_id, self.file, self.pos, self.checksum))
                    self._flush()
                    self.heartbeat_ns = _as_int(self.src.user_var("master_heartbeat_period"))
                continue
            waited = 0.0
            self.on_state(STATE_SENDING)
            while self.pos < end:
                self.last_pos = self.pos
                try:
                    ev = f.event_at(self.pos, end)
                except _ReadError as exc:
                    raise self._position_error(exc.msg, self.file, self.last_pos, self.pos) from None
                self.pos += len(ev)
                self._send_event(ev)
                if self.send_fake_gtid_list and self.skip is None:
                    # Right after the event where the start GTID is reached (even a
                    # skipped COMMIT), so the replica learns its position.
                    self.send_fake_gtid_list = False
                    self._emit(fake_gtid_list(self.src.server_id, self.seen_state, self.pos, self.checksum))

    def _send_event(self, ev: bytes) -> None:
        """send_event_to_slave: GTID skipping, the capability rules, then the packet."""
        t = _event_type(ev)
        if t == START_ENCRYPTION_EVENT:
            return
        if t == GTID_EVENT and self.using_gtid and self.start.gtids:
            self._gtid_start(ev)
        if self.skip == "standalone":
            if t not in PART_OF_GROUP:
                self.skip = None
            return
        if self.skip == "transaction":
            if t == XID_EVENT or (t == QUERY_EVENT and _is_commit_rollback(ev, self.checksum)):
                self.skip = None
            return
        if t == ANNOTATE_ROWS_EVENT and not self.req.flags & BINLOG_SEND_ANNOTATE_ROWS_EVENT:
            if self.capability >= CAPABILITY_TOLERATE_HOLES:
                return
        if t == GTID_EVENT and self.capability < CAPABILITY_GTID:
            # make_compatible_event (BEGIN or a dummy) is not modelled: such old
            # replicas get the GTID event as it is.
            pass
        if ((t == BINLOG_CHECKPOINT_EVENT and self.capability < CAPABILITY_BINLOG_CHECKPOINT)
                or (t == GTID_LIST_EVENT and self.capability < CAPABILITY_GTID)):
            if self.capability >= CAPABILITY_TOLERATE_HOLES:
                return
        self._emit(ev)

    def _gtid_start(self, ev: bytes) -> None:
        domain, server, seq, flags2 = _gtid_of(ev)
        servers = self.seen_state.setdefault(domain, {})
        servers.pop(server, None)
        servers[server] = seq
        want = self.start.gtids.get(domain)
        if want is None:
            return
        if domain in self.start.on_empty_domain:
            have = self.src.binlog_state().get(domain, {}).get(want[0])
            if have is None or have < want[1]:
                raise self._gtid_missing(domain, *want)
            self.start.on_empty_domain.discard(domain)
        w_server, w_seq = want
        skip_kind = "standalone" if flags2 & FL_STANDALONE else "transaction"
        if server != w_server or seq <= w_seq:
            self.skip = skip_kind
        if server == w_server and seq >= w_seq:
            if self.strict and seq > w_seq:
                gtid = f"{domain}-{w_server}-{w_seq}"
                raise DumpError(ER_MASTER_FATAL_ERROR_READING_BINLOG,
                                f"The binlog on the master is missing the GTID {gtid} requested by the slave "
                                "(even though both a prior and a subsequent sequence number does exist), and "
                                "GTID strict mode is enabled")
            self.send_fake_gtid_list = True
            del self.start.gtids[domain]


# ---------------------------------------------------------------- the connection side


def wait_client_gone(sock: socket.socket, closed: threading.Event,
                     received: Callable[[bytes], None] | None = None) -> Callable[[float], bool]:
    """A ``client_gone`` for BinlogSender on a connection socket: bytes the replica sends
    meanwhile go to ``received`` (a semi-synchronous replica's ACKs) or are dropped (a
    dump connection takes no commands), EOF ends it."""
    sel = selectors.DefaultSelector()
    sel.register(sock, selectors.EVENT_READ)

    def gone(seconds: float) -> bool:
        if closed.is_set():
            return True
        if not sel.select(seconds):
            return closed.is_set()
        try:
            data = sock.recv(65536)
        except BlockingIOError:
            return False
        except OSError:
            return True
        if not data:
            return True
        if received is not None:
            received(data)
        time.sleep(0)  # other bytes from the replica (e.g. a late COM_QUIT): dropped
        return False

    return gone


class EngineBinlogSource:
    """A BinlogSource over replbed's BinaryLog (harness/model/flush.py) and one session's
    user variables. Reads the index, the end position and the state under the binary
    log's own lock, never the engine mutex."""

    def __init__(self, binlog: Any, user_vars: dict[str, Any]) -> None:
        self.binlog = binlog
        self.user_vars = user_vars
        self.server_id = int(binlog.server_id)
        self.directory = Path(binlog.dir)

    def index(self) -> list[str]:
        with self.binlog.lock:
            return list(self.binlog.files)

    def end_position(self) -> tuple[str, int]:
        name, pos = self.binlog.current()
        return str(name), int(pos)

    def binlog_state(self) -> dict[int, dict[int, int]]:
        with self.binlog.lock:
            return {d: dict(servers) for d, servers in self.binlog.gtid_state.items()}

    def user_var(self, name: str) -> Any:
        return self.user_vars.get(name.lower())


def com_register_slave(handler: Any, body: bytes, registry: ReplicaRegistry) -> bytes:
    """COM_REGISTER_SLAVE: remember the replica for SHOW SLAVE HOSTS; the OK payload."""
    from harness.server import protocol as p
    source = _source_of(handler)
    if source is None:
        raise SqlError(ER_UNKNOWN_COM_ERROR, "Unknown command")
    replica = decode_register_slave(body, source.server_id if source else 0, handler.conn_id)
    registry.register(replica)
    with handler.server.lock:
        status = handler.session.status_flags()
    return p.encode_ok(status_flags=status, capabilities=handler.caps | p.CLIENT_PROTOCOL_41)


def _source_of(handler: Any) -> BinlogSource | None:
    make = getattr(handler.session, "binlog_source", None)
    return make() if callable(make) else None


# The dump thread's stages (sql_repl.cc: stage_sending_binlog_event_to_slave,
# stage_master_has_sent_all_binlog_to_slave) as PROCESSLIST's State shows them.
STATE_SENDING = "Sending binlog event to slave"
STATE_WAITING = "Master has sent all binlog to slave; waiting for more updates"


def _as_dump_thread(handler: Any, stop: threading.Event) -> Callable[[str], None]:
    """The connection shows as COMMAND 'Binlog Dump' in PROCESSLIST and KILL ends it
    (ServerState.killers); returns the setter of its State."""
    thd = getattr(handler.session, "thd", None)
    if thd is None:
        return lambda state: None
    with handler.server.lock:
        thd.command = "Binlog Dump"
        thd.server.killers[thd.connection_id] = stop.set

    def set_state(state: str) -> None:
        if thd.command_state != state:
            with handler.server.lock:
                thd.set_command_state(state)
    return set_state


def com_binlog_dump(handler: Any, body: bytes, registry: ReplicaRegistry) -> None:
    """COM_BINLOG_DUMP: stream until the end (EOF), an error (ERR) or the client leaves.
    The connection ends afterwards, as on the server (a fake COM_QUIT)."""
    from harness.server import protocol as p
    source = _source_of(handler)
    if source is None:  # a session without a binary log (test stand-ins)
        raise SqlError(ER_UNKNOWN_COM_ERROR, "Unknown command")
    req = decode_binlog_dump(body)
    io = handler.io
    semi = registry.semi_sync
    with handler.server.lock:
        semi_sync = _as_int(source.user_var("rpl_semi_sync_slave")) != 0 and semi.enabled(handler.session)

    def send(events: list[bytes]) -> None:
        io.write(*[b"\0" + ev for ev in events])

    def semi_sync_header(file: str, ev: bytes) -> bytes:
        """The semi-sync header on every packet; NEED_ACK on a waiting commit's end."""
        return bytes((MAGIC, NEED_ACK if semi.need_ack(file, event_end(ev)) else 0)) + ev

    stop = registry.start_dump(req.server_id)
    acks = AckReader(semi).feed if semi_sync else None
    sender = BinlogSender(source, req, send, wait_client_gone(handler.sock, handler._closed, acks), stop)
    sender.on_state = _as_dump_thread(handler, stop)
    sender.server_closed = handler._closed
    if semi_sync:
        sender.frame = semi_sync_header
        semi.add_client()
        with handler.server.lock:
            semi.publish(handler.session)
    try:
        at_end = sender.run()
        if at_end:
            io.write(p.encode_end_of_rows(0, 0, handler.caps | p.CLIENT_PROTOCOL_41))
    except DumpError as err:
        sender._flush()
        io.write(p.encode_err(err.code, "HY000", err.text, p.CLIENT_PROTOCOL_41))
    finally:
        registry.end_dump(req.server_id, stop)
        thd = getattr(handler.session, "thd", None)
        if thd is not None:
            with handler.server.lock:
                thd.server.killers.pop(thd.connection_id, None)
        if semi_sync:
            semi.remove_client()
            with handler.server.lock:
                semi.publish(handler.session)
