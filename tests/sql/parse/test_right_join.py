"""convert_right_join: MySQL's parser turns ``a RIGHT JOIN b ON c`` into ``b LEFT JOIN a ON c``."""

from harness.sql.parse import parse_tree as A
from harness.sql.parse.parser import parse
from harness.sql.parse.right_join import right_join_as_left, right_join_order


def test_the_right_joined_table_goes_first() -> None:
    st = parse("UPDATE t2 RIGHT JOIN t1 ON t1.a = t2.a SET t2.b = 5")
    assert isinstance(st, A.Update)
    assert [r.table.name for r in right_join_order(st.tables)] == ["t1", "t2"]
    swapped = right_join_as_left(st.tables)
    assert swapped is not None
    assert [(r.table.name, r.join) for r in swapped] == [("t1", None), ("t2", "LEFT")]
    assert swapped[1].on == st.tables[1].on and swapped[0].on is None


def test_other_joins_keep_their_order() -> None:
    st = parse("UPDATE t2 LEFT JOIN t1 ON t1.a = t2.a SET t2.b = 5")
    assert isinstance(st, A.Update)
    assert [r.table.name for r in right_join_order(st.tables)] == ["t2", "t1"]
    assert right_join_as_left(st.tables) is None
