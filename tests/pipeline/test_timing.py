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
    assert line is not None and "= 1.45x" in line and "collect_reference 10.0s" in line


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
