"""Step times of a run, and the regression's overhead over the reference collect.

The reference side's collect is the floor of any regression: the real server
has to run every case. Everything else -- the replbed side, decode, replay,
Spark, GX, the report -- is overhead on it, and the figure a user waits for is
``whole run wall time / reference collect time`` (issue 15's goal: <= 1.5x).

Each step appends one line ``{"step", "start", "end"}`` (epoch seconds) to
``runs/<id>/timings.jsonl`` when it ends, from whichever process runs it
(``replbed run``, an Airflow task), so the figure is measured in the run
itself, whatever orchestrates it. Appends of one short line are atomic, so
steps running concurrently may record at once.

The wall time a user waits for starts before the first step and ends after
the last: the interpreter and imports of ``replbed run``; ``make run``'s
bootstrap, Airflow database check and ``airflow dags test``'s own start-up;
the summary printed at the end. ``close_run`` records those two spans as the
steps ``startup`` and ``finish``, so the ratio covers the whole command.
"""

from __future__ import annotations

import json
import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from harness.fsutil import atomic_write_text

TIMINGS = "timings.jsonl"
REFERENCE_STEP = "collect_reference"
#: The spans before the first and after the last step of a run (``close_run``).
STARTUP, FINISH = "startup", "finish"
_IMPORTED = time.time()


def process_started() -> float:
    """When this process started (epoch seconds), so ``replbed run``'s figure includes the
    interpreter's start and its imports; the time this module was imported where /proc
    does not say."""
    try:
        ticks = os.sysconf("SC_CLK_TCK")
        stat = Path("/proc/self/stat").read_text()
        start_ticks = int(stat.rsplit(")", 1)[1].split()[19])  # field 22, after "pid (comm)"
        uptime = float(Path("/proc/uptime").read_text().split()[0])
        return time.time() - (uptime - start_ticks / ticks)
    except (OSError, ValueError, IndexError):
        return _IMPORTED


def record(run_dir: Path, step: str, start: float, end: float) -> None:
    line = json.dumps({"step": step, "start": round(start, 3), "end": round(end, 3)}) + "\n"
    fd = os.open(Path(run_dir) / TIMINGS, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, line.encode())
    finally:
        os.close(fd)


@contextmanager
def step(run_dir: Path, name: str) -> Iterator[None]:
    """Time the block as step ``name`` of the run (recorded even when it raises)."""
    t0 = time.time()
    try:
        yield
    finally:
        record(run_dir, name, t0, time.time())


def read(run_dir: Path) -> list[dict]:
    path = Path(run_dir) / TIMINGS
    if not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        if isinstance(rec, dict) and {"step", "start", "end"} <= rec.keys():
            out.append(rec)
    return out


def overhead(run_dir: Path) -> dict | None:
    """``{wall, reference_collect, ratio, steps}`` of a run; None before the reference was
    collected. ``wall`` runs from the first step's start (the plan) to the last step's end."""
    recs = read(run_dir)
    ref = [r for r in recs if r["step"] == REFERENCE_STEP]
    if not ref:
        return None
    ref_s = sum(r["end"] - r["start"] for r in ref)
    wall = max(r["end"] for r in recs) - min(r["start"] for r in recs)
    steps: dict[str, float] = {}
    for r in recs:
        steps[r["step"]] = steps.get(r["step"], 0.0) + r["end"] - r["start"]
    return {"wall": wall, "reference_collect": ref_s,
            "ratio": wall / ref_s if ref_s > 0 else float("inf"), "steps": steps}


def close_run(run_dir: Path, started: float, ended: float | None = None) -> None:
    """Record the command's own time around the steps: ``startup`` from ``started`` (the
    command's start) to the first step, ``finish`` from the last step to ``ended`` (now).

    Called when the command prints its figure; a second call (the summary printed
    again) replaces the first one's spans. A span that would be negative (a clock that
    went back, a ``started`` after the run) is not recorded.
    """
    recs = [r for r in read(run_dir) if r["step"] not in (STARTUP, FINISH)]
    if not recs:
        return
    if len(recs) != len(read(run_dir)):
        atomic_write_text(Path(run_dir) / TIMINGS, "".join(json.dumps(r) + "\n" for r in recs))
    ended = time.time() if ended is None else ended
    first, last = min(r["start"] for r in recs), max(r["end"] for r in recs)
    if started <= first:
        record(run_dir, STARTUP, started, first)
    if ended >= last:
        record(run_dir, FINISH, last, ended)
    if (o := overhead(run_dir)) is not None:  # the figure itself, for the report and for people
        line = json.dumps({"overhead": round(o["ratio"], 3), "wall": round(o["wall"], 3),
                           "reference_collect": round(o["reference_collect"], 3)}) + "\n"
        fd = os.open(Path(run_dir) / TIMINGS, os.O_WRONLY | os.O_APPEND)
        try:
            os.write(fd, line.encode())
        finally:
            os.close(fd)


def overhead_line(run_dir: Path) -> str | None:
    """One line for the end of a run: the ratio, the two times, then each step's time."""
    o = overhead(run_dir)
    if o is None:
        return None
    steps = ", ".join(f"{k} {v:.1f}s" for k, v in o["steps"].items())
    return (f"overhead: {o['ratio']:.2f}x reference collect (wall {o['wall']:.1f} s / reference collect "
            f"{o['reference_collect']:.1f} s; steps: {steps})")
