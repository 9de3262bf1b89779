"""The optimizer's visible choices (the server's ``sql_select.cc`` planning, ``opt_range.cc``).

Join order, range access, covering indexes and the access path, as far as they
show in the binary log. Above the handlers, below the statements.
"""
