"""harness/sql/stmt/routines.py: stored functions, procedures and triggers."""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError
from tests.model.conftest import Bed, bed, latin1_bed  # noqa: F401  (the in-process server fixtures)


def test_function_procedure_and_a_missing_one(bed: Bed) -> None:
    s = bed.session()
    s.execute("CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(10)) ENGINE=InnoDB")
    s.execute("CREATE FUNCTION f(x INT) RETURNS INT DETERMINISTIC RETURN x * 2")
    assert s.execute("SELECT f(21)").rows == [[42]]
    s.execute("CREATE PROCEDURE p(IN x INT) INSERT INTO t VALUES (x, 'p')")
    assert s.execute("CALL p(10)").affected_rows == 1
    with pytest.raises(ServerError) as e:
        s.execute("CALL nope()")
    assert (e.value.code, e.value.message) == (1305, "PROCEDURE test.nope does not exist")


def test_a_trigger_writes_through_the_same_statement(bed: Bed) -> None:
    s = bed.session("ROW")
    s.execute("CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB")
    s.execute("CREATE TABLE n (a INT) ENGINE=MyISAM")
    s.execute("CREATE TRIGGER tr AFTER INSERT ON t FOR EACH ROW INSERT INTO n VALUES (NEW.a)")
    s.execute("INSERT INTO t VALUES (7)")
    assert s.execute("SELECT * FROM n").rows == [[7]]


def test_a_trigger_may_not_change_the_table_its_statement_uses(bed: Bed) -> None:
    s = bed.session()
    s.execute("CREATE TABLE t (a INT) ENGINE=InnoDB")
    s.execute("CREATE TRIGGER tr AFTER INSERT ON t FOR EACH ROW INSERT INTO t VALUES (NEW.a + 1)")
    with pytest.raises(ServerError) as e:
        s.execute("INSERT INTO t VALUES (1)")
    assert e.value.code == 1442


def test_a_trigger_switching_binlog_format_to_a_bare_word_is_1560(bed: Bed) -> None:
    """binlog_switch_inside_trans: `SET @@session.binlog_format= statement` in a trigger
    fails with 1560 before the bare word is read (it names a value, not a column)."""
    s = bed.session("ROW")
    s.execute("CREATE TABLE t3 (a INT) ENGINE=InnoDB")
    s.execute("CREATE TABLE t4 (a INT) ENGINE=InnoDB")
    s.execute("CREATE TRIGGER tr1 AFTER INSERT ON t3 FOR EACH ROW BEGIN INSERT INTO t4 VALUES (1); "
              "SET @@session.binlog_format= statement; END")
    with pytest.raises(ServerError) as e:
        s.execute("INSERT INTO t3 VALUES (1)")
    assert e.value.code == 1560
    for var, code in (("binlog_direct_non_transactional_updates", 1686), ("sql_log_bin", 1695),
                      ("skip_replication", 1930), ("gtid_seq_no", 1954)):
        s.execute("DROP TRIGGER tr1")
        s.execute(f"CREATE TRIGGER tr1 AFTER INSERT ON t3 FOR EACH ROW SET @@session.{var}= 1")
        with pytest.raises(ServerError) as e:
            s.execute("INSERT INTO t3 VALUES (1)")
        assert e.value.code == code, var


def test_a_native_spatial_function_is_refused_as_not_modelled_not_1305(bed: Bed) -> None:
    from harness.sql.parse.parse_errors import UnsupportedError
    s = bed.session("STATEMENT")
    with pytest.raises((ServerError, UnsupportedError)) as e:
        s.execute("SET @g0 = POINT(1,1)")
    assert getattr(e.value, "code", None) == 1235
    with pytest.raises(ServerError) as e2:
        s.execute("SET @g0 = no_such_function(1)")
    assert e2.value.code == 1305


def test_name_const_carries_the_routine_databases_character_set(latin1_bed: Bed) -> None:
    """sp_get_item_value: a string SP variable declared without a character set has its
    database's (observed on a latin1 server: _latin1'x' COLLATE 'latin1_swedish_ci');
    the logged text runs again on that server, so the literal must parse there."""
    from harness.binlog.query import QueryEvent

    s = latin1_bed.session()
    s.execute("CREATE TABLE sup (pattern VARCHAR(255)) ENGINE=MyISAM")
    s.execute("CREATE PROCEDURE add_sup(pattern VARCHAR(255)) BEGIN INSERT INTO sup (pattern) VALUES (pattern); END")
    s.execute("CALL add_sup('x')")
    logged = [ev.query for ev in latin1_bed.binlog_events()
              if isinstance(ev, QueryEvent) and ev.query.startswith("INSERT")]
    assert logged == ["INSERT INTO sup (pattern) VALUES ( NAME_CONST('pattern',_latin1'x' COLLATE 'latin1_swedish_ci'))"]
    assert s.execute("SELECT pattern FROM sup").rows == [["x"]]


def test_an_explicit_collation_of_another_character_set_is_refused_not_guessed(bed: Bed) -> None:
    """Against a utf8mb4 column the server would aggregate the collations (maybe 1267)."""
    s = bed.session()
    with pytest.raises(ServerError) as e:
        s.execute("SELECT _latin1'x' COLLATE 'latin1_swedish_ci'")
    assert e.value.code == 1235
    assert s.execute("SELECT _utf8mb4'x' COLLATE 'utf8mb4_general_ci'").rows == [["x"]]


def test_a_call_sub_statement_with_tables_clears_the_earlier_ones_conditions(bed: Bed) -> None:
    s = bed.session("ROW")
    s.execute("CREATE TABLE t (id INT, d DATE) ENGINE=MyISAM")
    s.execute("INSERT INTO t VALUES (1, '1970-01-01')")
    s.execute("CREATE PROCEDURE p() BEGIN UPDATE t SET d = '2025-05-05 05:05:05'; INSERT INTO t VALUES (2, NULL); END")
    s.execute("CREATE PROCEDURE q() BEGIN UPDATE t SET d = '2025-05-06 05:05:05'; SET @x = 1; END")
    s.execute("CALL p()")
    assert s.last_notes == []
    s.execute("CALL q()")
    assert [n.code for n in s.last_notes] == [1265, 1265]


def test_set_new_error_in_an_insert_trigger_names_row_0(bed: Bed) -> None:
    import pytest

    from harness.sql.sql_errors import ServerError
    s = bed.session("ROW")
    s.execute("CREATE TABLE t (c INT) ENGINE=InnoDB")
    s.execute("CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.c = NEW.c + 2147483647")
    with pytest.raises(ServerError) as e:
        s.execute("INSERT INTO t VALUES (-5), (5)")
    assert e.value.message == "Out of range value for column 'c' at row 0"


def test_a_functions_insert_warns_1364_on_every_call(bed: Bed) -> None:
    import pytest

    from harness.sql.sql_errors import ServerError
    s = bed.session("ROW")
    s.execute("SET sql_mode = ''")
    s.execute("CREATE TABLE t1 (id INT NOT NULL UNIQUE, c INT NOT NULL, x INT) ENGINE=InnoDB")
    s.execute("CREATE TABLE t2 (id INT, x INT) ENGINE=InnoDB")
    s.execute("INSERT INTO t2 VALUES (1, 1), (2, 2)")
    s.execute("CREATE FUNCTION f(v INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t1 (id, x) VALUES (9, v); RETURN v; END")
    with pytest.raises(ServerError):
        s.execute("UPDATE t2 SET x = f(x)")
    assert [n.code for n in s.last_notes] == [1364, 1062, 4094]


def test_a_call_lists_a_refused_sub_statements_error_before_its_location(bed: Bed) -> None:
    import pytest

    from harness.sql.sql_errors import ServerError
    s = bed.session("ROW")
    s.execute("CREATE PROCEDURE p() BEGIN INSERT INTO nosuch VALUES (1); END")
    with pytest.raises(ServerError):
        s.execute("CALL p()")
    assert [n.code for n in s.last_notes] == [1146, 4094]
