"""The GTID-layout check knows MySQL's atomic CREATE TABLE ... SELECT (8.0.21+, 9.7.4
[bytes] tests/fixtures/binlog/mysql-9.7/gtid_on.bin): ``BEGIN``, ``CREATE ... START
TRANSACTION``, rows, ``Xid`` is one well-formed transaction (shape ``T CTAS Xid``); a
CREATE ... START TRANSACTION anywhere else, or a CTAS group not committed by its Xid, is
a bad group. The in-process jobs, the Spark jobs and the GX group framing agree."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.binlog.records import event_records
from harness.pipeline import diff, local_diff
from harness.pipeline.gx_validate import gtid_groups
from harness.pipeline.schemas import EVENT_SCHEMA, coerce

GTID_ON = Path(__file__).resolve().parents[1] / "fixtures" / "binlog" / "mysql-9.7" / "gtid_on.bin"
XA_ROW = GTID_ON.with_name("xa_prepare_row.bin")
XA_ROLLBACK = GTID_ON.with_name("xa_rollback_statement.bin")


def _records(side: str) -> list[dict]:
    return event_records(GTID_ON, case="ctas", format="ROW", side=side, run_id="t")


def _ctas_seqs(recs: list[dict]) -> list[int]:
    return [r["seq"] for r in recs if r["event_type"] == "Query" and "START TRANSACTION" in (r["query"] or "")]


def _swap_create_after_rows(recs: list[dict]) -> list[dict]:
    """replbed's side with the first CTAS group's CREATE moved after its rows."""
    out = [dict(r) for r in recs]
    i = next(k for k, r in enumerate(out) if r["seq"] == _ctas_seqs(recs)[0])
    create, tm, rows = out[i], out[i + 1], out[i + 2]
    out[i], out[i + 1], out[i + 2] = {**tm, "seq": create["seq"]}, {**rows, "seq": tm["seq"]}, \
        {**create, "seq": rows["seq"]}
    return out


def _commit_instead_of_xid(recs: list[dict]) -> list[dict]:
    """replbed's side with the first CTAS group ended by a COMMIT Query, not its Xid."""
    out = [dict(r) for r in recs]
    i = next(k for k, r in enumerate(out) if r["seq"] == _ctas_seqs(recs)[0]) + 3
    assert out[i]["event_type"] == "Xid"
    out[i] = {**out[i], "event_type": "Query", "type_code": 2, "query": "COMMIT", "info": "COMMIT"}
    return out


def _gno_jump(recs: list[dict]) -> list[dict]:
    """replbed's side with its own GNO 6 logged as 7: a gap the reference does not have."""
    out = [dict(r) for r in recs]
    for r in out:
        if r["event_type"] == "Gtid" and r["gtid_seq"] == 6:
            r["gtid_seq"] = 7
    return out


def test_a_gno_gap_of_one_side_is_caught():
    rb = _local(_gno_jump(_records("replbed")))["replbed"]
    assert rb["gtid_gaps"] >= 1 and rb["gtid_layout_ok"] is False


MUTATIONS = {"create_after_rows": _swap_create_after_rows, "commit_instead_of_xid": _commit_instead_of_xid}


def _local(rb: list[dict]) -> dict[str, dict]:
    rows = local_diff.check_gtid_layout(_records("reference") + rb, "mysql-9.7")
    return {r["side"]: r for r in rows}


def test_real_ctas_groups_are_well_formed_with_their_own_shape():
    sides = _local(_records("replbed"))
    for r in sides.values():
        # SET gtid_next='aaaa...:5' jumps on both sides alike: no gap (MySQL GTIDs have no domain)
        assert r["gtid_layout_ok"] and r["bad_groups"] == 0 and r["gtid_gaps"] == 0, r
    assert sides["reference"]["layout"].split("|").count("T CTAS Xid") == 2


@pytest.mark.parametrize("mutation", sorted(MUTATIONS))
def test_local_layout_catches_a_misframed_ctas(mutation):
    sides = _local(MUTATIONS[mutation](_records("replbed")))
    rb, ref = sides["replbed"], sides["reference"]
    assert rb["bad_groups"] == 1 and rb["gtid_layout_ok"] is False, rb
    assert rb["first_bad_group"].startswith(f"seq {_ctas_seqs(_records('x'))[0] - 2} :")
    assert ref["bad_groups"] == 0


def test_spark_layout_agrees(spark):
    """The Spark jobs give the in-process rows for every variant, in one job: each variant
    is a case of its own (the real log on both sides, and each mutation of replbed's)."""
    variants = {"clean": lambda r: r, "gno_jump": _gno_jump, **MUTATIONS}
    rows: list[dict] = []
    want = {}
    xa = event_records(XA_ROW, case="xa", format="ROW", side="reference", run_id="t")
    for name, mutate in [*variants.items(), ("xa", lambda r: r)]:
        base = xa if name == "xa" else _records("reference")
        ref = [{**r, "case": name, "side": "reference"} for r in base]
        rb = [{**r, "case": name, "side": "replbed"} for r in mutate(base)]
        rows += ref + rb
        want.update({(name, r["side"]): r for r in local_diff.check_gtid_layout(ref + rb, "mysql-9.7")})
    events = spark.createDataFrame(coerce(rows, EVENT_SCHEMA).to_pandas())
    got = {(r.case, r.side): r.asDict() for r in diff.check_gtid_layout(events, "mysql-9.7").collect()}
    assert set(got) == set(want)
    for key, w in want.items():
        for col in ("bad_groups", "layout", "gtid_gaps", "same_layout", "gtid_layout_ok"):
            assert got[key][col] == w[col], (key, col, got[key][col], w[col])


def test_mysql_xa_prepare_groups_are_well_formed():
    """9.7.4 writes `XA START X'..'` as a Query after the Gtid (MariaDB: in the Gtid event):
    the group is an XA group ending with XA_prepare, not a bad standalone one."""
    recs = []
    for side in ("reference", "replbed"):
        recs += event_records(XA_ROW, case="xa", format="ROW", side=side, run_id="t")
    for r in local_diff.check_gtid_layout(recs, "mysql-9.7"):
        assert r["bad_groups"] == 0 and r["gtid_layout_ok"], r
        assert "X XA_prepare" in r["layout"].split("|")


def test_mysql_xa_rollback_of_an_unprepared_branch_is_a_well_formed_group():
    """9.7.4 (xa_nontrans_writes S): XA ROLLBACK of a branch not prepared whose cache holds a
    MyISAM statement writes the branch's group `XA START`, body, `XA END`, ended by the
    `XA ROLLBACK` Query (MYSQL_BIN_LOG::rollback) -- an XA group, not a bad one."""
    recs = []
    for side in ("reference", "replbed"):
        recs += event_records(XA_ROLLBACK, case="xa", format="STATEMENT", side=side, run_id="t")
    for r in local_diff.check_gtid_layout(recs, "mysql-9.7"):
        assert r["bad_groups"] == 0 and r["gtid_layout_ok"], r
        assert "X XA ROLLBACK" in r["layout"].split("|")


def test_gx_framing_keeps_a_ctas_with_table_options_open_to_its_xid():
    """Without BEGIN (the frame GX checks) a CREATE ... START TRANSACTION ENGINE=InnoDB
    still opens a transaction that its Xid ends, not a DDL's one-Query group."""
    recs = [r for r in _records("reference") if r["event_type"] in ("Gtid", "Query", "Table_map", "Write_rows", "Xid")]
    seq = _ctas_seqs(recs)[1]
    assert "START TRANSACTION ENGINE=InnoDB" in next(r["query"] for r in recs if r["seq"] == seq)
    recs = [r for r in recs if not (r["query"] == "BEGIN" and r["seq"] == seq - 1)]
    groups = [g for g in gtid_groups(recs) if g["first_seq"] < seq < g["first_seq"] + g["n_events"] + 1]
    assert [(g["n_events"], g["group_end"]) for g in groups] == [(5, "Xid")]
