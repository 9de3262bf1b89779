"""Reading MTR's output: per-test results, and the class of a failure (each class fed its text)."""

from __future__ import annotations

from harness.mtr.classify import classify, first_diff_line, parse_output

OUTPUT = """\
==============================================================================
TEST                                      RESULT   TIME (ms) or COMMENT
--------------------------------------------------------------------------
worker[01] Using MTR_BUILD_THREAD 300, with reserved ports 19000..19029
binlog.backup                            [ skipped ]  Not MIXED format
binlog.binlog_row_insert_select          [ fail ]
        Test ended at 2026-11-24 07:59:38

--- /usr/share/mysql/mysql-test/suite/binlog/r/binlog_row_insert_select.result
+++ /usr/share/mysql/mysql-test/suite/binlog/r/binlog_row_insert_select.reject
@@ -15,8 +15,8 @@
 select * from t1;
 a
-1
 2
+1
 drop table t1, t2;

Result content mismatch

binlog.binlog_mixed                      [ fail ]
        Test ended at 2026-11-24 07:59:38

mysqltest: In included file "./include/have_innodb.inc":
At line 11: query 'if (`select count(*) from information_schema.system_variables`)
{' failed: ER_NO_SUCH_TABLE (1146): Table 'information_schema.system_variables' doesn't exist

binlog.binlog_stm_ps                     [ pass ]     12
--------------------------------------------------------------------------
The servers were restarted 0 times
"""


def test_parse_output_reads_every_result_and_the_text_after_a_failure() -> None:
    res = parse_output(OUTPUT)
    assert {k: v.result for k, v in res.items()} == {
        "binlog.backup": "skipped", "binlog.binlog_row_insert_select": "fail",
        "binlog.binlog_mixed": "fail", "binlog.binlog_stm_ps": "pass"}
    assert res["binlog.backup"].comment == "Not MIXED format"
    assert any("Result content mismatch" in line for line in res["binlog.binlog_row_insert_select"].detail)
    assert not any("mismatch" in line for line in res["binlog.binlog_mixed"].detail)


def test_a_result_diff_names_the_first_differing_lines_after_their_context() -> None:
    res = parse_output(OUTPUT)
    cls, example = classify(res["binlog.binlog_row_insert_select"].detail)
    assert cls == "result differs"
    assert example == "after `a`: -1 | +1"


def test_a_failed_statement_spanning_lines_is_classed_by_its_error_code() -> None:
    res = parse_output(OUTPUT)
    cls, example = classify(res["binlog.binlog_mixed"].detail)
    assert cls == "missing object (1146 table)"
    assert example.startswith("if (`select count(*) from information_schema.system_variables`) {")
    assert "-> 1146" in example


def test_each_failure_text_gets_its_own_class() -> None:
    cases = {
        "At line 3: query 'BACKUP STAGE START' failed: ER_NOT_SUPPORTED_YET (1235): not yet":
            "statement not in the modelled subset (1235)",
        "At line 3: query 'insert into t values (1),(2)' failed: 2027: Malformed packet":
            "protocol: malformed packet (2027)",
        "At line 9: query 'drop table t' failed with wrong errno ER_BAD_TABLE_ERROR (1051): 'Unknown table', "
        "instead of ER_NO_SUCH_TABLE (1146)...": "wrong error code (1051)",
        "At line 9: query 'insert into t values (1)' succeeded - should have failed with error "
        "ER_DUP_ENTRY (1062)...": "succeeded where the server fails",
        "mysqltest: At line 40: command \"$MYSQL_BINLOG --short-form master-bin.000001\" failed with error 1":
            "external command failed (mariadb-binlog)",
        "Test case timeout after 120 seconds": "hang (testcase timeout)",
        "Could not open connection 'default': 2013 Lost connection to server": "protocol: lost connection (2013)",
    }
    for text, want in cases.items():
        assert classify(text.splitlines())[0] == want, text


def test_an_unknown_failure_is_other_not_a_pass() -> None:
    cls, example = classify(["        Test ended at 2026-11-24", "something odd happened"])
    assert cls == "other"
    assert example == "something odd happened"


def test_first_diff_line_without_a_hunk_is_empty() -> None:
    assert first_diff_line(["no diff here"]) == ""


def test_a_failure_is_never_read_as_a_pass() -> None:
    text = OUTPUT.replace("binlog.binlog_stm_ps                     [ pass ]     12",
                          "binlog.binlog_stm_ps                     [ fail ]")
    assert parse_output(text)["binlog.binlog_stm_ps"].result == "fail"


def test_exec_failures_name_the_replay_error_or_the_remote_read() -> None:
    replay = ["--------------", "LOAD DATA LOCAL INFILE 'x' INTO TABLE `t3`", "--------------", "",
              "ERROR 1235 (42000) at line 193: This version of MariaDB doesn't yet support 'LOAD'",
              "mysqltest: At line 30: exec of '/usr/bin/mariadb-binlog f.001 | /usr/bin/mariadb --local-infile=1' "
              "failed, error: 256, status: 1, errno: 2"]
    cls, example = classify(replay)
    assert cls == "replay: mariadb-binlog | mariadb failed (1235)"
    assert "doesn't yet support 'LOAD'" in example
    remote = ["At line 42: exec of '/usr/bin/mariadb-binlog --read-from-remote-server master-bin.000001' failed, "
              "error: 256", "ERROR: Got error reading packet from server: Unknown command"]
    assert classify(remote)[0] == "protocol: mariadb-binlog --read-from-remote-server"
