"""The SQL subset parses into the AST the executor and the logging layers share."""

from decimal import Decimal

import pytest

from harness.sql.parse.parse_errors import ParseError, UnsupportedError
from harness.sql.parse.parser import parse
from harness.sql.parse import parse_tree as A


def test_insert_values_keeps_text_and_literals() -> None:
    st = parse("INSERT INTO t (a, b) VALUES (1, 'x\\ny'), (-2.50, NULL)")
    assert isinstance(st, A.Insert)
    assert st.text == "INSERT INTO t (a, b) VALUES (1, 'x\\ny'), (-2.50, NULL)"
    assert st.columns == ["a", "b"]
    assert [[e.value for e in r] for r in st.rows] == [[1, "x\ny"], [Decimal("-2.50"), None]]


def test_seed000_statements() -> None:
    up = parse("UPDATE innodb_t set v = (SELECT sum(a) from myisam_t)")
    assert isinstance(up, A.Update) and isinstance(up.assignments[0][1], A.ScalarSubquery)
    de = parse("DELETE FROM myisam_t")
    assert isinstance(de, A.Delete) and de.where is None and de.tables[0].table.name == "myisam_t"


def test_update_with_order_by_and_limit() -> None:
    st = parse("UPDATE t SET a = a + 1 WHERE b > 2 ORDER BY a DESC LIMIT 3")
    assert isinstance(st, A.Update)
    assert st.order_by[0].desc and isinstance(st.limit, A.Literal) and st.limit.value == 3


def test_create_table_definition() -> None:
    st = parse("CREATE TABLE t (id INT UNSIGNED NOT NULL AUTO_INCREMENT, v VARCHAR(20) DEFAULT 'x', "
               "d DECIMAL(10,2), PRIMARY KEY (id), UNIQUE KEY uv (v)) ENGINE=MyISAM")
    assert isinstance(st, A.CreateTable)
    assert [c.name for c in st.columns] == ["id", "v", "d"]
    assert st.columns[0].unsigned and st.columns[0].auto_increment and st.columns[0].nullable is False
    assert st.columns[2].args == [10, 2]
    assert [(k.kind, k.columns) for k in st.keys] == [("PRIMARY", ["id"]), ("UNIQUE", ["v"])]
    assert st.options["ENGINE"] == "MyISAM"


def test_create_table_select_remembers_where_select_starts() -> None:
    sql = "CREATE TABLE t2 ENGINE=InnoDB SELECT * FROM t1"
    st = parse(sql)
    assert isinstance(st, A.CreateTable) and st.select is not None
    assert sql[st.select_pos:] == "SELECT * FROM t1"


def test_create_table_select_keeps_ignore_or_replace() -> None:
    for word in ("IGNORE", "REPLACE"):
        st = parse(f"CREATE TABLE t (a INT PRIMARY KEY) ENGINE=MyISAM {word} SELECT a FROM t1")
        assert isinstance(st, A.CreateTable) and st.duplicates == word and st.select is not None
    st = parse("CREATE TABLE t SELECT a FROM t1")
    assert isinstance(st, A.CreateTable) and st.duplicates is None


def test_trigger_body_statements_keep_their_text() -> None:
    st = parse("CREATE TRIGGER tbl_tr AFTER INSERT ON tbl FOR EACH ROW INSERT INTO log VALUES ( NEW.f )")
    assert isinstance(st, A.CreateTrigger)
    assert st.timing == "AFTER" and st.event == "INSERT"
    assert st.body[0].text == "INSERT INTO log VALUES ( NEW.f )"


@pytest.mark.parametrize("sql, cls", [
    ("BEGIN", A.Begin), ("START TRANSACTION", A.Begin), ("COMMIT", A.Commit), ("ROLLBACK", A.Rollback),
    ("SAVEPOINT s1", A.Savepoint), ("ROLLBACK TO SAVEPOINT s1", A.Rollback), ("RELEASE SAVEPOINT s1",
                                                                              A.ReleaseSavepoint),
    ("RESET MASTER", A.ResetMaster), ("RESET BINARY LOGS AND GTIDS", A.ResetMaster),
    ("FLUSH BINARY LOGS", A.FlushBinaryLogs), ("USE test", A.Use),
    ("SHOW BINLOG EVENTS IN 'binlog.000001'", A.Show), ("SET NAMES 'utf8mb4' COLLATE 'utf8mb4_general_ci'",
                                                        A.SetNames),
    ("SET @@session.autocommit = OFF", A.Set), ("DROP TABLE IF EXISTS a, b", A.DropTable),
])
def test_statement_classes(sql: str, cls: type) -> None:
    assert isinstance(parse(sql), cls)


def test_rollback_to_savepoint_name() -> None:
    st = parse("ROLLBACK TO s1")
    assert isinstance(st, A.Rollback) and st.savepoint == "s1"


def test_set_assignments_and_scopes() -> None:
    st = parse("SET SESSION binlog_format='ROW', @x = 5, @@global.sql_log_bin = 0")
    assert isinstance(st, A.Set)
    targets = [(type(a.target).__name__, getattr(a.target, "scope", None)) for a in st.assignments]
    assert targets == [("SysVar", "session"), ("UserVar", None), ("SysVar", "global")]


def test_syntax_error_quotes_the_text_near_the_failure() -> None:
    with pytest.raises(ParseError) as ei:
        parse("INSERT INTO t VALUES (1,,2)")
    assert ei.value.code == 1064
    assert "near ',2)' at line 1" in str(ei.value)


@pytest.mark.parametrize("sql", ["LOAD XML INFILE 'x' INTO TABLE t", "ALTER TABLE t ADD FOREIGN KEY (a) REFERENCES u (a) MATCH FULL",
                                 "SELECT * FROM (t JOIN u ON t.a = u.a)", "CREATE TABLE t (a INT, FULLTEXT KEY "
                                                                  "(a))"])
def test_outside_the_subset_is_refused_not_guessed(sql: str) -> None:
    with pytest.raises(UnsupportedError) as ei:
        parse(sql)
    assert ei.value.code == 1235


def test_operator_precedence() -> None:
    st = parse("SELECT 1 + 2 * 3 = 7 AND NOT 0 OR 0")
    e = st.items[0].expr
    assert isinstance(e, A.Binary) and e.op == "OR"
    assert isinstance(e.left, A.Binary) and e.left.op == "AND"


def test_create_view_column_list_and_check_option_keep_the_text() -> None:
    st = parse("CREATE VIEW v (x, y) AS SELECT a, b FROM t WHERE a > 0 WITH LOCAL CHECK OPTION")
    assert isinstance(st, A.CreateView)
    assert st.columns == ["x", "y"] and st.check_option == "LOCAL"
    assert st.select_text == "SELECT a, b FROM t WHERE a > 0 WITH LOCAL CHECK OPTION"
    assert parse("CREATE VIEW v AS SELECT a FROM t WITH CHECK OPTION").check_option == "CASCADED"  # type: ignore[attr-defined]


def test_trigger_body_assigns_new_columns_and_branches() -> None:
    st = parse("CREATE DEFINER=root@localhost TRIGGER tr BEFORE INSERT ON t FOR EACH ROW "
               "BEGIN SET NEW.a = NEW.a + 1, NEW.b = 2; IF NEW.a > 5 THEN SET NEW.a = 5; "
               "ELSEIF NEW.a < 0 THEN SET NEW.a = 0; ELSE SET NEW.c = 'x'; END IF; END")
    assert isinstance(st, A.CreateTrigger)
    first, second, cond = st.body
    assert isinstance(first, A.SetLocal) and (first.row, first.name) == ("NEW", "a")
    assert isinstance(second, A.SetLocal) and (second.row, second.name) == ("NEW", "b")
    assert isinstance(cond, A.If) and [c is None for c, _b in cond.branches] == [False, False, True]
    single = parse("CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.a = NEW.a + 1")
    assert isinstance(single, A.CreateTrigger) and single.body[0].row == "NEW"  # type: ignore[attr-defined]
    assert isinstance(parse("CREATE DEFINER=CURRENT_USER() TRIGGER tr BEFORE INSERT ON t FOR EACH ROW "
                            "SET NEW.a = 1"), A.CreateTrigger)


def test_alter_table_items_in_order() -> None:
    st = parse("ALTER IGNORE TABLE t ADD COLUMN c INT DEFAULT 5 FIRST, ADD d CHAR(3) AFTER a, DROP COLUMN e, "
               "MODIFY f BIGINT NOT NULL, CHANGE g h INT, ALTER i SET DEFAULT 3, ALTER COLUMN j DROP DEFAULT, "
               "ADD UNIQUE KEY uk (a, b), ADD INDEX (c), ADD PRIMARY KEY (a), DROP INDEX ix, DROP PRIMARY KEY, "
               "RENAME TO t2, ENGINE=MyISAM, AUTO_INCREMENT = 100")
    assert isinstance(st, A.AlterTable) and st.ignore and st.table.name == "t"
    ops = [(s.op, s.name, s.position) for s in st.specs]
    assert ops == [("ADD_COLUMN", None, "FIRST"), ("ADD_COLUMN", None, "a"), ("DROP_COLUMN", "e", None),
                   ("MODIFY", None, None), ("CHANGE", "g", None), ("SET_DEFAULT", "i", None),
                   ("DROP_DEFAULT", "j", None), ("ADD_KEY", None, None), ("ADD_KEY", None, None),
                   ("ADD_KEY", None, None), ("DROP_KEY", "ix", None), ("DROP_KEY", "PRIMARY", None),
                   ("RENAME", None, None), ("ENGINE", "MyISAM", None), ("AUTO_INCREMENT", None, None)]
    assert st.specs[4].column is not None and st.specs[4].column.name == "h"
    assert [(s.key.kind, s.key.name, s.key.columns) for s in st.specs[7:10] if s.key] == [
        ("UNIQUE", "uk", ["a", "b"]), ("INDEX", None, ["c"]), ("PRIMARY", None, ["a"])]
    assert st.specs[12].new_name == A.TableName("t2") and st.specs[14].value == 100


def test_index_rename_maintenance_and_lock_statements() -> None:
    ci = parse("CREATE UNIQUE INDEX ux ON t (a, b)")
    assert isinstance(ci, A.CreateIndex) and ci.key == A.KeyDef("UNIQUE", ["a", "b"], "ux")
    di = parse("DROP INDEX ux ON test.t")
    assert isinstance(di, A.DropIndex) and di.name == "ux" and di.table == A.TableName("t", "test")
    rn = parse("RENAME TABLE a TO b, c TO d")
    assert isinstance(rn, A.RenameTable) and [(o.name, n.name) for o, n in rn.pairs] == [("a", "b"), ("c", "d")]
    an = parse("ANALYZE NO_WRITE_TO_BINLOG TABLE t, n")
    assert isinstance(an, A.TableMaintenance) and an.command == "ANALYZE" and an.no_write_to_binlog
    assert [t.name for t in an.tables] == ["t", "n"]
    assert parse("OPTIMIZE LOCAL TABLE t").no_write_to_binlog  # type: ignore[attr-defined]
    assert parse("CHECKSUM TABLE t").command == "CHECKSUM"  # type: ignore[attr-defined]
    lk = parse("LOCK TABLES t WRITE, n READ")
    assert isinstance(lk, A.LockTables) and [(n.name, m) for n, _a, m in lk.locks] == [("t", "WRITE"), ("n", "READ")]
    assert isinstance(parse("UNLOCK TABLES"), A.UnlockTables)


@pytest.mark.parametrize("sql", ["SELECT NEXT VALUE FOR s", "SELECT NEXTVAL(s)", "SELECT SETVAL(s, 5)",
                                 "CREATE TABLE p (a INT) PARTITION BY HASH(a) PARTITIONS 2",
                                 "CREATE TABLE v (a INT) WITH SYSTEM VERSIONING",
                                 "ALTER TABLE p TRUNCATE PARTITION p0", "ALTER TABLE p ADD PARTITION (PARTITION p2)"])
def test_schema_features_outside_the_model_name_themselves(sql: str) -> None:
    """Sequences, partitions and system versioning: a 1235 naming the feature, never a 1064."""
    with pytest.raises(UnsupportedError) as ei:
        parse(sql)
    assert ei.value.code == 1235


@pytest.mark.parametrize("sql", ["ALTER TABLE t ADD (a INT, KEY (a))", "ALTER TABLE t RENAME COLUMN a TO b",
                                 "ALTER TABLE t DROP PARTITION p0", "ALTER TABLE t COMMENT 'x'",
                                 "CHECK TABLE t EXTENDED", "ALTER DATABASE d",
                                 "ALTER TABLE t ADD IF NOT EXISTS a INT", "ANALYZE SELECT 1"])
def test_ddl_forms_outside_the_subset_are_refused(sql: str) -> None:
    with pytest.raises(UnsupportedError):
        parse(sql)


@pytest.mark.parametrize("sql,expected", [
    ("XA START 'x1'", A.XaStart(xid=A.XaId(b"x1", b"", 1))),
    ("XA BEGIN 'a', 'b', 7 JOIN", A.XaStart(xid=A.XaId(b"a", b"b", 7), option="JOIN")),
    ("xa start 0x6f6e65 RESUME", A.XaStart(xid=A.XaId(b"one", b"", 1), option="RESUME")),
    ("XA END X'00ff', X'', 0 SUSPEND FOR MIGRATE", A.XaEnd(xid=A.XaId(b"\x00\xff", b"", 0),
                                                          option="SUSPEND FOR MIGRATE")),
    ("XA PREPARE \"dq\"", A.XaPrepare(xid=A.XaId(b"dq", b"", 1))),
    ("XA COMMIT 'a' ONE PHASE", A.XaCommit(xid=A.XaId(b"a", b"", 1), one_phase=True)),
    ("XA ROLLBACK 'a', 'b', 2147483647", A.XaRollback(xid=A.XaId(b"a", b"b", 2147483647))),
    ("XA ROLLBACK 'a', 'b', 0x10", A.XaRollback(xid=A.XaId(b"a", b"b", 16))),
    ("XA RECOVER", A.XaRecover()),
    ("XA RECOVER FORMAT='sql'", A.XaRecover(format="sql")),
])
def test_xa_statements(sql: str, expected: A.Statement) -> None:
    expected.text = sql
    assert parse(sql) == expected


@pytest.mark.parametrize("sql,near", [
    ("XA START 'k', 'b', -1", "-1"),
    ("XA START 'k', 'b', 2147483648", "2147483648"),
    ("XA RECOVER FORMAT=SQL", "SQL"),
    ("XA START 123", "123"),
    ("XA BEGIN '" + "a" * 65 + "'", ""),
    ("XA START 'a', '" + "b" * 65 + "' JOIN", "JOIN"),
])
def test_xa_xid_syntax_limits_are_1064_near_the_next_token(sql: str, near: str) -> None:
    with pytest.raises(ParseError) as ei:
        parse(sql)
    assert f"near '{near}' at line 1" in str(ei.value)


def test_select_into_variables_before_from_or_at_the_end() -> None:
    st = parse("SELECT max(a), @x INTO v, @w FROM t WHERE b = 1")
    assert isinstance(st, A.Select)
    assert [type(t).__name__ for t in st.into] == ["ColumnRef", "UserVar"]
    assert st.into_span is not None
    lo, hi = st.into_span
    assert st.text[lo:hi].strip() == "INTO v, @w"
    tail = parse("SELECT a FROM t LIMIT 1 INTO v")
    assert isinstance(tail, A.Select) and isinstance(tail.into[0], A.ColumnRef) and tail.limit is not None


def test_select_into_span_is_relative_to_a_routine_statement() -> None:
    st = parse("CREATE PROCEDURE p(x INT) BEGIN DECLARE v INT; SELECT max(a) INTO v FROM t; END")
    sel = st.body[1]  # type: ignore[attr-defined]
    assert isinstance(sel, A.Select) and sel.into_span is not None
    lo, hi = sel.into_span
    assert sel.text[:lo] + sel.text[hi:] == "SELECT max(a) FROM t"


def test_select_into_outfile_is_outside_the_subset() -> None:
    with pytest.raises(UnsupportedError):
        parse("SELECT a INTO OUTFILE '/tmp/x' FROM t")


def test_interval_regexp_and_join_using_parse() -> None:
    from harness.sql.parse import parse_tree as A
    from harness.sql.parse.parser import parse
    sel = parse("SELECT d + INTERVAL 1 DAY, DATE_ADD(d, INTERVAL '1:30' HOUR_MINUTE) FROM t WHERE s REGEXP 'a'")
    assert isinstance(sel.items[0].expr, A.Binary) and isinstance(sel.items[0].expr.right, A.Interval)
    assert sel.items[1].expr.args[1].unit == "HOUR_MINUTE"
    assert isinstance(sel.where, A.Regexp)
    up = parse("UPDATE a JOIN b USING (id) SET a.v = b.w")
    on = up.tables[1].on  # type: ignore[attr-defined]
    assert on == A.Binary("=", A.ColumnRef("id", "a"), A.ColumnRef("id", "b"))


def test_bit_literals_are_binary_strings() -> None:
    from harness.sql.parse.lexer import tokenize
    assert [t.value for t in tokenize("b'101' 0b1 B''")[:3]] == [b"\x05", b"\x01", b""]


def test_derived_table_ref() -> None:
    st = parse("SELECT d.a FROM (SELECT a FROM t LIMIT 2) AS d JOIN n ON d.a = n.a")
    assert isinstance(st, A.Select)
    d = st.from_[0]
    assert d.ref_name == "d" and isinstance(d.derived, A.Select) and d.derived.limit is not None
    assert st.from_[1].derived is None and st.from_[1].join == "INNER"


def test_derived_table_needs_an_alias() -> None:
    with pytest.raises(ParseError):
        parse("SELECT * FROM (SELECT a FROM t)")


def test_right_join_only_as_the_first_join() -> None:
    st = parse("DELETE n FROM t RIGHT OUTER JOIN n ON t.a = n.a")
    assert isinstance(st, A.Delete) and st.tables[1].join == "RIGHT"
    with pytest.raises(UnsupportedError):
        parse("SELECT * FROM t JOIN u ON t.a = u.a RIGHT JOIN n ON n.a = t.a")


def test_begin_in_a_routine_body_is_a_compound_statement() -> None:
    st = parse("CREATE PROCEDURE p() BEGIN BEGIN INSERT INTO t VALUES (1); END; START TRANSACTION; COMMIT; END")
    assert isinstance(st, A.CreateRoutine)
    assert [type(x).__name__ for x in st.body] == ["Insert", "Begin", "Commit"]
    with pytest.raises(ParseError):
        parse("CREATE PROCEDURE p() BEGIN BEGIN WORK; COMMIT; END")


def test_signal_in_a_trigger_body() -> None:
    st = parse("CREATE TRIGGER b BEFORE INSERT ON t FOR EACH ROW BEGIN IF NEW.a > 1 THEN "
               "SIGNAL SQLSTATE VALUE '45000' SET MESSAGE_TEXT = 'big', MYSQL_ERRNO = 1999; END IF; END")
    sig = st.body[0].branches[0][1][0]  # type: ignore[attr-defined]
    assert isinstance(sig, A.Signal) and sig.sqlstate == "45000"
    assert isinstance(sig.message, A.Literal) and sig.message.value == "big"
    assert isinstance(sig.errno, A.Literal) and sig.errno.value == 1999


def test_trailing_limit_of_a_union_belongs_to_the_union() -> None:
    st = parse("SELECT SQL_CALC_FOUND_ROWS a FROM t UNION ALL SELECT a FROM u LIMIT 2")
    assert isinstance(st, A.Select) and st.calc_found_rows
    assert st.limit == A.Literal(2) and st.union[0][1].limit is None
    inner = parse("SELECT a FROM t UNION ALL (SELECT a FROM u LIMIT 2)")
    assert isinstance(inner, A.Select) and inner.limit is None and inner.union[0][1].limit is not None


def test_unqualified_sysvar_reads_default_scope() -> None:
    st = parse("SELECT @@sync_binlog, @@session.autocommit, @@global.server_id")
    assert isinstance(st, A.Select)
    assert [(i.expr.name, i.expr.scope) for i in st.items] == [  # type: ignore[attr-defined]
        ("sync_binlog", "default"), ("autocommit", "session"), ("server_id", "global")]


def test_an_introduced_ascii_literal_keeps_its_explicit_collation_for_the_server_to_check() -> None:
    st = parse("INSERT INTO t VALUES (_latin1'x' COLLATE 'latin1_swedish_ci', _utf8mb4'y' COLLATE utf8mb4_general_ci)")
    assert isinstance(st, A.Insert) and st.rows == [[A.Literal("x"), A.Literal("y")]]
    assert st.literal_collations == ("latin1_swedish_ci",)
    assert parse("SELECT _latin1'x'").literal_collations == ()


@pytest.mark.parametrize("sql", ["SELECT _latin1'\u00e9'", "SELECT 'x' COLLATE latin1_swedish_ci",
                                 "SELECT _utf8mb3'x' COLLATE latin1_swedish_ci", "SELECT _cp932'x'",
                                 "SELECT _latin1'x' COLLATE latin1_bin"])
def test_a_literal_whose_character_set_would_matter_is_refused(sql: str) -> None:
    with pytest.raises(UnsupportedError):
        parse(sql)


def test_insert_set_takes_the_default_keyword() -> None:
    st = parse("INSERT INTO t SET a = DEFAULT, b = 2")
    assert isinstance(st, A.Insert) and st.columns == ["a", "b"]
    assert isinstance(st.rows[0][0], A.Default) and st.rows[0][1].value == 2
