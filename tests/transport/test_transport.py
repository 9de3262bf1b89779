"""Seed 003's transport frame: length encoding, schema codec, frames, export."""

from __future__ import annotations

import io
import re
import struct
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from harness.binlog import BinlogReader, QueryEvent, XidEvent
from harness.cli import main as cli_main
from harness.transport import (
    BadLengthError, BadMessageError, Chain, Commit, FrameChecksumError, Header, LengthError,
    Query, Rollback, Start, TruncatedFrameError, UnknownTypeError, Variable, decode_length,
    decode_message, encode_frame, encode_length, encode_message, export_binlog, read_frames,
)
from harness.transport.export import ExportStats, export_binlogs

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "fixtures" / "binlog" / "mariadb-10.11"
PROTO = ROOT / "harness" / "transport" / "binlog.proto"
GOLDEN_FILES = sorted(p for p in GOLDEN.glob("*/binlog.[0-9]*") if p.suffix[1:].isdigit())

# -- length ------------------------------------------------------------------------------

SEED_VECTORS = [("2A", 42), ("00 FF 02", 767), ("01 FF 01 01 00", 66047)]


@pytest.mark.parametrize("hexs,value", SEED_VECTORS)
def test_seed_length_vectors(hexs: str, value: int) -> None:
    b = bytes.fromhex(hexs)
    assert decode_length(b) == (value, len(b))
    assert encode_length(value) == b


def test_length_reading_of_the_seed_vectors() -> None:
    # 767 = 0x02FF little-endian after the 00 prefix (2 bytes follow);
    # 66047 = 0x000101FF: three significant bytes padded to 4 after prefix 01
    assert 767 == 0x02FF and 66047 == 0x000101FF
    assert encode_length(255) == b"\xff" and encode_length(256) == b"\x00\x00\x01"
    assert encode_length(65535) == b"\x00\xff\xff"
    assert encode_length(65536) == b"\x01\x00\x00\x01\x00"
    assert encode_length((1 << 32) - 1) == b"\x01\xff\xff\xff\xff"


@pytest.mark.parametrize("bad", [0, 1, -5, 1 << 32])
def test_unencodable_lengths(bad: int) -> None:
    with pytest.raises(LengthError):
        encode_length(bad)


@given(st.integers(2, (1 << 32) - 1), st.binary(max_size=4))
def test_length_round_trip(n: int, tail: bytes) -> None:
    b = encode_length(n)
    assert len(b) == (1 if n < 256 else 3 if n < 65536 else 5)
    assert decode_length(b + tail) == (n, len(b))


@pytest.mark.parametrize("hexs", ["", "00", "00 FF", "01 FF 01 01"])
def test_truncated_length(hexs: str) -> None:
    with pytest.raises(LengthError, match="truncated"):
        decode_length(bytes.fromhex(hexs))


# -- messages: hand-written codec vs the official protobuf runtime -------------------------

u32 = st.integers(0, (1 << 32) - 1)
u64 = st.integers(0, (1 << 64) - 1)
headers = st.builds(Header, u64, u32, u32)
variables = st.builds(Variable, st.text(max_size=20), st.text(max_size=40))
messages = st.one_of(
    st.builds(Start, headers, u32, st.text(max_size=60)),
    st.builds(Chain, headers, u32),
    st.builds(Query, headers, st.lists(variables, max_size=5), u32, st.text(max_size=200)),
    st.builds(Commit, headers),
    st.builds(Rollback, headers),
)


def _proto_classes():
    """google.protobuf classes built from harness/transport/binlog.proto (parsed here)."""
    pytest.importorskip("google.protobuf")
    from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

    F = descriptor_pb2.FieldDescriptorProto
    types = {"fixed64": F.TYPE_FIXED64, "uint32": F.TYPE_UINT32, "string": F.TYPE_STRING}
    labels = {"required": F.LABEL_REQUIRED, "repeated": F.LABEL_REPEATED,
              "optional": F.LABEL_OPTIONAL}
    text = re.sub(r"//[^\n]*", "", PROTO.read_text())
    package = re.search(r"package\s+(\w+)\s*;", text)[1]
    fdp = descriptor_pb2.FileDescriptorProto(name="replbed_test_binlog.proto",
                                             package=package, syntax="proto2")
    stack: list = []
    names: list[str] = []
    for tok in re.finditer(r"message\s+(\w+)\s*\{|\}|(required|optional|repeated)\s+(\w+)\s+"
                           r"(\w+)\s*=\s*(\d+)\s*;", text):
        if tok[1]:
            parent = stack[-1] if stack else None
            m = (parent.nested_type if parent else fdp.message_type).add(name=tok[1])
            stack.append(m)
            names.append(tok[1])
        elif tok[0] == "}":
            stack.pop()
            names.pop()
        else:
            f = stack[-1].field.add(name=tok[4], number=int(tok[5]), label=labels[tok[2]])
            if tok[3] in types:
                f.type = types[tok[3]]
            else:
                f.type = F.TYPE_MESSAGE
                scope = ".".join(names)
                nested = f"{scope}.{tok[3]}" if tok[3] == "Variable" else tok[3]
                f.type_name = f".{package}.{nested}"
    pool = descriptor_pool.DescriptorPool()
    fd = pool.Add(fdp)
    return {name: message_factory.GetMessageClass(fd.message_types_by_name[name])
            for name in ("Header", "Start", "Chain", "Query", "Commit", "Rollback")}


def _to_pb(classes, msg):
    pb = classes[type(msg).__name__]()
    h = msg.header
    pb.header.timestamp, pb.header.server_id, pb.header.trans_id = (h.timestamp, h.server_id,
                                                                     h.trans_id)
    if isinstance(msg, Start):
        pb.server_version, pb.server_signature = msg.server_version, msg.server_signature
    elif isinstance(msg, Chain):
        pb.next = msg.next
    elif isinstance(msg, Query):
        for v in msg.variable:
            pv = pb.variable.add()
            pv.name, pv.value = v.name, v.value
        pb.session_id, pb.query = msg.session_id, msg.query
    return pb


@pytest.fixture(scope="module")
def pb_classes():
    return _proto_classes()


@settings(max_examples=300)
@given(messages)
def test_message_round_trip_and_same_bytes_as_protobuf(msg) -> None:
    classes = _proto_classes_cached()
    b = encode_message(msg)
    assert decode_message(type(msg), b) == msg
    pb = _to_pb(classes, msg)
    assert pb.SerializeToString(deterministic=True) == b
    parsed = classes[type(msg).__name__]()
    parsed.ParseFromString(b)
    assert parsed == pb


_CLASSES: dict = {}


def _proto_classes_cached():
    if not _CLASSES:
        _CLASSES.update(_proto_classes())
    return _CLASSES


def test_decoder_follows_protobuf_rules(pb_classes) -> None:
    h = Header(7, 1, 2)
    # unknown field (number 9, varint) skipped; fields out of order; header given twice merges
    b = (encode_message(Commit(Header(7, 1, 0)))
         + bytes([9 << 3 | 0, 5])
         + bytes([1 << 3 | 2, 2, 3 << 3 | 0, 2]))
    assert decode_message(Commit, b) == Commit(h)
    pb = pb_classes["Commit"]()
    pb.ParseFromString(b)
    assert (pb.header.timestamp, pb.header.server_id, pb.header.trans_id) == (7, 1, 2)
    with pytest.raises(Exception, match="required field 'header'"):
        decode_message(Commit, b"")


# -- frames ------------------------------------------------------------------------------


@settings(max_examples=200)
@given(st.lists(messages, max_size=8))
def test_frame_stream_round_trip(msgs) -> None:
    data = b"".join(encode_frame(m) for m in msgs)
    frames = read_frames(data)
    assert [f.message for f in frames] == msgs
    assert sum(f.size for f in frames) == len(data)
    assert [f.tag for f in frames] == [m.TAG for m in msgs]


def test_frame_layout() -> None:
    msg = Commit(Header(1, 2, 3))
    body = encode_message(msg)
    f = encode_frame(msg)
    assert f[0] == len(body) and f[1] == 4 and f[2:-4] == body
    assert f[-4:] == struct.pack("<I", zlib.crc32(f[:-4]))  # little-endian CRC of all before it


def _two_frames() -> tuple[bytes, int]:
    a = encode_frame(Start(Header(1, 1, 0), 101119, "10.11.19-MariaDB"))
    b = encode_frame(Query(Header(2, 1, 5), [Variable("database", "test")], 9,
                           "INSERT INTO t VALUES (1)" * 20))
    return a + b, len(a)


def test_corrupt_message_byte_is_a_checksum_error_naming_the_frame() -> None:
    data, second = _two_frames()
    bad = bytearray(data)
    bad[second + 10] ^= 0x40
    with pytest.raises(FrameChecksumError) as ei:
        read_frames(bytes(bad))
    assert ei.value.offset == second and ei.value.index == 1
    assert f"offset {second}" in str(ei.value)


def test_corrupt_length_and_tag_are_caught_by_the_crc_too() -> None:
    data, second = _two_frames()
    bad = bytearray(data)
    bad[1] ^= 0x01  # type tag of frame 0: Start -> Chain
    with pytest.raises(FrameChecksumError) as ei:
        read_frames(bytes(bad))
    assert ei.value.offset == 0
    bad = bytearray(data)
    bad[0] -= 1  # shorter length: CRC read from the wrong place
    with pytest.raises(FrameChecksumError):
        read_frames(bytes(bad))


def test_truncated_stream() -> None:
    data, second = _two_frames()
    for cut in (second + 1, second + 3, len(data) - 1):
        with pytest.raises(TruncatedFrameError) as ei:
            read_frames(data[:cut])
        assert ei.value.offset == second
    with pytest.raises(TruncatedFrameError):
        read_frames(data[:second] + b"\x01\xff")  # length prefix itself cut


def _frame_raw(length_bytes: bytes, tag: int, body: bytes) -> bytes:
    d = length_bytes + bytes([tag]) + body
    return d + struct.pack("<I", zlib.crc32(d))


def test_bad_length_unknown_tag_and_bad_message_with_valid_crc() -> None:
    ok = encode_frame(Commit(Header(1, 1, 1)))
    with pytest.raises(BadLengthError) as ei:
        read_frames(ok + _frame_raw(b"\x00\x01\x00", 4, b"\x00"))
    assert ei.value.offset == len(ok)
    body = encode_message(Commit(Header(1, 1, 1)))
    with pytest.raises(UnknownTypeError, match="unknown type tag 9"):
        read_frames(_frame_raw(encode_length(len(body)), 9, body))
    with pytest.raises(BadMessageError, match="Start"):  # a Commit body tagged as Start
        read_frames(_frame_raw(encode_length(len(body)), Start.TAG, body))


# -- export ------------------------------------------------------------------------------


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=[f"{p.parent.name}/{p.name}" for p in GOLDEN_FILES])
def test_every_golden_binlog_exports_and_reads_back(path: Path) -> None:
    data = export_binlog(path)
    frames = read_frames(data)
    msgs = [f.message for f in frames]
    assert isinstance(msgs[0], Start) and msgs[0].server_version == 101119
    assert msgs[0].server_signature.startswith("10.11.19-MariaDB")
    events = list(BinlogReader(path))
    n_xid = sum(isinstance(e, XidEvent) for e in events)
    n_commit_q = sum(isinstance(e, QueryEvent) and e.query == "COMMIT" for e in events)
    n_rb_q = sum(isinstance(e, QueryEvent) and e.query == "ROLLBACK" for e in events)
    assert sum(isinstance(m, Rollback) for m in msgs) == n_rb_q
    assert sum(isinstance(m, Commit) for m in msgs) >= n_xid + n_commit_q
    # every transaction (trans_id != 0) ends with a Commit or Rollback, or an XA PREPARE
    open_trx = None
    for m in msgs[1:]:
        if isinstance(m, (Commit, Rollback)) or isinstance(m, Query) and m.query.startswith("XA PREPARE "):
            assert m.header.trans_id == open_trx or open_trx is None
            open_trx = None
        elif isinstance(m, Query):
            assert open_trx in (None, m.header.trans_id)
            open_trx = m.header.trans_id
    assert open_trx is None


def test_export_of_statement_binlog_carries_context_as_variables() -> None:
    path = GOLDEN / "intvar_rand_uservar_stmt" / "binlog.000001"
    msgs = [f.message for f in read_frames(export_binlog(path))]
    queries = [m for m in msgs if isinstance(m, Query)]
    stmts = [e for e in BinlogReader(path) if isinstance(e, QueryEvent)
             and e.query not in ("BEGIN", "COMMIT", "ROLLBACK")]
    assert [q.query for q in queries] == [e.query for e in stmts]
    assert [q.session_id for q in queries] == [e.thread_id for e in stmts]
    rand = next(q for q in queries if "RAND()" in q.query)
    names = [v.name for v in rand.variable]
    assert names[0] == "database" and "RAND_SEED1" in names and "RAND_SEED2" in names
    uv = next(q for q in queries if q.query.endswith("VALUES (@i)"))
    assert Variable("@i", "42") in uv.variable
    # trans_id is the GTID seq_no of the group
    gtids = [e.seq_no for e in BinlogReader(path) if type(e).__name__ == "GtidEvent"]
    assert sorted({q.header.trans_id for q in queries}) == sorted(set(gtids))


def test_export_of_row_binlog_and_rotate() -> None:
    path = GOLDEN / "dml_autocommit_row" / "binlog.000001"
    stats = ExportStats()
    buf = io.BytesIO()
    export_binlogs([path], buf, stats)
    msgs = [f.message for f in read_frames(buf.getvalue())]
    ann = [m for m in msgs if isinstance(m, Query) and
           Variable("source_event", "Annotate_rows") in m.variable]
    assert ann and all(m.session_id == 0 for m in ann)
    assert stats.skipped["Write_rows_v1"] + stats.skipped["Update_rows_v1"] > 0
    rot = sorted((GOLDEN / "rotate_stop").glob("binlog.[0-9]*[0-9]"))
    msgs = [f.message for f in read_frames(b"".join(export_binlog(p) for p in rot))]
    chains = [m for m in msgs if isinstance(m, Chain)]
    assert chains and chains[0].next == 2
    assert sum(isinstance(m, Start) for m in msgs) == len(rot)


def test_cli_export_and_read_frames(tmp_path: Path, capsys) -> None:
    path = GOLDEN / "intvar_rand_uservar_stmt" / "binlog.000001"
    out = tmp_path / "out.frames"
    assert cli_main(["export-frames", str(path), "-o", str(out)]) == 0
    assert out.read_bytes() == export_binlog(path)
    capsys.readouterr()
    assert cli_main(["read-frames", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Start" in text and "set RAND_SEED1 = " in text and "INSERT INTO ai" in text
    bad = bytearray(out.read_bytes())
    bad[-2] ^= 1
    (tmp_path / "bad.frames").write_bytes(bytes(bad))
    assert cli_main(["read-frames", str(tmp_path / "bad.frames")]) == 2
    err = capsys.readouterr().err
    assert "FrameChecksumError" in err and "offset" in err
