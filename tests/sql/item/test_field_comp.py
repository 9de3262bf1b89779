"""harness/sql/item/field_comp.py: the stored form of COMPRESSED columns, byte for byte as
MariaDB 10.11.19 logged it (binlog_verbose_compressed_fields; workloads/breadth_mtr.wl)."""

from __future__ import annotations

from harness.sql.item.column_types import make_type
from harness.sql.item.field_comp import compress_value, compressed


def test_short_values_get_a_zero_header_long_ones_raw_deflate() -> None:
    assert compress_value(b"") == b""
    assert compress_value(b"myac") == b"\x00myac"
    # VARCHAR(300) COMPRESSED holding REPEAT('x', 200), from the server's Write_rows
    assert compress_value(b"x" * 200) == bytes.fromhex("89c8aba8181e0000")
    assert compress_value(b"y" * 150) == bytes.fromhex("8996abac1c8c0000")
    # deflate that does not save space is not kept
    import os
    noise = os.urandom(120)
    assert compress_value(noise) == b"\x00" + noise


def test_table_map_types_and_metadata() -> None:
    vc = compressed(make_type("VARCHAR", [10], charset="latin1"))
    tc = compressed(make_type("TEXT", []))
    assert (vc.binlog_type, vc.binlog_metadata()) == (141, 11)
    assert (tc.binlog_type, tc.binlog_metadata()) == (140, 2)
    assert vc.codec_value()("myec") == b"\x00myec"
