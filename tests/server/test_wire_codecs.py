"""Unit tests of the stateless codecs in harness.server.protocol."""

from __future__ import annotations

import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harness.server import protocol as p
from harness.server.protocol_errors import ProtocolError, SqlError
from harness.server.results import Column, OkResult, ResultSet


@pytest.mark.parametrize(
    "value,encoded",
    [
        (0, b"\x00"),
        (250, b"\xfa"),
        (251, b"\xfc\xfb\x00"),
        (0xFFFF, b"\xfc\xff\xff"),
        (0x10000, b"\xfd\x00\x00\x01"),
        (0xFFFFFF, b"\xfd\xff\xff\xff"),
        (0x1000000, b"\xfe\x00\x00\x00\x01\x00\x00\x00\x00"),
    ],
)
def test_lenenc_int_boundaries(value: int, encoded: bytes) -> None:
    assert p.encode_lenenc_int(value) == encoded
    assert p.PayloadReader(encoded).lenenc_int() == value


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_lenenc_int_roundtrip(value: int) -> None:
    r = p.PayloadReader(p.encode_lenenc_int(value))
    assert r.lenenc_int() == value
    assert r.at_end()


@given(st.binary(max_size=300))
def test_lenenc_bytes_roundtrip(value: bytes) -> None:
    assert p.PayloadReader(p.encode_lenenc_bytes(value)).lenenc_bytes() == value


def test_reader_raises_protocol_error_when_short() -> None:
    with pytest.raises(ProtocolError, match="truncated"):
        p.PayloadReader(b"\xfc\x01").lenenc_int()
    with pytest.raises(ProtocolError, match="no NUL"):
        p.PayloadReader(b"abc").nul_bytes()


def _unframe(data: bytes) -> list[tuple[int, bytes]]:
    out, i = [], 0
    while i < len(data):
        n, seq = p.parse_packet_header(data[i : i + 4])
        out.append((seq, data[i + 4 : i + 4 + n]))
        i += 4 + n
    return out


def test_frame_small_packet() -> None:
    data, nxt = p.frame_packets(b"abc", 7)
    assert data == b"\x03\x00\x00\x07abc"
    assert nxt == 8


def test_frame_sequence_wraps() -> None:
    _, nxt = p.frame_packets(b"", 255)
    assert nxt == 0


def test_frame_exact_16mb_gets_empty_trailer() -> None:
    payload = b"a" * p.MAX_PACKET_CHUNK
    data, nxt = p.frame_packets(payload, 0)
    parts = _unframe(data)
    assert [(s, len(b)) for s, b in parts] == [(0, p.MAX_PACKET_CHUNK), (1, 0)]
    assert nxt == 2


def test_frame_split_large_payload() -> None:
    payload = bytes(range(256)) * (p.MAX_PACKET_CHUNK // 256 * 2 // 1 + 10)
    data, nxt = p.frame_packets(payload, 3)
    parts = _unframe(data)
    assert [s for s, _ in parts] == [3, 4, 5]
    assert b"".join(b for _, b in parts) == payload
    assert len(parts[0][1]) == len(parts[1][1]) == p.MAX_PACKET_CHUNK


def test_handshake_v10_layout_like_mariadb() -> None:
    scramble = p.make_scramble()
    assert len(scramble) == 20 and b"\0" not in scramble
    hs = p.ServerHandshake(p.DEFAULT_SERVER_VERSION, 77, scramble)
    payload = p.encode_handshake_v10(hs)
    assert payload[0] == 10
    assert payload[1:].startswith(b"5.5.5-10.11.19-MariaDB-log\0")
    back = p.decode_handshake_v10(payload)
    assert back.connection_id == 77
    assert back.scramble == scramble
    assert back.auth_plugin == "mysql_native_password"
    assert back.capabilities == p.DEFAULT_SERVER_CAPABILITIES
    # A MariaDB server leaves CLIENT_MYSQL clear; no TLS/compression offered.
    assert not back.capabilities & (p.CLIENT_MYSQL | p.CLIENT_SSL | p.CLIENT_COMPRESS)
    assert back.capabilities & p.CLIENT_DEPRECATE_EOF
    # auth-plugin-data length byte: 20 + NUL
    vend = payload.index(b"\0", 1)
    assert payload[vend + 1 + 4 + 8 + 1 + 2 + 1 + 2 + 2] == 21


def test_handshake_response_roundtrip() -> None:
    caps = (
        p.CLIENT_PROTOCOL_41
        | p.CLIENT_SECURE_CONNECTION
        | p.CLIENT_PLUGIN_AUTH
        | p.CLIENT_CONNECT_WITH_DB
        | p.CLIENT_CONNECT_ATTRS
        | p.CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA
    )
    resp = p.HandshakeResponse(caps, 1 << 24, 45, "rb", b"\x01" * 20, "d1", "caching_sha2_password", {"_pid": "1", "k": "vé"})
    back = p.decode_handshake_response(p.encode_handshake_response(resp))
    assert back == resp


def test_handshake_response_without_lenenc_and_db() -> None:
    caps = p.CLIENT_PROTOCOL_41 | p.CLIENT_SECURE_CONNECTION | p.CLIENT_PLUGIN_AUTH
    resp = p.HandshakeResponse(caps, 0, 8, "u", b"x" * 20, None, "mysql_native_password")
    back = p.decode_handshake_response(p.encode_handshake_response(resp))
    assert (back.user, back.auth_response, back.database, back.auth_plugin) == ("u", b"x" * 20, None, "mysql_native_password")


def test_handshake_response_rejects_pre41_and_truncation() -> None:
    with pytest.raises(ProtocolError, match="4.1"):
        p.decode_handshake_response(struct.pack("<IIB", 0, 0, 8) + b"\0" * 23 + b"u\0")
    with pytest.raises(ProtocolError):
        p.decode_handshake_response(struct.pack("<I", p.CLIENT_PROTOCOL_41) + b"\0\0")


@settings(max_examples=300)
@given(st.binary(max_size=200))
def test_handshake_response_garbage_only_raises_protocol_error(data: bytes) -> None:
    try:
        p.decode_handshake_response(data)
    except ProtocolError:
        pass


def test_ssl_request_detection() -> None:
    assert p.is_ssl_request(struct.pack("<IIB", p.CLIENT_SSL | p.CLIENT_PROTOCOL_41, 0, 45) + b"\0" * 23)
    assert not p.is_ssl_request(b"\0" * 32)


def test_native_password() -> None:
    salt = p.make_scramble()
    good = p.native_password_scramble("pw", salt)
    assert len(good) == 20
    assert p.verify_native_password(salt, good, "pw")
    assert not p.verify_native_password(salt, good, "other")
    assert not p.verify_native_password(p.make_scramble(), good, "pw")
    assert not p.verify_native_password(salt, b"", "pw")
    assert p.verify_native_password(salt, b"", "")
    assert not p.verify_native_password(salt, good, "")


def test_native_password_known_vector() -> None:
    # SHA1(SHA1('pw')) in mysql.user form, independently known for 'password'.
    assert p.native_password_hash("password").hex().upper() == "2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19"


def test_ok_packet() -> None:
    pkt = p.encode_ok(3, 300, 0x0002, 1, "Records: 3")
    # MariaDB's net_send_ok stores the message length-encoded (net_store_data)
    # even without CLIENT_SESSION_TRACK; a raw string is 2027 to libmariadb.
    assert pkt == b"\x00\x03\xfc\x2c\x01\x02\x00\x01\x00\x0aRecords: 3"
    ok = p.decode_ok(pkt)
    assert (ok.affected_rows, ok.last_insert_id, ok.status_flags, ok.warnings, ok.info) == (3, 300, 2, 1, "Records: 3")
    assert p.encode_ok(eof_header=True)[0] == 0xFE
    assert p.encode_ok() == b"\x00\x00\x00\x00\x00\x00\x00", "no message, no session tracking: nothing after the warnings"


def test_ok_packet_session_track_info_is_lenenc() -> None:
    pkt = p.encode_ok(info="hi", capabilities=p.CLIENT_PROTOCOL_41 | p.CLIENT_SESSION_TRACK)
    assert pkt.endswith(b"\x02hi")


def test_err_packet() -> None:
    pkt = p.encode_err(1146, "42S02", "Table 'd.t' doesn't exist")
    assert pkt.startswith(b"\xff\x7a\x04#42S02")
    e = p.decode_err(pkt)
    assert (e.code, e.sqlstate, e.message) == (1146, "42S02", "Table 'd.t' doesn't exist")


def test_err_packet_truncates_on_char_boundary() -> None:
    pkt = p.encode_err(1105, "HY000", "é" * 400)
    msg = pkt[9:]
    assert len(msg) <= 512
    msg.decode("utf-8")  # no half character


def test_eof_packet() -> None:
    assert p.encode_eof(0x0003, 2) == b"\xfe\x02\x00\x03\x00"


def test_column_definition_layout() -> None:
    payload = p.encode_column_definition(Column("a", 8, table="t", schema="d", org_name="a", length=20, charset=63, flags=1, decimals=0))
    r = p.PayloadReader(payload)
    assert [r.lenenc_bytes() for _ in range(6)] == [b"def", b"d", b"t", b"t", b"a", b"a"]
    assert r.lenenc_int() == 0x0C
    assert struct.unpack("<HIBHB", r.read(10)) == (63, 20, 8, 1, 0)
    assert r.read(2) == b"\0\0" and r.at_end()


def test_result_set_with_and_without_deprecate_eof() -> None:
    rs = ResultSet([Column("a"), Column("b")], [["x", None], [b"\x00", 5]], warnings=4)
    classic = p.encode_result_set(rs, 2, p.CLIENT_PROTOCOL_41)
    assert classic[0] == b"\x02"
    assert classic[3] == p.encode_eof(2, 0)
    assert classic[4] == b"\x01x\xfb"
    assert classic[5] == b"\x01\x00\x015"
    assert classic[6] == p.encode_eof(2, 4)
    modern = p.encode_result_set(rs, 2, p.CLIENT_PROTOCOL_41 | p.CLIENT_DEPRECATE_EOF)
    assert len(modern) == len(classic) - 1
    end = p.decode_ok(modern[-1])
    assert modern[-1][0] == 0xFE and end.warnings == 4 and end.status_flags == 2


def test_result_set_rejects_ragged_rows() -> None:
    with pytest.raises(ValueError):
        p.encode_result_set(ResultSet([Column("a")], [["x", "y"]]), 0, p.CLIENT_PROTOCOL_41)


def test_ok_result_encoder() -> None:
    ok = p.decode_ok(p.encode_ok_result(OkResult(1, 2, 3, "i"), 0x22, p.CLIENT_PROTOCOL_41))
    assert (ok.affected_rows, ok.last_insert_id, ok.warnings, ok.info, ok.status_flags) == (1, 2, 3, "i", 0x22)


def test_wire_text_roundtrips_invalid_utf8() -> None:
    raw = b"SELECT '\xff\xfe'"
    assert p.to_wire_text(p.from_wire_text(raw)) == raw


@pytest.mark.parametrize(
    "sql,expected",
    [
        ("SELECT 1", "SELECT 1"),
        ("SELECT 1;", "SELECT 1"),
        ("INSERT INTO t VALUES (2) ; -- hi", "INSERT INTO t VALUES (2) "),
        ("SELECT ';' ; ", "SELECT ';' "),
        ("SELECT 'a\\';b'", "SELECT 'a\\';b'"),
        ("SELECT 'it''s;'", "SELECT 'it''s;'"),
        ('SELECT "x;y"', 'SELECT "x;y"'),
        ("SELECT `a;b` FROM t", "SELECT `a;b` FROM t"),
        ("SELECT 1 /* ; */", "SELECT 1 /* ; */"),
        ("SELECT 1 -- ;\n", "SELECT 1 -- ;\n"),
        ("SELECT 1 # ;", "SELECT 1 # ;"),
        ("SELECT 1; /* trailing */ # more\n", "SELECT 1"),
        ("SELECT 1;;", "SELECT 1"),
    ],
)
def test_single_statement(sql: str, expected: str) -> None:
    assert p.single_statement(sql) == expected


@pytest.mark.parametrize(
    "sql", ["SELECT 1; SELECT 2", "INSERT INTO t VALUES (3); INSERT INTO t VALUES (4)", "SELECT 1; /*!40101 SET x=1 */"]
)
def test_multi_statement_is_parse_error(sql: str) -> None:
    with pytest.raises(SqlError) as ei:
        p.single_statement(sql)
    assert ei.value.code == 1064 and ei.value.sqlstate == "42000"
    assert "near '" in ei.value.message


def test_no_backslash_escapes_mode() -> None:
    # With NO_BACKSLASH_ESCAPES the backslash is literal, so ';' ends the statement.
    assert p.single_statement("SELECT 'a\\'; ") == "SELECT 'a\\'; "
    assert p.single_statement("SELECT 'a\\'; ", backslash_escapes=False) == "SELECT 'a\\'"


def test_empty_and_comment_only_statements() -> None:
    # As observed on MariaDB 10.11: blanks/';' -> 1065, comments only -> OK.
    assert p.is_empty_statement("") and p.is_empty_statement(" \n; ")
    assert not p.is_empty_statement("  /* x */ ")
    assert p.is_comment_only("  /* x */ -- y\n") and p.is_comment_only("# z")
    assert not p.is_comment_only("/*!40101 SET x=1 */")
    assert not p.is_comment_only("/*M!100101 SET x=1 */")


def test_sql_error_defaults() -> None:
    e = SqlError(1045, "nope")
    assert e.sqlstate == "28000"
    assert SqlError(1146, "x").sqlstate == "HY000"
    with pytest.raises(ValueError):
        SqlError(1146, "x", "42S0")


def test_ok_packet_message_and_session_state_as_mariadb_writes_them() -> None:
    """Observed on 10.11 with CLIENT_SESSION_TRACK: a bare OK is 7 bytes; USE test adds
    SERVER_SESSION_STATE_CHANGED, an empty message and the schema entry."""
    caps = p.CLIENT_PROTOCOL_41 | p.CLIENT_SESSION_TRACK
    assert p.encode_ok(status_flags=2, capabilities=caps) == bytes.fromhex("00000002000000")
    state = p.encode_state_changes(schema="test")
    assert p.encode_ok(status_flags=2, capabilities=caps, session_state=state) == bytes.fromhex(
        "00000002400000000701050474657374")
    autocommit = p.encode_state_changes([("autocommit", "OFF")])
    assert autocommit == bytes.fromhex("000f0a6175746f636f6d6d6974034f4646")
    # Without session tracking the state is not sent, and the flag is not set.
    assert p.encode_ok(status_flags=2, capabilities=p.CLIENT_PROTOCOL_41, session_state=state) == bytes.fromhex(
        "00000002000000")


def test_split_statements_like_dispatch_command() -> None:
    assert p.split_statements("INSERT INTO t VALUES (1);\n  SELECT ';' ; -- end\n") == [
        "INSERT INTO t VALUES (1)", "SELECT ';' "]
    assert p.split_statements("CREATE PROCEDURE q() BEGIN SELECT 1; SELECT 2; END;") == [
        "CREATE PROCEDURE q() BEGIN SELECT 1; SELECT 2; END"]
