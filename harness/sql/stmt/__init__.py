"""Statement execution, one module per statement family (the server's ``sql_select.cc``, ``sql_insert.cc``, ...).

Above the optimizer; below the dispatcher (``harness.sql.sql_parse``) and the
connection (``harness.sql.thd``).
"""
