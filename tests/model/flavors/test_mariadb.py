"""harness/model/flavors/mariadb.py: MariaDB 10.11's policies (5.5.5- greeting, XA, DDL logging)."""

from __future__ import annotations

from harness.model.flavors.mariadb import mariadb_10_11


def test_mariadb_greets_with_the_5_5_5_prefix_and_supports_xa() -> None:
    f = mariadb_10_11()
    assert f.name == "mariadb-10.11"
    assert f.server_version.startswith("10.11")
    assert (f.handshake.version_prefix, f.handshake.charset) == ("5.5.5-", 45)
    assert f.supports_xa


def test_temporary_table_ddl_is_unlogged_in_row_format_only() -> None:
    ddl = mariadb_10_11().ddl
    assert ddl.temp_ddl_unlogged_formats == ("ROW",)
    assert ddl.drop_temp_if_exists_qualified
