"""Every decode loop over input consumes at least one byte or stops (issue 12.1).

The malicious input of issue 12.1: a ``BINLOG '…'`` statement carrying a
Format_description, a Table_map (one INT column) and a Write_rows **v2** whose
columns-present bitmap is empty, followed by two bytes of "row data". A row
image of no columns takes no bytes -- not even a NULL bitmap -- so a decoder
that loops "while bytes remain" never advances: it hung ``replbed serve``
under the global lock (growing past 1.4 GB) and ``replbed decode``.
The v1 decoder had the guard; v2 did not.
"""

from __future__ import annotations

import base64
import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_fuzz import time_bound

from harness.binlog import BinlogReader, DecodeError
from harness.binlog.codec import encode_event
from harness.binlog.constants import BINLOG_MAGIC
from harness.binlog.constants import ColumnType as T
from harness.binlog.context import StreamContext
from harness.binlog.fde import new_format_description_event
from harness.binlog.rows import (
    RowChange,
    new_rows_event,
    new_rows_v2_event,
    new_table_map_event,
)

ROOT = Path(__file__).resolve().parents[2]

# FDE (MariaDB 10.11, CRC32) + Table_map test.t (a INT) + Write_rows v2 with
# columns_present = 0 and rows bytes 00 00 -- byte for byte as found.
EMPTY_BITMAP_V2_B64 = (
    "APFTZQ8BAAAA/AAAAAABAAAAAAQAMTAuMTEuMTktTWFyaWFEQi0wK2RlYjEydTEtbG9nAAAAAAAAAAAAAAAAAAAA"
    "AAAAAAAA8VNlEzgNAAgAEgAEBAQEEgAA5AAEGggAAAAICAgCAAAACgoKAAAAAAAACgoKAAAAAAAAAAAAAAAAAAAA"
    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAEEwQADQgICAoKCgHaH5w8APFTZRMBAAAALAAA"
    "AAAAAAAAAAEAAAAAAAEABHRlc3QAAXQAAQMAAcT5tesA8VNlHgEAAAAlAAAAAAAAAAAAAQAAAAAAAQACAAEAAACT"
    "arP/"
)
EMPTY_BITMAP_V2 = base64.b64decode(EMPTY_BITMAP_V2_B64)


def _decode_all(data: bytes) -> list:
    with time_bound(5):
        return list(BinlogReader(BINLOG_MAGIC + data))


def test_rows_v2_empty_bitmap_is_a_decode_error_not_a_hang() -> None:
    with pytest.raises(DecodeError) as e:
        _decode_all(EMPTY_BITMAP_V2)
    assert "no columns in its image" in str(e.value)
    # the first byte of row data: FDE, Table_map, header, post-header, column count, bitmap
    assert e.value.offset == 4 + 252 + 44 + 19 + 10 + 1 + 1


def test_rows_v2_empty_bitmap_slow_path_too() -> None:
    with time_bound(5), pytest.raises(DecodeError):
        list(BinlogReader(BINLOG_MAGIC + EMPTY_BITMAP_V2, fast=False))


def _events_with_empty_images(kind: str, v2: bool) -> bytes:
    ctx = StreamContext()
    out = encode_event(new_format_description_event(timestamp=1, server_id=1), ctx, at=4)
    tm = new_table_map_event(7, "d", "t", [T.LONG, T.VARCHAR], [0, 80], [True, True],
                             timestamp=1, server_id=1)
    out += encode_event(tm, ctx)
    make = new_rows_v2_event if v2 else new_rows_event
    ev = make(kind, tm, [], timestamp=1, server_id=1, columns_present=0,
              columns_present_after=0 if kind == "update" else None)
    ev.rows, ev.rows_raw = None, b"\x00" * 5
    return out + encode_event(ev, ctx)


@pytest.mark.parametrize("v2", [False, True], ids=["v1", "v2"])
@pytest.mark.parametrize("kind", ["write", "update", "delete"])
def test_every_rows_variant_rejects_images_of_no_columns(kind: str, v2: bool) -> None:
    with pytest.raises(DecodeError, match="no columns in its image"):
        _decode_all(_events_with_empty_images(kind, v2))


@pytest.mark.parametrize("v2", [False, True], ids=["v1", "v2"])
def test_empty_images_without_row_data_still_decode(v2: bool) -> None:
    """No bytes left is not an error: the event simply has no rows."""
    ctx = StreamContext()
    data = encode_event(new_format_description_event(timestamp=1, server_id=1), ctx, at=4)
    tm = new_table_map_event(7, "d", "t", [T.LONG], [0], [True], timestamp=1, server_id=1)
    data += encode_event(tm, ctx)
    make = new_rows_v2_event if v2 else new_rows_event
    data += encode_event(make("write", tm, [], timestamp=1, server_id=1, columns_present=0), ctx)
    assert [e.rows for e in _decode_all(data)[2:]] == [[]]


def test_update_with_one_empty_image_still_advances() -> None:
    """Update_rows with an empty before image but a full after image consumes
    the after image's NULL bitmap per row: a valid, if odd, event."""
    ctx = StreamContext()
    data = encode_event(new_format_description_event(timestamp=1, server_id=1), ctx, at=4)
    tm = new_table_map_event(7, "d", "t", [T.LONG], [0], [True], timestamp=1, server_id=1)
    data += encode_event(tm, ctx)
    for v2 in (False, True):
        make = new_rows_v2_event if v2 else new_rows_event
        ev = make("update", tm, [RowChange([], [5]), RowChange([], [None])], timestamp=1,
                  server_id=1, columns_present=0, columns_present_after=1)
        data += encode_event(ev, ctx)
    evs = _decode_all(data)
    assert [e.rows for e in evs[2:]] == [[RowChange([], [5]), RowChange([], [None])]] * 2


def test_replbed_decode_cli_does_not_hang(tmp_path: Path) -> None:
    f = tmp_path / "evil-bin.000001"
    f.write_bytes(BINLOG_MAGIC + EMPTY_BITMAP_V2)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.run([sys.executable, "-m", "harness.cli", "decode", str(f)], env=env,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2
    assert "no columns in its image" in p.stderr
    assert p.stderr.count("\n") <= 1 and "Traceback" not in p.stderr


def test_binlog_statement_answers_1149_at_once(tmp_path: Path) -> None:
    """The server path: the BINLOG statement is refused (ER_SYNTAX_ERROR, as for
    any undecodable payload) instead of hanging under the global lock."""
    from harness.sql.sql_errors import ServerError
    from tests.model.conftest import Bed

    bed = Bed(tmp_path)
    try:
        s = bed.session("ROW")
        s.execute("CREATE TABLE t (a INT)")
        with time_bound(10), pytest.raises(ServerError) as e:
            s.execute("BINLOG '" + EMPTY_BITMAP_V2_B64 + "'")
        assert e.value.code == 1149
        assert s.execute("SELECT COUNT(*) FROM t").rows == [[0]]  # type: ignore[union-attr]
    finally:
        bed.state.shutdown()
