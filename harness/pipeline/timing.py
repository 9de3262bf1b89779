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
"""

from __future__ import annotations

import json
import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

TIMINGS = "timings.jsonl"
REFERENCE_STEP = "collect_reference"


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


def overhead_line(run_dir: Path) -> str | None:
    """One line for the end of a run: the ratio, then each step's time."""
    o = overhead(run_dir)
    if o is None:
        return None
    steps = ", ".join(f"{k} {v:.1f}s" for k, v in o["steps"].items())
    return (f"overhead: whole run {o['wall']:.1f}s / reference collect {o['reference_collect']:.1f}s"
            f" = {o['ratio']:.2f}x (goal <= 1.5x; steps: {steps})")
