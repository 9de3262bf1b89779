"""harness/model/flavor.py: the default policies every flavour starts from."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from harness.model.flavor import DdlLogging, ErrorStyle, Handshake
from harness.model.flavors import flavor_for


def test_default_error_style_keeps_mariadbs_texts_and_levels() -> None:
    style = ErrorStyle()
    assert style.error_text(1062, "Duplicate entry") == "Duplicate entry"
    assert (style.unsafe_level, style.row_injection_needs_row_format) == ("Note", False)


def test_drop_temporary_logs_non_transactional_tables_first() -> None:
    x5 = SimpleNamespace(transactional=True)
    x3 = SimpleNamespace(transactional=False)
    groups = DdlLogging().drop_temporary_table_groups([("x5", x5), ("x3", x3)])
    assert [[name for name, _t in g] for g in groups] == [["x3"], ["x5"]]
    assert DdlLogging().drop_table_groups([("a", x5), ("b", x3)]) == [[("a", x5), ("b", x3)]]


def test_flavor_for_names_each_flavour_and_refuses_others() -> None:
    assert flavor_for("mariadb-10.11").name == "mariadb-10.11"
    assert flavor_for("mysql-8.0").name == "mysql-8.0"
    with pytest.raises(ValueError, match="unknown flavor"):
        flavor_for("postgres")
    assert Handshake().charset == 45
