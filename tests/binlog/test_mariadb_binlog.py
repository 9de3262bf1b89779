"""The real ``mariadb-binlog`` (MariaDB 10.11) reads every binlog replbed writes for the
corpus, plain and with ``--base64-output=decode-rows -vv``: exit 0, nothing on
stderr, no error/warning/corruption text in the output.

One line is expected and allowed: files copied from a *running* server still have
LOG_EVENT_BINLOG_IN_USE_F set in their Format_description, and mariadb-binlog says
so ("# Warning: this binlog is either in use or was not closed properly.") for the
real server's copies exactly as for replbed's. A file replbed closed at shutdown
must not get even that (test_closed_binlog_has_no_warning_at_all).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from _corpus import collect_corpus, corpus_cases  # type: ignore[import-not-found]

MARIADB_BINLOG = shutil.which("mariadb-binlog") or shutil.which("mysqlbinlog")
IN_USE_WARNING = "# Warning: this binlog is either in use or was not closed properly."
BAD = re.compile(r"error|warning|corrupt|unknown event|wrong|invalid|failed", re.IGNORECASE)
MODES = {"plain": [], "decode-rows": ["--base64-output=decode-rows", "-vv"]}

pytestmark = pytest.mark.skipif(MARIADB_BINLOG is None, reason="mariadb-binlog not installed")


def run_mariadb_binlog(files: list[Path], extra: list[str]) -> tuple[int, str, str]:
    # --local-load: the files it rebuilds from LOAD DATA blocks go to a directory of ours
    with tempfile.TemporaryDirectory(prefix="mariadb-binlog-load-") as load_dir:
        res = subprocess.run([MARIADB_BINLOG, f"--local-load={load_dir}", *extra, *map(str, files)],
                             capture_output=True, text=True, errors="replace", timeout=60)
    return res.returncode, res.stdout, res.stderr


def bad_lines(stdout: str, *, allow_in_use: bool) -> list[str]:
    """Output lines that report a problem. Statement text is not checked: only
    mariadb-binlog's own lines (comments ``#...`` and its ERROR/WARNING lines)."""
    out = []
    for line in stdout.splitlines():
        if allow_in_use and line == IN_USE_WARNING:
            continue
        if line.startswith("#Q>") or line.startswith("###"):
            continue  # Annotate_rows text and decoded row values: the workload's data (may say 'error')
        if line.startswith("#") or line.startswith("ERROR") or line.startswith("WARNING"):
            # "error_code=0" in a Query's comment line is a field, not a problem
            if BAD.search(re.sub(r"error_code=\d+", "", line)):
                out.append(line)
    return out


PAIRS = [(c.name, f) for c in corpus_cases() for f in ("STATEMENT", "ROW", "MIXED") if f in c.formats]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], object]:
    return {(p.case, p.format): p for p in collect_corpus(tmp_path_factory.mktemp("corpus"))}


@pytest.mark.server
@pytest.mark.parametrize("mode", list(MODES))
def test_mariadb_binlog_reads_every_replbed_binlog(corpus, mode: str) -> None:  # type: ignore[no-untyped-def]
    problems = []
    for case, fmt in PAIRS:
        p = corpus[(case, fmt)]
        assert p.replbed, f"{case} {fmt}: replbed wrote no binlog"
        rc, out, err = run_mariadb_binlog(p.replbed, MODES[mode])
        bad = bad_lines(out, allow_in_use=True)
        if rc != 0 or err.strip() or bad:
            problems.append(f"{case} {fmt}: exit {rc}; stderr {err.strip()[:300]!r}; {bad[:5]}")
        # the reference copy gets the same in-use line: the allowance is not replbed-specific
        if mode == "plain" and (IN_USE_WARNING in out) != (IN_USE_WARNING in run_mariadb_binlog(p.reference, [])[1]):
            problems.append(f"{case} {fmt}: in-use warning differs from the reference's copy")
    assert not problems, "\n".join(problems)


def test_bad_lines_finds_problems() -> None:
    assert bad_lines("# at 4\nERROR: Error in Log_event::read_log_event(): 'Found invalid event'\n",
                     allow_in_use=True)
    assert bad_lines(IN_USE_WARNING, allow_in_use=False)
    assert not bad_lines(IN_USE_WARNING + "\n#x Query thread_id=1 error_code=0 xid=0\nINSERT 'error'",
                         allow_in_use=True)


@pytest.mark.server
def test_closed_binlog_has_no_warning_at_all(tmp_path: Path) -> None:
    """After a clean shutdown (Stop event, in-use flag cleared) mariadb-binlog is silent."""
    from harness.providers.base import ServerSettings
    from harness.providers.replbed import ReplbedProvider
    from harness.runner import run_case

    case = next(c for c in corpus_cases() if c.name.startswith("seed000_case02a"))
    h = ReplbedProvider().start(ServerSettings(), tmp_path / "srv")
    try:
        run_case(h, case, "ROW", tmp_path / "out", side="replbed")
        files = [h.binlog_dir / n for n in h.binlog_files()]
    finally:
        h.stop()
    for extra in MODES.values():
        rc, out, err = run_mariadb_binlog(files, extra)
        assert rc == 0 and not err.strip(), err
        assert bad_lines(out, allow_in_use=False) == [], out[-2000:]
        assert "Stop" in out or "stop" in out.lower()
