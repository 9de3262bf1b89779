"""The declared event layouts (harness/binlog/layout.py) and what derives from them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from _binlog_golden import golden_files

from harness.binlog import BinlogReader, ByteReader, ByteWriter, exact, fast, layout
from harness.binlog.constants import HEADER_LEN
from harness.binlog.constants import EventType as E
from harness.binlog.constants import QueryStatus as Q

BINLOG = Path(layout.__file__).parent


def test_fast_path_uses_no_private_name_of_another_module() -> None:
    """fast.py used to import the codecs' private constants (_INT_WIDTH,
    _META_*): a second description of the same layouts."""
    tree = ast.parse((BINLOG / "fast.py").read_text())
    private = [(n.module, a.name) for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
               for a in n.names if a.name.startswith("_")]
    assert private == []


def test_prefix_structs_are_the_server_post_headers() -> None:
    assert layout.HEADER.prefix_len == HEADER_LEN == 19
    assert layout.QUERY.prefix_len == 13  # Q_HEADER_LEN / QUERY_HEADER_LEN
    assert layout.TABLE_MAP.prefix_len == 8  # TABLE_MAP_HEADER_LEN
    assert layout.ROWS_V1.prefix_len == 8  # ROWS_HEADER_LEN_V1
    assert layout.ROWS_V2.prefix_len == 10  # ROWS_HEADER_LEN_V2
    assert layout.GTID.prefix_len == 13
    assert layout.XID.prefix_len == 8 and layout.INTVAR.prefix_len == 9 and layout.RAND.prefix_len == 16


def test_read_prefix_agrees_with_the_decoded_events() -> None:
    checked = set()
    for p in golden_files():
        for e in BinlogReader(p).entries():
            ev, tc = e.event, e.event.header.type_code
            lay = layout.LAYOUTS.get(tc)
            if lay is None or not lay.prefix:
                continue
            vals = dict(zip((f.name for f in lay.prefix), lay.read_prefix(ByteReader(e.raw, HEADER_LEN))))
            if tc == E.QUERY_EVENT:
                assert (vals["thread_id"], vals["exec_time"], vals["error_code"]) == (
                    ev.thread_id, ev.exec_time, ev.error_code)
            elif lay in (layout.ROWS_V1, layout.TABLE_MAP):
                assert vals["table_id"] == ev.table_id
            elif tc == E.GTID_EVENT:
                assert (vals["seq_no"], vals["domain_id"], vals["flags2"]) == (ev.seq_no, ev.domain_id, ev.flags2)
            elif tc == E.XID_EVENT:
                assert vals["xid"] == ev.xid
            checked.add(tc)
            w = ByteWriter()
            lay.write_prefix(w, *vals.values())
            assert w.getvalue() == e.raw[HEADER_LEN:HEADER_LEN + lay.prefix_len]
    assert {E.QUERY_EVENT, E.TABLE_MAP_EVENT, E.WRITE_ROWS_EVENT_V1, E.GTID_EVENT, E.XID_EVENT} <= checked


def test_varying_fields_come_from_the_layouts() -> None:
    for tc, lay in layout.LAYOUTS.items():
        declared = {f.name for f in lay.fields if f.varies}
        assert declared <= exact.varying_fields(tc), lay.name
        assert all(exact.VARYING_WHY[n] for n in declared)
    assert "status.Q_XID" in exact.varying_fields(E.QUERY_EVENT)
    # a field that is not declared varying is compared
    assert "error_code" not in exact.varying_fields(E.QUERY_EVENT)


def test_status_var_widths_are_one_table() -> None:
    assert fast._SV_INT is layout.STATUS_VAR_INT_WIDTH
    assert layout.STATUS_VAR_INT_WIDTH[Q.Q_SQL_MODE_CODE] == 8
    assert layout.STATUS_VARS[Q.Q_CHARSET_CODE] == ("u16s", 6)


@pytest.mark.parametrize("bad", [b"\x00" * 5, b"\x00" * 12])
def test_ranges_refuse_bodies_of_the_wrong_size(bad: bytes) -> None:
    raw = bytes(HEADER_LEN) + bad
    with pytest.raises((ValueError, IndexError)):
        layout.QUERY.ranges(raw, HEADER_LEN, len(raw))


def test_gtid_flags3_carries_the_start_alter_seq_no() -> None:
    """Q_GTID_FLAGS3 (log_event.cc): one byte, plus the START ALTER's seq_no (u64) when the
    flags say COMMIT or ROLLBACK ALTER (bytes of a 10.11.19 ROLLBACK ALTER Query)."""
    from harness.binlog.query import StatusVar, decode_status_vars, encode_status_vars
    raw = bytes([Q.Q_XID]) + (205).to_bytes(8, "little") + bytes([Q.Q_GTID_FLAGS3, 8]) + (3).to_bytes(8, "little")
    svs = decode_status_vars(ByteReader(raw, 0, len(raw)))
    assert svs == [StatusVar(Q.Q_XID, 205), StatusVar(Q.Q_GTID_FLAGS3, (8, 3))]
    w = ByteWriter()
    encode_status_vars(w, svs)
    assert w.getvalue() == raw
    assert [r[0] for r in layout.status_var_ranges(raw, 0, len(raw))] == ["status.Q_XID", "status.Q_GTID_FLAGS3"]
    start = bytes([Q.Q_GTID_FLAGS3, 2])
    assert decode_status_vars(ByteReader(start, 0, 2)) == [StatusVar(Q.Q_GTID_FLAGS3, 2)]
