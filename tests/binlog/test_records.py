from __future__ import annotations

import json

from _binlog_golden import golden_files
from harness.binlog import event_records, read_binlog_file, records_from_files
from harness.binlog.records import RECORD_FIELDS, canonical_value


def _case(name: str) -> list:
    return [p for p in golden_files() if p.parent.name == name]


def test_schema_and_raw_bytes() -> None:
    (path,) = _case("dml_autocommit_row")
    recs = event_records(path, case="c", format="ROW", side="reference", run_id="r1")
    data = path.read_bytes()
    for i, r in enumerate(recs):
        assert tuple(r) == RECORD_FIELDS
        assert r["seq"] == i and r["file"] == "binlog.000001"
        assert r["raw"] == data[r["pos"] : r["end_pos"]]
        assert r["size"] == len(r["raw"])
        assert (r["case"], r["format"], r["side"], r["run_id"]) == ("c", "ROW", "reference", "r1")
    by_type: dict = {}
    for r in recs:
        by_type.setdefault(r["event_type"], r)  # first of each type: the InnoDB table ti
    assert by_type["Gtid"]["gtid_domain"] == 0 and by_type["Gtid"]["gtid_server"] == 1
    assert by_type["Table_map"]["table"] == "test.ti"
    w = by_type["Write_rows_v1"]
    assert w["table"] == "test.ti" and w["rows_flags"] == 1
    assert json.loads(w["rows_json"]) == [{"before": None, "after": ["1", "a"]}, {"before": None, "after": ["2", "b"]}]
    assert json.loads(by_type["Update_rows_v1"]["rows_json"]) == [{"before": ["2", "b"], "after": ["2", "c"]}]
    assert json.loads(by_type["Delete_rows_v1"]["rows_json"]) == [{"before": ["1", "a"], "after": None}]
    assert by_type["Xid"]["xid"] is not None
    q = next(r for r in recs if r["event_type"] == "Query")
    assert q["database"] == "test" and q["query"].startswith("CREATE TABLE") and q["error_code"] == 0
    assert by_type["Annotate_rows"]["query"].startswith("INSERT INTO ti")


def test_running_seq_across_files() -> None:
    paths = _case("rotate_stop")
    recs = records_from_files(paths, case="rotate", format="MIXED", side="replbed")
    assert [r["seq"] for r in recs] == list(range(len(recs)))
    assert [r["file"] for r in recs if r["pos"] == 4] == ["binlog.000001", "binlog.000002", "binlog.000003"]


def test_records_from_in_memory_events_match_file_records() -> None:
    (path,) = _case("types_row")
    from_file = event_records(path)
    from_events = event_records(read_binlog_file(path), file="binlog.000001")
    assert from_events == from_file


def test_canonical_values_for_all_types() -> None:
    (path,) = _case("types_row_fullmeta")
    recs = [r for r in event_records(path) if r["event_type"] == "Write_rows_v1"]
    row1 = json.loads(recs[0]["rows_json"])[0]["after"]
    assert row1 == [
        "1", "-128", "255", "-32768", "65535", "-8388608", "16777215", "-2147483648", "4294967295",
        "-9223372036854775808", "18446744073709551615", "-12345678.91",
        "12345678901234567890.0123456789", "99999", "1.5", "-2.25e+100", "abc", "hello wörld",
        "0x00ff10", "ab", "2", "5", "some text", "0xdeadbeef", "tiny", "\x01\x02", "2024-02-29",
        "2024-02-29 23:59:59", "1999-12-31 23:59:59.123456", "2000-01-01 00:00:00.500",
        "2020-05-06 07:08:09", "2038-01-19 03:14:07.999999", "-838:59:59", "12:34:56.78", "2155",
        "1", "5461",
    ]
    assert json.loads(recs[1]["rows_json"])[0]["after"] == ["2"] + [None] * 36
    row3 = json.loads(recs[2]["rows_json"])[0]["after"]
    assert row3[11:14] == ["0.00", "-0.0000000001", "0"]
    assert row3[26:34] == [
        "0000-00-00", "0000-00-00 00:00:00", "0000-00-00 00:00:00.000000", "0000-00-00 00:00:00.000",
        "1970-01-01 00:00:01", "1970-01-01 00:00:01.000001", "00:00:00", "-00:00:01.50",
    ]


def test_signedness_without_full_metadata_is_raw_signed() -> None:
    (path,) = _case("types_row")
    rec = next(r for r in event_records(path) if r["event_type"] == "Write_rows_v1")
    row = json.loads(rec["rows_json"])[0]["after"]
    assert row[1:3] == ["-128", "-1"]


def test_canonical_value_fallbacks() -> None:
    assert canonical_value(None) is None
    assert canonical_value(b"\xff") == "0xff"
    assert canonical_value(0.1) == "0.1"


def test_statement_bytes_that_are_not_utf8_stay_distinct_in_the_stored_records() -> None:
    """A prepared statement's binary parameter is logged inline, e.g. 0xff: the decoded text keeps it
    as a lone surrogate (it re-encodes byte for byte), which Parquet refuses in a string column; the
    record writer (harness/pipeline/schemas.coerce) stores it injectively, so 0xff, 0xfe and the
    four characters '\\xff' all stay different for the diff."""
    import dataclasses

    from harness.binlog.query import QueryEvent
    from harness.pipeline.schemas import EVENT_SCHEMA, coerce, raw_text

    (path,) = _case("dml_autocommit_row")
    events = read_binlog_file(path)
    i = next(n for n, e in enumerate(events) if isinstance(e, QueryEvent))

    def query_record(text: bytes) -> dict:
        ev = dataclasses.replace(events[i], query=text.decode("utf-8", "surrogateescape"))
        recs = event_records([*events[:i], ev, *events[i + 1:]], file="binlog.000001")
        return recs[i]

    recs = [query_record(b"INSERT INTO t VALUES ('\\0\xff')"), query_record(b"INSERT INTO t VALUES ('\\0\xfe')"),
            query_record(b"INSERT INTO t VALUES ('\\0\\xff')")]
    assert b"\xff" in recs[0]["raw"]  # the event's bytes are untouched
    stored = coerce(recs, EVENT_SCHEMA).column("query").to_pylist()
    assert len(set(stored)) == 3
    assert [raw_text(s) for s in stored] == [r["query"] for r in recs]


def test_a_user_var_records_the_type_its_text_does_not_show() -> None:
    """REAL 2 and INT 2 print alike in SHOW BINLOG EVENTS; the record keeps them apart."""
    from harness.binlog.control import new_user_var_event
    from harness.binlog.records import user_var_type_text
    from harness.binlog.render import info_text
    real = new_user_var_event("c", 2.0, timestamp=0, server_id=1)
    whole = new_user_var_event("c", 2, timestamp=0, server_id=1)
    assert info_text(real) == info_text(whole) == "@`c`=2"
    assert user_var_type_text(real) != user_var_type_text(whole)
    assert user_var_type_text(new_user_var_event("c", None, timestamp=0, server_id=1)).endswith("null")
