"""The SQL layer, laid out like the server's ``sql/`` directory.

The parser (lexer, ast, parser), the connection (``thd``, MariaDB's THD), statement
execution (``executor``, ``ddl``, ``create_select``, ...), the catalog, the storage
engines (``storage``, ``lock_sys``, ``row_locks``) and the system variables. It calls
the binlog layers (``harness.model``), which never import it.
"""

from harness.sql.parse_errors import ParseError, SqlParseError, UnsupportedError
from harness.sql.parser import parse

__all__ = ["parse", "ParseError", "SqlParseError", "UnsupportedError"]
