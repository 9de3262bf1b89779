"""Spark diff jobs on records of real MariaDB binlogs (tests/pipeline/fixtures)."""

from __future__ import annotations

import pytest
from pyspark.sql import functions as F

from harness.pipeline import diff

pytestmark = pytest.mark.spark


def _sides(df):
    return df.where(F.col("side") == "reference"), df.where(F.col("side") == "replbed")


def _alter(df, case, fmt, side, seq, **changes):
    """``df`` with columns of one event replaced."""
    hit = (F.col("case") == case) & (F.col("format") == fmt) & (F.col("side") == side) & (F.col("seq") == seq)
    for col, value in changes.items():
        df = df.withColumn(col, F.when(hit, F.lit(value).cast(df.schema[col].dataType)).otherwise(F.col(col)))
    return df


def _row(df, **where):
    cond = None
    for k, v in where.items():
        c = F.col(k) == v
        cond = c if cond is None else cond & c
    rows = df.where(cond).collect()
    assert len(rows) == 1, rows
    return rows[0]


def test_normalize_masks_server_specific_info(fixture_events):
    n = diff.normalize_events(fixture_events)
    assert "raw" not in n.columns and "pos" not in n.columns and "server_id" not in n.columns
    infos = {r.info for r in n.select("info").distinct().collect()}
    assert "COMMIT /* xid=# */" in infos
    assert "table_id: # (d.t1)" in infos
    assert "Server ver: #, Binlog ver: 4" in infos
    assert "BEGIN GTID 0-#-#" in infos and "GTID 0-#-#" in infos
    assert not any("xid=1" in i or "xid=2" in i for i in infos)


def test_two_servers_logging_the_same_thing_match(fixture_events):
    ref, rb = _sides(diff.normalize_events(fixture_events))
    ev, cases = diff.compare_event_sequences(ref, rb)
    rows = cases.collect()
    assert len(rows) == 6
    assert all(r.events_match for r in rows), [r.asDict() for r in rows]
    assert ev.where(~F.col("match")).count() == 0


def test_altered_row_image_is_reported_with_its_field(fixture_events):
    # basic_dml ROW seq 10 is the Write_rows_v1 of INSERT INTO t1 VALUES (1,'a'),(2,'b')
    e = _row(fixture_events, case="basic_dml", format="ROW", side="replbed", seq=10)
    assert e.event_type == "Write_rows_v1"
    altered = _alter(fixture_events, "basic_dml", "ROW", "replbed", 10,
                     rows_json=e.rows_json.replace('"b"', '"B"'))
    ref, rb = _sides(diff.normalize_events(altered))
    ev, cases = diff.compare_event_sequences(ref, rb)
    bad = ev.where(~F.col("match")).collect()
    assert [(r.case, r.format, r.seq, r.diff_fields, r.status) for r in bad] == [
        ("basic_dml", "ROW", 10, ["rows_json"], "differs")]
    c = _row(cases, case="basic_dml", format="ROW")
    assert c.events_match is False and c.n_diff_events == 1
    assert c.first_diff_seq == 10 and c.first_diff_fields == "rows_json"
    others = cases.where(~((F.col("case") == "basic_dml") & (F.col("format") == "ROW")))
    assert all(r.events_match for r in others.collect())


def test_missing_event_is_reported(fixture_events):
    dropped = fixture_events.where(~((F.col("case") == "basic_dml") & (F.col("format") == "STATEMENT")
                                     & (F.col("side") == "replbed") & (F.col("seq") == 17)))
    ref, rb = _sides(diff.normalize_events(dropped))
    ev, cases = diff.compare_event_sequences(ref, rb)
    c = _row(cases, case="basic_dml", format="STATEMENT")
    assert c.events_match is False
    assert c.n_ref_events == c.n_rb_events + 1
    last = _row(ev, case="basic_dml", format="STATEMENT", seq=17)
    assert last.status == "missing_replbed" and last.diff_fields == ["<missing replbed>"]


def test_gtid_layout_of_real_binlogs_is_ok(fixture_events):
    g = diff.check_gtid_layout(fixture_events)
    rows = g.collect()
    assert len(rows) == 12
    for r in rows:
        assert r.gtid_layout_ok, r.asDict()
        assert r.header_ok and r.same_layout and r.gtid_gaps == 0 and r.bad_groups == 0
    ml = _row(g, case="myisam_mix", format="STATEMENT", side="reference")
    # 3 DDL, MyISAM insert (BEGIN..COMMIT), mixed trx (Xid), INSERT..SELECT (Xid)
    assert ml.layout == "S Query|S Query|S Query|T COMMIT|T Xid|T Xid"


def test_gtid_layout_catches_missing_gtid(fixture_events):
    # basic_dml STATEMENT replbed: drop the Gtid that starts the 4th group (seq 12)
    rows = fixture_events.where((F.col("case") == "basic_dml") & (F.col("format") == "STATEMENT")
                                & (F.col("side") == "replbed")).orderBy("seq").collect()
    gtid_seqs = [r.seq for r in rows if r.event_type == "Gtid"]
    victim = gtid_seqs[3]
    dropped = fixture_events.where(~((F.col("case") == "basic_dml") & (F.col("format") == "STATEMENT")
                                     & (F.col("side") == "replbed") & (F.col("seq") == victim)))
    g = diff.check_gtid_layout(dropped)
    rb = _row(g, case="basic_dml", format="STATEMENT", side="replbed")
    assert rb.gtid_layout_ok is False
    assert rb.bad_groups == 1 and rb.first_bad_group.startswith(f"seq {gtid_seqs[2]}")
    assert rb.same_layout is False
    ref = _row(g, case="basic_dml", format="STATEMENT", side="reference")
    assert ref.bad_groups == 0 and ref.gtid_layout_ok is False  # layouts now differ


def test_gtid_layout_catches_sequence_gap(fixture_events):
    rows = fixture_events.where((F.col("case") == "myisam_mix") & (F.col("format") == "ROW")
                                & (F.col("side") == "reference") & (F.col("event_type") == "Gtid")
                                ).orderBy("seq").collect()
    last = rows[-1]
    gapped = _alter(fixture_events, "myisam_mix", "ROW", "reference", last.seq,
                    gtid_seq=last.gtid_seq + 1)
    g = diff.check_gtid_layout(gapped)
    ref = _row(g, case="myisam_mix", format="ROW", side="reference")
    assert ref.gtid_gaps == 1 and ref.gtid_layout_ok is False
    assert ref.header_ok and ref.bad_groups == 0


def test_gtid_layout_catches_missing_header_event(fixture_events):
    noheader = fixture_events.where(~((F.col("case") == "basic_dml") & (F.col("format") == "ROW")
                                      & (F.col("side") == "replbed")
                                      & (F.col("event_type") == "Gtid_list")))
    rb = _row(diff.check_gtid_layout(noheader), case="basic_dml", format="ROW", side="replbed")
    assert rb.header_ok is False and rb.gtid_layout_ok is False


def test_table_diff_catches_changed_row(fixture_tables):
    ref, rb = _sides(fixture_tables)
    assert all(r.tables_match for r in diff.compare_tables(ref, rb).collect())
    hit = ((F.col("case") == "myisam_mix") & (F.col("format") == "MIXED")
           & (F.col("table") == "d.m1") & (F.col("row_no") == 1))
    rb2 = rb.withColumn("row_json", F.when(hit, F.lit('["2", "z"]')).otherwise(F.col("row_json")))
    t = diff.compare_tables(ref, rb2)
    c = _row(t, case="myisam_mix", format="MIXED")
    assert c.tables_match is False and c.n_diff_rows == 1
    assert c.first_diff_table == "d.m1" and c.first_diff_ref == '["2", "y"]' and c.first_diff_rb == '["2", "z"]'
    assert sum(1 for r in t.collect() if not r.tables_match) == 1


def test_summarize_one_row_per_case_format_and_errors_fail(spark, fixture_events, fixture_tables):
    ref, rb = _sides(diff.normalize_events(fixture_events))
    _, ev_cases = diff.compare_event_sequences(ref, rb)
    g = diff.check_gtid_layout(fixture_events)
    t = diff.compare_tables(*_sides(fixture_tables))
    cases = spark.createDataFrame(
        [("basic_dml", f, "fixture", None) for f in ("STATEMENT", "ROW", "MIXED")]
        + [("myisam_mix", f, "fixture", "replbed: binlog decode failed" if f == "ROW" else None)
           for f in ("STATEMENT", "ROW", "MIXED")]
        + [("never_ran", "ROW", "fixture", "reference: not collected")],
        "case string, format string, rule string, error string")
    s = {(r.case, r.format): r for r in diff.summarize(cases, ev_cases, g, t).collect()}
    assert len(s) == 7
    # statement outcomes were not compared here: a check that did not run is not a pass
    assert s[("basic_dml", "ROW")].passed is None and s[("basic_dml", "ROW")].outcomes_match is None
    assert s[("basic_dml", "ROW")].events_match is True and s[("basic_dml", "ROW")].tables_match is True
    err = s[("myisam_mix", "ROW")]
    assert err.passed is False and err.events_match is False and err.error.startswith("replbed")
    assert s[("never_ran", "ROW")].passed is False and s[("never_ran", "ROW")].n_ref_events == 0


def test_gtid_layout_accepts_mariadb_xa_groups(spark):
    """XA START .. XA_prepare groups and the standalone XA COMMIT/ROLLBACK group (golden xa_row)."""
    from pathlib import Path

    from harness.binlog.records import event_records
    from harness.pipeline.schemas import EVENT_SCHEMA, coerce

    golden = Path(__file__).resolve().parents[1] / "fixtures" / "binlog" / "mariadb-10.11" / "xa_row" / "binlog.000001"
    rows = []
    for side in ("reference", "replbed"):
        rows += event_records(golden, case="xa", format="ROW", side=side, run_id="t")
    events = spark.createDataFrame(coerce(rows, EVENT_SCHEMA).to_pandas())
    g = diff.check_gtid_layout(events)
    for r in g.collect():
        assert r.gtid_layout_ok and r.bad_groups == 0, r.asDict()
    ref = _row(g, case="xa", format="ROW", side="reference")
    assert ref.layout.split("|")[2:6] == ["X XA_prepare", "S Query", "T COMMIT", "X XA_prepare"]


_OUTCOME_COLS = "case string, format string, step long, error_code long, warnings_json string"


def _outcomes(spark, rows):
    return spark.createDataFrame(rows, _OUTCOME_COLS)


def test_reference_ok_replbed_error_is_a_difference(spark):
    """Regression: `… & a.isNull() == b.isNull()` parsed as `(… & a.isNull()) == b.isNull()`,
    so MariaDB answering SELECT SOUNDEX('hello') and replbed refusing it (1305) counted as equal."""
    ref = _outcomes(spark, [("c", "ROW", 0, None, "[]"), ("c", "ROW", 1, None, "[]"),
                            ("c", "ROW", 2, None, "[]")])
    rb = _outcomes(spark, [("c", "ROW", 0, None, "[]"),
                           ("c", "ROW", 1, 1305, '[["Error", 1305, "FUNCTION test.SOUNDEX does not exist"]]'),
                           ("c", "ROW", 2, None, "[]")])
    r = _row(diff.compare_outcomes(ref, rb), case="c", format="ROW")
    assert r.outcomes_match is False and r.n_diff_statements == 1
    assert r.first_diff_step == 1          # the SOUNDEX statement, not another one
    # and the other way round
    r = _row(diff.compare_outcomes(rb, ref), case="c", format="ROW")
    assert r.outcomes_match is False and r.first_diff_step == 1


def test_outcomes_differ_in_code_warning_or_missing_statement(spark):
    base = [("c", "STATEMENT", 0, None, "[]"), ("c", "STATEMENT", 1, 1062, '[["Error", 1062, "dup"]]')]
    ref = _outcomes(spark, base)
    assert _row(diff.compare_outcomes(ref, _outcomes(spark, base)), case="c").outcomes_match is True
    other_code = [base[0], ("c", "STATEMENT", 1, 1064, '[["Error", 1062, "dup"]]')]
    extra_warning = [("c", "STATEMENT", 0, None, '[["Note", 1592, "unsafe"]]'), base[1]]
    missing = [base[0]]
    for rb_rows, step in ((other_code, 1), (extra_warning, 0), (missing, 1)):
        r = _row(diff.compare_outcomes(ref, _outcomes(spark, rb_rows)), case="c")
        assert r.outcomes_match is False and r.first_diff_step == step, (rb_rows, r)


def test_a_different_result_set_is_a_difference_on_both_diff_engines(spark):
    """A SELECT whose rows differ (a wrong @@in_transaction passed before result sets were
    compared); rows in another order are the same result set (ties in a filesort)."""
    from harness.pipeline import local_diff
    from harness.pipeline.normalize import result_set_json

    cols = _OUTCOME_COLS + ", rows_json string"
    ref_rows = [("c", "ROW", 0, None, "[]", None), ("c", "ROW", 1, None, "[]", result_set_json([["1"], ["2"]]))]
    same_other_order = [ref_rows[0], ("c", "ROW", 1, None, "[]", result_set_json([["2"], ["1"]]))]
    other_value = [ref_rows[0], ("c", "ROW", 1, None, "[]", result_set_json([["1"], ["3"]]))]
    no_result = [ref_rows[0], ("c", "ROW", 1, None, "[]", None)]
    keys = ("case", "format", "step", "error_code", "warnings_json", "rows_json")
    for rb_rows, match in ((same_other_order, True), (other_value, False), (no_result, False)):
        r = _row(diff.compare_outcomes(spark.createDataFrame(ref_rows, cols), spark.createDataFrame(rb_rows, cols)),
                 case="c")
        assert r.outcomes_match is match and r.first_diff_step == (None if match else 1), (rb_rows, r)
        local = local_diff.compare_outcomes([dict(zip(keys, x)) for x in ref_rows],
                                            [dict(zip(keys, x)) for x in rb_rows])
        assert [(x["outcomes_match"], x["first_diff_step"]) for x in local] == [(match, None if match else 1)]
