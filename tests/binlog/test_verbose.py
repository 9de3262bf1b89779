"""Row images as mariadb-binlog -vv prints them, checked against the real tool."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from harness.binlog.verbose import verbose_binlog_rows, verbose_rows_from_json

_TESTS = Path(__file__).resolve().parents[1]
# binlogs written by real MariaDB 10.11 servers: every column type, MINIMAL/NOBLOB images, XA,
# a statement split over several rows events
FIXTURE_BINLOGS = sorted([*(_TESTS / "fixtures" / "binlog" / "mariadb-10.11").glob("*/binlog.0*[0-9]"),
                          *(_TESTS / "pipeline" / "fixtures" / "run" / "cases").glob("*/*/*/binlog/binlog.0*[0-9]")])


def _tool_lines(path: Path) -> list[str]:
    with tempfile.TemporaryDirectory() as load_dir:  # LOAD DATA blocks: not into /tmp
        out = subprocess.run(["mariadb-binlog", f"--local-load={load_dir}", "-vv", "--base64-output=decode-rows",
                              str(path)], capture_output=True, check=True).stdout.decode("utf-8", "replace")
    return [line.rstrip() for line in out.splitlines() if line.startswith("###")]


@pytest.mark.skipif(shutil.which("mariadb-binlog") is None, reason="mariadb-binlog not installed")
def test_verbose_rows_match_mariadb_binlog_vv() -> None:
    """Same ``###`` lines as the real tool, in file order (the tool prints a statement's
    rows events together at its last one, so lines are compared per file, not per event)."""
    assert len(FIXTURE_BINLOGS) > 15
    n = 0
    for path in FIXTURE_BINLOGS:
        mine = verbose_binlog_rows([path])
        assert all(name == path.name for name, _ in mine)
        lines = [x.rstrip() for _, text in sorted(mine.items(), key=lambda kv: kv[0][1])
                 for x in text.splitlines()]
        assert lines == _tool_lines(path), path
        n += len(mine)
    assert n >= 40


def test_rows_json_fallback_reads_like_v() -> None:
    text = verbose_rows_from_json(
        "Update_rows_v1", "test.t", '[{"before":["5","a\'b",null],"after":["6","x\\n",null]}]')
    assert text.splitlines() == [
        "### UPDATE `test`.`t`", "### WHERE", "###   @1=5", "###   @2='a'b'", "###   @3=NULL",
        "### SET", "###   @1=6", "###   @2='x\\x0a'", "###   @3=NULL"]
    assert verbose_rows_from_json("Delete_rows_v1", "d.t", None).splitlines()[0] == "### DELETE FROM `d`.`t`"
