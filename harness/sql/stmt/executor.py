"""One statement's executor: SELECT's machinery with INSERT, UPDATE and DELETE on top.

Each statement family keeps its own module (``sql_select``, ``sql_insert``,
``sql_update``, ``sql_delete``); :class:`Executor` puts them together for the
session, which runs a statement through one object.
"""

from __future__ import annotations

from harness.sql.stmt.sql_delete import DeleteExecutor
from harness.sql.stmt.sql_insert import InsertExecutor
from harness.sql.stmt.sql_update import UpdateExecutor


class Executor(InsertExecutor, UpdateExecutor, DeleteExecutor):
    """Runs one statement for a session (``thd``)."""


__all__ = ["Executor"]
