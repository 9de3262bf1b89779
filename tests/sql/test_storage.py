"""harness/sql/storage.py: storage engines by name and a table's rows with unique keys."""

from __future__ import annotations

import pytest

from harness.sql.errors import ServerError
from harness.sql.storage import TableData, engine_by_name


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
