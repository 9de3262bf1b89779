"""Reading ``mariadb-test-run`` output: per-test results and why a test failed.

MTR prints one line per test (``binlog.x  [ pass ]``, ``[ fail ]``, ``[ skipped ]
reason``); after a failure it prints mysqltest's own message (the statement that
failed and its error) or the diff of the .result against the .reject. The class
is what a reader needs to fix the server: the error code for a failed statement,
"result differs" with the first differing line for a diff, a timeout for a hang.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_RESULT = re.compile(r"^(?P<name>[\w.-]+\.[\w-]+)(?:\s+'(?P<comb>[^']*)')?\s+(?:w\d+\s+)?"
                     r"\[ (?P<res>pass|fail|skipped|disabled|retry-fail|retry-pass) \]\s*(?P<rest>.*)$")
_QUERY_FAILED = re.compile(r"query '(?P<sql>.*?)' failed: (?:(?P<sym>\w+|<Unknown>) )?\(?(?P<code>\d+)\)?: (?P<msg>[^\n]*)", re.S)
_CMD_FAILED = re.compile(r"command \"(?P<cmd>.*)\" failed")
_EXEC_FAILED = re.compile(r"exec of '(?P<cmd>[^']*)' failed")
_CLIENT_ERROR = re.compile(r"^ERROR (?P<code>\d+) \([0-9A-Z]{5}\)(?: at line \d+)?: (?P<msg>.*)$", re.M)
_NO_SUCH_ROW = "missing status or variable row (query_get_value: No such row)"
_ASSERTION = re.compile(r"At line \d+: (?:(?P<inc>[\w.]+\.inc) failed|Test assertion failed)")
_DIE = re.compile(r"At line \d+: Explicit --die command executed")
_AT_LINE = re.compile(r"^(?:mysqltest: )?At line \d+: (?P<msg>.+)$", re.M)
_CONNECT = re.compile(r"Could not open connection '[^']*': (?P<code>\d+) (?P<msg>.*)")
_EXPECTED = re.compile(r"query '(?P<sql>.*?)' succeeded - should have failed with (?:error )?(?P<what>[^\n]*)", re.S)
_WRONG_ERR = re.compile(r"query '(?P<sql>.*?)' failed with wrong errno (?:(?P<sym>\w+) )?\(?(?P<code>\d+)\)?: "
                        r"'(?P<msg>[^\n]*)'", re.S)

_SEPARATOR = "-" * 40

#: Error codes with a class of their own; any other code is "error N".
CODE_CLASSES = {
    1235: "statement not in the modelled subset (1235)",
    1064: "syntax the server accepts (1064)",
    1193: "unknown system variable (1193)",
    1146: "missing object (1146 table)",
    1049: "missing object (1049 database)",
    1305: "missing object (1305 routine)",
    1109: "missing object (1109 I_S/unknown table)",
    1115: "missing object (1115 charset)",
    1286: "missing object (1286 engine)",
    2027: "protocol: malformed packet (2027)",
    2013: "protocol: lost connection (2013)",
    2006: "protocol: server gone (2006)",
    2002: "cannot connect (2002 socket)",
}


@dataclass
class TestResult:
    """One test's line in MTR's output and the text MTR printed after it."""

    name: str  # suite.test
    result: str  # pass | fail | skipped | disabled
    comment: str = ""
    detail: list[str] = field(default_factory=list)


def parse_output(text: str) -> dict[str, TestResult]:
    """Every test MTR reported, by ``suite.test`` (the last report wins after a retry)."""
    out: dict[str, TestResult] = {}
    current: TestResult | None = None
    for line in text.splitlines():
        m = _RESULT.match(line)
        if m:
            res = m["res"].replace("retry-", "")
            current = TestResult(m["name"], res, m["rest"].strip())
            out[current.name] = current
            continue
        # MTR's own separator is a long row of dashes; the client's ``--------------``
        # around the statement a replay failed on (14 dashes) belongs to the failure.
        if line.startswith(_SEPARATOR) or line.startswith("The servers were restarted") or line.startswith("Completed:"):
            current = None
            continue
        if current is not None and current.result == "fail":
            current.detail.append(line)
    return out


def classify(detail: list[str]) -> tuple[str, str]:
    """(class, example) for a failed test from the text MTR printed after ``[ fail ]``."""
    text = "\n".join(detail)
    # mysqltest quotes the whole statement, which may span lines: match over the text.
    m = _WRONG_ERR.search(text)
    if m:
        code = int(m["code"])
        return CODE_CLASSES.get(code, f"wrong error code ({code})"), f"{_clip(m['sql'])} -> {code} {_clip(m['msg'])}"
    m = _EXPECTED.search(text)
    if m:
        return "succeeded where the server fails", f"{_clip(m['sql'])}: should have failed with {m['what']}"
    m = _QUERY_FAILED.search(text)
    if m and "No such row" in m["sql"] + m["msg"]:
        return _NO_SUCH_ROW, f"{_clip(m['sql'])} -> {m['code']}"
    if m:
        code = int(m["code"])
        return CODE_CLASSES.get(code, f"error {code}"), f"{_clip(m['sql'])} -> {code} {_clip(m['msg'])}"
    m = _EXEC_FAILED.search(text)
    if m:
        cmd = m["cmd"]
        if "Got error reading packet from server" in text:
            return "protocol: mariadb-binlog --read-from-remote-server", _first(detail, "Got error reading packet")
        e = _CLIENT_ERROR.search(text)
        if e and "| " in cmd:
            return f"replay: mariadb-binlog | mariadb failed ({e['code']})", _clip(e.group(0))
        tool = _tool(cmd)
        return f"external command failed ({tool})", _clip(cmd)
    m = _CONNECT.search(text)
    if m:
        code = int(m["code"])
        return CODE_CLASSES.get(code, f"cannot connect ({code})"), _clip(m.group(0))
    m = _CMD_FAILED.search(text)
    if m:
        cmd = m["cmd"]
        tool = _tool(cmd)
        return f"external command failed ({tool})", _clip(cmd)
    m = _ASSERTION.search(text)
    if m:
        what = _first(detail, r"^assert_text:|Test assertion failed:") or _clip(m.group(0))
        return f"test assertion failed ({m['inc'] or 'assert.inc'})", what
    if "No such row" in text:
        # query_get_value() found no row (a status counter or variable the model lacks);
        # mysqltest substitutes the text and the statement using it fails.
        return _NO_SUCH_ROW, _first(detail, r"query_get_value|No such row")
    if _DIE.search(text):
        # The test's own check failed: what it echoed last says what it expected.
        return "test's own check failed (--die)", _last_output(detail)
    if re.search(r"Test case timeout|[Tt]imeout after|timed out", text):
        return "hang (testcase timeout)", _first(detail, r"[Tt]ime")
    if "mismatch" in text or any(line.startswith("@@") for line in detail):
        return "result differs", first_diff_line(detail)
    if "server has gone away" in text or "Lost connection" in text:
        return "protocol: lost connection (2013)", _first(detail, r"gone away|Lost connection")
    m = _AT_LINE.search(text)
    if m:
        # Any other mysqltest abort: its message, without paths and numbers, is the class.
        msg = re.sub(r"'[^']*'|\"[^\"]*\"|\d+", "…", m["msg"]).strip()
        return f"mysqltest: {_clip(msg, 80)}", _clip(m["msg"])
    return "other", _first(detail, r"^(?!\s*Test ended)\S") if detail else ""


def first_diff_line(detail: list[str]) -> str:
    """The first line the .result and the .reject differ in (``-expected`` / ``+got``)."""
    in_hunk = False
    minus = plus = context = ""
    for line in detail:
        if line.startswith("@@"):
            in_hunk = True
            continue
        if not in_hunk or line.startswith(("---", "+++")):
            continue
        if line.startswith(" ") and not (minus or plus):
            context = line.strip()
        if line.startswith("-") and not minus:
            minus = line
        elif line.startswith("+") and not plus:
            plus = line
        if minus and plus:
            break
    where = f"after `{context[:80]}`: " if context else ""
    return (where + " | ".join(x for x in (minus, plus) if x))[:300]


def _tool(cmd: str) -> str:
    """The program a failed command ran (its first word's base name; $MYSQL_BINLOG too)."""
    words = cmd.split()
    if not words:
        return cmd
    first = words[0].rsplit("/", 1)[-1]
    return "mariadb-binlog" if "binlog" in first.lower() else first


def _last_output(detail: list[str]) -> str:
    """The last line the test printed before it died (MTR shows the result so far)."""
    try:
        start = next(i for i, line in enumerate(detail) if line.startswith("The result from queries just before"))
    except StopIteration:
        return ""
    lines = [line.strip() for line in detail[start + 1:] if line.strip() and not line.lstrip().startswith("- saving")]
    return _clip(lines[-1]) if lines else ""


def _first(lines: list[str], pattern: str) -> str:
    for line in lines:
        if re.search(pattern, line):
            return line.strip()[:300]
    return ""


def _clip(s: str, n: int = 200) -> str:
    s = " ".join(s.split())
    return s if len(s) <= n else s[: n - 1] + "…"
