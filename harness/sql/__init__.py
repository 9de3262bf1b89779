"""The SQL layer, laid out like the server's ``sql/`` directory, in layers that import one way.

From the bottom: ``sql_errors`` (the layer's message texts), ``parse`` (lexer,
parser, parse tree), ``sys_vars`` (system variables), ``item`` (column types and
expressions), ``handler`` (catalog, storage engines, locks), ``opt`` (the
optimizer's visible choices), ``stmt`` (one module per statement family), and on
top the dispatcher (``sql_parse``, the server's ``mysql_execute_command``), the
connection (``thd``, MariaDB's THD) and the server-wide state (``server``).
``.importlinter``'s ``sql-layers`` contract keeps the order. The layer calls the
binlog layers (``harness.model``), which never import it.
"""
