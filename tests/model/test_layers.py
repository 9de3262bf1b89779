"""The three layers against MariaDB 10.11's recorded behaviour.

Each expectation below is the SHOW BINLOG EVENTS sequence a real MariaDB
10.11.19 wrote for the same statements (docs/RULES-mariadb-10.11.md, section
3.2: seed 000's definition-table cases 1-11, commit (a) and rollback (b)).
Notation: G = Gtid (BEGIN GTID), DDL = standalone Gtid, Q:x = Query, A =
Annotate_rows, TM(x) = Table_map, W/U/D = rows events (* = STMT_END_F).
"""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError

T1, T2 = "INSERT INTO t VALUES (10,10)", "INSERT INTO t VALUES (11,11)"
N1, N2 = "INSERT INTO n VALUES (10,10)", "INSERT INTO n VALUES (11,11)"
TE = "INSERT INTO t VALUES (20,20),(1,1)"  # second row: duplicate key
NE = "INSERT INTO n VALUES (22,22),(1,1)"  # first row stays in MyISAM


def run(bed, fmt: str, stmts: list[str]) -> list[str]:  # type: ignore[no-untyped-def]
    s = bed.session(fmt)
    for q in stmts:
        try:
            s.execute(q)
        except ServerError:
            pass
    return bed.shape()


CASES = {
    # case: (statements, {format: expected shape})
    "1a B T T C": (["BEGIN", T1, T2, "COMMIT"], {
        "STATEMENT": ["G", "Q:" + T1, "Q:" + T2, "Xid"],
        "ROW": ["G", "A", "TM(t)", "W*", "A", "TM(t)", "W*", "Xid"],
        "MIXED": ["G", "Q:" + T1, "Q:" + T2, "Xid"]}),
    "1b B T T R": (["BEGIN", T1, T2, "ROLLBACK"], {"STATEMENT": [], "ROW": [], "MIXED": []}),
    "2a B T N C": (["BEGIN", T1, N1, "COMMIT"], {
        "STATEMENT": ["G", "Q:" + T1, "Q:" + N1, "Xid"],
        "ROW": ["G", "A", "TM(n)", "W*", "COMMIT", "G", "A", "TM(t)", "W*", "Xid"],
        "MIXED": ["G", "A", "TM(n)", "W*", "COMMIT", "G", "Q:" + T1, "Xid"]}),
    "2b B T N R": (["BEGIN", T1, N1, "ROLLBACK"], {
        "STATEMENT": ["G", "Q:" + T1, "Q:" + N1, "ROLLBACK"],
        "ROW": ["G", "A", "TM(n)", "W*", "COMMIT"],
        "MIXED": ["G", "A", "TM(n)", "W*", "COMMIT"]}),
    "3a T": ([T1], {
        "STATEMENT": ["G", "Q:" + T1, "Xid"],
        "ROW": ["G", "A", "TM(t)", "W*", "Xid"],
        "MIXED": ["G", "Q:" + T1, "Xid"]}),
    "3b T with error": ([TE], {"STATEMENT": [], "ROW": [], "MIXED": []}),
    "4a N": ([N1], {
        "STATEMENT": ["G", "Q:" + N1, "COMMIT"],
        "ROW": ["G", "A", "TM(n)", "W*", "COMMIT"],
        "MIXED": ["G", "Q:" + N1, "COMMIT"]}),
    "4b N with error": ([NE], {
        "STATEMENT": ["G", "Q:" + NE, "COMMIT"],
        "ROW": ["G", "A", "TM(n)", "W*", "COMMIT"],
        "MIXED": ["G", "Q:" + NE, "COMMIT"]}),
    "6a B N N T C": (["BEGIN", N1, N2, T1, "COMMIT"], {
        "STATEMENT": ["G", "Q:" + N1, "COMMIT", "G", "Q:" + N2, "COMMIT", "G", "Q:" + T1, "Xid"],
        "MIXED": ["G", "Q:" + N1, "COMMIT", "G", "Q:" + N2, "COMMIT", "G", "Q:" + T1, "Xid"]}),
    "6b B N N T R": (["BEGIN", N1, N2, T1, "ROLLBACK"], {
        "STATEMENT": ["G", "Q:" + N1, "COMMIT", "G", "Q:" + N2, "COMMIT", "G", "Q:" + T1, "ROLLBACK"],
        "ROW": ["G", "A", "TM(n)", "W*", "COMMIT", "G", "A", "TM(n)", "W*", "COMMIT"],
        "MIXED": ["G", "Q:" + N1, "COMMIT", "G", "Q:" + N2, "COMMIT"]}),
    "7b B N N R": (["BEGIN", N1, N2, "ROLLBACK"], {
        "STATEMENT": ["G", "Q:" + N1, "COMMIT", "G", "Q:" + N2, "COMMIT"]}),
    "B T Te C": (["BEGIN", T1, TE, "COMMIT"], {
        "STATEMENT": ["G", "Q:" + T1, "Xid"], "ROW": ["G", "A", "TM(t)", "W*", "Xid"]}),
    "B T Ne C": (["BEGIN", T1, NE, "COMMIT"], {
        "STATEMENT": ["G", "Q:" + T1, "Q:" + NE, "Xid"],
        "ROW": ["G", "A", "TM(n)", "W*", "COMMIT", "G", "A", "TM(t)", "W*", "Xid"],
        "MIXED": ["G", "A", "TM(n)", "W*", "COMMIT", "G", "Q:" + T1, "Xid"]}),
    "B Ne T R": (["BEGIN", NE, T1, "ROLLBACK"], {
        "STATEMENT": ["G", "Q:" + NE, "COMMIT", "G", "Q:" + T1, "ROLLBACK"],
        "ROW": ["G", "A", "TM(n)", "W*", "COMMIT"],
        "MIXED": ["G", "Q:" + NE, "COMMIT"]}),
    "savepoint with N": (["BEGIN", T1, "SAVEPOINT s", N1, "ROLLBACK TO s", "COMMIT"], {
        "STATEMENT": ["G", "Q:" + T1, "Q:SAVEPOINT `s`", "Q:" + N1, "Q:ROLLBACK TO `s`", "Xid"],
        "ROW": ["G", "A", "TM(n)", "W*", "COMMIT", "G", "A", "TM(t)", "W*", "Q:SAVEPOINT `s`",
                "Q:ROLLBACK TO `s`", "Xid"]}),
    "savepoint T only": (["BEGIN", T1, "SAVEPOINT s", T2, "ROLLBACK TO s", "COMMIT"], {
        "STATEMENT": ["G", "Q:" + T1, "Q:SAVEPOINT `s`", "Xid"]}),
    "savepoint when cache empty": (["BEGIN", "SAVEPOINT s", T1, "COMMIT"], {
        "STATEMENT": ["G", "Q:" + T1, "Xid"]}),
    "autocommit=0 T N COMMIT": (["SET autocommit=0", T1, N1, "COMMIT"], {
        "STATEMENT": ["G", "Q:" + T1, "Q:" + N1, "Xid"],
        "MIXED": ["G", "A", "TM(n)", "W*", "COMMIT", "G", "Q:" + T1, "Xid"]}),
}

PARAMS = [(name, fmt) for name, (_s, exp) in CASES.items() for fmt in exp]


@pytest.mark.parametrize("name, fmt", PARAMS, ids=[f"{n}-{f}" for n, f in PARAMS])
def test_seed000_case_matches_mariadb(tn_bed, name: str, fmt: str) -> None:  # type: ignore[no-untyped-def]
    stmts, expected = CASES[name]
    assert run(tn_bed, fmt, stmts) == expected[fmt]


def test_gtid_flags_follow_the_group_kind(tn_bed) -> None:  # type: ignore[no-untyped-def]
    s = tn_bed.session("STATEMENT")
    s.execute(T1)                       # InnoDB only: TRANSACTIONAL|ALLOW_PARALLEL
    s.execute(N1)                       # stmt cache: ALLOW_PARALLEL
    s.execute("CREATE TABLE x (a INT)")  # DDL: STANDALONE|ALLOW_PARALLEL|DDL
    for q in ("BEGIN", T2, N2, "COMMIT"):  # trx that modified MyISAM
        s.execute(q)
    assert tn_bed.gtid_flags() == [0x0C, 0x08, 0x29, 0x08]


def test_failed_n_statement_logs_its_error_code(tn_bed) -> None:  # type: ignore[no-untyped-def]
    from harness.binlog.query import QueryEvent
    from harness.binlog.reader import read_binlog_file
    s = tn_bed.session("STATEMENT")
    with pytest.raises(ServerError) as ei:
        s.execute(NE)
    assert ei.value.code == 1062
    f = tn_bed.state.binlog.dir / tn_bed.state.binlog.files[-1]
    queries = [ev for ev in read_binlog_file(f) if isinstance(ev, QueryEvent) and ev.query == NE]
    assert [q.error_code for q in queries] == [1062]
    assert s.execute("SELECT * FROM n ORDER BY a").rows == [[1, 1], [22, 22]]


def test_unsafe_note_only_when_logged_in_statement_format(tn_bed) -> None:  # type: ignore[no-untyped-def]
    s = tn_bed.session("STATEMENT")
    s.execute("BEGIN")
    s.execute(T1)
    s.execute(N1)
    assert [(n.level, n.code) for n in s.last_notes] == [("Note", 1592)]
    assert "non-transactional table after accessing a transactional table" in s.last_notes[0].message
    m = tn_bed.session("MIXED")
    m.execute("BEGIN")
    m.execute(T2)
    m.execute(N2)
    assert m.last_notes == []


def test_rollback_with_nontransactional_change_warns_1196(tn_bed) -> None:  # type: ignore[no-untyped-def]
    s = tn_bed.session("ROW")
    for q in ("BEGIN", N1, "ROLLBACK"):
        s.execute(q)
    assert [(n.level, n.code) for n in s.last_notes] == [("Warning", 1196)]
    assert s.execute("SELECT a FROM n ORDER BY a").rows == [[1], [10]]


def test_ddl_is_direct_and_commits_the_open_transaction(tn_bed) -> None:  # type: ignore[no-untyped-def]
    s = tn_bed.session("STATEMENT")
    for q in ("BEGIN", T1, "CREATE TABLE y (a INT) ENGINE=InnoDB"):
        s.execute(q)
    assert tn_bed.shape() == ["G", "Q:" + T1, "Xid", "DDL", "Q:CREATE TABLE y (a INT) ENGINE=InnoDB"]


def test_drop_table_is_rewritten_by_the_server(tn_bed) -> None:  # type: ignore[no-untyped-def]
    s = tn_bed.session("STATEMENT")
    s.execute("DROP TABLE IF EXISTS t, nosuch")
    assert tn_bed.events()[-1] == ("Query", "use `test`; DROP TABLE IF EXISTS `t`,`nosuch` /* generated by server */")
    assert [n.code for n in s.last_notes] == [1051]


M1 = "INSERT INTO tm VALUES (30)"
ME = "INSERT INTO tm VALUES (31),(30)"

M_CASES = {
    "5a M": ([M1], {
        "STATEMENT": ["G", "Q:" + M1, "Xid"],
        "ROW": ["G", "A", "TM(nlog)", "W*", "TM(tm)", "W*", "Xid"],
        "MIXED": ["G", "Q:" + M1, "Xid"]}),
    "5b M with error": ([M1, ME], {
        "STATEMENT": ["G", "Q:" + M1, "Xid", "G", "Q:" + ME, "ROLLBACK"],
        "ROW": ["G", "A", "TM(nlog)", "W*", "TM(tm)", "W*", "Xid", "G", "A", "TM(nlog)", "W*", "COMMIT"],
        "MIXED": ["G", "Q:" + M1, "Xid", "G", "Q:" + ME, "ROLLBACK"]}),
    "8a B M T C": (["BEGIN", M1, T1, "COMMIT"], {
        "STATEMENT": ["G", "Q:" + M1, "Q:" + T1, "Xid"],
        "ROW": ["G", "A", "TM(nlog)", "W*", "COMMIT", "G", "TM(tm)", "W*", "A", "TM(t)", "W*", "Xid"],
        "MIXED": ["G", "A", "TM(nlog)", "W*", "COMMIT", "G", "TM(tm)", "W*", "Q:" + T1, "Xid"]}),
    "11b B T M R": (["BEGIN", T1, M1, "ROLLBACK"], {
        "STATEMENT": ["G", "Q:" + T1, "Q:" + M1, "ROLLBACK"],
        "ROW": ["G", "A", "TM(nlog)", "W*", "COMMIT"]}),
}
M_PARAMS = [(name, fmt) for name, (_s, exp) in M_CASES.items() for fmt in exp]


@pytest.mark.parametrize("name, fmt", M_PARAMS, ids=[f"{n}-{f}" for n, f in M_PARAMS])
def test_m_statement_case_matches_mariadb(tn_bed, name: str, fmt: str) -> None:  # type: ignore[no-untyped-def]
    s = tn_bed.session(fmt)
    s.execute("CREATE TABLE nlog (a INT) ENGINE=MyISAM")
    s.execute("CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB")
    s.execute("CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)")
    tn_bed.state.binlog.reset()
    stmts, expected = M_CASES[name]
    assert run(tn_bed, fmt, stmts) == expected[fmt]


def test_unmodelled_statement_is_refused_with_1235_and_not_logged(tn_bed) -> None:  # type: ignore[no-untyped-def]
    s = tn_bed.session("ROW")
    with pytest.raises(ServerError) as ei:
        s.execute("CREATE TABLE t2 ENGINE=InnoDB SELECT SUBSTRING_INDEX(a, 1, 1) AS c FROM t")
    assert ei.value.code == 1235 and "computed column" in ei.value.message
    assert tn_bed.shape() == []


def test_view_reads_propagate_unsafeness_and_unmergeable_views_refuse_writes(tn_bed) -> None:  # type: ignore[no-untyped-def]
    # Seed 002: unsafeness propagates from sub-statements, views included.
    s = tn_bed.session("STATEMENT")
    s.execute("CREATE VIEW vu AS SELECT a, LENGTH(UUID()) AS u FROM t")
    s.execute("INSERT INTO n SELECT a + 100, u FROM vu")
    assert [n.code for n in s.last_notes] == [1592]
    assert s.execute("SELECT COUNT(*) FROM vu").rows == [[1]]
    # UUID() makes the view UNCACHEABLE_RAND: it cannot be merged, so not written through.
    with pytest.raises(ServerError) as ei:
        s.execute("INSERT INTO vu VALUES (3, 3)")
    assert ei.value.code == 1471
    with pytest.raises(ServerError) as ei:
        s.execute("UPDATE vu SET a = 3")
    assert ei.value.code == 1288


def test_writes_through_a_view_log_the_text_or_base_table_rows(tn_bed) -> None:  # type: ignore[no-untyped-def]
    s = tn_bed.session("STATEMENT")
    s.execute("CREATE VIEW v AS SELECT a AS x, b + 1 AS y FROM t WHERE a > 0 WITH CHECK OPTION")
    s.execute("CREATE VIEW vn AS SELECT a, b FROM n WHERE LENGTH(USER()) > 0")
    tn_bed.state.binlog.reset()
    s.execute("INSERT INTO v (x) VALUES (5)")
    s.execute("UPDATE vn SET b = 2")
    assert [n.code for n in s.last_notes] == [1592]  # USER() in the view's WHERE
    with pytest.raises(ServerError) as ei:
        s.execute("INSERT INTO v (x) VALUES (-5)")
    assert ei.value.code == 1369 and ei.value.message == "CHECK OPTION failed `test`.`v`"
    with pytest.raises(ServerError) as ei:
        s.execute("UPDATE v SET y = 1")
    assert ei.value.code == 1348
    r = tn_bed.session("ROW")
    r.execute("DELETE FROM v WHERE x = 5 AND y IS NULL")
    assert tn_bed.shape() == ["G", "Q:INSERT INTO v (x) VALUES (5)", "Xid",
                              "G", "Q:UPDATE vn SET b = 2", "COMMIT",
                              "G", "A", "TM(t)", "D*", "Xid"]


def test_call_with_out_and_inout_parameters_sets_user_variables(tn_bed) -> None:  # type: ignore[no-untyped-def]
    s = tn_bed.session("STATEMENT")
    s.execute("CREATE PROCEDURE p(IN x INT, INOUT y INT, OUT z INT) BEGIN "
              "INSERT INTO t VALUES (x, y); SET y = y + 1; IF x > 0 THEN SET z = x * 10; END IF; END")
    tn_bed.state.binlog.reset()
    s.execute("SET @y = 7")
    s.execute("CALL p(3, @y, @z)")
    assert (s.user_vars["y"], s.user_vars["z"]) == (8, 30)
    s.execute("INSERT INTO t VALUES (@z, @y)")
    with pytest.raises(ServerError) as ei:
        s.execute("CALL p(4, 5, @z)")
    assert ei.value.code == 1414
    assert tn_bed.events()[1][1].endswith("INSERT INTO t VALUES ( NAME_CONST('x',3),  NAME_CONST('y',7))")
    assert [typ for typ, _info in tn_bed.events()[3:7]] == ["Gtid", "User var", "User var", "Query"]


def test_before_triggers_assign_new_columns(tn_bed) -> None:  # type: ignore[no-untyped-def]
    s = tn_bed.session("ROW")
    s.execute("CREATE DEFINER=root@localhost TRIGGER tb BEFORE INSERT ON t FOR EACH ROW "
              "BEGIN IF NEW.b IS NULL THEN SET NEW.b = 0; ELSE SET NEW.b = NEW.b * 2, NEW.a = NEW.a + 100; END IF; END")
    assert tn_bed.events()[-1][1].startswith("use `test`; CREATE DEFINER=`root`@`localhost` TRIGGER tb ")
    s.execute("INSERT INTO t VALUES (11, NULL), (12, 5)")
    assert sorted(s.execute("SELECT a, b FROM t WHERE a > 10").rows) == [[11, 0], [112, 10]]
    with pytest.raises(ServerError) as ei:
        s.execute("CREATE TRIGGER ta AFTER UPDATE ON t FOR EACH ROW SET NEW.b = 1")
    assert ei.value.code == 1362
