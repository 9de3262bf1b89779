"""harness/sql/parse: WITH binding (parse_dml.bind_ctes), OVER (...) specifications,
PREPARE/EXECUTE/DEALLOCATE, the account and event statements (parse_acl)."""

from __future__ import annotations

import pytest

from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import UnsupportedError
from harness.sql.parse.parser import parse


def test_cte_references_become_derived_tables_and_inner_with_shadows() -> None:
    st = parse("WITH c AS (SELECT 1 AS x) SELECT * FROM (WITH c AS (SELECT 2 AS x) SELECT x FROM c) q, c")
    assert isinstance(st, A.Select)
    inner, outer = st.from_
    assert outer.cte is not None and outer.cte.name == "c" and outer.derived is outer.cte.select
    assert inner.derived is not None and inner.derived.from_[0].cte is not outer.cte


def test_a_recursive_cte_refers_to_itself_through_an_empty_derived() -> None:
    st = parse("WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 3) SELECT n FROM s")
    ref = st.from_[0]  # type: ignore[attr-defined]
    assert ref.cte.recursive and ref.cte.columns == ["n"]
    self_ref = ref.cte.select.union[0][1].from_[0]
    assert self_ref.cte is ref.cte and self_ref.derived == A.Select()


def test_window_specification() -> None:
    st = parse("SELECT SUM(v) OVER (PARTITION BY g ORDER BY a DESC ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM w")
    w = st.items[0].expr  # type: ignore[attr-defined]
    assert isinstance(w, A.WindowFunc) and w.func.name == "SUM" and len(w.partition) == 1 and w.order[0].desc
    assert w.frame is not None and w.frame[0] == "ROWS" and w.frame[1][0] == "PRECEDING"
    with pytest.raises(UnsupportedError):
        parse("SELECT ROW_NUMBER() OVER w FROM t WINDOW w AS (ORDER BY a)")


def test_prepare_execute_deallocate() -> None:
    assert parse("PREPARE s FROM 'SELECT ?'") == A.Prepare(name="s", source=A.Literal("SELECT ?"),
                                                           text="PREPARE s FROM 'SELECT ?'")
    ex = parse("EXECUTE s USING @a, 1 + 1, DEFAULT")
    assert isinstance(ex, A.Execute) and isinstance(ex.using[2], A.Default)
    assert isinstance(parse("DROP PREPARE s"), A.Deallocate)
    assert parse("EXECUTE IMMEDIATE 'SELECT 1'").immediate is not None  # type: ignore[attr-defined]


def test_account_statements() -> None:
    st = parse("CREATE USER IF NOT EXISTS u@localhost IDENTIFIED BY 'x', 'v'@'%' IDENTIFIED BY PASSWORD '*AB'")
    assert isinstance(st, A.Account) and st.verb == "CREATE USER" and st.if_not_exists
    assert st.users == [("u", "localhost"), ("v", "%")]
    assert st.identified_by == {("u", "localhost"): ("PASSWORD", "x"), ("v", "%"): ("HASH", "*AB")}
    g = parse("GRANT SELECT (a), INSERT ON test.t TO u@localhost")
    assert g.verb == "GRANT" and g.on == ("test", "t") and g.privileges == ["SELECT", "INSERT"]  # type: ignore[attr-defined]
    assert parse("GRANT r1 TO u").verb == "GRANT ROLE"  # type: ignore[attr-defined]
    assert parse("REVOKE ALL PRIVILEGES, GRANT OPTION FROM u").on is None  # type: ignore[attr-defined]
    assert parse("SET PASSWORD FOR u = PASSWORD('p')").password == ("PASSWORD", "p")  # type: ignore[attr-defined]


def test_event_statements() -> None:
    st = parse("CREATE DEFINER=root@localhost EVENT IF NOT EXISTS d.e ON SCHEDULE EVERY 1 DAY DO SELECT 1")
    assert isinstance(st, A.EventStmt) and st.definer == ("root", "localhost") and st.db == "d" and st.uses_now
    assert st.text[st.event_pos:].startswith("EVENT")
    assert not parse("CREATE EVENT e ON SCHEDULE EVERY 1 DAY STARTS '2030-01-01' DO SELECT 1").uses_now  # type: ignore
    assert parse("ALTER EVENT e RENAME TO f").rename == (None, "f")  # type: ignore[attr-defined]
