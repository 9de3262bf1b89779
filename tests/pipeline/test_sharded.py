"""Sharding a run: balanced deterministic shards, and a shard that never ran fails the verdict."""

from __future__ import annotations

import json

import pytest

from harness.config import RunConfig
from harness.pipeline import sharded
from tests.pipeline.ftp_server import ftp_server

WL = """[case a]
rule = t.a
formats = ROW
setup: CREATE TABLE t (a INT) ENGINE=InnoDB
con1: INSERT INTO t VALUES (1)

[case b]
rule = t.b
setup: CREATE TABLE t (a INT) ENGINE=InnoDB
con1: INSERT INTO t VALUES (1)

[case c]
rule = t.c
formats = ROW MIXED
setup: CREATE TABLE t (a INT) ENGINE=InnoDB
con1: INSERT INTO t VALUES (1)
"""


@pytest.fixture(params=["local", "ftp"])
def runs_uri(request, tmp_path):
    if request.param == "local":
        yield str(tmp_path / "runs")
    else:
        with ftp_server(tmp_path / "ftp") as base:
            yield base + "/runs"


def _plan(tmp_path, runs_uri: str) -> str:
    wl = tmp_path / "t.wl"
    wl.write_text(WL)
    return sharded.plan_sharded(RunConfig(workloads=str(wl), run_id="sh"), runs_uri)


def test_shards_are_balanced_by_case_x_format_and_keep_corpus_order(tmp_path, runs_uri):
    run = _plan(tmp_path, runs_uri)
    assert json.loads(sharded.as_store(run).read_text("plan.json"))["run_id"] == "sh"
    # b: 3 formats, c: 2, a: 1 -> b alone, then c and a together (corpus order a, c)
    assert sharded.shard_cases(run, 2) == [["b"], ["a", "c"]]
    assert sharded.shard_cases(run, 1) == [["a", "b", "c"]]
    assert sharded.shard_cases(run, 5) == [["b"], ["c"], ["a"]]  # no empty shards
    with pytest.raises(ValueError, match="at least 1"):
        sharded.shard_cases(run, 0)


def test_a_shard_that_never_ran_fails_the_verdict(tmp_path, runs_uri):
    run = _plan(tmp_path, runs_uri)
    store = sharded.as_store(run)
    # everything collected but case a's replbed side, and a summary that says all passed
    for pair in json.loads(store.read_text("plan.json"))["pairs"]:
        for side in ("reference", "replbed"):
            if (pair["case"], side) != ("a", "replbed"):
                store.write_text(f"cases/{pair['case']}/{pair['format']}/{side}/outcome.json", "{}")
    store.write_text("summary.json", json.dumps([{"case": "b", "format": "ROW", "status": "pass"}]))
    passed, line = sharded.verdict_step(run)
    assert not passed
    assert line == "1 planned case x format x side not collected; first: a ROW replbed"
    store.write_text("cases/a/ROW/replbed/outcome.json", "{}")
    assert sharded.missing_pairs(run) == []


def test_a_shard_with_a_case_outside_the_plan_is_refused(tmp_path):
    run = _plan(tmp_path, str(tmp_path / "runs"))
    with pytest.raises(ValueError, match=r"shard 3: cases not in the plan: \['zz'\]"):
        sharded.collect_shard(run, 3, ["a", "zz"], progress=None)
