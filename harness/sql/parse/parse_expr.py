"""The expression grammar and the token cursor every statement grammar reads with."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any, Callable

from harness.sql.parse import parse_tree as A
from harness.sql.parse.lexer import Token, literal_value, tokenize
from harness.sql.parse.parse_errors import ParseError, UnsupportedError

# Words that cannot be used as bare identifiers / aliases in this subset.
_RESERVED = frozenset(
    """
    SELECT FROM WHERE GROUP BY HAVING ORDER LIMIT OFFSET INSERT INTO VALUES
    UPDATE SET DELETE CREATE DROP TABLE AND OR NOT XOR IS NULL IN BETWEEN LIKE
    ON JOIN INNER LEFT RIGHT CROSS OUTER UNION AS ASC DESC DISTINCT CASE WHEN THEN
    ELSE END DEFAULT DUPLICATE KEY PRIMARY UNIQUE INDEX FOR USING STRAIGHT_JOIN
    NATURAL REPLACE IGNORE EXISTS REGEXP RLIKE DIV MOD INTERVAL WITH RETURNING
    """.split()
)


_COMPARISON = {"=", "<=>", "<", ">", "<=", ">=", "<>", "!="}


_LITERAL_KINDS = frozenset(("INT", "DECIMAL", "FLOAT", "HEX", "STRING"))


# Type names accepted in column definitions.
_TYPE_WORDS = frozenset(
    """
    TINYINT SMALLINT MEDIUMINT INT INTEGER BIGINT BOOL BOOLEAN DECIMAL DEC NUMERIC
    FIXED FLOAT DOUBLE REAL CHAR VARCHAR BINARY VARBINARY TINYTEXT TEXT MEDIUMTEXT
    LONGTEXT TINYBLOB BLOB MEDIUMBLOB LONGBLOB DATE DATETIME TIMESTAMP TIME YEAR
    ENUM SET BIT JSON
    """.split()
)


_NOT_UTF8_RE = re.compile("[\udc80-\udcff]")

# Introducers taken for ASCII text (introduced_literal), with their default collations.
_INTRODUCER_COLLATION = {"_LATIN1": "latin1_swedish_ci", "_UTF8MB3": "utf8mb3_general_ci",
                         "_UTF8": "utf8mb3_general_ci"}


class ExprParser:
    """Parses expressions. Holds only the token cursor."""

    def __init__(self, sql: str, no_backslash_escapes: bool = False, client_charset: str | None = None,
                 charset_literal: Callable[[bytes, str], Any] | None = None) -> None:
        self.sql = sql
        self.toks = tokenize(sql, no_backslash_escapes, client_charset)
        # A client character set that is not UTF-8 and not latin1 (cp932): its literals'
        # bytes are characters of that set; ``charset_literal`` (the SQL layer's) makes the
        # string value that remembers it.
        self.client_charset = client_charset if charset_literal is not None else None
        self.charset_literal = charset_literal
        self.i = 0
        # The last literal with a character set introducer, for a COLLATE after it.
        self._introduced: A.Literal | None = None
        self._introducer = ""
        # Explicit collations of string literals other than utf8mb4_general_ci (collate()).
        self.literal_collations: set[str] = set()

    @property
    def tok(self) -> Token:
        return self.toks[self.i]

    def peek(self, k: int = 1) -> Token:
        j = min(self.i + k, len(self.toks) - 1)
        return self.toks[j]

    def advance(self) -> Token:
        t = self.toks[self.i]
        if t.kind != "EOF":
            self.i += 1
        return t

    def error(self, detail: str = "") -> ParseError:
        return ParseError(self.sql, self.tok.pos, detail)

    def at_kw(self, *words: str) -> bool:
        t = self.tok
        return t.kind == "WORD" and t.text.upper() in words

    def peek_kw(self, k: int, *words: str) -> bool:
        t = self.peek(k)
        return t.kind == "WORD" and t.text.upper() in words

    def accept_kw(self, *words: str) -> str | None:
        if self.at_kw(*words):
            return self.advance().text.upper()
        return None

    def expect_kw(self, *words: str) -> str:
        w = self.accept_kw(*words)
        if w is None:
            raise self.error(f"expected {'/'.join(words)}")
        return w

    def at_op(self, *ops: str) -> bool:
        t = self.tok
        return t.kind == "OP" and t.value in ops

    def accept_op(self, *ops: str) -> str | None:
        if self.at_op(*ops):
            return self.advance().value  # type: ignore[return-value]
        return None

    def expect_op(self, op: str) -> None:
        if not self.accept_op(op):
            raise self.error(f"expected {op}")

    def ident(self) -> str:
        t = self.tok
        if t.kind == "QWORD":
            self.advance()
            return t.value  # type: ignore[return-value]
        if t.kind == "WORD" and t.text.upper() not in _RESERVED:
            self.advance()
            return t.value  # type: ignore[return-value]
        raise self.error("expected identifier")

    def ident_or_string(self) -> str:
        if self.tok.kind == "STRING":
            return self.advance().value  # type: ignore[return-value]
        return self.ident()

    def table_name(self) -> A.TableName:
        first = self.ident()
        if self.accept_op("."):
            return A.TableName(self.ident(), first)
        return A.TableName(first)

    def end(self) -> None:
        self.accept_op(";")
        if self.tok.kind != "EOF":
            raise self.error()

    def text_from(self, pos: int) -> str:
        return self.sql[pos:self.tok.pos].strip()

    # ------------------------------------------------------------ defined by the statement grammars

    def select_stmt(self) -> A.Select:
        """A SELECT (a subquery in an expression): :class:`~harness.sql.parse.parse_dml.DmlParser`'s."""
        raise NotImplementedError

    def statement(self) -> A.Statement:
        """One statement (in a routine body): :class:`~harness.sql.parse.parser.Parser`'s."""
        raise NotImplementedError

    def type_spec(self) -> tuple[str, list[object], bool, bool]:
        t = self.tok
        if t.kind != "WORD" or t.text.upper() not in _TYPE_WORDS:
            raise UnsupportedError(f"column type {t.value}")
        tname = self.advance().text.upper()
        if tname == "DOUBLE":
            self.accept_kw("PRECISION")
        if tname in ("CHAR", "VARCHAR") and self.accept_kw("BYTE"):
            pass
        if tname == "CHAR" and self.accept_kw("VARYING"):
            tname = "VARCHAR"
        args: list[object] = []
        if self.accept_op("("):
            while True:
                tk = self.advance()
                if tk.kind in ("INT", "STRING"):
                    args.append(tk.value)
                else:
                    raise ParseError(self.sql, tk.pos)
                if not self.accept_op(","):
                    break
            self.expect_op(")")
        unsigned = zerofill = False
        while True:
            w = self.accept_kw("UNSIGNED", "SIGNED", "ZEROFILL")
            if w is None:
                break
            if w == "UNSIGNED":
                unsigned = True
            if w == "ZEROFILL":
                zerofill = unsigned = True
        return tname, args, unsigned, zerofill

    def expr(self) -> A.Expr:
        # Fast path: a bare literal ending the item (VALUES lists, function
        # arguments) needs none of the precedence levels below.
        t = self.toks[self.i]
        if t.kind in _LITERAL_KINDS and self.client_charset is None:
            nxt = self.toks[self.i + 1]
            if nxt.kind == "OP" and (nxt.value == "," or nxt.value == ")"):
                self.i += 1
                return A.Literal(literal_value(t.value))
        return self.or_expr()

    def or_expr(self) -> A.Expr:
        left = self.xor_expr()
        while self.accept_kw("OR") or self.accept_op("||"):
            left = A.Binary("OR", left, self.xor_expr())
        return left

    def xor_expr(self) -> A.Expr:
        left = self.and_expr()
        while self.accept_kw("XOR"):
            left = A.Binary("XOR", left, self.and_expr())
        return left

    def and_expr(self) -> A.Expr:
        left = self.not_expr()
        while self.accept_kw("AND") or self.accept_op("&&"):
            left = A.Binary("AND", left, self.not_expr())
        return left

    def not_expr(self) -> A.Expr:
        if self.accept_kw("NOT"):
            return A.Unary("NOT", self.not_expr())
        return self.predicate()

    def predicate(self) -> A.Expr:
        left = self.bit_or()
        while True:
            if self.at_op(*_COMPARISON):
                op = self.advance().value
                if self.at_kw("ANY", "ALL", "SOME"):
                    raise UnsupportedError("ANY/ALL subqueries")
                left = A.Binary("!=" if op == "<>" else op, left, self.bit_or())  # type: ignore[arg-type]
                continue
            if self.accept_kw("IS"):
                neg = bool(self.accept_kw("NOT"))
                w = self.expect_kw("NULL", "TRUE", "FALSE", "UNKNOWN")
                if w in ("NULL", "UNKNOWN"):
                    left = A.IsNull(left, neg)
                else:
                    left = A.IsBool(left, w == "TRUE", neg)
                continue
            neg = False
            if self.at_kw("NOT") and self.peek_kw(1, "IN", "BETWEEN", "LIKE", "REGEXP", "RLIKE"):
                self.advance()
                neg = True
            if self.accept_kw("IN"):
                self.expect_op("(")
                if self.at_kw("SELECT", "WITH"):
                    q = self.select_stmt()
                    self.expect_op(")")
                    left = A.InSubquery(left, q, neg)
                    continue
                items = [self.expr()]
                while self.accept_op(","):
                    items.append(self.expr())
                self.expect_op(")")
                left = A.InList(left, items, neg)
            elif self.accept_kw("BETWEEN"):
                low = self.bit_or()
                self.expect_kw("AND")
                left = A.Between(left, low, self.bit_or(), neg)
            elif self.accept_kw("LIKE"):
                left = A.Like(left, self.bit_or(), neg)
                if self.accept_kw("ESCAPE"):
                    raise UnsupportedError("LIKE ... ESCAPE")
            elif self.accept_kw("REGEXP", "RLIKE"):
                left = A.Regexp(left, self.bit_or(), neg)
            elif not neg and self.at_kw("SOUNDS") and self.peek_kw(1, "LIKE"):
                # sql_yacc.yy: `a SOUNDS LIKE b` is SOUNDEX(a) = SOUNDEX(b)
                self.advance()
                self.advance()
                left = A.Binary("=", A.FuncCall("SOUNDEX", [left]), A.FuncCall("SOUNDEX", [self.bit_or()]))
            else:
                return left

    def _binary_level(self, ops: tuple[str, ...], nxt: Callable[[], A.Expr], kws: tuple[str, ...] = ()) -> A.Expr:
        left = nxt()
        while True:
            if self.at_op(*ops):
                op = self.advance().value
            elif kws and self.at_kw(*kws):
                op = self.advance().text.upper()
            else:
                return left
            left = A.Binary(op, left, nxt())  # type: ignore[arg-type]

    def bit_or(self) -> A.Expr:
        return self._binary_level(("|",), self.bit_and)

    def bit_and(self) -> A.Expr:
        return self._binary_level(("&",), self.shift)

    def shift(self) -> A.Expr:
        return self._binary_level(("<<", ">>"), self.additive)

    def additive(self) -> A.Expr:
        return self._binary_level(("+", "-"), self.multiplicative)

    def multiplicative(self) -> A.Expr:
        return self._binary_level(("*", "/", "%"), self.bit_xor, ("DIV", "MOD"))

    def bit_xor(self) -> A.Expr:
        return self._binary_level(("^",), self.unary)

    def unary(self) -> A.Expr:
        if self.accept_op("-"):
            operand = self.unary()
            if isinstance(operand, A.Literal) and isinstance(operand.value, (int, Decimal, float)) \
                    and not isinstance(operand.value, bool):
                return A.Literal(-operand.value)
            return A.Unary("-", operand)
        if self.accept_op("+"):
            return self.unary()
        if self.accept_op("~"):
            return A.Unary("~", self.unary())
        if self.accept_op("!"):
            return A.Unary("NOT", self.unary())
        if self.accept_kw("BINARY"):
            return A.Unary("BINARY", self.unary())
        e = self.primary()
        if self.at_kw("COLLATE"):
            e = self.collate(e)
        return e

    def collate(self, e: A.Expr) -> A.Expr:
        """``expr COLLATE name`` on a string literal, when the collation changes nothing the
        model computes: utf8mb4_general_ci (what a logged NAME_CONST of a string carries on a
        utf8mb4 server, ``_utf8mb4'x' COLLATE 'utf8mb4_general_ci'``), or the default
        collation of the literal's own introducer (``_latin1'x' COLLATE 'latin1_swedish_ci'``,
        the same on a latin1 server). Such a collation is EXPLICIT: against a column of
        another character set the server may refuse the comparison (1267), so the statement
        remembers it and runs only on a server whose collation_server it is
        (Thd.execute). Any other collation is refused."""
        self.expect_kw("COLLATE")
        name = self.ident_or_string()
        coll = name.lower()
        if not (isinstance(e, A.Literal) and isinstance(e.value, str)):
            raise UnsupportedError(f"COLLATE {name}")
        if coll in ("utf8mb4_uca1400_ai_ci", "utf8mb4_0900_ai_ci") \
                and (self._introduced is not e or self._introducer == "_UTF8MB4"):
            # MariaDB 11.8's (MySQL 8.0+'s) default utf8mb4 collation: NAME_CONST texts carry it; taken
            # only on a server whose collation_server it is (Thd.execute)
            self.literal_collations.add(coll)
        elif coll != "utf8mb4_general_ci":
            if self._introduced is not e or _INTRODUCER_COLLATION.get(self._introducer) != coll:
                raise UnsupportedError(f"COLLATE {name}")
            self.literal_collations.add(coll)
        return e

    def _string_value(self, first: str | None = None) -> str:
        """A string literal's text, adjacent literals joined (the first already read)."""
        value = first if first is not None else str(self.advance().value)
        while self.tok.kind == "STRING":  # adjacent literals concatenate
            value = value + str(self.advance().value)
        return value

    def _charset_value(self, text: str, charset: str) -> Any:
        """The literal's bytes as characters of ``charset`` (a string that remembers it);
        bytes that are no character of it are not modelled (the server warns 1300)."""
        raw = text.encode("utf-8", "surrogateescape")
        assert self.charset_literal is not None
        try:
            return self.charset_literal(raw, charset)
        except UnicodeDecodeError:
            raise UnsupportedError(f"a string that is not {charset} in a {charset} literal") from None

    def introduced_literal(self, word: str) -> A.Expr:
        """``_binary 'x'`` (bytes) and ``_utf8mb4 'x'`` (the connection's own character
        set, as every string literal here). ``_latin1 'x'`` and ``_utf8mb3 'x'`` are taken
        for ASCII text only, the same characters in every character set the model has;
        other text would need a string value that remembers its character set, which is
        not modelled."""
        if word == "_CP932" and self.charset_literal is not None and self.toks[self.i + 1].kind == "STRING":
            self.advance()
            return A.Literal(self._charset_value(self._string_value(), "cp932"))
        if word not in ("_BINARY", "_UTF8MB4") and word not in _INTRODUCER_COLLATION:
            raise UnsupportedError(f"character set introducer {word.lower()}")
        self.advance()
        lit = self.primary()
        assert isinstance(lit, A.Literal)
        if word == "_BINARY" and isinstance(lit.value, str):
            return A.Literal(lit.value.encode("utf-8", "surrogateescape"))  # bytes that are not UTF-8 stay as sent
        if word in ("_UTF8", "_UTF8MB3") and isinstance(lit.value, str) and all(ord(c) < 0x10000 for c in lit.value):
            # Well-formed UTF-8 text (the wire text is read as UTF-8): the same characters
            # whatever the connection's set (a latin1 client's _utf8'ソ', binlog_mysqlbinlog-cp932).
            self._introduced, self._introducer = lit, word
            return lit
        if word in _INTRODUCER_COLLATION:
            if not isinstance(lit.value, str) or not lit.value.isascii():
                raise UnsupportedError(f"character set introducer {word.lower()} on a non-ASCII string")
            self._introduced, self._introducer = lit, word
        return lit

    def primary(self) -> A.Expr:
        t = self.tok
        k = t.kind
        if k in ("INT", "DECIMAL", "FLOAT", "HEX"):
            self.advance()
            return A.Literal(t.value)
        if k == "STRING":
            self.advance()
            text = self._string_value(t.text)
            if self.client_charset is not None and _NOT_UTF8_RE.search(text):
                return A.Literal(self._charset_value(text, self.client_charset))
            return A.Literal(literal_value(text))
        if k == "VAR":
            self.advance()
            if self.accept_op(":="):
                return A.Assign(t.value, self.expr())  # type: ignore[arg-type]
            return A.UserVar(t.value)  # type: ignore[arg-type]
        if k == "SYSVAR":
            self.advance()
            return _sysvar(t.value)  # type: ignore[arg-type]
        if k == "OP" and t.value == "(":
            self.advance()
            if self.at_kw("SELECT", "WITH"):
                q = self.select_stmt()
                self.expect_op(")")
                return A.ScalarSubquery(q)
            e = self.expr()
            if self.at_op(","):
                raise UnsupportedError("row constructors")
            self.expect_op(")")
            return e
        if k == "QWORD":
            return self.column_ref()
        if k != "WORD":
            raise self.error()
        word = t.text.upper()
        if word.startswith("_") and self.peek().kind in ("STRING", "HEX"):
            return self.introduced_literal(word)
        if word == "NULL":
            self.advance()
            return A.Literal(None)
        if word in ("TRUE", "FALSE"):
            self.advance()
            return A.Literal(1 if word == "TRUE" else 0)
        if word == "CASE":
            return self.case_expr()
        if word == "EXISTS":
            self.advance()
            self.expect_op("(")
            q = self.select_stmt()
            self.expect_op(")")
            return A.Exists(q)
        if word in ("DATE", "TIME", "TIMESTAMP") and self.peek().kind == "STRING":
            self.advance()
            return A.FuncCall("CAST_" + word, [A.Literal(self.advance().value)])
        if word == "INTERVAL":
            self.advance()
            value = self.expr()
            return A.Interval(value, self.interval_unit())
        if word in ("NEW", "OLD") and self.peek().kind == "OP" and self.peek().value == ".":
            self.advance()
            self.advance()
            return A.RowValue(word, self.ident())
        if word == "DEFAULT" and self.peek().kind == "OP" and self.peek().value == "(":
            self.advance()
            self.advance()
            col = self.ident()
            self.expect_op(")")
            return A.Default(col)
        if self.peek().kind == "OP" and self.peek().value == "(" and word not in _RESERVED | {"DEFAULT"} \
                or word in ("IF", "REPLACE", "LEFT", "RIGHT", "MOD", "INSERT", "VALUES", "VALUE") \
                and self.peek().kind == "OP" and self.peek().value == "(":
            return self.func_call()
        if word in ("CURRENT_TIMESTAMP", "CURRENT_DATE", "CURRENT_TIME", "LOCALTIME", "LOCALTIMESTAMP",
                    "CURRENT_USER", "UTC_TIMESTAMP", "UTC_DATE", "UTC_TIME"):
            self.advance()
            return A.FuncCall(word, [])
        return self.column_ref()

    def column_ref(self) -> A.Expr:
        if self.at_kw("NEXT", "PREVIOUS") and self.peek_kw(1, "VALUE") and self.peek_kw(2, "FOR"):
            raise UnsupportedError(f"{str(self.tok.value).upper()} VALUE FOR (sequences)")
        first = self.ident()
        if self.at_op(".") and self.peek().kind in ("WORD", "QWORD"):
            self.advance()
            second = self.ident()
            if self.at_op(".") and self.peek().kind in ("WORD", "QWORD"):
                self.advance()
                return A.ColumnRef(self.ident(), second)
            return A.ColumnRef(second, first)
        return A.ColumnRef(first)

    def order_by(self) -> list[A.OrderItem]:
        if not self.accept_kw("ORDER"):
            return []
        self.expect_kw("BY")
        items = []
        while True:
            e = self.expr()
            desc = self.accept_kw("ASC", "DESC") == "DESC"
            items.append(A.OrderItem(e, desc))
            if not self.accept_op(","):
                return items

    def func_call(self) -> A.Expr:
        call = self._func_call()
        if not self.at_kw("OVER") or not isinstance(call, A.FuncCall):
            return call
        self.advance()
        return self.window_spec(call)

    def window_spec(self, call: A.FuncCall) -> A.WindowFunc:
        """``OVER (...)`` after a function (sql_yacc.yy window_spec); a named window is
        outside the model."""
        if not self.accept_op("("):
            raise UnsupportedError("named windows (OVER name)")
        win = A.WindowFunc(call)
        if self.tok.kind in ("WORD", "QWORD") and not self.at_kw("PARTITION", "ORDER", "ROWS", "RANGE"):
            raise UnsupportedError("named windows (OVER name)")
        if self.accept_kw("PARTITION"):
            self.expect_kw("BY")
            win.partition.append(self.expr())
            while self.accept_op(","):
                win.partition.append(self.expr())
        win.order = self.order_by()
        units = self.accept_kw("ROWS", "RANGE")
        if units is not None:
            if self.accept_kw("BETWEEN"):
                start = self._frame_bound()
                self.expect_kw("AND")
                end = self._frame_bound()
            else:
                start, end = self._frame_bound(), ("CURRENT ROW", None)
            if self.at_kw("EXCLUDE"):
                raise UnsupportedError("window frame EXCLUDE")
            win.frame = (str(units).upper(), start, end)
        self.expect_op(")")
        return win

    def _frame_bound(self) -> tuple[str, A.Expr | None]:
        if self.accept_kw("UNBOUNDED"):
            return ("UNBOUNDED " + str(self.expect_kw("PRECEDING", "FOLLOWING")).upper(), None)
        if self.accept_kw("CURRENT"):
            self.expect_kw("ROW")
            return ("CURRENT ROW", None)
        n = self.primary()
        return (str(self.expect_kw("PRECEDING", "FOLLOWING")).upper(), n)

    def _func_call(self) -> A.Expr:
        written = str(self.advance().value)
        name = written.upper()
        self.expect_op("(")
        call = A.FuncCall(name, written=written)
        if name in ("NEXTVAL", "LASTVAL", "SETVAL"):
            raise UnsupportedError(f"{name}() (sequences)")
        if name in ("CAST", "CONVERT"):
            arg = self.expr()
            if self.accept_kw("AS") or self.accept_op(","):
                tname, args, unsigned, _ = self._cast_type()
                self.expect_op(")")
                return A.FuncCall("CAST", [arg, A.Literal(tname), A.Literal(args), A.Literal(unsigned)])
            if self.accept_kw("USING"):
                cs = self.ident()
                self.expect_op(")")
                return A.FuncCall("CONVERT_USING", [arg, A.Literal(cs.lower())])
            raise self.error()
        special = _SPECIAL_ARGS.get(name)
        if special is not None:
            special(self, call)
            self.expect_op(")")
            return call
        if self.accept_op(")"):
            return call
        if self.accept_op("*"):
            call.star = True
            self.expect_op(")")
            return call
        if self.accept_kw("DISTINCT"):
            call.distinct = True
        call.args.append(self.expr())
        while self.accept_op(","):
            call.args.append(self.expr())
        if name == "GROUP_CONCAT" and self.at_kw("SEPARATOR", "ORDER"):
            raise UnsupportedError("GROUP_CONCAT options")
        self.expect_op(")")
        return call

    def interval_unit(self) -> str:
        t = self.tok
        if t.kind != "WORD" or t.text.upper() not in INTERVAL_UNITS:
            raise self.error("expected an interval unit")
        return self.advance().text.upper()

    def _args_extract(self, call: A.FuncCall) -> None:
        """EXTRACT(unit FROM expr)."""
        call.args = [A.Literal(self.interval_unit())]
        self.expect_kw("FROM")
        call.args.append(self.expr())

    def _args_unit_first(self, call: A.FuncCall) -> None:
        """TIMESTAMPDIFF(unit, a, b) / TIMESTAMPADD(unit, n, d)."""
        call.args = [A.Literal(self.interval_unit())]
        while self.accept_op(","):
            call.args.append(self.expr())

    def _args_position(self, call: A.FuncCall) -> None:
        """POSITION(substr IN str) is LOCATE(substr, str)."""
        call.name = "LOCATE"
        sub = self.bit_or()
        self.expect_kw("IN")
        call.args = [sub, self.expr()]

    def _args_trim(self, call: A.FuncCall) -> None:
        """TRIM([{BOTH|LEADING|TRAILING}] [remstr] FROM] str)."""
        side = self.accept_kw("BOTH", "LEADING", "TRAILING")
        if side is not None and self.accept_kw("FROM"):
            call.args = [self.expr(), A.Literal(" "), A.Literal(side)]
            return
        first = self.expr()
        if self.accept_kw("FROM"):
            call.args = [self.expr(), first, A.Literal(side or "BOTH")]
        else:
            call.args = [first, A.Literal(" "), A.Literal(side or "BOTH")]

    def _cast_type(self) -> tuple[str, list[object], bool, bool]:
        if self.accept_kw("SIGNED"):
            self.accept_kw("INTEGER", "INT")
            return "SIGNED", [], False, False
        if self.accept_kw("UNSIGNED"):
            self.accept_kw("INTEGER", "INT")
            return "UNSIGNED", [], True, False
        return self.type_spec()

    def case_expr(self) -> A.Expr:
        self.expect_kw("CASE")
        operand = None if self.at_kw("WHEN") else self.expr()
        whens = []
        while self.accept_kw("WHEN"):
            cond = self.expr()
            self.expect_kw("THEN")
            whens.append((cond, self.expr()))
        else_ = self.expr() if self.accept_kw("ELSE") else None
        self.expect_kw("END")
        return A.Case(operand, whens, else_)


INTERVAL_UNITS = frozenset(
    """MICROSECOND SECOND MINUTE HOUR DAY WEEK MONTH QUARTER YEAR SECOND_MICROSECOND MINUTE_MICROSECOND
    MINUTE_SECOND HOUR_MICROSECOND HOUR_SECOND HOUR_MINUTE DAY_MICROSECOND DAY_SECOND DAY_MINUTE DAY_HOUR
    YEAR_MONTH""".split()
)


def _sysvar(raw: str) -> A.SysVar:
    name = raw.lower()
    if name.startswith("global."):
        return A.SysVar(name[7:], "global")
    if name.startswith("session.") or name.startswith("local."):
        return A.SysVar(name.split(".", 1)[1], "session")
    return A.SysVar(name, "default")


_SPECIAL_ARGS: dict[str, Callable[[ExprParser, A.FuncCall], None]] = {
    "EXTRACT": ExprParser._args_extract,
    "TIMESTAMPDIFF": ExprParser._args_unit_first,
    "TIMESTAMPADD": ExprParser._args_unit_first,
    "POSITION": ExprParser._args_position,
    "TRIM": ExprParser._args_trim,
}
