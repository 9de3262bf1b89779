"""The ``mtr`` schema MTR's bootstrap creates, for a server started outside MTR.

In ``--extern`` mode MTR does not bootstrap the server, yet tests call
``mtr.add_suppression()`` (and check-testcase calls ``mtr.check_testcase()``).
The schema comes from the suite's own ``include/mtr_warnings.sql`` and
``include/mtr_check.sql``, converted the way MTR's ``sql_to_bootstrap`` does
(mysqltest ``delimiter`` lines, ``--`` comments), and is created with
``sql_log_bin=0`` as bootstrap creates it outside any binary log.
"""

from __future__ import annotations

from pathlib import Path

SCHEMA_FILES = ("include/mtr_warnings.sql", "include/mtr_check.sql")


def bootstrap_statements(sql: str) -> list[str]:
    """Split a mysqltest-flavoured SQL file into statements (MTR's sql_to_bootstrap)."""
    out: list[str] = []
    delimiter = ";"
    current: list[str] = []
    for line in sql.splitlines():
        if line.startswith("delimiter "):
            new = line[len("delimiter "):].strip()
            if new.endswith(delimiter):
                new = new[: -len(delimiter)]
            delimiter = new
            continue
        if line.rstrip().endswith(delimiter):
            current.append(line.rstrip()[: -len(delimiter)])
            stmt = " ".join(current).strip()
            if stmt:
                out.append(stmt)
            current = []
            continue
        if line.lstrip().startswith("--"):
            continue
        current.append(line.replace("'@HOSTNAME@'", "localhost"))
    return out


def mtr_schema_statements(mysql_test_dir: Path) -> list[str]:
    """Every statement that creates the ``mtr`` and ``test`` schemas, unlogged, then RESET MASTER."""
    # mariadb-install-db --skip-test-db leaves no ``test``; MTR's bootstrap has one.
    stmts = ["SET SESSION sql_log_bin=0", "CREATE DATABASE IF NOT EXISTS test",
             "CREATE DATABASE IF NOT EXISTS mtr CHARACTER SET latin1", "USE mtr"]
    for name in SCHEMA_FILES:
        stmts += [s for s in bootstrap_statements((mysql_test_dir / name).read_text()) if s.lower() != "use mtr"]
    return stmts + ["USE test"]


def replbed_fallbacks(refused: list[str]) -> list[str]:
    """Equivalents for what MTR's tests use, when the server refused the originals.

    ``mtr.add_suppression()`` inserts into ``mtr.test_suppressions`` (a MyISAM
    table, so the insert is logged as on the real server); its trailing
    ``FLUSH NO_WRITE_TO_BINLOG TABLE`` writes nothing to the binary log."""
    text = "\n".join(" ".join(s.split()) for s in refused)
    out: list[str] = ["USE mtr"]
    if "CREATE TABLE test_suppressions" in text:
        out.append("CREATE TABLE test_suppressions (pattern VARCHAR(255)) ENGINE=MyISAM")
    if "CREATE TABLE global_suppressions" in text:
        out.append("CREATE TABLE global_suppressions (pattern VARCHAR(255)) ENGINE=MyISAM")
    if "PROCEDURE add_suppression" in text:
        out.append("CREATE DEFINER=root@localhost PROCEDURE add_suppression(pattern VARCHAR(255)) "
                   "BEGIN INSERT INTO test_suppressions (pattern) VALUES (pattern); END")
    return out + ["USE test"]
