"""A column of a table definition: its name, type, nullability and default (the server's ``Create_field``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from harness.sql.item.column_types import ColumnType


@dataclass
class Column:
    name: str
    type: ColumnType
    nullable: bool = True
    default: Any = None  # stored value, or None
    has_default: bool = False
    default_now: bool = False  # DEFAULT CURRENT_TIMESTAMP
    on_update_now: bool = False
    auto_increment: bool = False
    # An ENUM NOT NULL without DEFAULT: it takes its first member, but SHOW CREATE prints
    # no DEFAULT and a nullable trigger field holds NULL for it (1364; observed).
    implicit_default: bool = False
    # A generated column: its expression (None for a plain column), and whether it is
    # STORED/PERSISTENT rather than VIRTUAL.
    generated: Any = None
    generated_text: str = ""
    generated_stored: bool = False
