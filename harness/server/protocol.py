"""Stateless codecs for the MySQL/MariaDB client/server wire protocol.

Everything here turns bytes into dataclasses or dataclasses into bytes; no
function touches a socket or keeps state between calls. ``server.py`` drives
them. Encoders return *payloads* (without the 4-byte packet header); framing
into packets (3-byte length, sequence id, 16 MiB splits) is done by
:func:`frame_packets` so the same payload code works for every packet size.

Decoders raise :class:`~harness.server.protocol_errors.ProtocolError` on malformed
input, never ``IndexError``/``struct.error``, so the server can tell "client
sent garbage" from "bug in the server".

Reference: the MariaDB "Client/Server protocol" pages and the MySQL
``Protocol::`` documentation; field layouts are written from those specs.
"""

from __future__ import annotations

import re

import hashlib
import hmac
import os
import struct
from collections.abc import Sequence
from dataclasses import dataclass, field

from harness.server.protocol_errors import ER_PARSE_ERROR, ProtocolError, SqlError
from harness.sql.parse.text_scan import skip_comment, skip_quoted
from harness.server.results import (
    SERVER_SESSION_STATE_CHANGED,
    Cell,
    Column,
    HandshakeInfo,
    OkResult,
    ResultSet,
    Session,
    SessionFactory,
)

__all__ = [
    "Column",
    "OkResult",
    "ResultSet",
    "HandshakeInfo",
    "Session",
    "SessionFactory",
]

# --------------------------------------------------------------------------
# Constants
# --------------------------------------------------------------------------

MAX_PACKET_CHUNK = 0xFFFFFF  # largest payload one physical packet carries

# Capability flags (CLIENT_*). Bit 0 is CLIENT_LONG_PASSWORD for MySQL; MariaDB
# reuses it as CLIENT_MYSQL and a MariaDB *server* leaves it clear, which is
# also what tells a MariaDB client it may use the extended capability bytes.
CLIENT_MYSQL = 1
CLIENT_LONG_PASSWORD = 1
CLIENT_FOUND_ROWS = 1 << 1
CLIENT_LONG_FLAG = 1 << 2
CLIENT_CONNECT_WITH_DB = 1 << 3
CLIENT_NO_SCHEMA = 1 << 4
CLIENT_COMPRESS = 1 << 5
CLIENT_ODBC = 1 << 6
CLIENT_LOCAL_FILES = 1 << 7
CLIENT_IGNORE_SPACE = 1 << 8
CLIENT_PROTOCOL_41 = 1 << 9
CLIENT_INTERACTIVE = 1 << 10
CLIENT_SSL = 1 << 11
CLIENT_IGNORE_SIGPIPE = 1 << 12
CLIENT_TRANSACTIONS = 1 << 13
CLIENT_RESERVED = 1 << 14
CLIENT_SECURE_CONNECTION = 1 << 15
CLIENT_MULTI_STATEMENTS = 1 << 16
CLIENT_MULTI_RESULTS = 1 << 17
CLIENT_PS_MULTI_RESULTS = 1 << 18
CLIENT_PLUGIN_AUTH = 1 << 19
CLIENT_CONNECT_ATTRS = 1 << 20
CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA = 1 << 21
CLIENT_CAN_HANDLE_EXPIRED_PASSWORDS = 1 << 22
CLIENT_SESSION_TRACK = 1 << 23
CLIENT_DEPRECATE_EOF = 1 << 24
CLIENT_QUERY_ATTRIBUTES = 1 << 27
CLIENT_REMEMBER_OPTIONS = 1 << 31

#: What replbed advertises: a real MariaDB 10.11 sends 0x81fff7fe (without
#: TLS); we send the same but CLIENT_COMPRESS (0x20), which a client would turn on
#: only to find that replbed does not compress: 0x81fff7de. LOAD DATA LOCAL is
#: advertised like the server's: the statement asks the client for the file.
DEFAULT_SERVER_CAPABILITIES = (
    CLIENT_FOUND_ROWS
    | CLIENT_LONG_FLAG
    | CLIENT_CONNECT_WITH_DB
    | CLIENT_NO_SCHEMA
    | CLIENT_ODBC
    | CLIENT_LOCAL_FILES
    | CLIENT_IGNORE_SPACE
    | CLIENT_PROTOCOL_41
    | CLIENT_INTERACTIVE
    | CLIENT_IGNORE_SIGPIPE
    | CLIENT_TRANSACTIONS
    | CLIENT_RESERVED
    | CLIENT_SECURE_CONNECTION
    | CLIENT_MULTI_STATEMENTS
    | CLIENT_MULTI_RESULTS
    | CLIENT_PS_MULTI_RESULTS
    | CLIENT_PLUGIN_AUTH
    | CLIENT_CONNECT_ATTRS
    | CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA
    | CLIENT_CAN_HANDLE_EXPIRED_PASSWORDS
    | CLIENT_SESSION_TRACK
    | CLIENT_DEPRECATE_EOF
    | CLIENT_REMEMBER_OPTIONS
)

#: A real 10.11 sends ``5.5.5-10.11.19-MariaDB-<suffix>``: the fake ``5.5.5-``
#: prefix keeps ancient MySQL replication code from mis-parsing "10" as a major
#: version below 4. mysql-connector-python parses it as (5, 5, 5) and exposes
#: the whole string as ``server_info``; "MariaDB" in it is how callers tell.
DEFAULT_SERVER_VERSION = "5.5.5-10.11.19-MariaDB-log"

NATIVE_PASSWORD_PLUGIN = "mysql_native_password"
SCRAMBLE_LENGTH = 20

# Commands (first byte of a command packet).
COM_SLEEP = 0x00
COM_QUIT = 0x01
COM_INIT_DB = 0x02
COM_QUERY = 0x03
COM_FIELD_LIST = 0x04
COM_CREATE_DB = 0x05
COM_DROP_DB = 0x06
COM_REFRESH = 0x07
COM_SHUTDOWN = 0x08
COM_STATISTICS = 0x09
COM_PROCESS_INFO = 0x0A
COM_CONNECT = 0x0B
COM_PROCESS_KILL = 0x0C
COM_DEBUG = 0x0D
COM_PING = 0x0E
COM_CHANGE_USER = 0x11
COM_BINLOG_DUMP = 0x12
COM_STMT_PREPARE = 0x16
COM_STMT_EXECUTE = 0x17
COM_STMT_SEND_LONG_DATA = 0x18
COM_STMT_CLOSE = 0x19
COM_STMT_RESET = 0x1A
COM_STMT_FETCH = 0x1C
COM_SET_OPTION = 0x1B
COM_RESET_CONNECTION = 0x1F

MYSQL_OPTION_MULTI_STATEMENTS_ON = 0
MYSQL_OPTION_MULTI_STATEMENTS_OFF = 1

OK_HEADER = 0x00
EOF_HEADER = 0xFE
ERR_HEADER = 0xFF
AUTH_SWITCH_HEADER = 0xFE
NULL_CELL = b"\xfb"

# --------------------------------------------------------------------------
# Primitive encoders
# --------------------------------------------------------------------------


def encode_lenenc_int(value: int) -> bytes:
    """Length-encoded integer (1, 3, 4 or 9 bytes)."""
    if value < 0:
        raise ValueError(f"length-encoded integers are unsigned, got {value}")
    if value < 0xFB:
        return bytes((value,))
    if value < 1 << 16:
        return b"\xfc" + struct.pack("<H", value)
    if value < 1 << 24:
        return b"\xfd" + struct.pack("<I", value)[:3]
    if value < 1 << 64:
        return b"\xfe" + struct.pack("<Q", value)
    raise ValueError(f"length-encoded integer out of range: {value}")


def encode_lenenc_bytes(value: bytes) -> bytes:
    """Length-encoded string: lenenc length followed by the bytes."""
    return encode_lenenc_int(len(value)) + value


def to_wire_text(value: str) -> bytes:
    """Text we send: UTF-8, with lone surrogates mapped back to raw bytes.

    ``surrogateescape`` is the inverse of how :func:`from_wire_text` decodes,
    so a statement or value carrying non-UTF-8 bytes round-trips unchanged.
    """
    return value.encode("utf-8", "surrogateescape")


def from_wire_text(value: bytes) -> str:
    """Text we receive: UTF-8 with undecodable bytes kept as surrogates.

    The protocol layer does not know the session's ``character_set_client``
    (it changes with ``SET NAMES``), so it decodes losslessly and a session
    that needs the original bytes gets them back with
    ``s.encode('utf-8', 'surrogateescape')``.
    """
    return value.decode("utf-8", "surrogateescape")


# --------------------------------------------------------------------------
# Bounds-checked payload reader
# --------------------------------------------------------------------------


class PayloadReader:
    """Cursor over one packet payload; every short read is a ProtocolError."""

    def __init__(self, data: bytes, what: str = "packet") -> None:
        self.data = data
        self.pos = 0
        self.what = what

    def remaining(self) -> int:
        return len(self.data) - self.pos

    def at_end(self) -> bool:
        return self.pos >= len(self.data)

    def _need(self, n: int) -> None:
        if self.pos + n > len(self.data):
            raise ProtocolError(
                f"{self.what} truncated: needed {n} bytes at offset {self.pos}, "
                f"payload is {len(self.data)} bytes"
            )

    def read(self, n: int) -> bytes:
        self._need(n)
        out = self.data[self.pos : self.pos + n]
        self.pos += n
        return out

    def int1(self) -> int:
        return self.read(1)[0]

    def int2(self) -> int:
        return int(struct.unpack("<H", self.read(2))[0])

    def int3(self) -> int:
        return int.from_bytes(self.read(3), "little")

    def int4(self) -> int:
        return int(struct.unpack("<I", self.read(4))[0])

    def int8(self) -> int:
        return int(struct.unpack("<Q", self.read(8))[0])

    def lenenc_int(self) -> int | None:
        """A length-encoded int; ``None`` for the NULL marker 0xFB."""
        first = self.int1()
        if first < 0xFB:
            return first
        if first == 0xFB:
            return None
        if first == 0xFC:
            return self.int2()
        if first == 0xFD:
            return self.int3()
        if first == 0xFE:
            return self.int8()
        raise ProtocolError(f"{self.what}: 0xFF is not a valid length-encoded integer")

    def lenenc_bytes(self) -> bytes | None:
        n = self.lenenc_int()
        if n is None:
            return None
        return self.read(n)

    def nul_bytes(self) -> bytes:
        end = self.data.find(b"\0", self.pos)
        if end < 0:
            raise ProtocolError(f"{self.what}: NUL-terminated string at offset {self.pos} has no NUL")
        out = self.data[self.pos : end]
        self.pos = end + 1
        return out

    def rest(self) -> bytes:
        out = self.data[self.pos :]
        self.pos = len(self.data)
        return out


# --------------------------------------------------------------------------
# Framing
# --------------------------------------------------------------------------


def frame_packets(payload: bytes, seq: int) -> tuple[bytes, int]:
    """Frame one logical payload into physical packets.

    Returns the bytes to send and the next sequence id. A payload of exactly a
    multiple of 0xFFFFFF bytes is followed by an empty packet, which is how the
    receiver knows the logical packet ended.
    """
    out = bytearray()
    start = 0
    while True:
        chunk = payload[start : start + MAX_PACKET_CHUNK]
        out += len(chunk).to_bytes(3, "little") + bytes((seq & 0xFF,)) + chunk
        seq = (seq + 1) & 0xFF
        start += len(chunk)
        if len(chunk) < MAX_PACKET_CHUNK:
            return bytes(out), seq


def parse_packet_header(header: bytes) -> tuple[int, int]:
    """``(payload_length, sequence_id)`` from a 4-byte packet header."""
    if len(header) != 4:
        raise ProtocolError(f"packet header must be 4 bytes, got {len(header)}")
    return int.from_bytes(header[:3], "little"), header[3]


# --------------------------------------------------------------------------
# Authentication
# --------------------------------------------------------------------------


def make_scramble(length: int = SCRAMBLE_LENGTH) -> bytes:
    """Random auth-plugin data, printable ASCII without NUL like mysqld's.

    NUL must not appear because part 2 of the scramble is sent NUL-terminated.
    """
    alphabet = bytes(range(0x21, 0x7F))
    raw = os.urandom(length)
    return bytes(alphabet[b % len(alphabet)] for b in raw)


def native_password_hash(password: str) -> bytes:
    """SHA1(SHA1(password)): what mysql.user stores for mysql_native_password."""
    return hashlib.sha1(hashlib.sha1(password.encode("utf-8")).digest()).digest()


def native_password_scramble(password: str, salt: bytes) -> bytes:
    """The client side: SHA1(pw) XOR SHA1(salt + SHA1(SHA1(pw))); empty for no password."""
    if not password:
        return b""
    stage1 = hashlib.sha1(password.encode("utf-8")).digest()
    stage2 = hashlib.sha1(stage1).digest()
    mix = hashlib.sha1(salt[:SCRAMBLE_LENGTH] + stage2).digest()
    return bytes(a ^ b for a, b in zip(stage1, mix))


def verify_native_password(salt: bytes, response: bytes, password: str) -> bool:
    """Check a mysql_native_password response the way the server does.

    The server only needs SHA1(SHA1(pw)): it recovers SHA1(pw) from the
    response and hashes it once more. Constant-time compare for good manners.
    """
    if not password:
        return response == b""
    if len(response) != SCRAMBLE_LENGTH:
        return False
    stored = native_password_hash(password)
    mix = hashlib.sha1(salt[:SCRAMBLE_LENGTH] + stored).digest()
    candidate_stage1 = bytes(a ^ b for a, b in zip(response, mix))
    return hmac.compare_digest(hashlib.sha1(candidate_stage1).digest(), stored)


# --------------------------------------------------------------------------
# Initial handshake
# --------------------------------------------------------------------------


@dataclass
class ServerHandshake:
    """Protocol::HandshakeV10 as MariaDB sends it."""

    server_version: str
    connection_id: int
    scramble: bytes  # 20 bytes
    capabilities: int = DEFAULT_SERVER_CAPABILITIES
    charset: int = 8  # latin1_swedish_ci, a stock 10.11's character_set_server
    status_flags: int = 0x0002  # SERVER_STATUS_AUTOCOMMIT
    auth_plugin: str = NATIVE_PASSWORD_PLUGIN
    mariadb_capabilities: int = 0  # extended caps (bits 32..63 >> 32); none implemented


def encode_handshake_v10(hs: ServerHandshake) -> bytes:
    """Payload of the server's first packet."""
    if len(hs.scramble) < 8:
        raise ValueError("scramble must be at least 8 bytes")
    caps = hs.capabilities & 0xFFFFFFFF
    out = bytearray()
    out.append(10)
    out += hs.server_version.encode("ascii") + b"\0"
    out += struct.pack("<I", hs.connection_id & 0xFFFFFFFF)
    out += hs.scramble[:8] + b"\0"
    out += struct.pack("<H", caps & 0xFFFF)
    out.append(hs.charset & 0xFF)
    out += struct.pack("<H", hs.status_flags & 0xFFFF)
    out += struct.pack("<H", caps >> 16)
    out.append(len(hs.scramble) + 1 if caps & CLIENT_PLUGIN_AUTH else 0)
    out += b"\0" * 6
    if caps & CLIENT_MYSQL:
        out += b"\0" * 4
    else:
        out += struct.pack("<I", hs.mariadb_capabilities & 0xFFFFFFFF)
    if caps & CLIENT_SECURE_CONNECTION:
        part2 = hs.scramble[8:]
        out += part2 + b"\0" * max(1, 13 - len(part2))
    if caps & CLIENT_PLUGIN_AUTH:
        out += hs.auth_plugin.encode("ascii") + b"\0"
    return bytes(out)


def decode_handshake_v10(payload: bytes) -> ServerHandshake:
    """Inverse of :func:`encode_handshake_v10` (used by tests and raw clients)."""
    r = PayloadReader(payload, "initial handshake")
    proto = r.int1()
    if proto != 10:
        raise ProtocolError(f"initial handshake: protocol version {proto}, expected 10")
    version = r.nul_bytes().decode("ascii", "replace")
    conn_id = r.int4()
    part1 = r.read(8)
    r.read(1)
    caps = r.int2()
    charset = r.int1()
    status = r.int2()
    caps |= r.int2() << 16
    auth_len = r.int1()
    r.read(6)
    ext = r.int4()
    part2 = b""
    if caps & CLIENT_SECURE_CONNECTION:
        part2 = r.read(max(13, auth_len - 8))[: max(12, auth_len - 9)]
    plugin = ""
    if caps & CLIENT_PLUGIN_AUTH and not r.at_end():
        plugin = r.nul_bytes().decode("ascii", "replace")
    return ServerHandshake(
        server_version=version,
        connection_id=conn_id,
        scramble=part1 + part2,
        capabilities=caps,
        charset=charset,
        status_flags=status,
        auth_plugin=plugin,
        mariadb_capabilities=0 if caps & CLIENT_MYSQL else ext,
    )


@dataclass
class HandshakeResponse:
    """Protocol::HandshakeResponse41, the client's answer to the handshake."""

    capabilities: int
    max_packet_size: int
    charset: int
    user: str
    auth_response: bytes
    database: str | None = None
    auth_plugin: str = ""
    connect_attrs: dict[str, str] = field(default_factory=dict)
    mariadb_capabilities: int = 0


SSL_REQUEST_LENGTH = 32


def is_ssl_request(payload: bytes) -> bool:
    """The 32-byte SSLRequest a client sends before starting TLS."""
    if len(payload) != SSL_REQUEST_LENGTH:
        return False
    return bool(struct.unpack("<I", payload[:4])[0] & CLIENT_SSL)


def decode_handshake_response(payload: bytes) -> HandshakeResponse:
    """Parse HandshakeResponse41; pre-4.1 clients are refused (ProtocolError)."""
    r = PayloadReader(payload, "handshake response")
    if len(payload) < 4:
        raise ProtocolError(f"handshake response of {len(payload)} bytes is too short")
    caps = r.int4()
    if not caps & CLIENT_PROTOCOL_41:
        raise ProtocolError("client does not speak protocol 4.1 (HandshakeResponse320)")
    max_packet = r.int4()
    charset = r.int1()
    filler = r.read(23)
    ext = 0 if caps & CLIENT_MYSQL else struct.unpack("<I", filler[19:23])[0]
    user = from_wire_text(r.nul_bytes())
    if caps & CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA:
        auth = r.lenenc_bytes() or b""
    elif caps & CLIENT_SECURE_CONNECTION:
        auth = r.read(r.int1())
    else:
        auth = r.nul_bytes()
    database: str | None = None
    if caps & CLIENT_CONNECT_WITH_DB and not r.at_end():
        database = from_wire_text(r.nul_bytes()) or None
    plugin = ""
    if caps & CLIENT_PLUGIN_AUTH and not r.at_end():
        # Some clients omit the terminating NUL when the plugin name is last.
        rest_nul = r.data.find(b"\0", r.pos)
        if rest_nul < 0:
            plugin = r.rest().decode("ascii", "replace")
        else:
            plugin = r.nul_bytes().decode("ascii", "replace")
    attrs: dict[str, str] = {}
    if caps & CLIENT_CONNECT_ATTRS and not r.at_end():
        blob = r.lenenc_bytes() or b""
        ar = PayloadReader(blob, "connect attributes")
        while not ar.at_end():
            key = ar.lenenc_bytes() or b""
            value = ar.lenenc_bytes() or b""
            attrs[from_wire_text(key)] = from_wire_text(value)
    return HandshakeResponse(
        capabilities=caps,
        max_packet_size=max_packet,
        charset=charset,
        user=user,
        auth_response=auth,
        database=database,
        auth_plugin=plugin,
        connect_attrs=attrs,
        mariadb_capabilities=ext,
    )


def encode_handshake_response(resp: HandshakeResponse) -> bytes:
    """Client-side encoder (tests and raw clients)."""
    caps = resp.capabilities
    out = bytearray()
    out += struct.pack("<IIB", caps, resp.max_packet_size, resp.charset)
    out += b"\0" * 19
    out += struct.pack("<I", 0 if caps & CLIENT_MYSQL else resp.mariadb_capabilities)
    out += to_wire_text(resp.user) + b"\0"
    if caps & CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA:
        out += encode_lenenc_bytes(resp.auth_response)
    elif caps & CLIENT_SECURE_CONNECTION:
        out += bytes((len(resp.auth_response),)) + resp.auth_response
    else:
        out += resp.auth_response + b"\0"
    if caps & CLIENT_CONNECT_WITH_DB:
        out += to_wire_text(resp.database or "") + b"\0"
    if caps & CLIENT_PLUGIN_AUTH:
        out += resp.auth_plugin.encode("ascii") + b"\0"
    if caps & CLIENT_CONNECT_ATTRS:
        blob = b"".join(
            encode_lenenc_bytes(to_wire_text(k)) + encode_lenenc_bytes(to_wire_text(v))
            for k, v in resp.connect_attrs.items()
        )
        out += encode_lenenc_bytes(blob)
    return bytes(out)


@dataclass
class ChangeUser:
    """COM_CHANGE_USER's body (after the command byte)."""

    user: str
    auth_response: bytes
    database: str | None
    charset: int
    auth_plugin: str


def decode_change_user(body: bytes, capabilities: int) -> ChangeUser:
    """Parse COM_CHANGE_USER: user, auth data, database, then charset and plugin name."""
    r = PayloadReader(body, "COM_CHANGE_USER")
    user = from_wire_text(r.nul_bytes())
    if capabilities & CLIENT_SECURE_CONNECTION:
        auth = r.read(r.int1())
    else:
        auth = r.nul_bytes()
    database = from_wire_text(r.nul_bytes()) if not r.at_end() else ""
    charset = r.int2() if r.remaining() >= 2 else 0
    plugin = ""
    if capabilities & CLIENT_PLUGIN_AUTH and not r.at_end():
        end = r.data.find(b"\0", r.pos)
        plugin = (r.rest() if end < 0 else r.nul_bytes()).decode("ascii", "replace")
    return ChangeUser(user, auth, database or None, charset, plugin)


# caching_sha2_password (MySQL 8.0+ default, the only password plugin of 9.7's server):
# the response is XOR(SHA256(pw), SHA256(SHA256(SHA256(pw)) + nonce)); the server then
# sends AuthMoreData 0x03 (fast auth success) or 0x04 (perform full authentication: the
# cleartext password over TLS, or RSA-OAEP encrypted after a public-key request 0x02).
CACHING_SHA2_PLUGIN = "caching_sha2_password"
SHA2_FAST_AUTH_SUCCESS = 3
SHA2_PERFORM_FULL_AUTH = 4
SHA2_REQUEST_PUBLIC_KEY = 2
AUTH_MORE_DATA_HEADER = 0x01


def caching_sha2_scramble(password: str, nonce: bytes) -> bytes:
    """The client's caching_sha2_password response for ``password`` (empty for none)."""
    if not password:
        return b""
    h1 = hashlib.sha256(password.encode()).digest()
    h2 = hashlib.sha256(hashlib.sha256(h1).digest() + nonce).digest()
    return bytes(a ^ b for a, b in zip(h1, h2))


def verify_caching_sha2(nonce: bytes, response: bytes, password: str) -> bool:
    """Check a caching_sha2_password scramble (the fast-auth path) against ``password``."""
    if not password:
        return not response
    return hmac.compare_digest(response, caching_sha2_scramble(password, nonce))


def encode_auth_more_data(data: bytes) -> bytes:
    """AuthMoreData: 0x01 + plugin data (a status byte or a PEM public key)."""
    return bytes((AUTH_MORE_DATA_HEADER,)) + data


def encode_auth_switch_request(plugin: str, data: bytes) -> bytes:
    """AuthSwitchRequest: ask the client to redo auth with ``plugin``.

    For mysql_native_password ``data`` is the 20-byte scramble followed by a
    NUL, as mysqld sends it.
    """
    return bytes((AUTH_SWITCH_HEADER,)) + plugin.encode("ascii") + b"\0" + data


# --------------------------------------------------------------------------
# OK / ERR / EOF
# --------------------------------------------------------------------------


def encode_ok(
    affected_rows: int = 0,
    last_insert_id: int = 0,
    status_flags: int = 0,
    warnings: int = 0,
    info: str = "",
    capabilities: int = CLIENT_PROTOCOL_41,
    *,
    eof_header: bool = False,
    session_state: bytes = b"",
) -> bytes:
    """OK_Packet.

    ``eof_header`` gives the 0xFE-headed OK that replaces the final EOF of a
    result set when CLIENT_DEPRECATE_EOF was negotiated.
    """
    if session_state and capabilities & CLIENT_SESSION_TRACK:
        status_flags |= SERVER_SESSION_STATE_CHANGED
    out = bytearray((EOF_HEADER if eof_header else OK_HEADER,))
    out += encode_lenenc_int(affected_rows)
    out += encode_lenenc_int(last_insert_id)
    if capabilities & CLIENT_PROTOCOL_41:
        out += struct.pack("<HH", status_flags & 0xFFFF, min(warnings, 0xFFFF))
    elif capabilities & CLIENT_TRANSACTIONS:
        out += struct.pack("<H", status_flags & 0xFFFF)
    info_bytes = to_wire_text(info)
    # net_send_ok stores the message length-encoded (libmariadb answers a raw string
    # with CR_MALFORMED_PACKET, 2027) and only when there is one, or when session-state
    # changes follow it (observed on 10.11: a bare OK is 7 bytes even with
    # CLIENT_SESSION_TRACK).
    if session_state and capabilities & CLIENT_SESSION_TRACK:
        out += encode_lenenc_bytes(info_bytes) + encode_lenenc_bytes(session_state)
    elif info_bytes:
        out += encode_lenenc_bytes(info_bytes)
    return bytes(out)


SESSION_TRACK_SYSTEM_VARIABLES = 0
SESSION_TRACK_SCHEMA = 1

#: MariaDB 10.11's default @@session_track_system_variables, in the order the tracker
#: reports them (by name).
TRACKED_SYSTEM_VARIABLES = ("autocommit", "character_set_client", "character_set_connection",
                            "character_set_results", "time_zone")


def encode_state_changes(sysvars: Sequence[tuple[str, str]] = (), schema: str | None = None) -> bytes:
    """The session-state block of an OK packet: system variables, then the schema (as
    the 10.11 trackers write them; observed: ``USE test`` gives ``01 05 04 test``)."""
    out = bytearray()
    for name, value in sysvars:
        body = encode_lenenc_bytes(name.encode("ascii")) + encode_lenenc_bytes(to_wire_text(value))
        out += bytes((SESSION_TRACK_SYSTEM_VARIABLES,)) + encode_lenenc_bytes(body)
    if schema is not None:
        out += bytes((SESSION_TRACK_SCHEMA,)) + encode_lenenc_bytes(encode_lenenc_bytes(to_wire_text(schema)))
    return bytes(out)


def encode_err(code: int, sqlstate: str, message: str, capabilities: int = CLIENT_PROTOCOL_41) -> bytes:
    """ERR_Packet. Messages are cut at 512 bytes (MYSQL_ERRMSG_SIZE) like mysqld."""
    out = bytearray((ERR_HEADER,))
    out += struct.pack("<H", code & 0xFFFF)
    if capabilities & CLIENT_PROTOCOL_41:
        out += b"#" + sqlstate.encode("ascii")[:5].ljust(5, b"0")
    msg = to_wire_text(message)
    if len(msg) > 512:
        msg = msg[:512]
        # do not cut a UTF-8 sequence in half
        while msg and (msg[-1] & 0xC0) == 0x80:
            msg = msg[:-1]
        if msg and msg[-1] >= 0xC0:
            msg = msg[:-1]
    out += msg
    return bytes(out)


def encode_sql_error(err: SqlError, capabilities: int = CLIENT_PROTOCOL_41) -> bytes:
    return encode_err(err.code, err.sqlstate, err.message, capabilities)


def encode_eof(status_flags: int = 0, warnings: int = 0) -> bytes:
    """EOF_Packet (protocol 4.1)."""
    return struct.pack("<BHH", EOF_HEADER, min(warnings, 0xFFFF), status_flags & 0xFFFF)


def encode_end_of_rows(status_flags: int, warnings: int, capabilities: int) -> bytes:
    """What ends a result set or answers COM_SET_OPTION: EOF, or OK-0xFE when EOF is deprecated."""
    if capabilities & CLIENT_DEPRECATE_EOF:
        return encode_ok(0, 0, status_flags, warnings, "", capabilities, eof_header=True)
    return encode_eof(status_flags, warnings)


@dataclass
class OkPacket:
    affected_rows: int
    last_insert_id: int
    status_flags: int
    warnings: int
    info: str


@dataclass
class ErrPacket:
    code: int
    sqlstate: str
    message: str


def decode_ok(payload: bytes, capabilities: int = CLIENT_PROTOCOL_41) -> OkPacket:
    """Parse an OK packet (0x00 or 0xFE header); for tests and raw clients."""
    r = PayloadReader(payload, "OK packet")
    header = r.int1()
    if header not in (OK_HEADER, EOF_HEADER):
        raise ProtocolError(f"OK packet: unexpected header 0x{header:02x}")
    affected = r.lenenc_int() or 0
    last_id = r.lenenc_int() or 0
    status = r.int2()
    warnings = r.int2()
    info = "" if r.at_end() else from_wire_text(r.lenenc_bytes() or b"")
    return OkPacket(affected, last_id, status, warnings, info)


def decode_err(payload: bytes) -> ErrPacket:
    """Parse an ERR packet (protocol 4.1 layout); for tests and raw clients."""
    r = PayloadReader(payload, "ERR packet")
    if r.int1() != ERR_HEADER:
        raise ProtocolError("ERR packet: header is not 0xFF")
    code = r.int2()
    sqlstate = ""
    if not r.at_end() and r.data[r.pos : r.pos + 1] == b"#":
        r.read(1)
        sqlstate = r.read(5).decode("ascii", "replace")
    return ErrPacket(code, sqlstate, from_wire_text(r.rest()))


# --------------------------------------------------------------------------
# Result sets
# --------------------------------------------------------------------------


_NOT_UTF8 = re.compile("[\udc80-\udcff]")


#: Item::set_name keeps at most this many characters of an expression's name (observed:
#: a 70,000-character SELECT expression is named by its first 255 characters).
MAX_ALIAS_NAME = 255


def well_formed_name(name: str) -> str:
    """A column name as the server sends it: at most :data:`MAX_ALIAS_NAME` characters of
    well-formed UTF-8, a byte that is not (a lone surrogate after surrogateescape) written
    ``\\xFF`` (Item::set_name / ErrConvString). The raw byte broke clients' decoding, and
    an 8 MiB expression sent back as its own column name broke the client's packet parser."""
    if len(name) > MAX_ALIAS_NAME:
        name = name[:MAX_ALIAS_NAME]
    if not _NOT_UTF8.search(name):
        return name
    return _NOT_UTF8.sub(lambda m: f"\\x{ord(m.group()) - 0xDC00:02X}", name)


def encode_column_definition(col: Column) -> bytes:
    """Protocol::ColumnDefinition41."""
    out = bytearray()
    out += encode_lenenc_bytes(b"def")
    out += encode_lenenc_bytes(to_wire_text(col.schema))
    out += encode_lenenc_bytes(to_wire_text(col.table))
    out += encode_lenenc_bytes(to_wire_text(col.org_table or col.table))
    out += encode_lenenc_bytes(to_wire_text(well_formed_name(col.name)))
    out += encode_lenenc_bytes(to_wire_text(well_formed_name(col.org_name)))
    out += b"\x0c"
    out += struct.pack(
        "<HIBHB",
        col.charset & 0xFFFF,
        col.length & 0xFFFFFFFF,
        col.type_code & 0xFF,
        col.flags & 0xFFFF,
        col.decimals & 0xFF,
    )
    out += b"\0\0"
    return bytes(out)


def encode_cell(value: Cell) -> bytes:
    """One text-protocol cell: NULL marker or a length-encoded string."""
    if value is None:
        return NULL_CELL
    if isinstance(value, (bytes, bytearray, memoryview)):
        return encode_lenenc_bytes(bytes(value))
    if isinstance(value, str):
        return encode_lenenc_bytes(to_wire_text(value))
    if isinstance(value, bool):
        return encode_lenenc_bytes(b"1" if value else b"0")
    return encode_lenenc_bytes(str(value).encode("ascii"))


def encode_text_row(row: list[Cell]) -> bytes:
    """ProtocolText::ResultsetRow."""
    return b"".join(encode_cell(v) for v in row)


def encode_result_set(rs: ResultSet, status_flags: int, capabilities: int) -> list[bytes]:
    """All payloads of a text result set, in order.

    Without CLIENT_DEPRECATE_EOF: count, columns, EOF, rows, EOF. With it the
    EOF after the columns is dropped and the final one becomes OK-0xFE.
    """
    ncols = len(rs.columns)
    if ncols == 0:
        raise ValueError("a result set needs at least one column")
    payloads = [encode_lenenc_int(ncols)]
    payloads.extend(encode_column_definition(c) for c in rs.columns)
    if not capabilities & CLIENT_DEPRECATE_EOF:
        payloads.append(encode_eof(status_flags, 0))
    for i, row in enumerate(rs.rows):
        if len(row) != ncols:
            raise ValueError(f"row {i} has {len(row)} cells, result set has {ncols} columns")
        payloads.append(encode_text_row(row))
    payloads.append(encode_end_of_rows(status_flags, rs.warnings, capabilities))
    return payloads


def encode_ok_result(ok: OkResult, status_flags: int, capabilities: int) -> bytes:
    return encode_ok(ok.affected_rows, ok.last_insert_id, status_flags, ok.warnings, ok.info, capabilities,
                     session_state=ok.session_state)


# --------------------------------------------------------------------------
# Statement boundaries (multi-statement refusal)
# --------------------------------------------------------------------------


def _only_comments_and_space(sql: str, i: int) -> bool:
    n = len(sql)
    while i < n:
        if sql[i] in " \t\r\n\f\v;":
            i += 1
            continue
        j = skip_comment(sql, i)
        if j == i:
            return False
        i = j
    return True


def alloc_query_text(sql: str) -> str:
    """A COM_QUERY's text as alloc_query() keeps it: blanks at the start and blanks and
    ``;`` at the end removed (observed: SQLAlchemy's ``\nCREATE TABLE ...\n\n`` is
    logged as ``CREATE TABLE ...``)."""
    return sql.lstrip(" \t\r\n\f\v").rstrip(" \t\r\n\f\v;")


def is_empty_statement(sql: str) -> bool:
    """True when ``sql`` is only blanks and ``;`` (MariaDB answers 1065 Query was empty)."""
    return not sql.strip(" \t\r\n\f\v;")


def is_comment_only(sql: str) -> bool:
    """True when ``sql`` is only comments and blanks (MariaDB answers a bare OK)."""
    return _only_comments_and_space(sql, 0)


_COMPOUND_CREATE = re.compile(
    r"\s*(?:CREATE\s+(?:OR\s+REPLACE\s+)?|ALTER\s+)(?:DEFINER\s*=\s*\S+\s+)?(?:PROCEDURE|FUNCTION|TRIGGER|EVENT)\b",
    re.IGNORECASE)


def _statement_end(sql: str, backslash_escapes: bool) -> int:
    """Index of the first top-level ``;`` of ``sql`` (-1 when there is none).

    Quotes, backtick identifiers, comments and backslash escapes (unless
    NO_BACKSLASH_ESCAPES) are honoured so a ``;`` inside them does not count; the body of
    CREATE PROCEDURE/FUNCTION/TRIGGER/EVENT ... BEGIN ...; END is one statement for the
    server's parser, so its inner ``;`` do not end it.
    """
    if ";" not in sql:
        return -1
    if _COMPOUND_CREATE.match(sql):
        stripped = sql.rstrip().rstrip(";")
        return len(stripped) if len(stripped) < len(sql.rstrip()) else -1
    n = len(sql)
    i = 0
    while i < n:
        ch = sql[i]
        if ch in "'\"`":
            i = skip_quoted(sql, i, backslash_escapes)
            continue
        if ch == ";":
            return i
        if ch in "/#-":
            j = skip_comment(sql, i)
            if j != i:
                i = j
                continue
        if sql.startswith("/*", i):  # executable comment: scan as code up to */
            end = sql.find("*/", i + 2)
            if end >= 0 and ";" not in sql[i:end]:
                i = end + 2
                continue
        i += 1
    return -1


def _syntax_error_near(sql: str, i: int) -> SqlError:
    rest = sql[i + 1 :].lstrip()
    line = sql.count("\n", 0, i) + 1
    return SqlError(
        ER_PARSE_ERROR,
        "You have an error in your SQL syntax; check the manual that corresponds "
        f"to your MariaDB server version for the right syntax to use near "
        f"'{rest[:80]}' at line {line}",
    )


def single_statement(sql: str, backslash_escapes: bool = True) -> str:
    """The one statement in a COM_QUERY, without its terminating ``;``.

    MariaDB stops a statement at the first top-level ``;`` and logs only the
    text before it (so ``INSERT ... (2) ; -- c`` is binlogged as ``INSERT ... (2) ``;
    without the comment, alloc_query_text has trimmed the blanks and ``;`` already).
    Anything other than blanks and comments after that ``;`` is a second
    statement, which a client without CLIENT_MULTI_STATEMENTS may not send:
    :class:`SqlError` 1064, as the server answers it.
    """
    i = _statement_end(sql, backslash_escapes)
    if i < 0:
        return sql
    if _only_comments_and_space(sql, i + 1):
        return sql[:i]
    raise _syntax_error_near(sql, i)


def split_statements(sql: str, backslash_escapes: bool = True) -> list[str]:
    """The statements of a multi-statement COM_QUERY (CLIENT_MULTI_STATEMENTS), each
    without its ``;``; as in dispatch_command, the next statement starts after the
    ``;`` and the blanks that follow it, and trailing blanks/comments end the text."""
    out: list[str] = []
    while True:
        i = _statement_end(sql, backslash_escapes)
        if i < 0:
            out.append(sql)
            return out
        out.append(sql[:i])
        if _only_comments_and_space(sql, i + 1):
            return out
        sql = sql[i + 1 :].lstrip(" \t\r\n\f\v")
