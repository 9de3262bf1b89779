"""``replbed`` command line: serve, run, compare, fuzz, decode, export-frames, read-frames, prune, cleanup.

Heavy modules (the server, Spark, the codec) are imported inside the
sub-command that needs them, so ``replbed --help`` and ``replbed cleanup``
work even while other parts of the project are still being written.

Exit codes: 0 ok, 1 regression failures, 2 usage or infrastructure error.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from harness.config import BINLOG_FORMATS, FLAVORS, RunConfig, ServeConfig, runs_dir

EXIT_OK = 0
EXIT_REGRESSION = 1
EXIT_ERROR = 2
PASSWORD_ENV = "REPLBED_SERVE_PASSWORD"


class CliError(Exception):
    """A usage or infrastructure problem reported as one line, exit code 2."""


def _sigterm_to_interrupt(signum: int, frame: Any) -> None:
    # Turn SIGTERM into KeyboardInterrupt so `finally` blocks stop the servers.
    raise KeyboardInterrupt(f"signal {signum}")


# -- serve ---------------------------------------------------------------------


def case_globs(values: Sequence[str] | None) -> tuple[str, ...]:
    """``--case`` values as globs: each may list several, comma-separated, as CONF's ``cases``
    does (``--case 'fk_*,mtr_*'``), so one spelling works for ``make run`` and the CLI."""
    return tuple(g.strip() for v in values or () for g in v.split(",") if g.strip())


def cmd_serve(args: argparse.Namespace) -> int:
    password = args.password if args.password is not None else os.environ.get(PASSWORD_ENV)
    from harness.profile import profile_from_args

    try:
        profile = profile_from_args(args, server_id=args.server_id)
        config = ServeConfig(
            host=args.host, port=args.port, binlog_dir=Path(args.binlog_dir),
            flavor=args.flavor, server_id=profile.server_id, password=password,
            user=args.user, max_connections=args.max_connections,
            gtid_mode=getattr(args, "gtid_mode", "OFF"), server_uuid=getattr(args, "server_uuid", None),
            profile=profile, log_bin_basename=args.log_bin,
        )
    except ValueError as exc:
        raise CliError(str(exc)) from exc
    try:
        from harness.server.app import run_server
    except ImportError as exc:
        raise CliError(f"replbed server not available (harness.server.app): {exc}") from exc
    try:
        result = run_server(config)
    except ValueError as exc:
        raise CliError(str(exc)) from exc
    return int(result) if isinstance(result, int) else EXIT_OK


# -- run -----------------------------------------------------------------------


def cmd_run(args: argparse.Namespace) -> int:
    try:
        config = RunConfig(
            workloads=args.workloads,
            formats=tuple(f.upper() for f in args.formats),
            provider=args.provider,
            out_dir=Path(args.out),
            cases=case_globs(args.case),
            profile=args.profile,
            live_replica=args.live_replica,
            reference=args.reference,
            candidate=args.candidate,
            candidate_profile=args.candidate_profile,
            **({"run_id": args.run_id} if args.run_id else {}),
        )
    except ValueError as exc:
        raise CliError(str(exc)) from exc
    # Fail fast on bad input (broken or empty corpus, a case glob matching nothing,
    # an unwritable --out), before any server starts.
    try:
        from harness.pipeline.regression import PlanError, resolve_plan, run_regression
    except ImportError as exc:
        raise CliError(f"regression pipeline not available (harness.pipeline.regression): {exc}") from exc
    try:
        resolve_plan(config)
    except PlanError as exc:
        raise CliError(str(exc)) from exc
    result = run_regression(config, keep_servers=args.keep_servers)
    summary, report = _unpack_result(result)
    run_dir = getattr(result, "run_dir", None)
    status = judge_summary(summary, report, quiet=bool(run_dir))  # with a run dir: text_summary below
    from harness.pipeline.regression import final_verdict
    from harness.pipeline.report import text_summary
    from harness.pipeline.timing import close_run, process_started

    if run_dir:
        close_run(result.run_dir, process_started())  # the overhead: timings.jsonl and the report
        print(text_summary(result.run_dir))
        if status == EXIT_OK and not final_verdict(result.run_dir)[0]:
            status = EXIT_REGRESSION  # a GX suite's pipeline error fails the run too
    # The run's objects (GX, pandas, pyarrow) live until the exit: without this, the
    # collector's last passes over them at exit took 4-8 s more than the run printed.
    import gc

    gc.freeze()
    return status


def cmd_roots(args: argparse.Namespace) -> int:
    from harness.kinds import KINDS, UnknownKindError, get_kind
    from harness.providers.roots import RootBuildError, describe, ensure_root

    if args.roots_command == "list":
        for kind in KINDS.values():
            print(describe(kind))
        return EXIT_OK
    try:
        kinds = [get_kind(k) for k in args.kinds] or [k for k in KINDS.values() if k.needs_root]
    except UnknownKindError as exc:
        raise CliError(str(exc)) from exc
    for kind in kinds:
        if not kind.needs_root:
            print(describe(kind))
            continue
        try:
            path = ensure_root(kind, force=args.force, check=not args.no_check)
        except RootBuildError as exc:
            raise CliError(str(exc)) from exc
        print(f"{kind.name} {path}")
    return EXIT_OK


def judge_summary(summary: list[dict[str, Any]], report: str | None = None, quiet: bool = False) -> int:
    """Print each failing case × format and the count (unless ``quiet``); return ``replbed run``'s
    exit code.

    The verdict of each record comes from harness/pipeline/verdict.py, the one
    definition of pass; an empty summary (0 judged) is not a pass either.
    """
    failures = [r for r in summary if _is_failure(r)]
    if not quiet:
        for rec in failures:
            print(_summary_line(rec))
        print(f"{len(summary) - len(failures)}/{len(summary)} case×format passed")
        if report:
            print(f"report: {report}")
    if not summary:
        print("replbed run: the run produced no case × format result", file=sys.stderr)
        return EXIT_ERROR
    return EXIT_REGRESSION if failures else EXIT_OK


def _unpack_result(result: Any) -> tuple[list[dict[str, Any]], str | None]:
    """Accept the shapes run_regression may return: (summary, report), a dict or an object."""
    summary: Any = None
    report: Any = None
    if isinstance(result, tuple) and len(result) == 2:
        summary, report = result
    elif isinstance(result, dict):
        summary, report = result.get("summary"), result.get("report") or result.get("report_path")
    elif result is not None:
        summary = getattr(result, "summary", None)
        report = getattr(result, "report", None) or getattr(result, "report_path", None)
    if isinstance(summary, (str, Path)) and Path(summary).exists():
        summary = json.loads(Path(summary).read_text())
    records = [_as_dict(r) for r in (summary or [])]
    return records, str(report) if report else None


def _as_dict(rec: Any) -> dict[str, Any]:
    if dataclasses.is_dataclass(rec) and not isinstance(rec, type):
        return dataclasses.asdict(rec)
    return dict(rec)


def _is_failure(rec: dict[str, Any]) -> bool:
    from harness.pipeline.verdict import is_pass
    return not is_pass(rec)


def _summary_line(rec: dict[str, Any]) -> str:
    from harness.pipeline.verdict import verdict

    v = verdict(rec)
    flag = "ok  " if v.passed else "FAIL"
    # the pipeline's reason says where it differs; the status is always verdict()'s own
    reason = rec.get("reason") if rec.get("status") == v.status.value and rec.get("reason") else v.reason
    why = "" if v.passed else f" {v.status.value}: {reason}"
    return f"{flag} {rec.get('case')} {rec.get('format')}{why}"


# -- decode --------------------------------------------------------------------


def cmd_decode(args: argparse.Namespace) -> int:
    try:
        from harness.binlog import reader as binlog_reader
        from harness.binlog import render
    except ImportError as exc:
        raise CliError(f"binlog codec not available (harness.binlog): {exc}") from exc
    for name in args.files:
        if not Path(name).is_file():
            raise CliError(f"no such binlog file: {name}")
    if args.verbose:
        return _decode_listing(args)
    status = EXIT_OK
    for name in args.files:
        path = Path(name)
        try:
            if args.format == "json":
                from harness.binlog.records import event_records

                for rec in event_records(path):
                    print(json.dumps(_jsonable(_as_dict(rec)), ensure_ascii=False))
                continue
            events = binlog_reader.read_binlog_file(path)
            if args.format == "show":
                print("Log_name\tPos\tEvent_type\tServer_id\tEnd_log_pos\tInfo")
            for ev in events:
                h = ev.header
                start = h.log_pos - h.event_size if h.log_pos else 0
                if args.format == "show":
                    print(f"{path.name}\t{start}\t{render.event_type_name(ev)}\t"
                          f"{h.server_id}\t{h.log_pos}\t{render.info_text(ev)}")
                elif hasattr(render, "mysqlbinlog_like"):
                    print(render.mysqlbinlog_like(ev, start))
                else:
                    print(f"# at {start}\n#{h.timestamp} server id {h.server_id} "
                          f"end_log_pos {h.log_pos} {render.event_type_name(ev)}\t"
                          f"{render.info_text(ev)}")
        except BrokenPipeError:
            # `replbed decode … | head`: stop quietly, like other CLI tools.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            return status
        except Exception as exc:  # noqa: BLE001 - report decode errors per file
            print(f"replbed decode: {path}: {type(exc).__name__}: {exc}", file=sys.stderr)
            status = EXIT_ERROR
    return status


def _decode_listing(args: argparse.Namespace) -> int:
    """``decode -v``/``-vv``: the mariadb-binlog listing; a truncated or corrupt file
    prints its complete events, then one error line, and stops (as the client does)."""
    from harness.binlog.listing import ListingError, list_files

    try:
        list_files(args.files, sys.stdout.buffer, verbosity=args.verbose, jobs=args.jobs,
                   verify_checksum=args.verify_binlog_checksum)
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except ListingError as exc:
        print(f"replbed decode: {exc}", file=sys.stderr)
        return EXIT_ERROR
    return EXIT_OK


def _jsonable(obj: Any) -> Any:
    if isinstance(obj, (bytes, bytearray, memoryview)):
        return bytes(obj).hex()
    if isinstance(obj, dict):
        return {k: _jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_jsonable(v) for v in obj]
    return obj


# -- export-frames / read-frames (seed 003's protobuf transport) ---------------


def cmd_export_frames(args: argparse.Namespace) -> int:
    from harness.binlog import BinlogError
    from harness.transport import ExportError, ExportStats, export_binlogs

    for name in args.files:
        if not Path(name).is_file():
            raise CliError(f"no such binlog file: {name}")
    if args.output is None and sys.stdout.isatty():
        raise CliError("refusing to write binary frames to a terminal; redirect or use -o FILE")
    stats = ExportStats()
    try:
        if args.output is not None:
            with open(args.output, "wb") as out:
                export_binlogs(args.files, out, stats)
        else:
            export_binlogs(args.files, sys.stdout.buffer, stats)
            sys.stdout.buffer.flush()
    except (BinlogError, ExportError) as exc:
        raise CliError(str(exc)) from exc
    frames = ", ".join(f"{k} {v}" for k, v in sorted(stats.frames.items()))
    skipped = ", ".join(f"{k} {v}" for k, v in sorted(stats.skipped.items()))
    print(f"replbed export-frames: {stats.events} events -> {sum(stats.frames.values())} "
          f"frames ({frames}); not framed: {skipped or 'none'}", file=sys.stderr)
    return EXIT_OK


def cmd_read_frames(args: argparse.Namespace) -> int:
    from harness.transport import FrameError, iter_frames, message_fields

    status = EXIT_OK
    for name in args.files:
        try:
            data = Path(name).read_bytes()
        except OSError as exc:
            raise CliError(f"cannot read {name}: {exc}") from exc
        try:
            for f in iter_frames(data):
                d = message_fields(f.message)
                hdr = d.pop("header")
                if args.format == "json":
                    print(json.dumps({"offset": f.offset, "type": type(f.message).__name__,
                                      "header": hdr, **d}, ensure_ascii=False))
                    continue
                print(f"# at {f.offset}: {type(f.message).__name__}  Global Id: "
                      f"({hdr['server_id']},{hdr['trans_id']})  Timestamp: {hdr['timestamp']}")
                for v in d.pop("variable", []):
                    print(f"set {v['name']} = {v['value']}")
                if "query" in d:
                    print(f"{d.pop('query')}  /* session {d.pop('session_id')} */")
                if d:
                    print("  " + " ".join(f"{k}={v}" for k, v in d.items()))
        except BrokenPipeError:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            return status
        except FrameError as exc:
            print(f"replbed read-frames: {name}: {type(exc).__name__}: {exc}", file=sys.stderr)
            status = EXIT_ERROR
    return status


# -- cleanup -------------------------------------------------------------------


def cmd_compare(args: argparse.Namespace) -> int:
    import fnmatch

    from harness.compare import compare
    from harness.workload import WorkloadError, load_workloads

    try:
        cases = load_workloads(args.workloads)
    except WorkloadError as exc:
        raise CliError(str(exc)) from exc
    if args.case:
        globs = case_globs(args.case)
        cases = [c for c in cases if any(fnmatch.fnmatch(c.name, g) for g in globs)]
    if not cases:
        raise CliError("no case matches")
    results = compare(cases, [f.upper() for f in args.formats], profile=args.profile)
    same = sum(1 for r in results if r.same)
    print(f"{same}/{len(results)} case x format identical")
    if not results:  # nothing judged is never a pass
        raise CliError(f"0 case x format judged: the {len(cases)} case(s) run in none of {' '.join(args.formats)}")
    return EXIT_OK if same == len(results) else EXIT_REGRESSION


def cmd_prune(args: argparse.Namespace) -> int:
    from harness.pipeline.regression import PlanError, prune_runs

    runs = Path(args.runs) if args.runs else runs_dir(RunConfig.out_dir)
    try:
        gone = prune_runs(runs, args.keep)
    except PlanError as exc:
        raise CliError(str(exc)) from exc
    except OSError as exc:
        raise CliError(f"cannot remove a run under {runs}: {exc.strerror or exc}") from exc
    for p in gone:
        print(f"removed {p}")
    print(f"kept the newest {args.keep} run(s) in {runs}; removed {len(gone)}")
    return EXIT_OK


def cmd_fuzz(args: argparse.Namespace) -> int:
    """Random differential testing (harness/fuzz): exit 0 all matched, 1 mismatches, 2 bad input."""
    if args.cases < 1 or args.seed < 0 or args.start < 0:
        raise CliError("--cases must be >= 1, --seed and --start >= 0")
    from harness.fuzz.differential import FuzzSides
    from harness.fuzz.run import run_fuzz, summary_text
    from harness.kinds import UnknownKindError

    try:
        FuzzSides.of(args.reference, args.candidate, args.profile, args.replbed_provider)
    except (UnknownKindError, ValueError) as exc:
        raise CliError(str(exc)) from exc
    res = run_fuzz(args.seed, args.cases, [f.upper() for f in args.formats], Path(args.out),
                   start=args.start, shrink=not args.no_shrink, shrink_budget=args.shrink_budget,
                   replbed_provider=args.replbed_provider, generator=args.generator,
                   reference=args.reference, candidate=args.candidate, profile=args.profile)
    print(summary_text(res), end="")
    print(f"written to {args.out}/ (fuzz.json, summary.txt, repros/)")
    return EXIT_OK if res.all_matched else EXIT_REGRESSION


def cmd_mtr(args: argparse.Namespace) -> int:
    """MariaDB's mysql-test suite on a real MariaDB and on replbed (harness/mtr): exit 0 when
    replbed passed every applicable test, 1 otherwise, 2 on bad input."""
    from harness.mtr.run import MtrConfig, MtrError, run, summary_lines

    out = Path(args.out) if args.out else runs_dir(RunConfig.out_dir)
    try:
        cfg = MtrConfig(suite=args.suite, tests=tuple(args.tests or ()),
                        formats=tuple(f.upper() for f in args.formats), out_dir=out, run_id=args.run_id,
                        parallel=args.parallel, testcase_timeout=args.testcase_timeout,
                        reuse_control=Path(args.reuse_control) if args.reuse_control else None)
        records, summaries, where = run(cfg)
    except MtrError as exc:
        raise CliError(str(exc)) from exc
    for line in summary_lines(summaries):
        print(line)
    if not any(s.applicable for s in summaries):  # nothing judged is never a pass
        raise CliError(f"0 tests judged in suite {args.suite} (tests {' '.join(args.tests or ['*'])})")
    print(f"written to {where}/ (summary.json, tests.json, report.md; history {out}/mtr-history.jsonl)")
    return EXIT_OK if all(s.applicable_pass == s.applicable for s in summaries) else EXIT_REGRESSION


def cmd_cleanup(args: argparse.Namespace) -> int:
    from harness.providers.process import StateDirError, cleanup_stale, state_dir

    try:
        actions = cleanup_stale(dry_run=args.dry_run, force=args.force)
    except StateDirError as exc:
        raise CliError(str(exc)) from exc
    # Labelled containers/networks/volumes of crashed docker-provider runs
    # (no-op without a daemon; never starts one).
    from harness.providers.docker import cleanup as docker_cleanup

    actions += [f"docker: {a}" for a in docker_cleanup(dry_run=args.dry_run, force=args.force)]
    for line in actions:
        print(("would: " if args.dry_run else "") + line)
    if not actions:
        print(f"nothing to clean up (records in {state_dir()})")
    return EXIT_OK


# -- main ----------------------------------------------------------------------


def _fuzz_parser(sub: "argparse._SubParsersAction[Any]") -> None:
    """``replbed fuzz``'s options."""
    from harness.kinds import DEFAULT_KIND, KINDS, REPLBED

    z = sub.add_parser("fuzz", help="random differential testing against a real server kind, with shrinking")
    z.add_argument("--seed", type=int, default=1, help="random seed of the generator")
    z.add_argument("--cases", type=int, default=100, help="how many random cases to generate")
    z.add_argument("--start", type=int, default=0, help="index of the first case (to continue a seed)")
    z.add_argument("--formats", nargs="+", default=list(BINLOG_FORMATS),
                   type=str.upper, choices=BINLOG_FORMATS, metavar="FORMAT",
                   help="binlog formats: STATEMENT ROW MIXED")
    z.add_argument("--out", default="runs/fuzz", metavar="DIR",
                   help="where fuzz.json, summary.txt and repros/ are written")
    z.add_argument("--no-shrink", action="store_true", help="keep mismatching cases as generated")
    z.add_argument("--shrink-budget", type=int, default=120, metavar="RUNS",
                   help="server runs allowed per class while shrinking")
    z.add_argument("--replbed-provider", default="replbed", choices=("replbed", "local"),
                   help="local = a second real server of the reference kind on the replbed side (self-check)")
    z.add_argument("--reference", default=DEFAULT_KIND, choices=tuple(KINDS), metavar="KIND",
                   help=f"the real server kind fuzzed against ({', '.join(KINDS)}); its noise twin is the same kind")
    z.add_argument("--candidate", default=REPLBED, choices=(REPLBED, *KINDS), metavar="CANDIDATE",
                   help="replbed (its flavour of the reference kind) or another real kind (an upgrade check)")
    z.add_argument("--profile", default=None, metavar="PROFILE",
                   help="the reference's server profile (harness/profile.py; default: the kind's own, "
                        "e.g. mysql-9.7-gtid-off; mysql-9.7-gtid-on for GTID_MODE=ON)")
    z.add_argument("--generator", default="default", choices=("default", "wide", "schema", "query"),
                   help="statement mix: default, wide (more types, values and forms; harness/fuzz/wide.py), schema "
                        "(foreign keys, CHECKs, generated columns, JSON; harness/fuzz/schema.py) or query (CTEs, "
                        "window functions, FROM DUAL, SQL PREPARE, accounts; harness/fuzz/query.py)")
    z.set_defaults(func=cmd_fuzz)


class _Help(argparse.HelpFormatter):
    """Every option's help ends with its default (unless it says one or has none)."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        default = action.default
        if ("default" in text or default in (None, False, argparse.SUPPRESS) or not action.option_strings
                or action.required):
            return text
        shown = " ".join(map(str, default)) if isinstance(default, (list, tuple)) else "%(default)s"
        return f"{text} (default: {shown})" if text else f"default: {shown}"


class _Parser(argparse.ArgumentParser):
    """Bad input is one line and exit 2 (argparse alone prints the whole usage first);
    help texts in plain text (the docstrings' ``code`` markup is removed)."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        kw.setdefault("formatter_class", _Help)
        for key in ("description", "help"):
            if kw.get(key):
                kw[key] = kw[key].replace("``", "")
        super().__init__(*args, **kw)

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_ERROR, f"{self.prog}: {message} (see {self.prog} --help)\n")


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version

    try:
        v = dist_version("replbed")
    except PackageNotFoundError:
        v = "unknown (not installed)"
    return f"replbed {v} (Python {sys.version.split()[0]}; {Path(__file__).resolve().parent.parent})"


def _kind_arguments(r: argparse.ArgumentParser) -> None:
    """``replbed run``'s servers: --profile, --reference / --candidate / --candidate-profile
    (harness/kinds.py), --keep-servers."""
    from harness.kinds import DEFAULT_KIND, KINDS
    from harness.profile import DEFAULT_PROFILE, PROFILES

    r.add_argument("--profile", default=None, choices=tuple(PROFILES),
                   help="server profile of both sides (harness/profile.py; default: the reference kind's, "
                        f"{DEFAULT_PROFILE} for mariadb-10.11)")
    r.add_argument("--keep-servers", action="store_true",
                   help="keep the servers' data directories under runs/<id>/servers/ (removed by default)")

    r.add_argument("--reference", default=DEFAULT_KIND, choices=tuple(KINDS),
                   help=f"the real server of the reference side (default {DEFAULT_KIND}; others run "
                        "from a root built on first use: replbed roots)")
    r.add_argument("--candidate", default="replbed", choices=("replbed", *KINDS),
                   help="what the reference is compared with: replbed's flavour of the reference kind "
                        "(default) or another real kind (an upgrade check)")
    r.add_argument("--candidate-profile", default=None, choices=tuple(PROFILES),
                   help="the candidate kind's profile (default: that kind's)")


def _roots_parser(sub: Any) -> None:
    rt = sub.add_parser("roots", help="the roots the newer server kinds run from (build, list)")
    rt_sub = rt.add_subparsers(dest="roots_command", required=True, metavar="ACTION",
                               help="build: build or refresh roots; list: the kinds and their roots")
    rb = rt_sub.add_parser("build", help="build (or refresh) the roots of these kinds")
    rb.add_argument("kinds", nargs="*", metavar="KIND", help="default: every kind that needs a root")
    rb.add_argument("--force", action="store_true", help="rebuild even when up to date")
    rb.add_argument("--no-check", action="store_true",
                    help="do not ask the archive for a newer package version when a root exists")
    rt_sub.add_parser("list", help="the kinds and where their roots are")
    rt.set_defaults(func=cmd_roots)


def _serve_parser(sub: "argparse._SubParsersAction[Any]") -> None:
    """``replbed serve``'s options."""
    from harness.profile import add_server_options

    s = sub.add_parser("serve", help="run replbed's own MySQL-protocol server")
    s.add_argument("--host", default="127.0.0.1", help="address to listen on")
    s.add_argument("--port", type=int, default=3307, help="TCP port to listen on")
    s.add_argument("--binlog-dir", default="binlog", metavar="DIR", help="directory of the binlog files")
    s.add_argument("--log-bin", default="binlog", metavar="NAME",
                   help="base name of the binlog files, as mariadbd's --log-bin (MTR's servers use master-bin)")
    s.add_argument("--flavor", default="mariadb-10.11", choices=FLAVORS, help="the server whose binlog is imitated")
    s.add_argument("--server-id", type=int, default=None, help="@@server_id (default: the profile's, 1)")
    s.add_argument("--gtid-mode", default="OFF", type=str.upper,
                   choices=("OFF", "OFF_PERMISSIVE", "ON_PERMISSIVE", "ON"),
                   help="mysql-8.0: @@GLOBAL.gtid_mode at start (ON implies enforce_gtid_consistency=ON)")
    s.add_argument("--server-uuid", default=None,
                   help="mysql-8.0: @@server_uuid (default: generated once, kept in <binlog-dir>/auto.cnf)")
    s.add_argument("--password", default=None,
                   help=f"the account's password (default: ${PASSWORD_ENV}; unset accepts any client, "
                        "and the server then listens on loopback only)")
    s.add_argument("--user", default="root", help="the one account that may log in when a password is set")
    s.add_argument("--max-connections", type=int, default=151,
                   help="clients beyond this get 1040 Too many connections (MariaDB's default: 151)")
    add_server_options(s)
    s.set_defaults(func=cmd_serve)


def _run_parser(sub: "argparse._SubParsersAction[Any]") -> None:
    """``replbed run``'s options."""
    r = sub.add_parser("run", help="run the workloads on both sides and diff the binlogs")
    r.add_argument("--workloads", default=RunConfig.workloads, metavar="GLOB", help="workload files (.wl)")
    r.add_argument("--formats", nargs="+", default=list(BINLOG_FORMATS),
                   type=str.upper, choices=BINLOG_FORMATS, metavar="FORMAT",
                   help="binlog formats: STATEMENT ROW MIXED")
    r.add_argument("--provider", default="local", choices=("local", "docker"),
                   help="reference server provider: local mariadbd or a docker container")
    r.add_argument("--out", default=str(RunConfig.out_dir), metavar="DIR",
                   help="runs directory: the run is written to DIR/<run id>/")
    r.add_argument("--case", action="append", metavar="GLOB",
                   help="only cases matching this glob (repeatable, or comma-separated globs; default: every case)")
    r.add_argument("--run-id", default=None, metavar="ID",
                   help="name of the run directory under --out (default: <UTC time>-<random>)")
    _kind_arguments(r)
    r.add_argument("--live-replica", action="store_true",
                   help="also replicate every case into a real MariaDB replica per side and compare them")
    r.set_defaults(func=cmd_run)


def _decode_parser(sub: "argparse._SubParsersAction[Any]") -> None:
    """``replbed decode``'s options."""
    d = sub.add_parser("decode", help="print binlog files")
    d.add_argument("files", nargs="+", metavar="FILE", help="binlog files")
    d.add_argument("--format", choices=("show", "text", "json"), default="show",
                   help="show: SHOW BINLOG EVENTS columns; text: mysqlbinlog-like; json: one record per event")
    d.add_argument("-v", "--verbose", action="count", default=0,
                   help="list events as mariadb-binlog --base64-output=decode-rows does: "
                        "-v row values (### lines), -vv with column types")
    d.add_argument("--jobs", type=int, default=None,
                   help="worker processes for -v/-vv over several files (default: one per core)")
    d.add_argument("--verify-binlog-checksum", action="store_true",
                   help="with -v/-vv: check every event's CRC32, as mariadb-binlog's option does")
    d.set_defaults(func=cmd_decode)


def _compare_parser(sub: "argparse._SubParsersAction[Any]") -> None:
    """``replbed compare``'s options."""
    from harness.profile import DEFAULT_PROFILE, PROFILES

    q = sub.add_parser("compare", help="quick side-by-side of both binlogs per case (no Spark, no report)")
    q.add_argument("--workloads", default=RunConfig.workloads, metavar="GLOB",
                   help="workload files (default: %(default)s)")
    q.add_argument("--formats", nargs="+", default=list(BINLOG_FORMATS), type=str.upper,
                   choices=BINLOG_FORMATS, metavar="FORMAT",
                   help="binlog formats: STATEMENT ROW MIXED (default: all three)")
    q.add_argument("--case", action="append", metavar="GLOB",
                   help="only cases matching this glob (repeatable, or comma-separated globs; default: every case)")
    q.add_argument("--profile", default=DEFAULT_PROFILE, choices=tuple(PROFILES),
                   help="server profile of both sides (harness/profile.py)")
    q.set_defaults(func=cmd_compare)


def _mtr_parser(sub: "argparse._SubParsersAction[Any]") -> None:
    """``replbed mtr``'s options."""
    m = sub.add_parser("mtr", help="MariaDB's mysql-test suite on a real MariaDB (control) and on replbed")
    m.add_argument("--suite", default="binlog", help="mysql-test suite name")
    m.add_argument("--tests", nargs="+", metavar="GLOB", help="test names (globs, without the suite)")
    m.add_argument("--formats", nargs="+", default=list(BINLOG_FORMATS), type=str.upper,
                   choices=BINLOG_FORMATS, metavar="FORMAT", help="binlog formats: STATEMENT ROW MIXED")
    m.add_argument("--out", default=None, metavar="DIR", help="runs directory (default: $REPLBED_RUNS_DIR or runs)")
    m.add_argument("--run-id", default=None, metavar="ID", help="name of the run directory (default: generated)")
    m.add_argument("--parallel", type=int, default=1, help="MTR workers per server")
    m.add_argument("--testcase-timeout", type=int, default=2, metavar="MINUTES", help="MTR's per-test timeout")
    m.add_argument("--reuse-control", default=None, metavar="RUN_DIR",
                   help="take the control's results from a previous run of the same suite and MariaDB")
    m.set_defaults(func=cmd_mtr)


def _frames_parsers(sub: "argparse._SubParsersAction[Any]") -> None:
    """``replbed export-frames`` and ``read-frames``' options."""
    x = sub.add_parser("export-frames",
                       help="binlog files -> seed 003's framed protobuf stream (stdout or -o)")
    x.add_argument("files", nargs="+", metavar="BINLOG", help="binlog files")
    x.add_argument("-o", "--output", default=None, metavar="FILE", help="output file (default: stdout)")
    x.set_defaults(func=cmd_export_frames)

    rf = sub.add_parser("read-frames", help="print a framed protobuf stream")
    rf.add_argument("files", nargs="+", metavar="FILE", help="framed protobuf streams (export-frames output)")
    rf.add_argument("--format", choices=("text", "json"), default="text", help="output form")
    rf.set_defaults(func=cmd_read_frames)


def _maintenance_parsers(sub: "argparse._SubParsersAction[Any]") -> None:
    """``replbed prune`` and ``cleanup``'s options."""
    pr = sub.add_parser("prune", help="remove all but the newest N run directories")
    pr.add_argument("--keep", type=int, required=True, metavar="N", help="run directories to keep (required)")
    pr.add_argument("--runs", default=None, metavar="DIR",
                    help="runs directory (default: $REPLBED_RUNS_DIR or runs)")
    pr.set_defaults(func=cmd_prune)

    c = sub.add_parser("cleanup", help="kill servers left behind by crashed runs")
    c.add_argument("--dry-run", action="store_true", help="print what would be stopped, stop nothing")
    c.add_argument("--force", action="store_true",
                   help="also kill servers whose harness process still runs")
    c.set_defaults(func=cmd_cleanup)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="replbed", description=__doc__.splitlines()[0],
                epilog="replbed COMMAND --help for a command's options. Exit codes: 0 pass, "
                       "1 a case failed, 2 bad input or infrastructure error.")
    p.add_argument("--version", action="version", version=version())
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    _serve_parser(sub)
    _run_parser(sub)
    _decode_parser(sub)
    _compare_parser(sub)
    _fuzz_parser(sub)
    _mtr_parser(sub)
    _frames_parsers(sub)
    _maintenance_parsers(sub)
    _roots_parser(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors, 0 on --help
        return int(exc.code or 0)
    previous = None
    if args.command in ("run", "serve", "fuzz"):
        try:
            previous = signal.signal(signal.SIGTERM, _sigterm_to_interrupt)
        except ValueError:  # not the main thread
            previous = None
    try:
        return int(args.func(args))
    except CliError as exc:
        print(f"replbed {args.command}: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print(f"replbed {args.command}: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # noqa: BLE001 - infrastructure failure: one clear line + exit 2
        from harness.providers.base import ProviderError

        if isinstance(exc, ProviderError):
            print(f"replbed {args.command}: server error: {exc}", file=sys.stderr)
            return EXIT_ERROR
        raise
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":
    sys.exit(main())
