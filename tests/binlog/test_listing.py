"""``replbed decode -vv`` against the real ``mariadb-binlog --base64-output=decode-rows -vv``."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import tempfile
import sys
from pathlib import Path

import pytest

from harness.binlog.listing import ListingError, list_data, list_files

ROOT = Path(__file__).resolve().parents[2]
_TESTS = ROOT / "tests"
# binlogs written by real MariaDB 10.11 servers (the same set test_verbose.py reads)
FIXTURE_BINLOGS = sorted([*(_TESTS / "fixtures" / "binlog" / "mariadb-10.11").glob("*/binlog.0*[0-9]"),
                          *(_TESTS / "pipeline" / "fixtures" / "run" / "cases").glob("*/*/*/binlog/binlog.0*[0-9]")])
needs_tool = pytest.mark.skipif(shutil.which("mariadb-binlog") is None, reason="mariadb-binlog not installed")


def _tool(paths: list[Path]) -> subprocess.CompletedProcess[bytes]:
    with tempfile.TemporaryDirectory() as load_dir:  # LOAD DATA blocks: not into /tmp
        return subprocess.run(["mariadb-binlog", f"--local-load={load_dir}", "--base64-output=decode-rows", "-vv",
                               *map(str, paths)], capture_output=True)


def _replbed(*args: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "harness.cli", "decode", *args],
                          capture_output=True, env=env, cwd=ROOT)


def _rows(text: bytes) -> list[str]:
    return [ln.rstrip() for ln in text.decode("utf-8", "replace").splitlines() if ln.startswith("###")]


@needs_tool
def test_vv_rows_lines_equal_mariadb_binlog_on_every_fixture() -> None:
    """Every ``###`` line of every corpus fixture (all column types, MINIMAL/NOBLOB images,
    XA, split statements), in order, as the real client prints it -- one process over
    all files, so the worker processes and their output order are exercised too."""
    assert len(FIXTURE_BINLOGS) > 15
    mine = _replbed("-vv", "--jobs", "2", *map(str, FIXTURE_BINLOGS))
    assert mine.returncode == 0, mine.stderr
    # the tool per file (given several, it refuses GTIDs that restart from file to file)
    tools = [_tool([p]) for p in FIXTURE_BINLOGS]
    assert all(t.returncode == 0 for t in tools)
    tool_out = b"".join(t.stdout for t in tools)
    rows = _rows(mine.stdout)
    assert len(rows) > 400
    assert rows == _rows(tool_out)
    # every event is listed, at its position
    positions = [ln for ln in mine.stdout.decode().splitlines() if ln.startswith("# at ")]
    assert positions == [ln for ln in tool_out.decode("utf-8", "replace").splitlines()
                         if ln.startswith("# at ")]


@needs_tool
def test_v_without_types_equals_mariadb_binlog_v() -> None:
    path = next(p for p in FIXTURE_BINLOGS if "mixed_trx_row" in str(p))
    mine = _replbed("-v", str(path))
    tool = subprocess.run(["mariadb-binlog", "--base64-output=decode-rows", "-v", str(path)],
                          capture_output=True, check=True)
    assert _rows(mine.stdout) == _rows(tool.stdout) != []
    assert "/*" not in "".join(_rows(mine.stdout))


def test_parallel_output_is_identical_to_one_process() -> None:
    one = io.BytesIO()
    list_files(FIXTURE_BINLOGS, one, jobs=1)
    mine = _replbed("-vv", "--jobs", "3", *map(str, FIXTURE_BINLOGS))
    assert mine.stdout == one.getvalue()


@needs_tool
def test_truncated_file_lists_every_complete_event_then_one_error_line(tmp_path: Path) -> None:
    src = next(p for p in FIXTURE_BINLOGS if "mixed_trx_row" in str(p))
    data = src.read_bytes()
    full = _replbed("-vv", str(src)).stdout.decode()
    starts = [int(ln[5:]) for ln in full.splitlines() if ln.startswith("# at ")]
    cut = starts[len(starts) // 2] + 7  # in the middle of an event
    bad = tmp_path / "binlog.000001"
    bad.write_bytes(data[:cut])
    mine = _replbed("-vv", str(bad), str(src))  # the second file is not listed
    assert mine.returncode == 2  # bad input, as every replbed command says it
    err = mine.stderr.decode().strip()
    assert "\n" not in err and "Traceback" not in err
    assert f"offset {starts[len(starts) // 2]}" in err and "binlog.000001" in err
    out = mine.stdout.decode()
    listed = [int(ln[5:]) for ln in out.splitlines() if ln.startswith("# at ")]
    assert listed == starts[:len(starts) // 2]
    # the complete events print exactly as from the whole file
    assert full.startswith(out)
    # the client stops at the same event
    tool = _tool([bad])
    assert tool.returncode != 0
    assert f"offset {starts[len(starts) // 2]}".encode() in tool.stderr


def test_corrupt_event_is_named_with_its_offset(tmp_path: Path) -> None:
    src = next(p for p in FIXTURE_BINLOGS if "mixed_trx_row" in str(p))
    data = bytearray(src.read_bytes())
    data[4 + 9:4 + 13] = (7).to_bytes(4, "little")  # first event's size: below a header
    out: list[str] = []
    with pytest.raises(ListingError, match=r"offset 4\b"):
        list_data(bytes(data), out.append, name="x")
    with pytest.raises(ListingError, match="bad magic"):
        list_data(b"junk", out.append, name="x")


def test_checksums_are_verified_on_request(tmp_path: Path) -> None:
    src = next(p for p in FIXTURE_BINLOGS if "mixed_trx_row" in str(p))
    data = bytearray(src.read_bytes())
    data[300] ^= 0xFF  # inside the third event's bytes
    bad = tmp_path / "binlog.000001"
    bad.write_bytes(bytes(data))
    r = _replbed("-vv", "--verify-binlog-checksum", str(bad))
    assert r.returncode == 2 and b"CRC32 mismatch" in r.stderr and b"offset 285" in r.stderr
    assert r.stdout.decode().count("# at ") == 2  # the two events before it
    assert _replbed("-vv", str(bad)).returncode in (0, 2)  # unverified, as the client by default


def test_cli_usage_errors() -> None:
    r = _replbed("-vv", "/nonexistent/binlog.000001")
    assert r.returncode == 2 and b"no such binlog file" in r.stderr and b"Traceback" not in r.stderr
