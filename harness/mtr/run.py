"""``replbed mtr``: a mysql-test suite in extern mode, on a real MariaDB and on replbed.

For every binlog format both servers are started fresh with the server settings
MTR's own default configuration gives its servers (latin1, ``log-bin=master-bin``,
MyISAM by default, binlog_direct_non_transactional_updates, trusted function
creators), get the ``mtr`` schema (harness/mtr/schema.py), and
``mariadb-test-run --extern`` runs the suite against each. The real server is
the control: a test applies when it passes there. Tests outside replbed's scope
are excluded before anything runs, by rule (harness/mtr/rules.py, docs/MTR.md).
"""

from __future__ import annotations

import datetime as _dt
import fnmatch
import json
import os
import shutil
import subprocess
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Callable

from harness.config import BINLOG_FORMATS
from harness.fsutil import atomic_write
from harness.mtr.classify import TestResult, classify, parse_output
from harness.mtr.rules import out_of_scope
from harness.mtr.schema import mtr_schema_statements, replbed_fallbacks

MYSQL_TEST_DIR = Path("/usr/share/mysql/mysql-test")
#: MTR's combination names (suite/binlog/combinations) for --mysqld=--binlog-format.
MTR_FORMAT = {"STATEMENT": "statement", "ROW": "row", "MIXED": "mixed"}
#: What include/default_mysqld.cnf sets that changes what a test sees, applied to both
#: servers the same way (character_set_server comes from the no-defaults profile: latin1).
MTR_GLOBALS = (
    "SET GLOBAL binlog_direct_non_transactional_updates=ON",
    "SET GLOBAL default_storage_engine=MyISAM",
    "SET GLOBAL log_bin_trust_function_creators=ON",
)
#: MTR's servers log to master-bin.NNNNNN; result files name it.
LOG_BIN = "master-bin"
SIDES = ("control", "replbed")
#: The class suffix of a test outside the modelled subset for a reason other than 1235.
NOT_MODELLED = "(not modelled)"


def skipped_class(comment: str) -> str:
    """A test that passed on the control but skipped itself on replbed. When it asked for a
    character set (have_collation.inc: "Test needs character set 'ucs2_general_ci'") that
    the model does not have (I_S.COLLATIONS lists only the model's), its statements are
    outside the modelled subset, as a refused statement's are; any other skip is a
    failure (replbed answered a capability check wrongly)."""
    if comment.startswith("Test needs character set") or "have_utf32" in comment:
        return f"needs a character set the model lacks {NOT_MODELLED}"
    return "skipped on replbed only"


class MtrError(ValueError):
    """Bad input or a missing prerequisite; the message is one line for the user."""


@dataclass(frozen=True)
class MtrConfig:
    suite: str = "binlog"
    tests: tuple[str, ...] = ()  # globs over test names (without the suite); empty: all
    formats: tuple[str, ...] = BINLOG_FORMATS
    out_dir: Path = Path("runs")
    run_id: str | None = None
    parallel: int = 1
    testcase_timeout: int = 2  # minutes, MTR's --testcase-timeout
    mysql_test_dir: Path = MYSQL_TEST_DIR
    # A previous run's directory whose control results (<dir>/<FORMAT>/control/mtr.log)
    # stand for this run's: the same MariaDB needs no second control run.
    reuse_control: Path | None = None


@dataclass
class TestRecord:
    """One test × format: what both servers did and, for a replbed failure, why."""

    suite: str
    test: str
    format: str
    scope: str | None  # the out-of-scope rule's name, None when in scope
    control: str = "not run"
    replbed: str = "not run"
    failure_class: str | None = None
    example: str = ""
    control_class: str | None = None

    @property
    def applicable(self) -> bool:
        return self.scope is None and self.control == "pass"

    @property
    def in_subset(self) -> bool:
        """All its statements are within the modelled subset: replbed refused none with 1235,
        and the test did not skip itself on replbed for a character set the model lacks."""
        return not (self.failure_class or "").endswith(("(1235)", NOT_MODELLED))


@dataclass
class SuiteSummary:
    run_id: str
    suite: str
    format: str
    started: str
    tests: int
    out_of_scope: int
    control_pass: int
    replbed_pass: int
    applicable: int
    applicable_pass: int
    rate: float | None
    subset_applicable: int
    subset_rate: float | None
    replbed_only_pass: int
    classes: dict[str, int] = field(default_factory=dict)


def ensure_mariadb_test(mysql_test_dir: Path = MYSQL_TEST_DIR) -> Path:
    """The MTR driver script; installs Debian's ``mariadb-test`` package when it is missing."""
    script = mysql_test_dir / "mariadb-test-run.pl"
    if script.is_file():
        return script
    if mysql_test_dir != MYSQL_TEST_DIR:
        raise MtrError(f"--mysql-test-dir {mysql_test_dir}: no mariadb-test-run.pl there")
    apt = shutil.which("apt-get")
    if apt is None:
        raise MtrError("mariadb-test is not installed and apt-get is not available to install it")
    cmd = [apt, "install", "-y", "-qq", "--no-install-recommends", "mariadb-test"]
    if os.geteuid() != 0:
        sudo = shutil.which("sudo")
        if sudo is None:
            raise MtrError("mariadb-test is not installed; install it as root: apt-get install mariadb-test")
        cmd = [sudo, "-n", *cmd]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    res = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if res.returncode != 0 or not script.is_file():
        tail = (res.stderr or res.stdout).strip().splitlines()[-1:] or ["no output"]
        raise MtrError(f"installing mariadb-test failed (exit {res.returncode}): {tail[0]}")
    return script


def suite_tests(cfg: MtrConfig) -> list[str]:
    """The suite's test names matching the globs, sorted."""
    tdir = cfg.mysql_test_dir / "suite" / cfg.suite / "t"
    if cfg.suite == "main":
        tdir = cfg.mysql_test_dir / "main"
    if not tdir.is_dir():
        raise MtrError(f"--suite {cfg.suite}: no such suite in {cfg.mysql_test_dir}")
    names = sorted(p.stem for p in tdir.glob("*.test"))
    if cfg.tests:
        names = [n for n in names if any(fnmatch.fnmatch(n, g) for g in cfg.tests)]
    if not names:
        raise MtrError(f"--tests {' '.join(cfg.tests)}: no test of suite {cfg.suite} matches")
    return names


def test_file(cfg: MtrConfig, name: str) -> Path:
    base = cfg.mysql_test_dir / "main" if cfg.suite == "main" else cfg.mysql_test_dir / "suite" / cfg.suite / "t"
    return base / f"{name}.test"


# ---------------------------------------------------------------- servers


def _start(side: str, fmt: str, workdir: Path) -> Any:
    from harness.profile import get_profile
    from harness.providers.base import ServerSettings
    settings = ServerSettings(profile=get_profile("no-defaults"),
                              extra_options=(f"--log-bin={LOG_BIN}", f"--binlog-format={fmt}"))
    if side == "control":
        from harness.providers.local import LocalMariaDBProvider
        return LocalMariaDBProvider().start(settings, workdir)
    from harness.providers.replbed import ReplbedProvider
    return ReplbedProvider(serve_options=(f"--log-bin={LOG_BIN}",)).start(settings, workdir)


def prepare_server(handle: Any, side: str, fmt: str, mysql_test_dir: Path) -> list[str]:
    """Settings MTR's servers have, then the ``mtr`` schema; returns the statements refused."""
    refused: list[str] = []
    refused_full: list[str] = []
    conn = handle.connect()
    try:
        cur = conn.cursor()
        for sql in (f"SET GLOBAL binlog_format={fmt}", *MTR_GLOBALS):
            cur.execute(sql)
        for sql in mtr_schema_statements(mysql_test_dir):
            try:
                cur.execute(sql)
                if cur.with_rows:
                    cur.fetchall()
            except Exception as exc:  # noqa: BLE001 -- a refused statement is recorded, an equivalent follows
                if side == "control":
                    raise
                refused.append(f"{' '.join(sql.split())[:80]}: {exc}")
                refused_full.append(sql)
        if side == "replbed":
            for sql in replbed_fallbacks(refused_full):
                try:
                    cur.execute(sql)
                except Exception as exc:  # noqa: BLE001
                    raise MtrError(f"replbed refused the mtr schema's equivalent `{sql[:60]}`: {exc}") from None
        cur.execute("RESET MASTER")
    finally:
        conn.close()
    return refused


#: Databases a reset keeps (the server's own and MTR's).
_SYSTEM_DBS = {"mysql", "information_schema", "performance_schema", "sys", "mtr"}


def reset_server(handle: Any, fmt: str) -> None:
    """Between two tests: what a test left behind is gone, unlogged, and the binlog restarts.

    MTR restarts its own servers after a failed test; in extern mode it cannot, so one
    failure would leave tables that fail the next tests. Both servers get the same reset."""
    conn = handle.connect()
    try:
        cur = conn.cursor()
        cur.execute("SET SESSION sql_log_bin=0")
        for sql in (f"SET GLOBAL binlog_format={fmt}", *MTR_GLOBALS):
            cur.execute(sql)
        cur.execute("SHOW DATABASES")
        for (db,) in cur.fetchall():
            if str(db).lower() not in _SYSTEM_DBS:
                cur.execute(f"DROP DATABASE `{db}`")
        cur.execute("CREATE DATABASE test")
        cur.execute("DELETE FROM mtr.test_suppressions")
        cur.execute("RESET MASTER")
    finally:
        conn.close()


def _mtr_once(cfg: MtrConfig, handle: Any, fmt: str, names: list[str], workdir: Path) -> str:
    """One ``mariadb-test-run --extern`` over ``names``; MTR's output."""
    script = ensure_mariadb_test(cfg.mysql_test_dir)
    argv = ["perl", str(script),
            "--extern", "host=127.0.0.1", "--extern", f"port={handle.port}",
            "--extern", f"user={handle.user}", "--extern", f"password={handle.password}",
            "--force", "--max-test-fail=0", f"--testcase-timeout={cfg.testcase_timeout}",
            f"--parallel={cfg.parallel}", f"--vardir={workdir / 'var'}",
            f"--mysqld=--binlog-format={MTR_FORMAT[fmt]}", *[f"{cfg.suite}.{n}" for n in names]]
    # Extern mode has no [ENV] section: tests compute server numbers from MASTER_MYPORT.
    env = dict(os.environ, MASTER_MYPORT=str(handle.port))
    res = subprocess.run(argv, cwd=cfg.mysql_test_dir, capture_output=True, text=True, env=env, errors="replace")
    # MTR leaves .reject files beside the suite's results: keep them with the run instead.
    rdir = test_file(cfg, "x").parent.parent / "r"
    for n in names:
        for rej in rdir.glob(f"{n}*.reject"):
            shutil.move(str(rej), str(workdir / rej.name))
    return res.stdout + "\n" + res.stderr


def run_mtr(cfg: MtrConfig, handle: Any, fmt: str, names: list[str], workdir: Path,
            restart: Any = None) -> tuple[dict[str, TestResult], str, float]:
    """The tests on one side, each in its own MTR run, as MTR itself isolates them.

    MTR checks that a test leaves the server as it found it (check-testcase) and
    restarts its servers after a failure. Here: before each test the databases a
    test may have left are dropped, MTR's server settings restored and the binlog
    reset; after a test that did not pass the server is replaced by a fresh one (a
    failed test may leave any global setting behind, e.g. binlog_format, which
    would decide the next tests' format checks). Returns the results by test name,
    MTR's output and the wall time."""
    t0 = time.monotonic()
    results: dict[str, TestResult] = {}
    texts: list[str] = []
    fresh = True
    for name in names:
        if restart is not None and (not fresh or not handle.alive()):
            handle = restart()
        try:
            reset_server(handle, fmt)
        except Exception as exc:  # noqa: BLE001 -- a server that cannot be reset fails this test
            results[name] = TestResult(f"{cfg.suite}.{name}", "fail", detail=[f"reset before the test failed: {exc}"])
            fresh = False
            continue
        text = _mtr_once(cfg, handle, fmt, [name], workdir)
        texts.append(text)
        got = parse_output(text).get(f"{cfg.suite}.{name}")
        if got is not None:
            results[name] = got
        fresh = got is not None and got.result in ("pass", "skipped", "disabled")
    return results, "\n".join(texts), time.monotonic() - t0


def _reused_control(run_dir: Path, fmt: str) -> str:
    log = Path(run_dir) / fmt / "control" / "mtr.log"
    if not log.is_file():
        raise MtrError(f"--reuse-control {run_dir}: no control results for {fmt} ({log} is missing)")
    return log.read_text()


class SideServers:
    """The servers of one side × format: a fresh one at the start and after one died."""

    def __init__(self, side: str, fmt: str, workdir: Path, mysql_test_dir: Path) -> None:
        self.side, self.fmt, self.workdir, self.mysql_test_dir = side, fmt, workdir, mysql_test_dir
        self.handles: list[Any] = []

    def restart(self) -> Any:
        self.stop()
        h = _start(self.side, self.fmt, self.workdir / f"server{len(self.handles)}")
        self.handles.append(h)
        refused = prepare_server(h, self.side, self.fmt, self.mysql_test_dir)
        if refused:
            (self.workdir / "schema-refused.txt").write_text("\n".join(refused) + "\n")
        return h

    def stop(self) -> None:
        for h in self.handles:
            h.stop()


def run_side(cfg: MtrConfig, side: str, fmt: str, names: list[str],
             workdir: Path) -> tuple[dict[str, TestResult], str, float]:
    servers = SideServers(side, fmt, workdir, cfg.mysql_test_dir)
    try:
        return run_mtr(cfg, servers.restart(), fmt, names, workdir, servers.restart)
    finally:
        servers.stop()


# ---------------------------------------------------------------- one run


def run(cfg: MtrConfig, log: Any = print) -> tuple[list[TestRecord], list[SuiteSummary], Path]:
    for f in cfg.formats:
        if f not in BINLOG_FORMATS:
            raise MtrError(f"--formats: unknown format {f!r} (STATEMENT, ROW, MIXED)")
    ensure_mariadb_test(cfg.mysql_test_dir)
    names = suite_tests(cfg)
    run_id = cfg.run_id or "mtr-" + _dt.datetime.now(_dt.timezone.utc).strftime("%Y%m%d-%H%M%S")
    out = Path(cfg.out_dir) / run_id
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise MtrError(f"--out {cfg.out_dir}: cannot create {out}: {exc.strerror or exc}") from None
    started = _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
    rules = {n: out_of_scope(test_file(cfg, n), cfg.mysql_test_dir) for n in names}
    scope = {n: r.name if r is not None else None for n, r in rules.items()}
    in_scope = [n for n in names if scope[n] is None]
    log(f"{cfg.suite}: {len(names)} tests, {len(names) - len(in_scope)} out of scope by rule, "
        f"{len(in_scope)} to run per format")
    records: list[TestRecord] = []
    summaries: list[SuiteSummary] = []
    for fmt in cfg.formats:
        recs = {n: TestRecord(cfg.suite, n, fmt, scope[n]) for n in names}
        results: dict[str, dict[str, TestResult]] = {}
        for side in SIDES:
            workdir = out / fmt / side
            workdir.mkdir(parents=True, exist_ok=True)
            if side == "control" and cfg.reuse_control is not None:
                text, seconds = _reused_control(cfg.reuse_control, fmt), 0.0
                results[side] = {k.split(".", 1)[1]: v for k, v in parse_output(text).items()}
                side_tests = in_scope
            else:
                # The control defines what applies: replbed runs only what passed there.
                side_tests = in_scope if side == "control" else \
                    [n for n in in_scope if n in results["control"] and results["control"][n].result == "pass"]
                results[side], text, seconds = \
                    run_side(cfg, side, fmt, side_tests, workdir) if side_tests else ({}, "", 0.0)
            (workdir / "mtr.log").write_text(text)
            npass = sum(1 for r in results[side].values() if r.result == "pass")
            log(f"{fmt} {side}: {npass} pass of {len(side_tests)} ({seconds:.0f} s)")
        for n in in_scope:
            rec = recs[n]
            c, r = results["control"].get(n), results["replbed"].get(n)
            rec.control = c.result if c else "not reported"
            rec.replbed = r.result if r else "not reported" if rec.control == "pass" else "not run"
            if c is not None and c.result == "fail":
                rec.control_class = classify(c.detail)[0]
            if rec.replbed == "fail" and r is not None:
                rec.failure_class, rec.example = classify(r.detail)
            elif rec.replbed == "skipped" and r is not None and rec.control == "pass":
                rec.failure_class, rec.example = skipped_class(r.comment), r.comment
            elif rec.replbed == "not reported" and rec.control == "pass":
                rec.failure_class = "not reported (MTR stopped)"
        fmt_recs = [recs[n] for n in names]
        records += fmt_recs
        summaries.append(summarize(run_id, cfg.suite, fmt, started, fmt_recs))
    write_results(out, records, summaries)
    return records, summaries, out


def summarize(run_id: str, suite: str, fmt: str, started: str, recs: list[TestRecord]) -> SuiteSummary:
    applicable = [r for r in recs if r.applicable]
    ok = [r for r in applicable if r.replbed == "pass"]
    subset = [r for r in applicable if r.in_subset]
    classes = Counter(r.failure_class or "?" for r in applicable if r.replbed != "pass")
    return SuiteSummary(
        run_id=run_id, suite=suite, format=fmt, started=started, tests=len(recs),
        out_of_scope=sum(1 for r in recs if r.scope is not None),
        control_pass=sum(1 for r in recs if r.control == "pass"),
        replbed_pass=sum(1 for r in recs if r.replbed == "pass"),
        applicable=len(applicable), applicable_pass=len(ok),
        rate=round(len(ok) / len(applicable), 4) if applicable else None,
        subset_applicable=len(subset),
        subset_rate=round(len(ok) / len(subset), 4) if subset else None,
        replbed_only_pass=sum(1 for r in recs if r.replbed == "pass" and r.control != "pass"),
        classes=dict(classes.most_common()),
    )


def history_path(out_root: Path) -> Path:
    return Path(out_root) / "mtr-history.jsonl"


def write_results(out: Path, records: list[TestRecord], summaries: list[SuiteSummary]) -> None:
    """tests.json, summary.json, report.md in the run; one history line per suite × format."""
    def dump(obj: Any) -> Callable[[BinaryIO], None]:
        data = (json.dumps(obj, indent=1) + "\n").encode()

        def write(f: BinaryIO) -> None:
            f.write(data)
        return write
    atomic_write(out / "tests.json", dump([asdict(r) | {"applicable": r.applicable} for r in records]))
    atomic_write(out / "summary.json", dump([asdict(s) for s in summaries]))
    prior = read_history(out.parent)
    with open(history_path(out.parent), "a", encoding="utf-8") as f:
        for s in summaries:
            f.write(json.dumps(asdict(s)) + "\n")
    atomic_write(out / "report.md", dump_text(report_text(records, summaries, prior)))


def dump_text(text: str) -> Callable[[BinaryIO], None]:
    def write(f: BinaryIO) -> None:
        f.write(text.encode())
    return write


def read_history(out_root: Path) -> list[dict[str, Any]]:
    p = history_path(out_root)
    if not p.is_file():
        return []
    out = []
    for line in p.read_text(encoding="utf-8").splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            continue  # a torn last line of a killed run
    return out


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def summary_lines(summaries: list[SuiteSummary]) -> list[str]:
    lines = []
    for s in summaries:
        lines.append(f"{s.suite} {s.format}: control {s.control_pass} pass (applicable {s.applicable}); "
                     f"replbed {s.applicable_pass}/{s.applicable} ({_pct(s.rate)}); within the modelled "
                     f"subset {s.applicable_pass}/{s.subset_applicable} ({_pct(s.subset_rate)}); "
                     f"{s.out_of_scope} out of scope")
    return lines


def report_text(records: list[TestRecord], summaries: list[SuiteSummary], prior: list[dict[str, Any]]) -> str:
    """The run's report section (Markdown): rates, history, failure classes, every failure."""
    out = ["# MariaDB mysql-test suites against replbed", "", *summary_lines(summaries), ""]
    out += ["## History", "", "| run | suite | format | applicable | replbed pass | rate | subset rate |",
            "|---|---|---|---|---|---|---|"]
    for h in prior[-20:] + [asdict(s) for s in summaries]:
        out.append(f"| {h['run_id']} | {h['suite']} | {h['format']} | {h['applicable']} | {h['applicable_pass']} | "
                   f"{_pct(h['rate'])} | {_pct(h['subset_rate'])} |")
    total = Counter[str]()
    for s in summaries:
        total.update(s.classes)
    out += ["", "## Failure classes (applicable tests)", "", "| class | count |", "|---|---|"]
    out += [f"| {k} | {v} |" for k, v in total.most_common()]
    out += ["", "## Failures", "", "| test | format | class | first difference / failed statement |",
            "|---|---|---|---|"]
    for r in records:
        if r.applicable and r.replbed != "pass":
            ex = r.example.replace("|", "\\|")
            out.append(f"| {r.test} | {r.format} | {r.failure_class} | `{ex}` |")
    out += ["", "## Out of scope (by rule, docs/MTR.md)", ""]
    seen = sorted({(r.scope, r.test) for r in records if r.scope})
    out += [f"- {t}: {s}" for s, t in seen]
    return "\n".join(out) + "\n"
