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
