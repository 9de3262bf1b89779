"""RunStore: a run directory by URI, on a local path and on a real FTP server."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.pipeline.store import RunStore, StoreError
from tests.pipeline.ftp_server import ftp_server


@pytest.fixture(params=["local", "ftp"])
def store_and_root(request, tmp_path):
    """(store of one run, the directory where its files really land)."""
    shared = tmp_path / "shared"
    if request.param == "local":
        yield RunStore(str(shared / "runs" / "r1")), shared / "runs" / "r1"
    else:
        with ftp_server(shared) as base:
            yield RunStore(base + "/runs/r1"), shared / "runs" / "r1"


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_small_files_round_trip(store_and_root):
    store, root = store_and_root
    assert not store.exists("plan.json")
    store.write_text("plan.json", '{"run_id": "r1"}')
    store.write_bytes("cases/c/ROW/reference/binlog/binlog.000001", b"\xfebin")
    assert store.read_text("plan.json") == '{"run_id": "r1"}'
    assert (root / "cases/c/ROW/reference/binlog/binlog.000001").read_bytes() == b"\xfebin"
    assert store.files() == ["cases/c/ROW/reference/binlog/binlog.000001", "plan.json"]
    assert store.files("cases/c") == ["cases/c/ROW/reference/binlog/binlog.000001"]


def test_push_leaves_server_data_behind_and_pull_gets_the_rest(store_and_root, tmp_path):
    store, root = store_and_root
    src = tmp_path / "work"
    (src / "cases/c/ROW/replbed").mkdir(parents=True)
    (src / "cases/c/ROW/replbed/outcome.json").write_text("{}")
    (src / "servers/reference/data/ibdata1").parent.mkdir(parents=True)
    (src / "servers/reference/data/ibdata1").write_bytes(b"x" * 100)
    (src / "servers/reference/binlog").mkdir()
    (src / "servers/reference/binlog/binlog.000001").write_bytes(b"live")
    (src / "servers/reference/server.log").write_text("started")
    assert store.push(src, "") == 2
    assert _tree(root) == {"cases/c/ROW/replbed/outcome.json": b"{}",
                           "servers/reference/server.log": b"started"}
    # a shard's servers go one level deeper: their data stays behind too
    assert store.push(src / "servers", "servers/shard-000") == 1
    assert "servers/shard-000/reference/server.log" in _tree(root)
    assert not [k for k in _tree(root) if "/data/" in k or "/binlog/" in k]
    dest = tmp_path / "pulled"
    assert store.pull(dest, "cases") == 1
    assert _tree(dest) == {"c/ROW/replbed/outcome.json": b"{}"}


def test_staged_pushes_back_even_when_the_step_fails(store_and_root):
    store, root = store_and_root
    store.write_text("plan.json", "{}")
    with pytest.raises(RuntimeError), store.staged("t") as run_dir:
        assert (run_dir / "plan.json").read_text() == "{}"
        (run_dir / "report").mkdir()
        (run_dir / "report/index.html").write_text("<p>broken run</p>")
        raise RuntimeError("the step failed")
    assert (root / "report/index.html").read_text() == "<p>broken run</p>"
    if not store.is_local:
        # the stage is gone: a remote run lives only in the store
        assert not any(Path(p).name.startswith("replbed-stage-t-") for p in _stage_dirs())


def _stage_dirs() -> list[str]:
    import os

    from harness.pipeline.store import stage_root

    return os.listdir(stage_root())


def test_a_local_store_is_the_directory_itself(tmp_path):
    store = RunStore(f"file://{tmp_path}/run")
    assert store.is_local
    with store.staged() as run_dir:
        assert run_dir == tmp_path / "run"


def test_an_unknown_scheme_is_one_line():
    with pytest.raises(StoreError, match="nosuchscheme"):
        RunStore("nosuchscheme://bucket/runs")


def test_a_push_after_the_server_dropped_the_idle_connection_reconnects(tmp_path):
    """A long step (Spark) leaves the FTP control connection idle; the server closes it.
    The push that follows must not fail with 421 on the dead connection."""
    with ftp_server(tmp_path / "shared") as base:
        store = RunStore(base + "/runs/r1")
        store.write_text("plan.json", "{}")
        store.fs.ftp.close()  # what the server's idle timeout does to the cached connection
        src = tmp_path / "work"
        src.mkdir()
        (src / "summary.json").write_text("[]")
        assert store.push(src) == 1
        assert (tmp_path / "shared/runs/r1/summary.json").read_text() == "[]"


def test_shards_pushing_into_the_same_run_at_once_both_land(tmp_path):
    """Two workers push their shards' ``cases/`` into one FTP run at the same moment.
    Both create ``cases/`` (and deeper levels) nobody had; one MKD loses the race with
    550 File exists. That must not fail the shard (it failed one in CI)."""
    import threading

    with ftp_server(tmp_path / "shared") as base:
        for rnd in range(12):
            errors: list[str] = []
            barrier = threading.Barrier(2)

            def shard(i: int, rnd: int = rnd, errors: list[str] = errors, barrier: threading.Barrier = barrier) -> None:
                src = tmp_path / f"r{rnd}-shard{i}"
                for side in ("reference", "replbed"):
                    out = src / f"case{i}" / "ROW" / side / "outcome.json"
                    out.parent.mkdir(parents=True)
                    out.write_text(side)
                store = RunStore(f"{base}/runs/r{rnd}")
                barrier.wait()
                try:
                    store.push(src, "cases")
                except Exception as exc:  # noqa: BLE001  (collected, asserted below)
                    errors.append(f"shard {i}: {exc!r}")

            threads = [threading.Thread(target=shard, args=(i,)) for i in range(2)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert errors == []
            landed = sorted(p.relative_to(tmp_path / "shared").as_posix()
                            for p in (tmp_path / "shared" / f"runs/r{rnd}").rglob("*.json"))
            assert landed == [f"runs/r{rnd}/cases/case{i}/ROW/{side}/outcome.json"
                              for i in range(2) for side in ("reference", "replbed")]
