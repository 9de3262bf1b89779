"""Out-of-scope rules: a test is excluded by what it (or a file it sources) needs, never by name."""

from __future__ import annotations

from pathlib import Path

from harness.mtr.rules import RULES, out_of_scope


def _suite(tmp_path: Path, test: str, includes: dict[str, str] | None = None) -> Path:
    mt = tmp_path / "mysql-test"
    (mt / "suite" / "s" / "t").mkdir(parents=True)
    (mt / "include").mkdir()
    for name, text in (includes or {}).items():
        (mt / name).write_text(text)
    f = mt / "suite" / "s" / "t" / "x.test"
    f.write_text(test)
    return f


def test_a_plain_test_is_in_scope(tmp_path: Path) -> None:
    f = _suite(tmp_path, "--source include/have_binlog_format_row.inc\nCREATE TABLE t (a INT);\n")
    assert out_of_scope(f, tmp_path / "mysql-test") is None


def test_rules_match_the_test_and_the_files_it_sources(tmp_path: Path) -> None:
    f = _suite(tmp_path, "--source include/wrapper.inc\n", {"include/wrapper.inc": "BACKUP STAGE START;\n"})
    rule = out_of_scope(f, tmp_path / "mysql-test")
    assert rule is not None and rule.name == "backup-stage"


def test_a_comment_does_not_exclude_a_test(tmp_path: Path) -> None:
    f = _suite(tmp_path, "# also run by binlog_encryption with encrypt_binlog\n"
                         "# source include/have_debug.inc\nSELECT 1;\n")
    assert out_of_scope(f, tmp_path / "mysql-test") is None


def test_each_rule_has_a_reason_and_debug_comes_first(tmp_path: Path) -> None:
    assert all(r.reason for r in RULES)
    f = _suite(tmp_path, "--source include/have_debug.inc\n--source include/restart_mysqld.inc\n")
    rule = out_of_scope(f, tmp_path / "mysql-test")
    assert rule is not None and rule.name == "debug-build"


def test_docs_list_every_rule() -> None:
    docs = (Path(__file__).resolve().parents[2] / "docs" / "MTR.md").read_text()
    for r in RULES:
        assert f"`{r.name}`" in docs, r.name


def test_reading_innodb_internal_counters_is_out_of_scope_a_binlog_counter_is_not(tmp_path: Path) -> None:
    f = _suite(tmp_path, "--let $s= query_get_value(SHOW STATUS LIKE 'Innodb_data_fsyncs', Value, 1)\n")
    rule = out_of_scope(f, tmp_path / "mysql-test")
    assert rule is not None and rule.name == "engine-internals"
    g = tmp_path / "g"
    g.mkdir()
    f2 = _suite(g, "show status like \"binlog_cache_use\";\nCREATE TABLE t (a INT) ENGINE=InnoDB;\n")
    assert out_of_scope(f2, g / "mysql-test") is None
