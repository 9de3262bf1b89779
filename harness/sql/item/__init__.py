"""Values and expressions (the server's ``item*.cc``, ``field.cc``, ``sql_type.cc``).

Column types, temporal values, the expression compiler, built-in functions,
comparators and the result typing of computed items. Above the parser and the
system variables, below the handlers.
"""
