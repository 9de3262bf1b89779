"""Run the whole corpus (workloads/*.wl x 3 formats) once against real MariaDB and
replbed serve, and keep both sides' binlog files; shared by the byte-exactness and
mariadb-binlog acceptance tests (one pair of servers per test session)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORMATS = ("STATEMENT", "ROW", "MIXED")


@dataclass
class CasePair:
    case: str
    format: str
    reference: list[Path]  # binlog files, index order
    replbed: list[Path]
    errors: list[str]


_CACHE: dict[str, list[CasePair]] = {}


def corpus_cases(pattern: str = "*.wl"):  # type: ignore[no-untyped-def]
    """The corpus's cases for MariaDB 10.11, the kind these tests collect from: a case
    that says ``servers = mysql...`` is not run here, as ``replbed run`` lists it as not
    applicable."""
    from harness.workload import load_workloads

    return [c for c in load_workloads(str(ROOT / "workloads" / pattern)) if c.applies_to("mariadb-10.11")]


def collect_corpus(out: Path, pattern: str = "*.wl", formats=FORMATS) -> list[CasePair]:  # type: ignore[no-untyped-def]
    """Both sides' binlogs for every case x format (cached per process)."""
    key = f"{pattern}:{','.join(formats)}"
    if key in _CACHE:
        return _CACHE[key]
    from harness.providers.base import ServerSettings
    from harness.providers.local import LocalMariaDBProvider
    from harness.providers.replbed import ReplbedProvider
    from harness.runner import plan, run_case

    out = Path(out)
    t0 = time.monotonic()
    ref = LocalMariaDBProvider().start(ServerSettings(), out / "srv_reference")
    try:
        rb = ReplbedProvider().start(ServerSettings(), out / "srv_replbed")
        try:
            pairs = []
            for case, fmt in plan(corpus_cases(pattern), formats):
                files = {}
                errors = []
                for side, h in (("reference", ref), ("replbed", rb)):
                    d = out / "cases" / case.name / fmt / side
                    o = run_case(h, case, fmt, d, side=side)
                    if o.failed:
                        errors.append(f"{side}: {o.error}")
                    files[side] = [d / "binlog" / n for n in o.binlog_files]
                pairs.append(CasePair(case.name, fmt, files["reference"], files["replbed"], errors))
        finally:
            rb.stop()
    finally:
        ref.stop()
    _CACHE[key] = pairs
    print(f"[corpus] {len(pairs)} case x format on both servers in {time.monotonic() - t0:.1f}s")
    return pairs


def entries(files: list[Path]):  # type: ignore[no-untyped-def]
    from harness.binlog.reader import BinlogReader

    out = []
    for f in files:
        out.extend(BinlogReader(f).entries())
    return out
