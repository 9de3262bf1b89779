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


def test_the_clients_dashes_around_a_replayed_statement_do_not_end_the_failure_text() -> None:
    text = OUTPUT.replace("binlog.binlog_stm_ps                     [ pass ]     12", """\
binlog.binlog_base64_flag                [ fail ]
        Test ended at 2026-11-24 10:57:43

--------------
BINLOG '
4CdYRxMBAAAAJwAAAPIAAAAAABEAAAAAAAAABHRlc3QAAnQxAAED
'
--------------

ERROR 1149 (42000) at line 31: You have an error in your SQL syntax
mysqltest: At line 27: exec of '/usr/bin/mariadb-binlog f.001 | /usr/bin/mariadb --defaults-file=x' failed, error: 256""")
    res = parse_output(text)["binlog.binlog_base64_flag"]
    assert classify(res.detail)[0] == "replay: mariadb-binlog | mariadb failed (1149)"


def test_the_tests_own_checks_and_other_aborts_get_a_class_not_other() -> None:
    die = ["mysqltest: In included file \"binlog_cache_stat.test\": ", "At line 69: Explicit --die command executed",
           "", "The result from queries just before the failure was:", "flush status;",
           "\"Expected: binlog_cache_use = 1, binlog_cache_disk_use = 1 but got binlog_cache_use = 1\"", "",
           " - saving '/x/' to '/x/'"]
    assert classify(die) == ("test's own check failed (--die)",
                             "\"Expected: binlog_cache_use = 1, binlog_cache_disk_use = 1 but got binlog_cache_use = 1\"")
    grep = ["mysqltest: In included file \"./include/assert_grep.inc\": ", "At line 154: assert_grep.inc failed.",
            "include/assert_grep.inc failed!", "assert_text: 'Ensure all intended GTIDs are present'"]
    assert classify(grep) == ("test assertion failed (assert_grep.inc)",
                              "assert_text: 'Ensure all intended GTIDs are present'")
    no_row = ["At line 3: query 'SET @num_sync = No such row - No such row' failed: 1064: You have an error"]
    assert classify(no_row)[0] == "missing status or variable row (query_get_value: No such row)"
    path = ["mysqltest: At line 42: Path '/a/b/master-bin.index' is not a subdirectory of MYSQLTEST_VARDIR '/v'"]
    cls, example = classify(path)
    assert cls == "mysqltest: Path … is not a subdirectory of MYSQLTEST_VARDIR …"
    assert "master-bin.index" in example


def test_a_client_error_without_a_symbol_is_read() -> None:
    text = ["mysqltest: At line 11: query 'connect  con1,localhost,root,,' failed: <Unknown> (2002): Can't connect "
            "to local server through socket '/tmp/mysqld.sock' (2)"]
    assert classify(text)[0] == "cannot connect (2002 socket)"
    innodb = ["At line 190: query 'SET @num_sync = $syncs2 - $syncs1' failed: ER_PARSE_ERROR (1064): You have an "
              "error in your SQL syntax; near 'such row - No such row' at line 1"]
    assert classify(innodb)[0] == "missing status or variable row (query_get_value: No such row)"


def test_the_failed_program_is_named_by_its_first_word() -> None:
    text = ["At line 4: exec of '/usr/bin/mysql_client_test --vardir=/x/var test_x > /x/var/log/binlog_stm_x.log "
            "2>&1' failed, error: 256, status: 1, errno: 11"]
    assert classify(text)[0] == "external command failed (mysql_client_test)"
