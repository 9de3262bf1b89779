"""replbed's SQL subset: tokenizer, AST and parser."""

from harness.sql.errors import ParseError, SqlParseError, UnsupportedError
from harness.sql.parser import parse

__all__ = ["parse", "ParseError", "SqlParseError", "UnsupportedError"]
