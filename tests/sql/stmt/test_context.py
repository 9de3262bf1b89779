"""harness/sql/stmt/context.py: the per-statement clock, RAND and user variables."""

from __future__ import annotations

from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def test_rand_with_a_seed_is_the_servers_sequence(bed: Bed) -> None:
    s = bed.session()
    assert s.execute("SELECT RAND(3)").rows == [[0.9057697559760601]]
    assert s.execute("SELECT RAND(3)").rows == [[0.9057697559760601]]  # each statement seeds afresh


def test_user_variables_read_by_a_logged_statement_become_user_var_events(bed: Bed) -> None:
    s = bed.session()
    s.execute("CREATE TABLE t (a INT) ENGINE=InnoDB")
    s.execute("SET @x = 5")
    s.execute("INSERT INTO t VALUES (@x)")
    assert bed.shape()[-4:] == ["G", "User var", "Q:INSERT INTO t VALUES (@x)", "Xid"]


def test_load_file_reads_a_file_readable_by_all(tmp_path) -> None:
    from harness.config import ServeConfig
    from harness.sql.server import ServerState
    from harness.sql.thd import Thd
    state = ServerState(ServeConfig(port=0, binlog_dir=tmp_path / "binlog"))
    state.start()
    thd = Thd(state, 1)
    p = tmp_path / "f.txt"
    p.write_bytes(b"hello b42941")
    p.chmod(0o644)
    q = tmp_path / "secret.txt"
    q.write_bytes(b"x")
    q.chmod(0o600)
    rows = thd.execute(f"SELECT LOAD_FILE('{p}'), INSTR(LOAD_FILE('{p}'), 'b42941'), LOAD_FILE('{q}'), "
                       "LOAD_FILE('/nonexist')").rows
    assert rows == [[b"hello b42941", 7, None, None]]


def test_a_user_variable_no_row_evaluates_is_still_logged(bed: Bed) -> None:
    """Item_func_get_user_var::fix_fields logs the variable at prepare time: an
    UPDATE that matches nothing, or the branch of IF() not taken, still has it."""
    s = bed.session("STATEMENT")
    s.execute("CREATE TABLE t (a INT PRIMARY KEY, c INT) ENGINE=InnoDB")
    s.execute("INSERT INTO t VALUES (1, 1)")
    s.execute("UPDATE t SET c = @w WHERE c IS NULL")
    assert bed.shape()[-4:] == ["G", "User var", "Q:UPDATE t SET c = @w WHERE c IS NULL", "COMMIT"]
    s.execute("SET @x = 2")
    s.execute("UPDATE t SET c = IF(a > 0, @x, @other) WHERE a = 1")
    assert bed.shape()[-4:-1] == ["User var", "User var", "Q:UPDATE t SET c = IF(a > 0, @x, @other) WHERE a = 1"]
    assert s.execute("SELECT c FROM t").rows == [[2]]


def test_division_by_zero_warns_only_under_its_sql_mode(bed: Bed) -> None:
    s = bed.session()
    for mode, codes in (("''", []), ("'STRICT_ALL_TABLES'", []), ("'TRADITIONAL'", [1365]),
                        ("'ERROR_FOR_DIVISION_BY_ZERO'", [1365])):
        s.execute(f"SET sql_mode = {mode}")
        assert s.execute("SELECT 1 / 0, 5 MOD 0").rows == [[None, None]]
        assert [n.code for n in s.last_notes] == codes * 2
