"""harness/sql/handler/storage.py: storage engines by name and a table's rows with unique keys."""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError
from harness.sql.handler.storage import TableData, engine_by_name


def test_engines_by_name_and_alias() -> None:
    assert engine_by_name("innodb").transactional and engine_by_name("InnoDB").xa_capable
    assert not engine_by_name("MyISAM").transactional
    assert engine_by_name("heap").name == "MEMORY"
    with pytest.raises(ServerError) as e:
        engine_by_name("Falcon")
    assert (e.value.code, e.value.message) == (1286, "Unknown storage engine 'Falcon'")


def test_a_unique_key_finds_the_duplicate_and_frees_it_on_delete() -> None:
    data = TableData([("PRIMARY", [0], [lambda v: v])], None)
    slot = data.insert([1, "a"])
    dup = data.find_duplicate([1, "b"])
    assert dup is not None and (dup.key_name, dup.slot) == ("PRIMARY", slot)
    data.delete(slot)
    assert data.find_duplicate([1, "b"]) is None
    assert data.count == 0


def test_only_born_transactional_aria_base_tables_register_without_2pc() -> None:
    from harness.sql.handler.catalog import TableDef
    from harness.sql.handler.storage import registers_without_2pc

    def table(engine: str, temporary: bool = False, **options: str) -> TableDef:
        return TableDef("test", "t", [], [], engine_by_name(engine), temporary=temporary, options=options)

    assert registers_without_2pc(table("Aria"))
    assert registers_without_2pc(table("Aria", ROW_FORMAT="PAGE"))
    assert not registers_without_2pc(table("Aria", ROW_FORMAT="DYNAMIC"))
    assert not registers_without_2pc(table("Aria", TRANSACTIONAL="0"))
    assert not registers_without_2pc(table("Aria", temporary=True))
    assert not registers_without_2pc(table("MyISAM"))
    assert not registers_without_2pc(table("InnoDB"))
