"""Parser for ``.wl`` workload files (format described in docs/WORKLOADS.md).

The notation mirrors the seeds (``con1: BEGIN``) so a case can be checked
against the document it came from by eye.  The parser is strict on purpose:
a typo in a key or a connection name would otherwise silently produce a
different workload on both sides, and the diff would look clean.
"""

from __future__ import annotations

import glob as globlib
import re
from collections.abc import Iterable
from pathlib import Path

from harness.config import BINLOG_FORMATS
from harness.workload.codes import ERROR_CODES
from harness.workload.model import (
    ADMIN_CONNECTION,
    ALL_CONNECTIONS,
    SETUP_CONNECTION,
    Case,
    DataFile,
    SessionSettings,
    Setting,
    Step,
    WorkloadError,
)
from harness.workload.params import ParamError, split_prepared

_HEADER = re.compile(r"^\[case\s+([A-Za-z0-9_.-]+)\s*\]\s*(?:#.*)?$")
_HEADER_LOOSE = re.compile(r"^\[")
_NAME = r"[A-Za-z][A-Za-z0-9_]*"
_STEP = re.compile(rf"^({_NAME})\s*:\s?(.*)$")
_KEY = re.compile(rf"^({_NAME}(?:\.{_NAME})?)\s*=\s*(.*)$")
# `=> target` at the very end of a statement, optionally followed by a comment.
_EXPECT = re.compile(r"\s=>\s*(\S+)\s*(?:#.*)?$")
_PLAIN_KEYS = ("rule", "seed", "description", "formats", "servers")
FILE_SCOPE = "file"
_FILE_REF = re.compile(r"\{file\.([A-Za-z][A-Za-z0-9_]*)\}")
_FILE_VALUE = re.compile(r"^'((?:[^'\\]|\\.)*)'\s*(?:\*\s*([0-9]+))?\s*(?:#.*)?$", re.DOTALL)
_FILE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", "'": "'", "Z": "\x1a"}
FILE_MAX_BYTES = 64 << 20


def parse_file_content(value: str) -> bytes:
    """``'text'`` (escapes \\n \\t \\r \\0 \\Z \\\\ \\') or ``'text' * N``: N copies, ``{n}``
    in each replaced by its number (1..N) -- how a case writes a file larger than a block."""
    m = _FILE_VALUE.match(value.strip())
    if m is None:
        raise ValueError("expected a quoted string, optionally followed by '* N'")
    text = re.sub(r"\\(.)", lambda e: _FILE_ESCAPES.get(e.group(1), e.group(1)), m.group(1))
    if m.group(2) is None:
        return text.encode("utf-8")
    n = int(m.group(2))
    if n < 1 or len(text) * n > FILE_MAX_BYTES:
        raise ValueError(f"'* {n}': the count must be 1 or more and the file at most {FILE_MAX_BYTES} bytes")
    return "".join(text.replace("{n}", str(i)) for i in range(1, n + 1)).encode("utf-8")


def data_files_root() -> Path:
    """The directory every case's data files live under: servers that restrict LOAD DATA
    INFILE (``--secure-file-priv``: MySQL 9.7, the containers) are given this one."""
    import tempfile
    return Path(tempfile.gettempdir()) / "replbed-load"


def data_file_path(case: str, name: str) -> str:
    """Where a case's data file lives: the same path on both sides of a run."""
    return str(data_files_root() / case / name)


_RUNNER_VARS = {"binlog_format": "binlog_format is set by the runner; use 'formats =' instead"}


def _strip_comment(value: str) -> str:
    """Drop a trailing ``# comment`` from a key's value (values never contain ``#``)."""
    return value.split("#", 1)[0].strip()


class _CaseBuilder:
    def __init__(self, name: str, source: Path, line: int) -> None:
        self.name = name
        self.source = source
        self.line = line
        self.keys: dict[str, str] = {}
        self.key_lines: dict[str, int] = {}
        self.settings: list[Setting] = []
        self.files: dict[str, DataFile] = {}
        self.setup: list[Step] = []
        self.steps: list[Step] = []
        # Lines of the statement being assembled (for continuation lines).
        self.pending: tuple[str, list[str], int] | None = None
        # Connections with a sent, not yet reaped statement -> the send's line.
        self.pending_sends: dict[str, int] = {}
        # The statement being flushed: its ``=> KIND[/FORMAT]:CODE`` annotations.
        self.by_server: dict[tuple[str, str], int | None] = {}

    def error(self, line: int, message: str) -> WorkloadError:
        return WorkloadError(self.source, line, message)

    def add_key(self, key: str, value: str, line: int) -> None:
        if key.startswith(FILE_SCOPE + "."):
            self.add_file(key.split(".", 1)[1], value, line)
            return
        if "." in key:
            scope, var = key.split(".", 1)
            var = var.lower()
            if var in _RUNNER_VARS:
                raise self.error(line, _RUNNER_VARS[var])
            if scope == ADMIN_CONNECTION:
                raise self.error(line, "the admin connection belongs to the runner")
            value = _strip_comment(value)
            if not value:
                raise self.error(line, f"empty value for {key}")
            if any(s.scope == scope and s.variable == var for s in self.settings):
                raise self.error(line, f"duplicate setting {scope}.{var}")
            self.settings.append(Setting(scope, var, value, line))
            return
        key = key.lower()
        if key not in _PLAIN_KEYS:
            raise self.error(
                line,
                f"unknown key {key!r}; expected one of {', '.join(_PLAIN_KEYS)} "
                "or <connection>.<session variable>",
            )
        if key in self.keys:
            raise self.error(line, f"duplicate key {key!r} in case {self.name}")
        # Descriptions may legitimately contain '#'; other values never do.
        if key == "servers" and "#" in value:
            self.keys["servers_reason"] = value.split("#", 1)[1].strip()
        value = value.strip() if key == "description" else _strip_comment(value)
        self.keys[key] = value
        self.key_lines[key] = line

    def add_file(self, name: str, value: str, line: int) -> None:
        if name in self.files:
            raise self.error(line, f"duplicate file {name!r}")
        try:
            content = parse_file_content(value)
        except ValueError as exc:
            raise self.error(line, f"file.{name}: {exc}") from None
        self.files[name] = DataFile(name, data_file_path(self.name, name), content, line)

    def substitute_files(self, sql: str, line: int) -> str:
        """``{file.NAME}`` -> the file's path; an unknown name is an error."""
        def path(m: re.Match[str]) -> str:
            f = self.files.get(m.group(1))
            if f is None:
                raise self.error(line, f"{{file.{m.group(1)}}}: no file.{m.group(1)} key before this statement")
            return f.path
        return _FILE_REF.sub(path, sql)

    def start_statement(self, connection: str, text: str, line: int) -> None:
        self.flush()
        self.pending = (connection, [text.strip()], line)

    def continue_statement(self, text: str, line: int) -> None:
        if self.pending is None:
            raise self.error(line, "indented continuation line does not follow a statement")
        self.pending[1].append(text.strip())

    def flush(self) -> None:
        if self.pending is None:
            return
        connection, parts, line = self.pending
        self.pending = None
        sql = " ".join(p for p in parts if p)
        expected: int | None = None
        by_format: tuple[tuple[str, int | None], ...] = ()
        m = _EXPECT.search(sql)
        self.by_server = {}
        if m:
            expected, by_format = _parse_expectations(m.group(1), self, line)
            sql = sql[: m.start()].rstrip()
        sql = sql.rstrip()
        if sql.endswith(";"):
            sql = sql[:-1].rstrip()
        if ";" in _outside_quotes(sql) and not _COMPOUND_CREATE.match(sql):
            raise self.error(line, "one statement per step: ';' inside a statement")
        if not sql:
            raise self.error(line, f"empty statement for {connection}")
        sql = self.substitute_files(sql, line)
        action, sql = self._action(connection, sql, expected, line)
        params = None
        if action in ("run", "send"):
            try:
                prepared = split_prepared(sql)
            except ParamError as exc:
                raise self.error(line, str(exc)) from None
            if prepared is not None:
                params, sql = prepared
        by_server = tuple((srv, f, code) for (srv, f), code in sorted(self.by_server.items()))
        if by_server and action not in ("run", "reap"):
            raise self.error(line, "'=>' with a server belongs on a statement that runs or is reaped")
        step = Step(connection, sql, expected, line, action, by_format, params, by_server)
        (self.setup if connection == SETUP_CONNECTION else self.steps).append(step)

    def _action(self, connection: str, sql: str, expected: int | None, line: int) -> tuple[str, str]:
        """``send SQL`` / ``reap`` / ``wait_blocked``: the interleaving keywords.

        Checked here so that a schedule the runner cannot drive (a reap with
        nothing sent, a statement on a connection still waiting for its
        result) is refused with the line that breaks it."""
        word = sql.split(None, 1)[0].lower()
        pending = self.pending_sends
        if word == "send" and len(sql.split(None, 1)) == 2:
            if connection == SETUP_CONNECTION:
                raise self.error(line, "setup statements cannot be sent without waiting")
            if expected is not None:
                raise self.error(line, "'=>' belongs on the reap of a sent statement, not on send")
            if connection in pending:
                raise self.error(line, f"{connection} already has a sent statement (line {pending[connection]}) "
                                       "that was not reaped")
            pending[connection] = line
            return "send", sql.split(None, 1)[1]
        if word in ("reap", "wait_blocked") and sql.strip().lower() == word:
            if connection not in pending:
                raise self.error(line, f"{word} on {connection}, which has no sent statement")
            if word == "reap":
                del pending[connection]
            elif expected is not None:
                raise self.error(line, "wait_blocked takes no '=>'")
            return word, ""
        if connection in pending:
            raise self.error(line, f"{connection} is still waiting for its statement sent at line "
                                   f"{pending[connection]}: reap it first")
        return "run", sql

    def build(self) -> Case:
        self.flush()
        if self.pending_sends:
            conn, at = next(iter(self.pending_sends.items()))
            raise self.error(at, f"statement sent on {conn} is never reaped")
        if not self.steps:
            raise self.error(self.line, f"empty case {self.name}: no steps")
        formats = BINLOG_FORMATS
        if "formats" in self.keys:
            formats = _parse_formats(self.keys["formats"], self, self.key_lines["formats"])
        used = {s.connection for s in self.steps} | {ALL_CONNECTIONS, SETUP_CONNECTION}
        for s in self.settings:
            if s.scope not in used:
                raise self.error(
                    s.line, f"setting for connection {s.scope!r}, which no step of the case uses"
                )
        return Case(
            name=self.name,
            source=self.source,
            line=self.line,
            steps=tuple(self.steps),
            setup=tuple(self.setup),
            rule=self.keys.get("rule") or None,
            seed=self.keys.get("seed") or None,
            description=self.keys.get("description") or None,
            formats=formats,
            settings=SessionSettings(tuple(self.settings)),
            files=tuple(self.files.values()),
            servers=_parse_servers(self.keys["servers"], self, self.key_lines["servers"])
            if "servers" in self.keys else (),
            servers_reason=self.keys.get("servers_reason") or None,
        )


# CREATE PROCEDURE/FUNCTION/TRIGGER with a BEGIN ... END body: inner ';' belong to it.
_COMPOUND_CREATE = re.compile(
    r"\s*CREATE\s+(?:OR\s+REPLACE\s+)?(?:DEFINER\s*=\s*\S+\s+)?(?:PROCEDURE|FUNCTION|TRIGGER)\b", re.IGNORECASE)


def _outside_quotes(sql: str) -> str:
    """``sql`` with quoted strings and identifiers blanked out."""
    out: list[str] = []
    quote: str | None = None
    i = 0
    while i < len(sql):
        ch = sql[i]
        if quote:
            if ch == "\\" and quote != "`":
                i += 2
                continue
            if ch == quote:
                quote = None
            i += 1
            continue
        if ch in "'\"`":
            quote = ch
        else:
            out.append(ch)
        i += 1
    return "".join(out)


def _parse_expectations(
    targets: str, case: _CaseBuilder, line: int,
) -> tuple[int | None, tuple[tuple[str, int | None], ...]]:
    """``=> T`` or ``=> [FORMAT:]T,…``: the default expectation and the per-format ones.

    A bare target is the expectation for every format not named (at most one;
    default OK); ``STATEMENT:1665`` states a format whose result differs.
    """
    default: int | None = None
    seen_default = False
    by_format: dict[str, int | None] = {}
    for part in targets.split(","):
        fmt, sep, target = part.rpartition(":")
        if not sep:
            if seen_default:
                raise case.error(line, f"bad '=>' target {targets!r}: more than one target for all formats")
            seen_default = True
            default = _parse_expectation(target, case, line)
            continue
        server, slash, fmt_part = fmt.partition("/")
        if _is_server_or_profile(server):
            fmt_u = fmt_part.upper() if slash else ""
            if slash and fmt_u not in BINLOG_FORMATS:
                raise case.error(line, f"bad '=>' target {part!r}: {fmt_part!r} is not one of STATEMENT ROW MIXED")
            key = (server.lower(), fmt_u)
            if key in case.by_server:
                raise case.error(line, f"bad '=>' target {targets!r}: {fmt} named twice")
            case.by_server[key] = _parse_expectation(target, case, line)
            continue
        fmt = fmt.upper()
        if fmt not in BINLOG_FORMATS:
            raise case.error(line, f"bad '=>' target {part!r}: {fmt!r} is not one of STATEMENT ROW MIXED")
        if fmt in by_format:
            raise case.error(line, f"bad '=>' target {targets!r}: {fmt} named twice")
        by_format[fmt] = _parse_expectation(target, case, line)
    return default, tuple(sorted(by_format.items()))


def _is_server(name: str) -> bool:
    """A kind (``mysql-9.7``) or family (``mysql``, ``mariadb``) naming a server in ``=>``."""
    from harness.kinds import KINDS

    return name.lower() in KINDS or name.lower() in ("mysql", "mariadb")


def _is_server_or_profile(name: str) -> bool:
    """``=>`` may also name a server profile of a kind (``mysql-9.7-gtid-on``): what the
    kind answers only when started so (GTID consistency refusals need GTID_MODE=ON)."""
    from harness.profile import PROFILES

    return _is_server(name) or (name.lower() in PROFILES and bool(PROFILES[name.lower()].kinds))


def _parse_servers(value: str, case: _CaseBuilder, line: int) -> tuple[str, ...]:
    names = tuple(t.lower() for t in value.replace(",", " ").split())
    if not names:
        raise case.error(line, "'servers =' needs at least one kind or family (mysql, mariadb, mysql-9.7, ...)")
    bad = [n for n in names if not _is_server_or_profile(n)]
    if bad:
        from harness.kinds import KINDS

        raise case.error(line, f"servers: unknown kind or family {bad[0]!r}; expected mysql, mariadb, one of "
                               f"{', '.join(KINDS)} or a profile of one (mysql-9.7-gtid-off, ...)")
    return names


def _parse_expectation(target: str, case: _CaseBuilder, line: int) -> int | None:
    if target.upper() == "OK":
        return None
    if target.isdigit():
        code = int(target)
        if code <= 0:
            raise case.error(line, f"bad '=>' target {target!r}: error numbers are positive")
        return code
    name = target.upper()
    if name in ERROR_CODES:
        return ERROR_CODES[name]
    raise case.error(
        line,
        f"bad '=>' target {target!r}: expected an error number, OK, or one of the "
        f"known names (ER_DUP_ENTRY, …; see harness/workload/codes.py)",
    )


def _parse_formats(value: str, case: _CaseBuilder, line: int) -> tuple[str, ...]:
    tokens = value.replace(",", " ").split()
    if not tokens:
        raise case.error(line, "'formats =' needs at least one of STATEMENT ROW MIXED")
    out: list[str] = []
    for tok in tokens:
        fmt = tok.upper()
        if fmt not in BINLOG_FORMATS:
            raise case.error(line, f"unknown format {tok!r}; expected STATEMENT, ROW or MIXED")
        if fmt in out:
            raise case.error(line, f"format {fmt} listed twice")
        out.append(fmt)
    return tuple(out)


def parse_workload(text: str, source: Path | str = "<string>") -> list[Case]:
    """Parse the text of one workload file into its cases."""
    source = Path(source)
    cases: list[Case] = []
    names: set[str] = set()
    current: _CaseBuilder | None = None
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            if current:
                current.flush()
            continue
        if stripped.startswith("#"):
            continue  # a comment does not end a statement's continuation lines
        if line[0] in " \t":
            if current is None:
                raise WorkloadError(source, lineno, "indented line before any [case ...] header")
            current.continue_statement(line, lineno)
            continue
        if _HEADER_LOOSE.match(line):
            m = _HEADER.match(line)
            if not m:
                raise WorkloadError(
                    source, lineno, f"bad case header {line!r}; expected [case name] "
                    "with a name of letters, digits, '_', '.', '-'",
                )
            if current:
                cases.append(current.build())
            name = m.group(1)
            if name in names:
                raise WorkloadError(source, lineno, f"duplicate case name {name!r}")
            names.add(name)
            current = _CaseBuilder(name, source, lineno)
            continue
        step = _STEP.match(line)
        key = _KEY.match(line)
        # `con1: SET x = 1` is a step; `con1.x = 1` is a setting.
        if step and (not key or len(step.group(1)) < len(key.group(1))):
            if current is None:
                raise WorkloadError(source, lineno, "statement before any [case ...] header")
            connection = step.group(1)
            if connection == ADMIN_CONNECTION or connection == ALL_CONNECTIONS:
                raise WorkloadError(
                    source, lineno, f"connection name {connection!r} is reserved"
                )
            current.start_statement(connection, step.group(2), lineno)
            continue
        if key:
            if current is None:
                raise WorkloadError(source, lineno, "key before any [case ...] header")
            current.flush()
            current.add_key(key.group(1), key.group(2), lineno)
            continue
        if current is None:
            raise WorkloadError(source, lineno, f"unrecognised line before any case: {line!r}")
        raise WorkloadError(
            source, lineno,
            f"unrecognised line {line!r}; expected 'key = value', '<connection>: SQL' "
            "or an indented continuation",
        )
    if current:
        cases.append(current.build())
    return cases


def _expand(spec: str | Path) -> list[Path]:
    path = Path(spec)
    if path.is_dir():
        return sorted(path.glob("*.wl"))
    if path.exists():
        return [path]
    return sorted(Path(p) for p in globlib.glob(str(spec), recursive=True))


def load_workloads(glob_or_paths: str | Path | Iterable[str | Path]) -> list[Case]:
    """Load every case from the files a glob (or a list of globs/paths) names.

    Case names must be unique across all files, because the run directory is
    keyed by case name.
    """
    specs: list[str | Path]
    if isinstance(glob_or_paths, (str, Path)):
        specs = [glob_or_paths]
    else:
        specs = list(glob_or_paths)
    files: list[Path] = []
    for spec in specs:
        found = _expand(spec)
        if not found:
            raise WorkloadError(spec, 0, "no workload files match")
        files.extend(f for f in found if f not in files)
    cases: list[Case] = []
    seen: dict[str, Case] = {}
    for f in files:
        try:
            text = f.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise WorkloadError(f, 0, f"cannot read workload file: {exc}") from exc
        for case in parse_workload(text, f):
            if case.name in seen:
                other = seen[case.name]
                raise WorkloadError(
                    f, case.line,
                    f"duplicate case name {case.name!r} (also at {other.source}:{other.line})",
                )
            seen[case.name] = case
            cases.append(case)
    return cases
