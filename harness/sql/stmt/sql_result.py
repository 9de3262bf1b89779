"""What a statement returns to its client: an OK packet, a result set, DML counts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from harness.sql.item.column_types import IntType, StringType


@dataclass
class OkPacket:
    """Result of a statement that returns no rows."""

    affected_rows: int = 0
    last_insert_id: int = 0
    info: str = ""


@dataclass
class ResultColumn:
    name: str
    type: Any = None  # ColumnType or None for computed values
    table: str = ""
    db: str = ""
    org_name: str = ""
    nullable: bool = True
    #: The base table's real name when ``table`` is an alias (the column definition's org_table).
    org_table: str = ""
    #: A computed column's metadata from its Item (send_field.SendField), None when the
    #: column is a table's or its expression is not modelled (then ``type`` describes it).
    meta: Any = None


@dataclass
class SelectResult:
    columns: list[ResultColumn]
    rows: list[list[Any]]
    # SQL_CALC_FOUND_ROWS: the row count before LIMIT (FOUND_ROWS()); else the rows sent.
    found_rows: int | None = None


@dataclass
class DmlResult:
    affected: int = 0
    matched: int = 0
    last_insert_id: int = 0
    info: str = ""


def _ok(affected: int = 0) -> OkPacket:
    return OkPacket(affected)


def _text_result(names: list[str], rows: list[list[Any]], int_cols: tuple[int, ...] = ()) -> SelectResult:
    cols = []
    for i, n in enumerate(names):
        t = IntType("BIGINT", True) if i in int_cols else StringType("VARCHAR", 255)
        cols.append(ResultColumn(n, t))
    return SelectResult(cols, rows)


def dml_found_rows(thd: Any, stmt: Any, res: DmlResult, insert_select_found: int | None) -> None:
    """FOUND_ROWS() after a DML statement that sent no rows. MariaDB: 0 after INSERT ...
    SELECT (select_insert sends no rows; probed), else as it was. MySQL
    (SqlDialect.mysql_found_rows): Sql_cmd_dml::execute ends with
    THD::update_previous_found_rows -- an INSERT ... SELECT's query rows, what a query block
    found since (a CREATE TABLE ... SELECT's: ``Thd.current_found_rows``), a single-table
    UPDATE's found rows, a multi-table UPDATE's or DELETE's 0 (Query_result_update/_delete
    send no row; 9.7.4 probed)."""
    from harness.sql.parse import parse_tree as A
    mysql = thd.server.flavor.sql.mysql_found_rows
    if isinstance(stmt, A.Insert) and stmt.select is not None:
        thd.set_last_found_rows((insert_select_found or 0) if mysql else 0)
        return
    if not mysql:
        return
    if isinstance(stmt, A.Update):
        thd.current_found_rows = res.matched if len(stmt.tables) == 1 else 0
    elif isinstance(stmt, A.Delete) and stmt.targets:
        thd.current_found_rows = 0
    thd.last_found_rows = thd.current_found_rows
