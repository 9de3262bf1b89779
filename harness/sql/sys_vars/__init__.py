"""System variables (the server's ``sys_vars.cc`` / ``set_var.cc``): the catalog, the session's values, the profile.

Above the parser, below the items (``@@var`` in an expression reads the catalog).
"""
