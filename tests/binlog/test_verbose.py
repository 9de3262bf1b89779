"""Row images as mariadb-binlog -vv prints them, checked against the real tool."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from harness.binlog.verbose import verbose_binlog_rows, verbose_rows_from_json

FIXTURE_BINLOGS = sorted((Path(__file__).resolve().parents[1] / "pipeline" / "fixtures" / "run" / "cases")
                         .glob("*/*/*/binlog/binlog.0*"))


def _tool_rows(path: Path) -> dict[int, str]:
    out = subprocess.run(["mariadb-binlog", "-vv", "--base64-output=decode-rows", str(path)],
                         capture_output=True, check=True).stdout.decode("utf-8", "replace")
    blocks: dict[int, list[str]] = {}
    pos = None
    for line in out.splitlines():
        m = re.match(r"# at (\d+)$", line)
        if m:
            pos = int(m.group(1))
        elif line.startswith("###") and pos is not None:
            blocks.setdefault(pos, []).append(line.rstrip())
    return {p: "\n".join(v) for p, v in blocks.items()}


@pytest.mark.skipif(shutil.which("mariadb-binlog") is None, reason="mariadb-binlog not installed")
def test_verbose_rows_match_mariadb_binlog_vv() -> None:
    assert FIXTURE_BINLOGS
    n = 0
    for path in FIXTURE_BINLOGS:
        tool = _tool_rows(path)
        for (name, pos), text in verbose_binlog_rows([path]).items():
            assert name == path.name
            assert "\n".join(x.rstrip() for x in text.splitlines()) == tool[pos], f"{path} at {pos}"
            n += 1
    assert n >= 10


def test_rows_json_fallback_reads_like_v() -> None:
    text = verbose_rows_from_json(
        "Update_rows_v1", "test.t", '[{"before":["5","a\'b",null],"after":["6","x\\n",null]}]')
    assert text.splitlines() == [
        "### UPDATE `test`.`t`", "### WHERE", "###   @1=5", "###   @2='a'b'", "###   @3=NULL",
        "### SET", "###   @1=6", "###   @2='x\\x0a'", "###   @3=NULL"]
    assert verbose_rows_from_json("Delete_rows_v1", "d.t", None).splitlines()[0] == "### DELETE FROM `d`.`t`"
