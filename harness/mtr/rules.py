"""Which mysql-test tests are outside replbed's scope, by rule (docs/MTR.md).

A test is excluded because of what it needs (a debug build, a plugin, a server
restart, an engine the model does not have, backup stages, a second server),
never by name: each rule is a pattern over the test file and the include files
it sources directly, with the reason the report and docs/MTR.md print.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class ScopeRule:
    name: str
    pattern: re.Pattern[str]
    reason: str


def _rule(name: str, pattern: str, reason: str) -> ScopeRule:
    return ScopeRule(name, re.compile(pattern, re.IGNORECASE | re.MULTILINE), reason)


#: Checked in this order; the first that matches names the reason.
RULES: tuple[ScopeRule, ...] = (
    _rule("debug-build", r"have_debug(_sync)?\.inc|\bdebug_dbug\b|\bdebug_sync\b|have_debug_binlog",
          "needs a debug build of the server (DBUG injection points, DEBUG_SYNC)"),
    _rule("restart", r"restart_mysqld|kill_mysqld|shutdown_mysqld|kill_and_restart|"
          r"crash_and_restart|wait_until_disconnected\.inc|send_shutdown|\bshutdown_server\b",
          "restarts or kills the server (extern mode cannot; replbed keeps tables in memory)"),
    _rule("backup-stage", r"\bBACKUP\s+STAGE\b|\bBACKUP\s+LOCK\b",
          "backup stages and backup locks belong to the backup subsystem, not the binary log"),
    _rule("plugin", r"have_udf\.inc|have_example_plugin|INSTALL\s+(PLUGIN|SONAME)|have_file_key_management|"
          r"have_simple_parser|have_pam",
          "needs a plugin or a UDF library"),
    _rule("engine", r"have_(partition|archive|csv|sequence|rocksdb|spider|connect|federated|s3)\.inc|"
          r"ENGINE\s*=\s*(ARCHIVE|CSV|SEQUENCE|FEDERATED|CONNECT|SPIDER|ROCKSDB|S3)\b|PARTITION\s+BY\b",
          "a storage engine or partitioning replbed does not model"),
    _rule("replication-topology", r"master-slave\.inc|rpl_init\.inc|\bSTART\s+SLAVE\b|\bCHANGE\s+MASTER\b",
          "needs a replica server (a replication topology)"),
    _rule("galera", r"\bwsrep", "Galera cluster (wsrep)"),
    _rule("performance-schema", r"\bperformance_schema\.", "reads performance_schema, which replbed does not model"),
    _rule("engine-internals", r"\bInnodb_(data_\w+|buffer_pool_\w+|row_lock_\w+|rows_\w+|page_size|os_log_\w+|log_\w+)\b",
          "reads InnoDB's own status counters (I/O, buffer pool, row locks), which the model does not keep: "
          "they are the storage engine's business, not the binary log's"),
    _rule("binlog-encryption", r"\bencrypt[-_]binlog\b", "binary log encryption (a key management plugin)"),
)

_SOURCE = re.compile(r"^\s*-{0,2}\s*source\s+([^\s;]+)", re.IGNORECASE | re.MULTILINE)


def _code(text: str) -> str:
    """The text without mysqltest comment lines (``#``): a rule matches what runs."""
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))


def test_text(test_file: Path, mysql_test_dir: Path) -> str:
    """The test file and the include files it sources directly (the suite's or the common ones)."""
    text = _code(test_file.read_text(encoding="utf-8", errors="replace"))
    parts = [text]
    suite_dir = test_file.parent.parent
    for inc in _SOURCE.findall(text):
        if "$" in inc:
            continue
        for base in (mysql_test_dir, suite_dir, test_file.parent):
            p = base / inc
            if p.is_file():
                parts.append(_code(p.read_text(encoding="utf-8", errors="replace")))
                break
    return "\n".join(parts)


def out_of_scope(test_file: Path, mysql_test_dir: Path) -> ScopeRule | None:
    """The first rule the test matches, or None when it is in scope."""
    text = test_file.read_text(encoding="utf-8", errors="replace") if test_file.is_file() else ""
    full = test_text(test_file, mysql_test_dir) if text else ""
    for rule in RULES:
        if rule.pattern.search(full):
            return rule
    return None
