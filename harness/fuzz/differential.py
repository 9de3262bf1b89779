"""Run one fuzz case x format on long-lived servers and judge it.

Servers are started once per fuzz run (one reference MariaDB, one second
MariaDB for the noise check, one ``replbed serve``, two MariaDBs the two
binlogs are replayed into at once), their data on tmpfs where there is one,
and reset between cases by ``run_case`` itself
(``DROP DATABASE test; RESET MASTER; CREATE DATABASE test`` and fresh
connections, so session variables start from the defaults every time).

The comparison is the one ``replbed compare`` makes (``harness.compare``:
the SHOW BINLOG EVENTS listing, error codes, SHOW WARNINGS, final tables),
plus the row values of every rows event, the GTID layout and the replay
check, so that the record carries every check ``harness.pipeline.verdict``
asks for. Each difference gets a *class*, the key mismatches are grouped
and shrunk by: the first differing element, named coarsely enough that the
same bug found by two cases lands in one class.
"""

from __future__ import annotations

import json
import re
import shutil
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from harness.binlog.reader import read_binlog_file
from harness.binlog.records import rows_json
from harness.binlog.rows import RowsEvent
from harness.compare import _warnings as compare_warnings
from harness.compare import listing
from harness.fsutil import release_scratch, scratch_root
from harness.kinds import REPLBED, get_kind
from harness.pipeline.replay import ReplayServer, _diff_tables
from harness.pipeline.verdict import CHECKS, Verdict, verdict
from harness.providers import get_provider
from harness.profile import get_profile
from harness.providers.base import ServerHandle, ServerSettings
from harness.runner import CaseOutcome, run_case
from harness.workload.model import Case

SIDES = ("reference", "noise", "replbed")


@dataclass(frozen=True)
class Difference:
    check: str    # one of verdict.CHECKS
    klass: str    # the grouping key, e.g. "events:Query-vs-Write_rows"
    detail: str   # one line for humans


@dataclass
class Judged:
    """One case x format: the verdict record, the differences, the reference's outcome."""

    case: Case
    format: str
    record: dict[str, Any]
    verdict: Verdict
    differences: list[Difference]
    noise: list[Difference] = field(default_factory=list)
    expected: list[int | None] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def klass(self) -> str | None:
        return self.differences[0].klass if self.differences else None


def statement_verb(sql: str) -> str:
    """The statement's kind for a class key: ``INSERT IGNORE``, ``CREATE TEMPORARY``, ``UPDATE``..."""
    sql = re.sub(r"^\s*use `[^`]*`; ", "", sql)  # a Query event's text starts with its database
    words = re.findall(r"[A-Za-z_]+", sql.upper())[:3]
    if not words:
        return "?"
    if words[0] in ("INSERT", "CREATE", "DROP", "SET", "ROLLBACK", "REPLACE") and len(words) > 1:
        if words[1] in ("IGNORE", "TEMPORARY", "TABLE", "TRIGGER", "FUNCTION", "INTO", "TO", "SESSION"):
            second = words[1] if words[1] != "INTO" else ""
            if words[0] == "SET":
                second = words[1]
            return (words[0] + " " + second).strip()
        if words[0] == "SET":
            return "SET " + words[1]
    return words[0]


def event_listing(files: list[Path]) -> list[str]:
    """``harness.compare.listing`` with the row values of each rows event appended."""
    lines = listing(files)
    rows: list[str | None] = []
    for f in files:
        for ev in read_binlog_file(f):
            rows.append(rows_json(ev) if isinstance(ev, RowsEvent) else None)
    return [ln + (f"   rows={r}" if r else "") for ln, r in zip(lines, rows)]


def _etype(line: str | None) -> str:
    return line.split(None, 1)[0] if line else "end"


def _event_class(a: list[str], b: list[str]) -> Difference | None:
    for i in range(max(len(a), len(b))):
        la = a[i] if i < len(a) else None
        lb = b[i] if i < len(b) else None
        if la == lb:
            continue
        ta, tb = _etype(la), _etype(lb)
        detail = f"event {i}: reference {la!r} / replbed {lb!r}"
        if ta != tb:
            return Difference("events_match", f"events:{ta}-vs-{tb}", detail)
        assert la is not None and lb is not None
        if ta == "Query":
            qa, qb = la.split(None, 1)[1], lb.split(None, 1)[1]
            if "error_code" in la or "error_code" in lb:
                ea = re.search(r"error_code=(\d+)", la)
                eb = re.search(r"error_code=(\d+)", lb)
                if (ea and ea.group(1)) != (eb and eb.group(1)):
                    return Difference("events_match", f"events:Query error_code {ea.group(1) if ea else 0} vs "
                                      f"{eb.group(1) if eb else 0}", detail)
            return Difference("events_match", f"events:Query text ({statement_verb(qa)} vs {statement_verb(qb)})",
                              detail)
        if "rows=" in la or "rows=" in lb:
            ia, ib = la.split("   rows=")[0], lb.split("   rows=")[0]
            if ia == ib:
                return Difference("events_match", f"events:{ta} row values", detail)
        return Difference("events_match", f"events:{ta} info", detail)
    return None


def _gtid_layout(lines: list[str]) -> list[str]:
    return [ln for ln in lines if _etype(ln) in ("Gtid", "Xid", "Gtid_list")]


def differences(a: CaseOutcome, b: CaseOutcome, *, names: tuple[str, str] = ("reference", "replbed")
                ) -> tuple[list[Difference], dict[str, Any]]:
    """Every difference between two outcomes, most telling first, and the check flags.

    The order decides the class: a statement that fails on one side only
    explains the binlog differences after it, so statement errors come
    first; then the binlog, the GTID layout, the tables; warnings last,
    because a differing warning rarely changes anything else.
    """
    checks: dict[str, Any] = {}
    diffs: list[Difference] = []
    for side, o in zip(names, (a, b)):
        if o.failed:
            return [Difference("error", f"error:{side} failed", str(o.error).splitlines()[0][:300])], \
                {"error": f"{side}: {o.error}"}
    warn: list[Difference] = []
    outcome_ok = len(a.statements) == len(b.statements)
    for sa, sb in zip(a.statements, b.statements):
        verb = statement_verb(sa.sql)
        if sa.error_code != sb.error_code:
            outcome_ok = False
            diffs.append(Difference("outcomes_match", f"outcome:{verb} {sa.error_code or 'OK'} vs {sb.error_code or 'OK'}",
                                    f"{sa.sql!r}: {names[0]} {sa.error_code or 'OK'} {sa.error_message or ''} / "
                                    f"{names[1]} {sb.error_code or 'OK'} {sb.error_message or ''}"))
        wa, wb = compare_warnings(sa), compare_warnings(sb)
        if wa != wb:
            outcome_ok = False
            # codes once each, in order: "1292 at row 1, 2, 3" is one class whatever the row count
            ca, cb = list(dict.fromkeys(w[1] for w in wa)), list(dict.fromkeys(w[1] for w in wb))
            key = f"warnings:{verb} {ca} vs {cb}" if ca != cb else f"warnings:{verb} {ca} text or count"
            warn.append(Difference("outcomes_match", key, f"{sa.sql!r}: {names[0]} {wa} / {names[1]} {wb}"))
    checks["outcomes_match"] = outcome_ok
    la = event_listing([a.dest_dir / "binlog" / f for f in a.binlog_files]) if a.dest_dir else []
    lb = event_listing([b.dest_dir / "binlog" / f for f in b.binlog_files]) if b.dest_dir else []
    ev = _event_class(la, lb)
    checks["events_match"] = ev is None
    if ev:
        diffs.append(ev)
    checks["gtid_layout_ok"] = _gtid_layout(la) == _gtid_layout(lb)
    if not checks["gtid_layout_ok"] and not ev:
        diffs.append(Difference("gtid_layout_ok", "gtid:layout", "GTID/Xid events differ"))
    checks["tables_match"] = a.tables == b.tables
    if a.tables != b.tables:
        for t in sorted(set(a.tables) | set(b.tables)):
            ta, tb = a.tables.get(t), b.tables.get(t)
            if ta == tb:
                continue
            if ta is None or tb is None:
                key = f"table:only on {names[0] if tb is None else names[1]}"
            elif ta.get("columns") != tb.get("columns"):
                key = "table:columns"
            else:
                key = "table:rows"
            diffs.append(Difference("tables_match", key, f"{t}: {names[0]} {ta} / {names[1]} {tb}"[:600]))
            break
    diffs.extend(warn)
    return diffs, checks


@dataclass(frozen=True)
class FuzzSides:
    """The kinds and settings of a fuzz run's sides (harness/kinds.py, harness/profile.py).

    ``reference`` is a real server kind; the noise server is a second one of it.
    ``candidate`` is ``replbed`` (its flavour of the reference kind; with
    ``candidate_provider == "local"``, a second real server of the reference kind:
    the self-check) or another real kind, which runs with that kind's default profile.
    """

    reference: str
    candidate: str
    candidate_kind: str
    candidate_provider: str
    reference_settings: ServerSettings
    candidate_settings: ServerSettings

    @classmethod
    def of(cls, reference: str | None, candidate: str = REPLBED, profile: str | None = None,
           replbed_provider: str = "replbed") -> "FuzzSides":
        ref = get_kind(reference)
        prof = profile or ref.default_profile
        if prof not in ref.profiles:
            raise ValueError(f"profile {prof!r} is not one of {ref.name}'s: {', '.join(ref.profiles)}")
        ref_settings = ServerSettings(flavor=ref.flavor, profile=get_profile(prof))
        if candidate == REPLBED:
            provider = "local" if replbed_provider == "local" else "replbed"
            return cls(ref.name, REPLBED, ref.name, provider, ref_settings, ref_settings)
        if replbed_provider == "local":
            raise ValueError("--replbed-provider local is the self-check of the reference kind; "
                             "it takes no --candidate")
        cand = get_kind(candidate)
        return cls(ref.name, cand.name, cand.name, "local", ref_settings,
                   ServerSettings(flavor=cand.flavor, profile=get_profile(cand.default_profile)))

    @property
    def candidate_label(self) -> str:
        """What the candidate side is, for messages: ``replbed (mariadb-11.8)``, ``mariadb-11.8``."""
        if self.candidate != REPLBED:
            return self.candidate
        if self.candidate_provider == "local":
            return f"{self.reference} (self-check)"
        return f"replbed ({self.candidate_settings.flavor})"


class FuzzServers:
    """The long-lived servers of one fuzz run; a context manager that stops them all."""

    def __init__(self, workdir: Path, *, replbed_provider: str = "replbed", noise: bool = True,
                 replay: bool = True, replbed_settings: ServerSettings | None = None,
                 noise_settings: ServerSettings | None = None, reference: str | None = None,
                 candidate: str = REPLBED, profile: str | None = None) -> None:
        self.workdir = Path(workdir)
        # which servers the sides are (harness/kinds.py): the reference kind (its
        # noise twin is the same kind), the candidate (replbed's flavour of the
        # reference, a second real server of the reference kind when
        # replbed_provider is "local", or another real kind: an upgrade check)
        self.sides = FuzzSides.of(reference, candidate, profile, replbed_provider)
        self.handles: dict[str, ServerHandle] = {}
        # one replay server per side: the two binlogs replay at once
        self.replay_servers: list[ReplayServer] = []
        self.replbed_provider = replbed_provider
        self.want_noise = noise
        self.want_replay = replay
        self.replbed_settings = replbed_settings or self.sides.candidate_settings
        self.noise_settings = noise_settings or self.sides.reference_settings
        # three sides at once, and the two replays of the previous case alongside (judge_all)
        self.pool = ThreadPoolExecutor(5)
        self.replayer = ThreadPoolExecutor(1)
        self.jobs: dict[str, tuple[Any, ServerSettings]] = {}
        self.restarts: dict[str, int] = {}
        # the servers' data on tmpfs where there is one: a case is mostly fsync waits on disk
        self.server_root = scratch_root(self.workdir / "servers", "replbed-fuzz-")

    def __enter__(self) -> "FuzzServers":
        sides = self.sides
        ref_provider = get_provider("local", kind=sides.reference)
        jobs = {"reference": (ref_provider, sides.reference_settings),
                "replbed": (get_provider(sides.candidate_provider, kind=sides.candidate_kind),
                            self.replbed_settings)}
        if self.want_noise:
            jobs["noise"] = (ref_provider, self.noise_settings)
        if self.want_replay:
            # each binlog replays into the kind that wrote it (replbed's: the kind its flavour imitates)
            jobs["replay"] = (ref_provider, sides.reference_settings)
            jobs["replay_b"] = (get_provider("local", kind=sides.candidate_kind), sides.candidate_settings)
        self.jobs = jobs
        futs = {k: self.pool.submit(p.start, s, self.server_root / k) for k, (p, s) in jobs.items()}
        errors = []
        for k, f in futs.items():
            try:
                self.handles[k] = f.result()
            except Exception as exc:  # noqa: BLE001 - stop the others, then report the first
                errors.append(exc)
        if errors:
            self.close()
            raise errors[0]
        self.replay_servers = [ReplayServer(self.handles.pop(k)) for k in ("replay", "replay_b")
                               if k in self.handles]
        return self

    def close(self) -> None:
        for srv in self.replay_servers:
            srv.close()
            srv.handle.stop()
        self.replay_servers = []
        for h in self.handles.values():
            h.stop()
        self.handles = {}
        self.replayer.shutdown(wait=True)
        self.pool.shutdown(wait=True)
        release_scratch(self.server_root, self.workdir / "servers")

    def __exit__(self, *exc: object) -> None:
        self.close()

    def ensure_alive(self, side: str) -> None:
        """Restart ``side``'s server if it died (or was killed from outside) since the last case."""
        h = self.handles[side]
        if h.alive():
            return
        h.stop()
        self.restarts[side] = self.restarts.get(side, 0) + 1
        provider, settings = self.jobs[side]
        self.handles[side] = provider.start(settings, self.server_root / f"{side}-{self.restarts[side] + 1}")

    def run(self, case: Case, fmt: str, sides: tuple[str, ...], slot: int = 0) -> dict[str, CaseOutcome]:
        """Run ``case`` in ``fmt`` on ``sides`` concurrently (each side on its own server).

        A side whose server is gone is restarted and that side's run repeated
        once: a dead server is an infrastructure event, not a verdict. Each
        ``slot`` collects into its own directories, so a case's binlogs can be
        replayed while the next case runs in the other slot (:func:`judge_all`).
        """
        def one(side: str) -> CaseOutcome:
            for attempt in (1, 2):
                self.ensure_alive(side)
                dest = self.workdir / "cases" / (side if not slot else f"{side}.{slot}")
                shutil.rmtree(dest, ignore_errors=True)
                out = run_case(self.handles[side], case, fmt, dest, side=side, statement_timeout=20)
                if not out.failed or self.handles[side].alive() or attempt == 2:
                    return out
            return out

        return dict(zip(sides, self.pool.map(one, sides)))

    def _replay_alive(self) -> list[ReplayServer]:
        """The replay servers, any that died restarted."""
        for i, srv in enumerate(self.replay_servers):
            if not srv.handle.alive():
                srv.close()
                srv.handle.stop()
                self.restarts["replay"] = self.restarts.get("replay", 0) + 1
                provider, settings = self.jobs[("replay", "replay_b")[i]]
                self.replay_servers[i] = ReplayServer(provider.start(
                    settings, self.server_root / f"replay-{self.restarts['replay'] + 1}"))
        return self.replay_servers

    def replay(self, a: CaseOutcome, b: CaseOutcome) -> tuple[bool | None, str | None]:
        """Replay both binlogs, each into its own replay server at once; equal tables pass."""
        if not self.replay_servers:
            return None, "replay server not started"
        files = []
        for o in (a, b):
            fs = [o.dest_dir / "binlog" / f for f in o.binlog_files] if o.dest_dir else []
            if not fs:
                return None, f"no binlog to replay ({o.side})"
            files.append(fs)
        for attempt in (1, 2):
            srvs = self._replay_alive()

            def one(k: int, srvs: list[ReplayServer] = srvs) -> dict[str, Any] | None:
                srv = srvs[k % len(srvs)]
                srv.reset()
                srv.replay(files[k])
                return srv.tables()
            try:
                res = list(self.pool.map(one, (0, 1))) if len(srvs) > 1 else [one(0), one(1)]
            except Exception as exc:  # noqa: BLE001 - a replay that cannot run is not a verdict
                if attempt == 2 or all(srv.handle.alive() for srv in srvs):
                    return None, f"replay failed: {type(exc).__name__}: {exc}"
                continue
            diff = _diff_tables(res[0], res[1])
            return diff is None, diff
        return None, "replay failed"


@dataclass
class _Compared:
    """A case x format whose sides ran and were compared; the replay (when nothing
    differs) is what is left of its verdict."""

    case: Case
    format: str
    outs: dict[str, CaseOutcome]
    rec: dict[str, Any]
    diffs: list[Difference]
    noise: list[Difference]
    t0: float

    @property
    def needs_replay(self) -> bool:
        return not self.diffs and not self.noise


def _compare(servers: FuzzServers, case: Case, fmt: str, noise: bool, slot: int = 0) -> _Compared:
    t0 = time.monotonic()
    sides = ("reference", "noise", "replbed") if noise and "noise" in servers.handles else ("reference", "replbed")
    outs = servers.run(case, fmt, sides, slot)
    ref = outs["reference"]
    noise_diffs: list[Difference] = []
    if "noise" in outs:
        noise_diffs, _ = differences(ref, outs["noise"], names=("reference", "noise"))
    diffs, checks = differences(ref, outs["replbed"])
    rec: dict[str, Any] = {"case": case.name, "format": fmt, **{c: checks.get(c) for c in CHECKS}}
    if checks.get("error"):
        rec["error"] = checks["error"]
    return _Compared(case, fmt, outs, rec, diffs, noise_diffs, t0)


def _conclude(c: _Compared, replayed: tuple[bool | None, str | None] | None) -> Judged:
    """The verdict of ``c`` with its replay's result (None: no replay was due)."""
    rec, diffs = c.rec, c.diffs
    if replayed is not None:
        ok, why = replayed
        rec["replay_ok"] = ok
        if ok is False:
            diffs.append(Difference("replay_ok", "replay:tables", str(why)[:600]))
        elif ok is None:
            rec["error"] = f"replay did not run: {why}"
    return Judged(c.case, c.format, rec, verdict(rec), diffs, c.noise,
                  expected=[s.error_code for s in c.outs["reference"].statements],
                  seconds=time.monotonic() - c.t0)


def judge(servers: FuzzServers, case: Case, fmt: str, *, noise: bool = True) -> Judged:
    """Run ``case`` x ``fmt`` on every side and build its verdict record."""
    c = _compare(servers, case, fmt, noise)
    return _conclude(c, servers.replay(c.outs["reference"], c.outs["replbed"]) if c.needs_replay else None)


def judge_all(servers: FuzzServers, items: Iterable[tuple[Case, str]], *, noise: bool = True) -> Iterator[Judged]:
    """:func:`judge` for every (case, format) in order, pipelined: a verdict's replay
    (into the replay servers) runs while the next case runs on the side servers,
    which a replay does not touch. Every verdict is the one :func:`judge` gives:
    the same runs, comparisons and replay, only overlapped; the two slots' case
    directories keep a replayed case's binlogs until its replay is done."""
    pending: tuple[_Compared, Future[tuple[bool | None, str | None]] | None] | None = None
    slot = 0
    for case, fmt in items:
        c = _compare(servers, case, fmt, noise, slot)
        if pending is not None:
            yield _conclude(pending[0], pending[1].result() if pending[1] is not None else None)
        fut = (servers.replayer.submit(servers.replay, c.outs["reference"], c.outs["replbed"])
               if c.needs_replay else None)
        pending = (c, fut)
        slot ^= 1
    if pending is not None:
        yield _conclude(pending[0], pending[1].result() if pending[1] is not None else None)


def quick_class(servers: FuzzServers, case: Case, fmt: str) -> str | None:
    """The mismatch class of ``case`` x ``fmt`` (reference vs replbed only; no noise, no replay)."""
    outs = servers.run(case, fmt, ("reference", "replbed"))
    diffs, _ = differences(outs["reference"], outs["replbed"])
    return diffs[0].klass if diffs else None


def dump(obj: Any) -> str:
    return json.dumps(obj, indent=1, ensure_ascii=False, default=str)
