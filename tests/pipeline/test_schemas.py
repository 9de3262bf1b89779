"""The record schemas: text holding raw (non-UTF-8) bytes is stored injectively."""

from __future__ import annotations

import pyarrow as pa

from harness.pipeline.schemas import EVENT_SCHEMA, coerce, raw_text, storable_text

RAW = b"INSERT INTO t VALUES ('\xff\xfe', 'caf\xc3\xa9')".decode("utf-8", "surrogateescape")


def test_raw_bytes_store_as_valid_utf8_and_round_trip() -> None:
    stored = storable_text(RAW)
    stored.encode("utf-8")  # valid UTF-8 now (the surrogates would raise)
    assert raw_text(stored) == RAW
    assert "café" in stored  # real characters are left as they are
    assert storable_text("plain ascii") == "plain ascii"
    assert storable_text("café \U0001f600") == "café \U0001f600"


def test_different_bytes_never_store_as_the_same_text() -> None:
    """Injective: a raw byte, the escape character itself and its look-alikes differ."""
    esc = "\U0010ffff"
    variants = [
        b"\xff".decode("utf-8", "surrogateescape"),
        esc + chr(0x10FE00 + 0xFF),
        esc,
        esc + esc,
        "\\xff",
        "\ufffd",
    ]
    stored = [storable_text(v) for v in variants]
    assert len(set(stored)) == len(variants)
    assert [raw_text(s) for s in stored] == variants


def test_coerce_writes_events_with_raw_bytes() -> None:
    table = coerce([{"case": "c", "info": RAW}], EVENT_SCHEMA)
    assert isinstance(table, pa.Table)
    assert raw_text(table.column("info")[0].as_py()) == RAW
