"""The run's overhead figure: whole wall time over the reference side's collect time."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from harness.pipeline import timing


def test_overhead_is_the_whole_span_over_the_reference_collect(tmp_path: Path) -> None:
    timing.record(tmp_path, "plan", 100.0, 100.5)
    timing.record(tmp_path, "collect_replbed", 100.5, 108.0)
    timing.record(tmp_path, "collect_reference", 100.5, 110.5)  # concurrent with replbed's
    timing.record(tmp_path, "replay", 101.0, 111.0)
    timing.record(tmp_path, "analyze", 111.0, 114.5)
    o = timing.overhead(tmp_path)
    assert o is not None
    assert o["reference_collect"] == 10.0
    assert o["wall"] == 14.5  # overlapping steps are not added up
    assert abs(o["ratio"] - 1.45) < 1e-9
    line = timing.overhead_line(tmp_path)
    assert line is not None and line.startswith("overhead: 1.45x reference collect (wall 14.5 s / "
                                                 "reference collect 10.0 s;"), line
    assert "collect_reference 10.0s" in line


def test_close_run_counts_the_command_around_the_steps(tmp_path: Path) -> None:
    """make run's bootstrap and Airflow start-up before the plan, and the summary after the
    last step, are part of the wall time a user waits for."""
    timing.record(tmp_path, "plan", 100.0, 100.5)
    timing.record(tmp_path, "collect_reference", 100.5, 110.5)
    timing.record(tmp_path, "analyze", 110.5, 112.0)
    before = timing.overhead(tmp_path)
    assert before is not None and before["wall"] == 12.0
    timing.close_run(tmp_path, started=90.0, ended=113.0)
    o = timing.overhead(tmp_path)
    assert o is not None
    assert o["wall"] == 23.0 and abs(o["ratio"] - 2.3) < 1e-9
    assert o["steps"]["startup"] == 10.0 and o["steps"]["finish"] == 1.0
    # a second close (the summary printed again) replaces the first one's spans
    timing.close_run(tmp_path, started=95.0, ended=114.0)
    again = timing.overhead(tmp_path)
    assert again is not None and again["wall"] == 19.0
    assert again["steps"]["startup"] == 5.0 and again["steps"]["finish"] == 2.0


def test_close_run_ignores_a_start_after_the_run(tmp_path: Path) -> None:
    timing.record(tmp_path, "collect_reference", 100.0, 110.0)
    timing.close_run(tmp_path, started=105.0, ended=109.0)
    assert [r["step"] for r in timing.read(tmp_path)] == ["collect_reference"]


def test_process_started_is_this_process_start() -> None:
    started = timing.process_started()
    # this test process started before this module was imported and not long before
    assert started <= timing._IMPORTED + 0.05
    assert time.time() - started < 24 * 3600


def test_no_figure_before_the_reference_was_collected(tmp_path: Path) -> None:
    assert timing.overhead(tmp_path) is None
    timing.record(tmp_path, "plan", 1.0, 2.0)
    assert timing.overhead_line(tmp_path) is None


def test_step_records_even_when_it_fails_and_from_threads(tmp_path: Path) -> None:
    def work(name: str) -> None:
        with timing.step(tmp_path, name):
            time.sleep(0.01)

    threads = [threading.Thread(target=work, args=(f"s{i}",)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        with timing.step(tmp_path, "collect_reference"):
            raise RuntimeError("boom")
    except RuntimeError:
        pass
    names = sorted(r["step"] for r in timing.read(tmp_path))
    assert names == sorted([f"s{i}" for i in range(8)] + ["collect_reference"])
    # a torn or foreign line is skipped, not fatal
    (tmp_path / timing.TIMINGS).open("a").write("not json\n")
    assert len(timing.read(tmp_path)) == 9
