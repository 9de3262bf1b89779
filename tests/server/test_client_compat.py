"""Every common client sees replbed serve as it sees MariaDB 10.11 (issue 13.0).

One scripted session (tests/server/compat/session.py: DDL, single- and multi-row DML
with their info strings, warnings, errors, a multi-statement query, every supported
column type, NULLs, rows of 1 and 8 MiB, prepared statements, USE / COM_INIT_DB,
COM_PING, COM_CHANGE_USER, COM_QUIT) runs through each client against a real MariaDB
(local provider) and against ``replbed serve``; the normalized outputs must be equal
step by step. Clients: the ``mariadb`` command-line client (with ``--column-type-info``,
so column metadata is compared too), mysql-connector-python pure and C extension,
PyMySQL, mysqlclient (MySQLdb, on libmariadb) and mysql2 from npm (which also prints
the server status word and the session-state changes of every OK packet).

KNOWN_DIFFERENCES lists the steps that still differ, with the reason; such a step must
differ (a fixed one fails the test until it is removed from the list), and every other
step must be equal.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from harness.providers.base import ServerHandle

HERE = Path(__file__).resolve().parent
COMPAT = HERE / "compat"
sys.path.insert(0, str(COMPAT))
import session as script  # noqa: E402

ROOT = HERE.parents[1]

#: step -> why replbed still answers it differently (empty: every step is equal).
KNOWN_DIFFERENCES: dict[str, str] = {}
#: The same for the mariadb command-line client only, which also prints column metadata.
KNOWN_CLI_DIFFERENCES: dict[str, str] = {}

PY_DRIVERS = ["connector-pure", "connector-cext", "pymysql", "mysqldb"]


def _py_driver_available(driver: str) -> str | None:
    module = {"connector-pure": "mysql.connector", "connector-cext": "_mysql_connector",
              "pymysql": "pymysql", "mysqldb": "MySQLdb"}[driver]
    probe = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True, text=True)
    return None if probe.returncode == 0 else f"{module} not importable: {probe.stderr.strip()[-200:]}"




def _short(line: str) -> str:
    if len(line) > 65536:
        return f"<{len(line)} chars sha1={hashlib.sha1(line.encode('utf-8', 'surrogateescape')).hexdigest()}>"
    return line


def _json_steps(out: str) -> dict[str, str]:
    steps: dict[str, str] = {}
    for line in out.splitlines():
        rec = json.loads(line)
        steps[rec.pop("step")] = json.dumps(rec, sort_keys=True, ensure_ascii=False)
    return steps


def cli_script(db: str) -> tuple[str, dict[str, str]]:
    """The session for the mariadb client, one statement per line, and the step of each
    statement text; the multi-statement query inside a DELIMITER block, so the client
    sends it as one COM_QUERY."""
    lines: list[str] = []
    steps: dict[str, str] = {}
    for name, sql in script.STEPS:
        text = sql.format(db=db)
        lines.append(text + ";")
        steps[text] = name
    lines += ["DELIMITER //", script.MULTI + "//", "DELIMITER ;"]
    steps[script.MULTI] = "multi_statement"
    lines.append("SELECT DATABASE(), COUNT(*) FROM t;")
    steps["SELECT DATABASE(), COUNT(*) FROM t"] = "after_change_user"
    lines.append(f"DROP DATABASE {db};")
    steps[f"DROP DATABASE {db}"] = "drop_db_end"
    return "\n".join(lines) + "\n", steps


def cli_steps(stdout: str, stderr: str, steps_by_text: dict[str, str]) -> dict[str, str]:
    """Cut ``mariadb -vvv`` output at the statements it echoes; an error (on stderr, ``at
    line N``) goes to the step on that line of the script."""
    parts = re.split(r"^-{14}\n(.*?)\n-{14}\n", stdout, flags=re.M | re.S)
    steps: dict[str, str] = {}
    for query, block in zip(parts[1::2], parts[2::2]):
        name = steps_by_text.get(query, _short(query))
        text = re.sub(r"\(\d+\.\d+ sec\)", "(T sec)", block)
        steps[name] = "\n".join(_short(x) for x in text.splitlines())
    by_line = {n: name for n, (name, _sql) in enumerate(script.STEPS, 1)}
    for err in stderr.splitlines():
        m = re.match(r"ERROR (\d+) \((\w+)\) at line (\d+): (.*)", err)
        if m:
            name = by_line.get(int(m.group(3)), "multi_statement")
            steps[name] = steps.get(name, "") + f"\nERROR {m.group(1)} ({m.group(2)}): {_short(m.group(4))}"
        elif err.strip():
            steps["stderr"] = steps.get("stderr", "") + err + "\n"
    return steps


# -- running one client -----------------------------------------------------------------


def run_client(client: str, handle: ServerHandle, db: str) -> dict[str, str]:
    host, port, user, password = handle.host, str(handle.port), handle.user, handle.password
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if client == "mariadb-cli":
        text, by_text = cli_script(db)
        proc = subprocess.run(
            ["mariadb", f"-h{host}", f"-P{port}", f"-u{user}", f"--password={password}", "--force",
             "--show-warnings", "--column-type-info", "-vvv", "--batch"],
            input=text.encode(), capture_output=True, timeout=300)
        return cli_steps(proc.stdout.decode("utf-8", "surrogateescape"),
                         proc.stderr.decode("utf-8", "surrogateescape"), by_text)
    if client == "mysql2":
        session = {"steps": script.STEPS, "multi": script.MULTI, "prepared_insert": script.PREPARED_INSERT,
                   "prepared_select": script.PREPARED_SELECT}
        proc = subprocess.run(["node", str(COMPAT / "node_client.js"), host, port, user, password, db],
                              input=json.dumps(session).encode(), capture_output=True, timeout=300)
    else:
        proc = subprocess.run([sys.executable, str(COMPAT / "py_client.py"), client, host, port, user, password, db],
                              capture_output=True, timeout=300, env=env)
    assert proc.returncode == 0, f"{client} against {handle}: {proc.stderr.decode(errors='replace')[-2000:]}"
    return _json_steps(proc.stdout.decode())


def compare(reference: dict[str, str], replbed: dict[str, str], known: set[str]) -> list[str]:
    """Problems: a step that differs and is not known to, or one known to differ that does not."""
    problems = []
    for step in sorted(set(reference) | set(replbed)):
        a, b = reference.get(step), replbed.get(step)
        if step in known:
            if a == b:
                problems.append(f"{step}: listed as a known difference but now equal; remove it from the list")
        elif a != b:
            problems.append(f"{step}:\n  MariaDB: {str(a)[:1500]}\n  replbed: {str(b)[:1500]}")
    return problems


def _skip_reason(client: str) -> str | None:
    if client == "mariadb-cli":
        return None if shutil.which("mariadb") else "the mariadb client is not installed"
    if client == "mysql2":
        if shutil.which("node") is None:
            return "node is not installed"
        if not (COMPAT / "node_modules" / "mysql2").is_dir():
            return f"mysql2 not installed in {COMPAT} (scripts/bootstrap.sh runs npm ci there)"
        return None
    return _py_driver_available(client)


@pytest.mark.server
@pytest.mark.parametrize("client", ["mariadb-cli", *PY_DRIVERS, "mysql2"])
def test_client_sees_replbed_as_mariadb(servers: tuple[ServerHandle, ServerHandle], client: str) -> None:
    reason = _skip_reason(client)
    if reason:
        pytest.skip(reason)
    ref, rb = servers
    db = "compat_" + re.sub(r"\W", "_", client)
    reference = run_client(client, ref, db)
    replbed = run_client(client, rb, db)
    assert len(reference) >= len(script.STEPS), reference
    known = set(KNOWN_DIFFERENCES) | (set(KNOWN_CLI_DIFFERENCES) if client == "mariadb-cli" else set())
    problems = compare(reference, replbed, known)
    assert not problems, f"{client}: {len(problems)} step(s) differ:\n" + "\n".join(problems)


def test_compare_flags_a_difference_and_a_stale_known_difference() -> None:
    """The checker can fail: a changed step, a missing step, and a known difference
    that is no longer one are each reported."""
    ref = {"a": "1", "b": "2", "k": "x"}
    assert compare(ref, dict(ref), set()) == []
    assert compare(ref, {**ref, "b": "3"}, set())[0].startswith("b:")
    assert compare(ref, {"a": "1", "k": "x"}, set())[0].startswith("b:")
    assert "known difference" in compare(ref, dict(ref), {"k"})[0]
    assert compare(ref, {**ref, "k": "y"}, {"k"}) == []
