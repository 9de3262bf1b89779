"""harness/model/session.py: the protocols the layers see a session, statement and table through.

mypy checks the SQL layer's classes against these protocols statically; this checks
the live objects, so an attribute set at run time under another name fails too."""

from __future__ import annotations

from harness.sql.parse.stmtinfo import StatementInfo
from harness.model import session as S


def _members(proto: type) -> set[str]:
    names = {n for n in vars(proto) if not n.startswith("_")}
    return names | set(getattr(proto, "__annotations__", {}))


def test_a_table_of_the_sql_layer_has_every_member_of_the_table_view(bed) -> None:  # type: ignore[no-untyped-def]
    s = bed.session()
    s.execute("CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, a INT) ENGINE=InnoDB")
    table = bed.state.catalog.get_table("test", "t")
    assert [m for m in sorted(_members(S.TableView)) if not hasattr(table, m)] == []
    assert table.auto_inc_col == 0


def test_statement_info_has_every_member_of_the_statement_facts() -> None:
    info = StatementInfo(kind="INSERT")
    assert [m for m in sorted(_members(S.StatementFacts)) if not hasattr(info, m)] == []


def test_a_session_has_every_member_of_the_decide_view(bed) -> None:  # type: ignore[no-untyped-def]
    thd = bed.session("MIXED")
    assert [m for m in sorted(_members(S.DecideSession)) if not hasattr(thd, m)] == []
    assert thd.binlog_format == "MIXED"
