"""Reading SQL (the server's ``sql_lex.cc`` / ``sql_yacc.yy``): lexer, parser, parse tree, statement shapes.

The lowest layer of the SQL layer: it imports nothing of ``harness.sql`` but the
error texts (``harness.sql.sql_errors``).
"""
