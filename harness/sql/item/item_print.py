"""Item::print: an expression as the server prints it back (SHOW CREATE TABLE's CHECK
constraints, the 4025 text of nothing, the frm's stored expression).

MariaDB prints from the parsed items, not from the statement's text: identifiers in
backquotes, operators and function names in lower case, one space around binary
operators, and parentheses only where precedence needs them
(``Item::print_parenthesised``: a child of lower precedence than its parent is
parenthesised; the right operand of a left-associative operator at the same level
too, ``higher_precedence()``).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from harness.sql.parse import parse_tree as A

# enum precedence (item.h), lowest first.
LOWEST, ASSIGN, OR, XOR, AND, NOT, CMP, BITOR, BITAND, SHIFT, ADD, MUL, BITXOR, PIPES, NEG, INTERVAL, BANG, \
    COLLATE, HIGHEST = range(19)

_BINARY: dict[str, tuple[str, int]] = {
    "OR": ("or", OR), "||": ("or", OR), "XOR": ("xor", XOR), "AND": ("and", AND), "&&": ("and", AND),
    "=": ("=", CMP), "<=>": ("<=>", CMP), "<>": ("<>", CMP), "!=": ("<>", CMP), "<": ("<", CMP),
    "<=": ("<=", CMP), ">": (">", CMP), ">=": (">=", CMP),
    "|": ("|", BITOR), "&": ("&", BITAND), "<<": ("<<", SHIFT), ">>": (">>", SHIFT),
    "+": ("+", ADD), "-": ("-", ADD), "*": ("*", MUL), "/": ("/", MUL), "%": ("%", MUL), "MOD": ("%", MUL),
    "DIV": ("DIV", MUL), "^": ("^", BITXOR),
}


def quote_ident(name: str) -> str:
    return "`" + name.replace("`", "``") + "`"


def _literal(v: Any) -> str:
    if v is None:
        return "NULL"
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, (int, Decimal)):
        return str(v)
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, bytes):
        return "0x" + v.hex()
    s = str(v).replace("\\", "\\\\").replace("'", "\\'")
    return f"'{s}'"


def precedence(e: A.Expr) -> int:
    if isinstance(e, A.Binary):
        return _BINARY.get(e.op.upper(), ("", CMP))[1]
    if isinstance(e, A.Unary):
        return NOT if e.op.upper() == "NOT" else NEG
    if isinstance(e, (A.InList, A.Between, A.IsNull, A.IsBool, A.Like, A.Regexp, A.Case)):
        return CMP
    return HIGHEST


def print_parenthesised(e: A.Expr, parent_prec: int) -> str:
    text = print_item(e)
    return f"({text})" if precedence(e) < parent_prec else text


def print_item(e: A.Expr) -> str:
    """The expression as MariaDB's Item::print writes it (QT_ITEM_ORIGINAL_FUNC_NULLIF, subset)."""
    if isinstance(e, A.Literal):
        return _literal(e.value)
    if isinstance(e, A.ColumnRef):
        return quote_ident(e.name)
    if isinstance(e, A.Binary):
        word, prec = _BINARY.get(e.op.upper(), (e.op.lower(), CMP))
        return f"{print_parenthesised(e.left, prec)} {word} {print_parenthesised(e.right, prec + 1)}"
    if isinstance(e, A.Unary):
        if e.op.upper() == "NOT":
            return f"!{print_parenthesised(e.operand, BANG)}"
        return f"{e.op}{print_parenthesised(e.operand, NEG)}"
    if isinstance(e, A.FuncCall):
        return f"{e.name.lower()}(" + ",".join(print_item(a) for a in e.args) + ")"
    if isinstance(e, A.InList):
        items = ",".join(print_item(i) for i in e.items)
        return f"{print_parenthesised(e.expr, CMP + 1)} {'not in' if e.negated else 'in'} ({items})"
    if isinstance(e, A.Between):
        return (f"{print_parenthesised(e.expr, CMP + 1)} {'not between' if e.negated else 'between'} "
                f"{print_parenthesised(e.low, CMP + 1)} and {print_parenthesised(e.high, CMP + 1)}")
    if isinstance(e, A.IsNull):
        return f"{print_parenthesised(e.expr, CMP + 1)} is {'not ' if e.negated else ''}null"
    if isinstance(e, A.Like):
        return f"{print_parenthesised(e.expr, CMP + 1)} {'not like' if e.negated else 'like'} " \
               f"{print_parenthesised(e.pattern, CMP + 1)}"
    from harness.sql.parse.parse_errors import UnsupportedError
    raise UnsupportedError(f"{type(e).__name__} in a stored expression (CHECK, generated column)")



def print_item_mysql(e: A.Expr) -> str:
    """The expression as MySQL 8.0+'s Item::print writes it: every operator in parentheses
    (``Item_func::print_op``: `(`a` > 0)`, ``Item_cond::print``: `((`a` > 0) and (`b` < 9))`,
    ``Item_func_between::print``), functions as `name(arg,arg)`; literals and columns as MariaDB's."""
    if isinstance(e, A.Binary):
        word = _BINARY.get(e.op.upper(), (e.op.lower(), CMP))[0]
        return f"({print_item_mysql(e.left)} {word} {print_item_mysql(e.right)})"
    if isinstance(e, A.Unary):
        if e.op.upper() == "NOT":
            return f"(not({print_item_mysql(e.operand)}))"
        return f"{e.op}{print_item_mysql(e.operand)}"
    if isinstance(e, A.FuncCall):
        return f"{e.name.lower()}(" + ",".join(print_item_mysql(a) for a in e.args) + ")"
    if isinstance(e, A.InList):
        items = ",".join(print_item_mysql(i) for i in e.items)
        return f"({print_item_mysql(e.expr)} {'not in' if e.negated else 'in'} ({items}))"
    if isinstance(e, A.Between):
        return (f"({print_item_mysql(e.expr)} {'not between' if e.negated else 'between'} "
                f"{print_item_mysql(e.low)} and {print_item_mysql(e.high)})")
    if isinstance(e, A.IsNull):
        return f"({print_item_mysql(e.expr)} is {'not ' if e.negated else ''}null)"
    return print_item(e)


__all__ = ["print_item", "print_item_mysql", "quote_ident"]
