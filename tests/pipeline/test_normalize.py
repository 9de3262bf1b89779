"""What the diff masks (harness/pipeline/normalize.py): LOAD DATA's file_id."""

from __future__ import annotations

from harness.pipeline.normalize import normalize_info


def test_file_id_is_masked_only_in_load_data_events() -> None:
    ref = "use `test`; LOAD DATA INFILE '/f' INTO TABLE `t` FIELDS TERMINATED BY '\\t' (`a`) ;file_id=7"
    rb = ref.replace("file_id=7", "file_id=1")
    assert normalize_info(ref, "Execute_load_query") == normalize_info(rb, "Execute_load_query")
    assert normalize_info(";file_id=3;block_len=20", "Begin_load_query") == ";file_id=#;block_len=20"
    assert normalize_info(";file_id=3;block_len=20", "Append_block") == ";file_id=#;block_len=20"
    assert normalize_info(";file_id=3", "Delete_file") == ";file_id=#"
    # the checker still sees a different block or text
    assert normalize_info(";file_id=3;block_len=20", "Begin_load_query") != \
        normalize_info(";file_id=3;block_len=21", "Begin_load_query")
    assert normalize_info(ref, "Execute_load_query") != normalize_info(ref.replace("`a`", "`b`"),
                                                                       "Execute_load_query")
    # a Query's text that happens to contain the words is left alone
    assert normalize_info("use `test`; SELECT ';file_id=7'", "Query") == "use `test`; SELECT ';file_id=7'"


def test_status_vars_are_compared_with_only_timing_masked() -> None:
    """A Query's status variables are part of what was logged (a replica applies them);
    only the timing ones (Q_HRNOW 128, Q_XID 129, MySQL's 13/14/17) are masked."""
    from harness.pipeline.normalize import COMPARED, normalize_event, normalize_status_vars

    assert "status_vars" in COMPARED
    base = "0=0 1=1411383296 3=(1,1) 4=(33,33,8) 5=SYSTEM 128=123456"
    assert normalize_status_vars(base) == normalize_status_vars(base.replace("123456", "654321"))
    assert normalize_status_vars(base) != normalize_status_vars(base.replace("5=SYSTEM", "5=+00:00"))
    assert normalize_status_vars(base + " 9=1") != normalize_status_vars(base)
    rec = {"event_type": "Query", "query": "UPDATE t1, t2 SET a = 1", "status_vars": base + " 9=1"}
    assert normalize_event(rec)["status_vars"].endswith("128=# 9=1")


def test_listing_masks_the_server_uuid_of_gtid_events():
    # the fuzz tool's event view: two servers' uuids differ by nature (9.7 GTID_MODE=ON)
    import re
    from pathlib import Path

    from harness.pipeline.normalize import listing
    lines = listing([Path(__file__).resolve().parents[1] / "fixtures/binlog/mysql-9.7/gtid_on.bin"])
    gtids = [ln for ln in lines if ln.startswith(("Gtid ", "Previous_gtids "))]
    assert any("'#uuid:" in ln for ln in gtids)
    assert not any(re.search(r"[0-9a-f]{8}-[0-9a-f]{4}-", ln) for ln in gtids)


def test_result_set_difference_counts_repeated_rows() -> None:
    """Result sets are multisets: a row twice against once differs (the first version
    compared membership and then failed to name the extra row)."""
    from harness.pipeline.normalize import result_set_difference, result_set_json

    assert result_set_difference(result_set_json([["1"], ["2"]]), result_set_json([["2"], ["1"]])) is None
    assert result_set_difference(result_set_json([["1"], ["1"]]), result_set_json([["1"]])) == \
        'reference 2 rows / replbed 1 rows; first not on the other side: reference\'s ["1"]'
    assert result_set_difference(None, result_set_json([])) == "reference no result set / replbed 0 rows"


def test_result_sets_mask_the_server_counters_the_events_diff_masks() -> None:
    """SHOW BINLOG EVENTS on MySQL shows a DDL's `/* xid=N */`, N the server's query counter:
    two servers differ there (the Docker parity's noise), so only the xid is masked, and any
    other difference in the same row still shows."""
    from harness.pipeline.normalize import result_set_difference, result_set_json

    ref = [["binlog.000001", "235", "Query", "1", "343", "CREATE DATABASE test /* xid=68328 */"]]
    same = [["binlog.000001", "235", "Query", "1", "343", "CREATE DATABASE test /* xid=12 */"]]
    moved = [["binlog.000001", "236", "Query", "1", "343", "CREATE DATABASE test /* xid=12 */"]]
    assert result_set_difference(result_set_json(ref), result_set_json(same)) is None
    tmap = [["binlog.000001", "690", "Table_map", "1", "738", "table_id: 151 (test.t1)"]]
    assert result_set_difference(result_set_json(tmap), result_set_json(
        [["binlog.000001", "690", "Table_map", "1", "738", "table_id: 92 (test.t1)"]])) is None
    assert result_set_difference(result_set_json(tmap), result_set_json(
        [["binlog.000001", "690", "Table_map", "1", "738", "table_id: 92 (test.t2)"]])) is not None
    diff = result_set_difference(result_set_json(ref), result_set_json(moved))
    assert diff is not None and "235" in diff


def test_result_sets_mask_the_uuid_of_gtid_rows() -> None:
    """GTID_MODE=ON: SHOW BINLOG EVENTS lists `SET @@SESSION.GTID_NEXT= 'uuid:N'`, the uuid each
    server's own (mtr_show_binlog_events_from_pos, gtid-on profile); the number still counts, and
    a uuid in any other row (a Query's text) is not masked."""
    from harness.pipeline.normalize import result_set_difference, result_set_json

    def gtid(uuid: str, n: int) -> list[str]:
        return ["binlog.000001", "158", "Gtid", "1", "235", f"SET @@SESSION.GTID_NEXT= '{uuid}:{n}'"]

    a, b = "38529bc6-eba3-11f1-9198-02fc00000001", "5c0a1f3e-0000-4000-8000-000000000001"
    assert result_set_difference(result_set_json([gtid(a, 1)]), result_set_json([gtid(b, 1)])) is None
    assert result_set_difference(result_set_json([gtid(a, 1)]), result_set_json([gtid(b, 2)])) is not None
    prev = [["binlog.000001", "127", "Previous_gtids", "1", "158", f"{a}:1-3"]]
    assert result_set_difference(result_set_json(prev), result_set_json(
        [["binlog.000001", "127", "Previous_gtids", "1", "158", f"{b}:1-3"]])) is None
    query = [["binlog.000001", "235", "Query", "1", "343", f"use `test`; INSERT INTO t VALUES ('{a}')"]]
    assert result_set_difference(result_set_json(query), result_set_json(
        [["binlog.000001", "235", "Query", "1", "343", f"use `test`; INSERT INTO t VALUES ('{b}')"]])) is not None
