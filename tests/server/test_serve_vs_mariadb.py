"""`replbed serve` against a real MariaDB 10.11, over the wire, without the pipeline.

Both servers run the corpus' seed cases through the runner; their
``SHOW BINLOG EVENTS`` answers must agree on every Event_type and Info text once
the values that vary by nature (xid, table_id) are masked, and their final
tables must be equal.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from harness.providers.base import ServerHandle
from harness.runner import run_case
from harness.workload import load_workloads

ROOT = Path(__file__).resolve().parents[2]
CASES = [c for c in load_workloads(str(ROOT / "workloads" / "*.wl"))
         if c.name.startswith(("seed", "dml_")) and c.applies_to("mariadb-10.11")]  # not seed 004's MySQL cases




def show_binlog_events(handle: ServerHandle) -> list[tuple[str, str]]:
    conn = handle.connect()
    try:
        cur = conn.cursor()
        out: list[tuple[str, str]] = []
        cur.execute("SHOW BINARY LOGS")
        for (log_name, _size) in cur.fetchall():
            cur.execute(f"SHOW BINLOG EVENTS IN '{log_name}'")
            for row in cur.fetchall():
                info = re.sub(r"xid=\d+", "xid=N", row[5])
                info = re.sub(r"table_id: \d+", "table_id: N", info)
                info = re.sub(r"Server ver: [^,]*", "Server ver: V", info)
                out.append((row[2], info))
        return out
    finally:
        conn.close()


@pytest.mark.server
@pytest.mark.parametrize("fmt", ["STATEMENT", "ROW", "MIXED"])
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_show_binlog_events_agree(servers, tmp_path: Path, case, fmt: str) -> None:  # type: ignore[no-untyped-def]
    ref, rb = servers
    ref_out = run_case(ref, case, fmt, tmp_path / "ref", side="reference")
    rb_out = run_case(rb, case, fmt, tmp_path / "rb", side="replbed")
    assert ref_out.status == "ok" and rb_out.status == "ok", (ref_out.error, rb_out.error)
    assert show_binlog_events(rb) == show_binlog_events(ref)
    assert rb_out.tables == ref_out.tables
    assert [s.error_code for s in rb_out.statements] == [s.error_code for s in ref_out.statements]
