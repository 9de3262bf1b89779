"""Recursive-descent parser for replbed's SQL subset.

``parse(sql)`` returns one :class:`~harness.sql.ast.Statement`. Anything outside
the subset raises :class:`UnsupportedError` (answered with 1235) rather than
being half-understood: a statement we cannot model must never produce a binlog
that looks right but is wrong.
"""

from __future__ import annotations


from decimal import Decimal
from typing import Callable

from harness.sql import ast as A
from harness.sql.parse_errors import (
    EmptyQueryError, ParseError, SpBadStatementError, UndeclaredVariableError, UnsupportedError,
)
from harness.sql.lexer import literal_value, Token, tokenize

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
    ENUM SET BIT
    """.split()
)


# Introducers taken for ASCII text (introduced_literal), with their default collations.
_INTRODUCER_COLLATION = {"_LATIN1": "latin1_swedish_ci", "_UTF8MB3": "utf8mb3_general_ci",
                         "_UTF8": "utf8mb3_general_ci"}


class Parser:
    """Parses one statement. Holds only the token cursor."""

    def __init__(self, sql: str) -> None:
        self.sql = sql
        self.toks = tokenize(sql)
        self.i = 0
        # The last literal with a character set introducer, for a COLLATE after it.
        self._introduced: A.Literal | None = None
        self._introducer = ""
        # Explicit collations of string literals other than utf8mb4_general_ci (collate()).
        self.literal_collations: set[str] = set()

    # ------------------------------------------------------------ cursor

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

    # ------------------------------------------------------------ statements

    def statement(self) -> A.Statement:
        t = self.tok
        if t.kind == "OP" and t.value == "(":
            return self.select_stmt()
        if t.kind != "WORD":
            raise self.error()
        word = t.text.upper()
        handler = _STATEMENTS.get(word)
        if handler is None:
            if word not in _SERVER_VERBS:
                raise self.error()  # not a statement to MariaDB either: 1064 near the word
            raise UnsupportedError(word)
        return handler(self)

    def parse(self) -> A.Statement:
        if self.tok.kind == "EOF" or self.at_op(";") and self.peek().kind == "EOF":
            if "/*" not in self.sql and "#" not in self.sql and "--" not in self.sql:
                raise EmptyQueryError()
            return A.Empty(text=self.sql)
        stmt = self.statement()
        self.end()
        stmt.text = self.sql
        if self.literal_collations:
            stmt.literal_collations = tuple(sorted(self.literal_collations))
        return stmt

    # --- SELECT

    def select_stmt(self) -> A.Select:
        if self.accept_op("("):
            sel = self.select_stmt()
            self.expect_op(")")
        else:
            sel = self.select_core()
        while self.accept_kw("UNION"):
            all_ = bool(self.accept_kw("ALL"))
            if not all_:
                self.accept_kw("DISTINCT")
            parenthesized = self.accept_op("(")
            if parenthesized:
                other = self.select_stmt()
                self.expect_op(")")
            else:
                other = self.select_core()
            sel.union.append((all_, other))
            if not parenthesized and other.limit is not None and not other.order_by:
                # A trailing LIMIT belongs to the whole union (FOUND_ROWS() with
                # SQL_CALC_FOUND_ROWS counts the union's rows); keep it on the head.
                sel.limit, sel.offset, other.limit, other.offset = other.limit, other.offset, None, None
        return sel

    def select_core(self) -> A.Select:
        self.expect_kw("SELECT")
        sel = A.Select()
        while True:
            w = self.accept_kw("DISTINCT", "ALL", "DISTINCTROW", "SQL_NO_CACHE", "SQL_CALC_FOUND_ROWS",
                               "HIGH_PRIORITY", "STRAIGHT_JOIN", "SQL_CACHE")
            if w is None:
                break
            if w in ("DISTINCT", "DISTINCTROW"):
                sel.distinct = True
            if w == "SQL_CALC_FOUND_ROWS":
                sel.calc_found_rows = True
        sel.items = self.select_items()
        self.select_into(sel)
        if self.accept_kw("FROM"):
            if self.accept_kw("DUAL"):
                pass
            else:
                sel.from_ = self.table_refs()
        if self.accept_kw("WHERE"):
            sel.where = self.expr()
        if self.accept_kw("GROUP"):
            self.expect_kw("BY")
            sel.group_by = [self.expr()]
            while self.accept_op(","):
                sel.group_by.append(self.expr())
        if self.accept_kw("HAVING"):
            sel.having = self.expr()
        sel.order_by = self.order_by()
        sel.limit, sel.offset = self.limit_clause(allow_offset=True)
        if not sel.into:
            self.select_into(sel)
        if self.accept_kw("FOR"):
            self.expect_kw("UPDATE")
            sel.for_update = True
        elif self.accept_kw("LOCK"):
            self.expect_kw("IN")
            self.expect_kw("SHARE")
            self.expect_kw("MODE")
            sel.lock_share = True
        return sel

    def select_into(self, sel: A.Select) -> None:
        """``INTO var [, var]``: after the select list or at the end of the query."""
        start = self.tok.pos
        if not self.accept_kw("INTO"):
            return
        if self.at_kw("OUTFILE", "DUMPFILE"):
            raise UnsupportedError("SELECT ... INTO " + str(self.tok.value).upper())
        while True:
            if self.tok.kind == "VAR":
                sel.into.append(A.UserVar(self.advance().value))  # type: ignore[arg-type]
            else:
                sel.into.append(A.ColumnRef(self.ident()))
            if not self.accept_op(","):
                break
        sel.into_span = (start, self.tok.pos)

    def select_items(self) -> list[A.SelectItem]:
        items = []
        while True:
            start = self.tok.pos
            if self.at_op("*"):
                self.advance()
                items.append(A.SelectItem(A.Star(), None, "*"))
            elif (self.tok.kind in ("WORD", "QWORD") and self.peek().kind == "OP"
                  and self.peek().value == "." and self.peek(2).kind == "OP" and self.peek(2).value == "*"):
                tname = self.ident()
                self.advance()
                self.advance()
                items.append(A.SelectItem(A.Star(tname), None, "*"))
            else:
                e = self.expr()
                text = self.sql[start:self.tok.pos].strip()
                alias = None
                if self.accept_kw("AS"):
                    alias = self.ident_or_string()
                elif self.tok.kind in ("QWORD", "STRING") or (
                        self.tok.kind == "WORD" and self.tok.text.upper() not in _RESERVED
                        and not self.at_kw("INTO")):
                    alias = self.ident_or_string()
                items.append(A.SelectItem(e, alias, text))
            if not self.accept_op(","):
                return items

    def table_refs(self) -> list[A.TableRef]:
        refs = [self.table_ref(None)]
        while True:
            if self.accept_op(","):
                refs.append(self.table_ref("CROSS"))
                continue
            join = None
            if self.accept_kw("INNER", "CROSS"):
                self.expect_kw("JOIN")
                join = "INNER"
            elif self.accept_kw("JOIN", "STRAIGHT_JOIN"):
                join = "INNER"
            elif self.accept_kw("LEFT"):
                self.accept_kw("OUTER")
                self.expect_kw("JOIN")
                join = "LEFT"
            elif self.accept_kw("RIGHT"):
                self.accept_kw("OUTER")
                self.expect_kw("JOIN")
                if len(refs) != 1:
                    # The executor turns t1 RIGHT JOIN t2 into t2 LEFT JOIN t1 for the first pair only.
                    raise UnsupportedError("RIGHT JOIN after another join")
                join = "RIGHT"
            elif self.at_kw("NATURAL"):
                raise UnsupportedError(self.tok.text.upper() + " JOIN")
            if join is None:
                return refs
            ref = self.table_ref(join)
            if join == "RIGHT" and not self.at_kw("ON"):
                raise UnsupportedError("RIGHT JOIN without ON")
            if self.accept_kw("ON"):
                ref.on = self.expr()
            elif self.accept_kw("USING"):
                ref.on = self._using_condition(refs[-1], ref)
            refs.append(ref)

    def _using_condition(self, left: A.TableRef, right: A.TableRef) -> A.Expr:
        """JOIN ... USING (c, ...) as ON left.c = right.c AND ...; only a two-table join names
        its left side unambiguously, so a longer chain is refused."""
        if left.join is not None:
            raise UnsupportedError("JOIN ... USING after another join")
        self.expect_op("(")
        cols = [self.ident()]
        while self.accept_op(","):
            cols.append(self.ident())
        self.expect_op(")")
        lname = left.alias or left.table.name
        rname = right.alias or right.table.name
        cond: A.Expr | None = None
        for c in cols:
            eq = A.Binary("=", A.ColumnRef(c, lname), A.ColumnRef(c, rname))
            cond = eq if cond is None else A.Binary("AND", cond, eq)
        return cond  # type: ignore[return-value]

    def table_ref(self, join: str | None) -> A.TableRef:
        if self.at_op("("):
            return self.derived_table(join)
        name = self.table_name()
        alias = None
        if self.accept_kw("AS"):
            alias = self.ident()
        elif self.tok.kind == "QWORD" or (self.tok.kind == "WORD" and self.tok.text.upper() not in _RESERVED
                                          and not self.at_kw("USE", "FORCE", "SET", "LOCK")):
            alias = self.ident()
        if self.at_kw("USE", "FORCE", "IGNORE") and self.peek_kw(1, "INDEX", "KEY"):
            self.advance()
            self.advance()
            self.expect_op("(")
            while not self.accept_op(")"):
                self.advance()
        return A.TableRef(name, alias, join)

    def derived_table(self, join: str | None) -> A.TableRef:
        """``(SELECT ...) [AS] alias``; the alias is mandatory (the server's grammar has no
        alias-less derived table, so a missing one is a syntax error)."""
        if not self.peek_kw(1, "SELECT"):
            raise UnsupportedError("parenthesized joins")
        self.advance()
        sub = self.select_stmt()
        self.expect_op(")")
        self.accept_kw("AS")
        if not (self.tok.kind == "QWORD" or (self.tok.kind == "WORD"
                                              and self.tok.text.upper() not in _RESERVED)):
            raise self.error()
        alias = self.ident()
        return A.TableRef(A.TableName(alias), alias, join, derived=sub)

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

    def limit_clause(self, allow_offset: bool) -> tuple[A.Expr | None, A.Expr | None]:
        if not self.accept_kw("LIMIT"):
            return None, None
        first = self.primary()
        if allow_offset and self.accept_op(","):
            return self.primary(), first
        if allow_offset and self.accept_kw("OFFSET"):
            return first, self.primary()
        return first, None

    # --- LOAD DATA

    def load_stmt(self) -> A.Statement:
        """LOAD DATA ... INFILE (sql_yacc.yy ``load_data``); LOAD XML / INDEX are outside the subset."""
        self.expect_kw("LOAD")
        if not self.accept_kw("DATA"):
            raise UnsupportedError("LOAD " + str(self.tok.value).upper())
        st = A.LoadData()
        st.priority = self.accept_kw("LOW_PRIORITY", "CONCURRENT") or ""
        st.local = self.accept_kw("LOCAL") is not None
        self.expect_kw("INFILE")
        st.file_name = self._load_string()
        dup = self.accept_kw("REPLACE", "IGNORE")
        st.replace, st.ignore = dup == "REPLACE", dup == "IGNORE"
        self.expect_kw("INTO")
        self.expect_kw("TABLE")
        st.table = self.table_name()
        if self.accept_kw("CHARACTER"):
            self.expect_kw("SET")
            st.charset = self.ident_or_string().lower()
        elif self.accept_kw("CHARSET"):
            st.charset = self.ident_or_string().lower()
        if self.accept_kw("FIELDS", "COLUMNS"):
            self._load_field_options(st)
        if self.accept_kw("LINES"):
            while True:
                if self.accept_kw("STARTING"):
                    self.expect_kw("BY")
                    st.line_start = self._load_string()
                elif self.accept_kw("TERMINATED"):
                    self.expect_kw("BY")
                    st.line_term = self._load_string()
                else:
                    break
        if self.accept_kw("IGNORE"):
            t = self.advance()
            if t.kind != "INT":
                raise ParseError(self.sql, t.pos)
            st.skip_lines = int(t.value)  # type: ignore[call-overload]
            self.expect_kw("LINES", "ROWS")
        if self.accept_op("("):
            st.targets = []
            if not self.at_op(")"):
                while True:
                    if self.tok.kind == "VAR":
                        st.targets.append(A.UserVar(self.advance().text))
                    else:
                        st.targets.append(self.column_name())
                    if not self.accept_op(","):
                        break
            self.expect_op(")")
        if self.accept_kw("SET"):
            while True:
                col = self.column_name()
                eq = self.tok
                if not self.accept_op("=", ":="):
                    raise self.error("expected =")
                start = eq.pos + len(eq.text)
                e = self.expr()
                st.set_list.append((col, e, self.sql[start:self.tok.pos].rstrip()))
                if not self.accept_op(","):
                    break
        return st

    def _load_field_options(self, st: A.LoadData) -> None:
        while True:
            if self.accept_kw("TERMINATED"):
                self.expect_kw("BY")
                st.field_term = self._load_string()
            elif self.at_kw("OPTIONALLY", "ENCLOSED"):
                st.opt_enclosed = self.accept_kw("OPTIONALLY") is not None
                self.expect_kw("ENCLOSED")
                self.expect_kw("BY")
                st.enclosed = self._load_string()
            elif self.accept_kw("ESCAPED"):
                self.expect_kw("BY")
                st.escaped = self._load_string()
                st.escaped_given = True
            else:
                return

    def _load_string(self) -> str:
        t = self.tok
        if t.kind != "STRING":
            raise self.error()
        self.advance()
        return t.text

    # --- INSERT / REPLACE

    def insert_stmt(self) -> A.Insert:
        replace = self.expect_kw("INSERT", "REPLACE") == "REPLACE"
        ins = A.Insert(replace=replace)
        while True:
            w = self.accept_kw("IGNORE", "LOW_PRIORITY", "HIGH_PRIORITY", "DELAYED")
            if w is None:
                break
            if w == "IGNORE":
                ins.ignore = True
            if w == "DELAYED":
                ins.delayed = True
                kw = self.toks[self.i - 1]
                ins.delayed_span = (kw.pos, kw.pos + len("DELAYED"))
        self.accept_kw("INTO")
        ins.table = self.table_name()
        if self.at_op("(") and not self.peek_kw(1, "SELECT"):
            self.advance()
            ins.columns = []
            if not self.at_op(")"):
                ins.columns.append(self.column_name())
                while self.accept_op(","):
                    ins.columns.append(self.column_name())
            self.expect_op(")")
        if self.accept_kw("VALUES", "VALUE"):
            ins.rows = [self.value_row()]
            while self.accept_op(","):
                ins.rows.append(self.value_row())
        elif self.accept_kw("SET"):
            cols, vals = [], []
            while True:
                cols.append(self.column_name())
                if not self.accept_op("=", ":="):
                    raise self.error("expected =")
                vals.append(self.value_or_default())
                if not self.accept_op(","):
                    break
            ins.columns = cols
            ins.rows = [vals]
        elif self.at_kw("SELECT") or self.at_op("("):
            ins.select = self.select_stmt()
        else:
            raise self.error()
        if self.accept_kw("ON"):
            self.expect_kw("DUPLICATE")
            self.expect_kw("KEY")
            self.expect_kw("UPDATE")
            ins.on_duplicate = self.assignments()
        if self.accept_kw("RETURNING"):
            ins.returning = self.select_items()
        return ins

    def column_name(self) -> str:
        name = self.ident()
        if self.accept_op("."):
            name = self.ident()
            if self.accept_op("."):
                name = self.ident()
        return name

    def value_row(self) -> list[A.Expr]:
        self.expect_op("(")
        row: list[A.Expr] = []
        if self.accept_op(")"):
            return row
        while True:
            row.append(self.value_or_default())
            if not self.accept_op(","):
                break
        self.expect_op(")")
        return row

    def value_or_default(self) -> A.Expr:
        """An INSERT value: an expression, or the bare DEFAULT keyword (VALUES, SET)."""
        if self.at_kw("DEFAULT") and not (self.peek().kind == "OP" and self.peek().value == "("):
            self.advance()
            return A.Default()
        return self.expr()

    def assignments(self) -> list[tuple[A.ColumnRef, A.Expr]]:
        out = []
        while True:
            first = self.ident()
            col = A.ColumnRef(first)
            if self.accept_op("."):
                col = A.ColumnRef(self.ident(), first)
            if not self.accept_op("=", ":="):
                raise self.error("expected =")
            if self.at_kw("DEFAULT") and not (self.peek().kind == "OP" and self.peek().value == "("):
                self.advance()
                val: A.Expr = A.Default(col.name)
            else:
                val = self.expr()
            out.append((col, val))
            if not self.accept_op(","):
                return out

    # --- UPDATE / DELETE

    def update_stmt(self) -> A.Update:
        self.expect_kw("UPDATE")
        up = A.Update()
        while True:
            w = self.accept_kw("IGNORE", "LOW_PRIORITY")
            if w is None:
                break
            if w == "IGNORE":
                up.ignore = True
        up.tables = self.table_refs()
        self.expect_kw("SET")
        up.assignments = self.assignments()
        if self.accept_kw("WHERE"):
            up.where = self.expr()
        up.order_by = self.order_by()
        up.limit, _ = self.limit_clause(allow_offset=False)
        return up

    def delete_stmt(self) -> A.Delete:
        self.expect_kw("DELETE")
        de = A.Delete()
        while True:
            w = self.accept_kw("IGNORE", "LOW_PRIORITY", "QUICK")
            if w is None:
                break
            if w == "IGNORE":
                de.ignore = True
        if self.accept_kw("FROM"):
            refs = self.table_refs()
            if self.accept_kw("USING"):
                de.targets = [r.table.name for r in refs]
                de.tables = self.table_refs()
            else:
                de.tables = refs
        else:
            targets = [self.delete_target()]
            while self.accept_op(","):
                targets.append(self.delete_target())
            de.targets = targets
            self.expect_kw("FROM")
            de.tables = self.table_refs()
        if self.accept_kw("WHERE"):
            de.where = self.expr()
        de.order_by = self.order_by()
        de.limit, _ = self.limit_clause(allow_offset=False)
        return de

    def delete_target(self) -> str:
        name = self.ident()
        if self.accept_op("."):
            if self.accept_op("*"):
                return name
            name = self.ident()
        return name

    def truncate_stmt(self) -> A.Truncate:
        self.expect_kw("TRUNCATE")
        self.accept_kw("TABLE")
        return A.Truncate(table=self.table_name())

    # --- DDL

    def create_stmt(self) -> A.Statement:
        self.expect_kw("CREATE")
        or_replace = False
        if self.accept_kw("OR"):
            self.expect_kw("REPLACE")
            or_replace = True
        # DEFINER=... for routines and triggers
        if self.accept_kw("DEFINER"):
            self.expect_op("=")
            self.advance()
            if self.tok.kind == "VAR":
                self.advance()
            elif self.accept_op("("):  # CURRENT_USER()
                self.expect_op(")")
        temporary = bool(self.accept_kw("TEMPORARY"))
        if self.accept_kw("DATABASE", "SCHEMA"):
            ine = self.if_not_exists()
            name = self.ident()
            charset = collation = None
            while True:
                # [DEFAULT] {CHARACTER SET | CHARSET} [=] name | [DEFAULT] COLLATE [=] name
                self.accept_kw("DEFAULT")
                if self.accept_kw("CHARACTER"):
                    self.expect_kw("SET")
                    self.accept_op("=")
                    charset = self.ident_or_string().lower()
                elif self.accept_kw("CHARSET"):
                    self.accept_op("=")
                    charset = self.ident_or_string().lower()
                elif self.accept_kw("COLLATE"):
                    self.accept_op("=")
                    collation = self.ident_or_string().lower()
                else:
                    break
            return A.CreateDatabase(name=name, if_not_exists=ine, charset=charset, collation=collation)
        if self.accept_kw("TABLE"):
            return self.create_table(temporary, or_replace)
        if not temporary and not or_replace and (self.at_kw("INDEX") or self.at_kw("UNIQUE")
                                                 and self.peek_kw(1, "INDEX", "KEY")):
            unique = bool(self.accept_kw("UNIQUE"))
            self.advance()
            return self.create_index(unique)
        if self.accept_kw("TRIGGER"):
            return self.create_trigger()
        if self.at_kw("PROCEDURE", "FUNCTION"):
            return self.create_routine()
        if self.accept_kw("VIEW"):
            return self.create_view(or_replace)
        if self.at_kw("ALGORITHM", "SQL"):
            raise UnsupportedError("CREATE VIEW options")
        raise UnsupportedError("CREATE " + str(self.tok.value).upper())

    def create_view(self, or_replace: bool) -> A.CreateView:
        cv = A.CreateView(name=self.table_name(), or_replace=or_replace)
        if self.accept_op("("):
            cv.columns = [self.ident()]
            while self.accept_op(","):
                cv.columns.append(self.ident())
            self.expect_op(")")
        self.expect_kw("AS")
        start = self.tok.pos
        cv.select = self.select_stmt()
        if self.accept_kw("WITH"):
            cv.check_option = self.accept_kw("CASCADED", "LOCAL") or "CASCADED"
            self.expect_kw("CHECK")
            self.expect_kw("OPTION")
        # The server logs the SELECT, and the CHECK OPTION clause, as written.
        cv.select_text = self.sql[start:self.tok.pos].strip().rstrip(";").rstrip()
        return cv

    def if_not_exists(self) -> bool:
        if self.accept_kw("IF"):
            self.expect_kw("NOT")
            self.expect_kw("EXISTS")
            return True
        return False

    def if_exists(self) -> bool:
        if self.accept_kw("IF"):
            self.expect_kw("EXISTS")
            return True
        return False

    def create_table(self, temporary: bool, or_replace: bool) -> A.CreateTable:
        ct = A.CreateTable(temporary=temporary, or_replace=or_replace)
        ct.if_not_exists = self.if_not_exists()
        ct.table = self.table_name()
        if self.accept_kw("LIKE"):
            ct.like = self.table_name()
            return ct
        if self.at_op("(") and not self.peek_kw(1, "SELECT"):
            self.advance()
            while True:
                self.table_element(ct)
                if not self.accept_op(","):
                    break
            self.expect_op(")")
        self.table_options(ct)
        if self.at_kw("IGNORE", "REPLACE"):
            ct.duplicates = str(self.advance().value).upper()
        if self.accept_kw("AS") or self.at_kw("SELECT") or self.at_op("("):
            ct.select_pos = self.tok.pos
            ct.select = self.select_stmt()
        return ct

    def table_options(self, ct: A.CreateTable) -> None:
        while True:
            self.accept_op(",")
            if self.accept_kw("ENGINE", "TYPE"):
                self.accept_op("=")
                ct.options["ENGINE"] = self.ident_or_string()
            elif self.accept_kw("DEFAULT"):
                continue
            elif self.accept_kw("CHARSET", "CHARACTER"):
                self.accept_kw("SET")
                self.accept_op("=")
                ct.options["CHARSET"] = self.ident_or_string()
            elif self.accept_kw("COLLATE"):
                self.accept_op("=")
                ct.options["COLLATE"] = self.ident_or_string()
            elif self.at_kw("AUTO_INCREMENT", "ROW_FORMAT", "COMMENT", "KEY_BLOCK_SIZE", "STATS_PERSISTENT",
                            "TRANSACTIONAL", "PAGE_CHECKSUM"):
                key = self.advance().text.upper()
                self.accept_op("=")
                ct.options[key] = str(self.advance().value)
            else:
                return

    def table_element(self, ct: A.CreateTable) -> None:
        if self.accept_kw("PRIMARY"):
            self.expect_kw("KEY")
            ct.keys.append(A.KeyDef("PRIMARY", self.key_columns()))
            return
        if self.accept_kw("UNIQUE"):
            self.accept_kw("KEY", "INDEX")
            name = None if self.at_op("(") else self.ident()
            ct.keys.append(A.KeyDef("UNIQUE", self.key_columns(), name))
            return
        if self.accept_kw("KEY", "INDEX"):
            name = None if self.at_op("(") else self.ident()
            ct.keys.append(A.KeyDef("INDEX", self.key_columns(), name))
            return
        if self.at_kw("CONSTRAINT", "FOREIGN", "FULLTEXT", "SPATIAL", "CHECK"):
            raise UnsupportedError(str(self.tok.value).upper() + " in CREATE TABLE")
        ct.columns.append(self.column_def())

    def key_columns(self) -> list[str]:
        self.expect_op("(")
        cols = [self.ident()]
        if self.accept_op("("):
            self.advance()
            self.expect_op(")")
        self.accept_kw("ASC", "DESC")
        while self.accept_op(","):
            cols.append(self.ident())
            if self.accept_op("("):
                self.advance()
                self.expect_op(")")
            self.accept_kw("ASC", "DESC")
        self.expect_op(")")
        return cols

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

    def column_def(self) -> A.ColumnDef:
        name = self.ident()
        tname, args, unsigned, zerofill = self.type_spec()
        cd = A.ColumnDef(name, tname, args, unsigned, zerofill)
        while True:
            if self.accept_kw("NOT"):
                self.expect_kw("NULL")
                cd.nullable = False
            elif self.accept_kw("NULL"):
                cd.nullable = True
            elif self.accept_kw("DEFAULT"):
                cd.has_default = True
                if self.accept_op("("):
                    cd.default = self.expr()
                    self.expect_op(")")
                else:
                    cd.default = self.unary()
            elif self.accept_kw("AUTO_INCREMENT"):
                cd.auto_increment = True
            elif self.accept_kw("PRIMARY"):
                self.expect_kw("KEY")
                cd.primary_key = True
            elif self.accept_kw("UNIQUE"):
                self.accept_kw("KEY")
                cd.unique = True
            elif self.accept_kw("KEY"):
                cd.primary_key = True
            elif self.accept_kw("CHARACTER", "CHARSET"):
                self.accept_kw("SET")
                cd.charset = self.ident_or_string()
            elif self.accept_kw("COLLATE"):
                cd.collation = self.ident_or_string()
            elif self.accept_kw("COMMENT"):
                cd.comment = self.advance().value  # type: ignore[assignment]
            elif self.accept_kw("ON"):
                self.expect_kw("UPDATE")
                self.expr()
                cd.on_update_now = True
            elif self.at_kw("REFERENCES", "CHECK", "GENERATED", "AS", "INVISIBLE"):
                raise UnsupportedError(str(self.tok.value).upper() + " column attribute")
            else:
                return cd

    def create_trigger(self) -> A.CreateTrigger:
        tr = A.CreateTrigger()
        tr.name = self.ident()
        if self.at_op("."):
            raise UnsupportedError("CREATE TRIGGER with a database-qualified name")
        tr.timing = self.expect_kw("BEFORE", "AFTER")
        tr.event = self.expect_kw("INSERT", "UPDATE", "DELETE")
        self.expect_kw("ON")
        tr.table = self.table_name()
        self.expect_kw("FOR")
        self.expect_kw("EACH")
        self.expect_kw("ROW")
        tr.body = self.routine_body()
        return tr

    def create_routine(self) -> A.CreateRoutine:
        r = A.CreateRoutine(kind=self.expect_kw("PROCEDURE", "FUNCTION"))
        r.name = self.ident()
        if self.at_op("."):
            raise UnsupportedError(f"CREATE {r.kind} with a database-qualified name")
        self.expect_op("(")
        params_start = self.tok.pos
        if not self.at_op(")"):
            while True:
                mode = self.accept_kw("IN", "OUT", "INOUT") or "IN"
                pname = self.ident()
                tname, args, _, _ = self.type_spec()
                r.params.append(A.RoutineParam(pname, tname, args, mode))
                if not self.accept_op(","):
                    break
        r.params_text = self.sql[params_start:self.tok.pos]
        self.expect_op(")")
        if r.kind == "FUNCTION":
            self.expect_kw("RETURNS")
            tname, args, _, _ = self.type_spec()
            r.returns = (tname, args)
        while True:
            w = self.accept_kw("DETERMINISTIC", "NOT", "NO", "READS", "MODIFIES", "CONTAINS", "LANGUAGE", "SQL")
            if w is None:
                break
            if w == "DETERMINISTIC":
                r.deterministic = True
            elif w == "NOT":
                self.expect_kw("DETERMINISTIC")
            elif w in ("NO", "CONTAINS"):
                self.accept_kw("SQL")
                r.sql_data_access = "NO SQL" if w == "NO" else "CONTAINS SQL"
            elif w in ("READS", "MODIFIES"):
                self.expect_kw("SQL")
                self.expect_kw("DATA")
                r.sql_data_access = f"{w} SQL DATA"
            elif w == "LANGUAGE":
                self.expect_kw("SQL")
            elif w == "SQL":
                self.expect_kw("SECURITY")
                self.expect_kw("DEFINER", "INVOKER")
        body_start = self.tok.pos
        r.body = self.routine_body()
        r.body_text = self.sql[body_start:self.tok.pos].rstrip().rstrip(";").rstrip()
        return r

    def routine_body(self) -> list[A.Statement]:
        if self.accept_kw("BEGIN"):
            body = self.routine_statements(("END",))
            self.expect_kw("END")
            return body
        return self.routine_statement()

    def routine_statements(self, until: tuple[str, ...]) -> list[A.Statement]:
        """Statements separated by ``;`` up to (not including) one of the ``until`` words."""
        body: list[A.Statement] = []
        while not self.at_kw(*until):
            body.extend(self.routine_statement())
            if not self.accept_op(";") and not self.at_kw(*until):
                raise self.error("expected ;")
        return body

    def routine_if(self) -> A.If:
        st = A.If()
        cond: A.Expr | None = self.expr()
        while True:
            self.expect_kw("THEN")
            st.branches.append((cond, self.routine_statements(("ELSEIF", "ELSE", "END"))))
            if self.accept_kw("ELSEIF"):
                cond = self.expr()
                continue
            if self.accept_kw("ELSE"):
                st.branches.append((None, self.routine_statements(("END",))))
            self.expect_kw("END")
            self.expect_kw("IF")
            return st

    def routine_signal(self) -> A.Signal:
        if not self.accept_kw("SQLSTATE"):
            raise UnsupportedError("SIGNAL of a named condition")
        self.accept_kw("VALUE")
        tok = self.advance()
        if tok.kind != "STRING":
            raise self.error("expected an SQLSTATE string")
        st = A.Signal(sqlstate=str(tok.value))
        if self.accept_kw("SET"):
            while True:
                item = self.ident().upper()
                self.expect_op("=")
                value = self.expr()
                # signal_allowed_expr: a literal or a variable, not an expression.
                if isinstance(value, A.FuncCall):
                    raise UndeclaredVariableError(value.name)
                if not isinstance(value, (A.Literal, A.UserVar, A.ColumnRef)):
                    raise self.error("SIGNAL takes a literal or a variable")
                if item == "MESSAGE_TEXT":
                    st.message = value
                elif item == "MYSQL_ERRNO":
                    st.errno = value
                else:
                    raise UnsupportedError(f"SIGNAL ... SET {item}")
                if not self.accept_op(","):
                    break
        return st

    def routine_set(self) -> list[A.Statement]:
        """``SET a = 1, NEW.b = 2``: one SetLocal per assignment."""
        out: list[A.Statement] = []
        while True:
            row = None
            if self.at_kw("NEW", "OLD") and self.peek().kind == "OP" and self.peek().value == ".":
                row = self.advance().text.upper()
                self.advance()
            name = self.ident()
            if not self.accept_op("=", ":="):
                raise self.error("expected =")
            out.append(A.SetLocal(name=name, value=self.expr(), row=row))
            if not self.accept_op(","):
                return out

    def routine_statement(self) -> list[A.Statement]:
        start = self.tok.pos
        if self.at_kw("LOAD") and self.peek_kw(1, "DATA"):
            raise SpBadStatementError("LOAD DATA")
        if self.at_kw("SET") and self.peek().kind in ("WORD", "QWORD") and not self.peek_kw(
                1, "SESSION", "GLOBAL", "LOCAL", "NAMES", "TRANSACTION", "AUTOCOMMIT", "SQL_LOG_BIN",
                "BINLOG_FORMAT"):
            self.advance()
            sets = self.routine_set()
            for one in sets:
                one.text = self.sql[start:self.tok.pos].strip()
            return sets
        if self.accept_kw("IF"):
            st: A.Statement = self.routine_if()
        elif self.accept_kw("RETURN"):
            st = A.Return(expr=self.expr())
        elif self.at_kw("BEGIN"):
            # In a routine body BEGIN opens a compound statement, never a transaction
            # (START TRANSACTION does): BEGIN WORK is a syntax error at what follows WORK.
            self.advance()
            if self.accept_kw("WORK"):
                raise self.error()
            inner = self.routine_statements(("END",))
            self.expect_kw("END")
            if any(isinstance(x, A.Declare) for x in inner):
                raise UnsupportedError("DECLARE in a nested BEGIN ... END block")
            return inner
        elif self.accept_kw("SIGNAL"):
            st = self.routine_signal()
        elif self.accept_kw("DECLARE"):
            names = [self.ident()]
            while self.accept_op(","):
                names.append(self.ident())
            tname, _, _, _ = self.type_spec()
            default = None
            if self.accept_kw("DEFAULT"):
                default = self.expr()
            st = A.Declare(names=names, type_name=tname, default=default)
        else:
            st = self.statement()
        st.text = self.sql[start:self.tok.pos].strip()
        if isinstance(st, A.Select) and st.into_span is not None:
            st.into_span = (st.into_span[0] - start, st.into_span[1] - start)
        return [st]

    def drop_stmt(self) -> A.Statement:
        self.expect_kw("DROP")
        temporary = bool(self.accept_kw("TEMPORARY"))
        if self.accept_kw("DATABASE", "SCHEMA"):
            ie = self.if_exists()
            return A.DropDatabase(name=self.ident(), if_exists=ie)
        if self.accept_kw("TABLE", "TABLES"):
            ie = self.if_exists()
            tables = [self.table_name()]
            while self.accept_op(","):
                tables.append(self.table_name())
            self.accept_kw("RESTRICT", "CASCADE")
            return A.DropTable(tables=tables, temporary=temporary, if_exists=ie)
        if self.at_kw("PROCEDURE", "FUNCTION", "TRIGGER"):
            kind = self.advance().text.upper()
            ie = self.if_exists()
            name = self.ident()
            db = None
            if self.accept_op("."):
                db, name = name, self.ident()
            return A.DropRoutine(kind=kind, name=name, if_exists=ie, db=db)
        if not temporary and self.accept_kw("INDEX", "KEY"):
            if self.at_kw("IF"):
                raise UnsupportedError("DROP INDEX IF EXISTS")
            name = self.ident()
            self.expect_kw("ON")
            return A.DropIndex(table=self.table_name(), name=name)
        if self.accept_kw("VIEW"):
            ie = self.if_exists()
            names = [self.table_name()]
            while self.accept_op(","):
                names.append(self.table_name())
            return A.DropView(names=names, if_exists=ie)
        raise UnsupportedError("DROP " + str(self.tok.value).upper())

    def alter_stmt(self) -> A.Statement:
        self.expect_kw("ALTER")
        ignore = bool(self.accept_kw("IGNORE"))
        if self.at_kw("ONLINE"):
            raise UnsupportedError("ALTER ONLINE")
        if not self.accept_kw("TABLE"):
            raise UnsupportedError("ALTER " + str(self.tok.value).upper())
        st = A.AlterTable(table=self.table_name(), ignore=ignore)
        while True:
            st.specs.append(self.alter_spec())
            if not self.accept_op(","):
                return st

    def alter_spec(self) -> A.AlterSpec:
        if self.accept_kw("ADD"):
            key = self.key_def()
            if key is not None:
                return A.AlterSpec("ADD_KEY", key=key)
            self.accept_kw("COLUMN")
            if self.at_op("("):
                raise UnsupportedError("ALTER TABLE ADD (column list)")
            self.if_not_exists_unsupported()
            return A.AlterSpec("ADD_COLUMN", column=self.column_def(), position=self.column_position())
        if self.accept_kw("DROP"):
            if self.accept_kw("PRIMARY"):
                self.expect_kw("KEY")
                return A.AlterSpec("DROP_KEY", name="PRIMARY")
            if self.accept_kw("INDEX", "KEY"):
                self.if_not_exists_unsupported()
                return A.AlterSpec("DROP_KEY", name=self.ident())
            if self.at_kw("FOREIGN", "CONSTRAINT", "CHECK", "PARTITION"):
                raise UnsupportedError("ALTER TABLE DROP " + str(self.tok.value).upper())
            self.accept_kw("COLUMN")
            self.if_not_exists_unsupported()
            name = self.ident()
            self.accept_kw("RESTRICT", "CASCADE")
            return A.AlterSpec("DROP_COLUMN", name=name)
        if self.accept_kw("MODIFY"):
            self.accept_kw("COLUMN")
            self.if_not_exists_unsupported()
            return A.AlterSpec("MODIFY", column=self.column_def(), position=self.column_position())
        if self.accept_kw("CHANGE"):
            self.accept_kw("COLUMN")
            self.if_not_exists_unsupported()
            old = self.ident()
            return A.AlterSpec("CHANGE", name=old, column=self.column_def(), position=self.column_position())
        if self.accept_kw("ALTER"):
            self.accept_kw("COLUMN")
            name = self.ident()
            if self.accept_kw("SET"):
                self.expect_kw("DEFAULT")
                if self.accept_op("("):
                    default = self.expr()
                    self.expect_op(")")
                else:
                    default = self.unary()
                return A.AlterSpec("SET_DEFAULT", name=name, default=default)
            if self.accept_kw("DROP"):
                self.expect_kw("DEFAULT")
                return A.AlterSpec("DROP_DEFAULT", name=name)
            raise UnsupportedError("ALTER COLUMN " + str(self.tok.value).upper())
        if self.accept_kw("RENAME"):
            if self.at_kw("COLUMN", "INDEX", "KEY"):
                raise UnsupportedError("ALTER TABLE RENAME " + str(self.tok.value).upper())
            self.accept_kw("TO", "AS")
            return A.AlterSpec("RENAME", new_name=self.table_name())
        if self.accept_kw("ENGINE", "TYPE"):
            self.accept_op("=")
            return A.AlterSpec("ENGINE", name=self.ident_or_string())
        if self.accept_kw("AUTO_INCREMENT"):
            self.accept_op("=")
            t = self.advance()
            if t.kind != "INT" or not isinstance(t.value, int):
                raise ParseError(self.sql, t.pos)
            return A.AlterSpec("AUTO_INCREMENT", value=t.value)
        raise UnsupportedError("ALTER TABLE " + str(self.tok.value).upper())

    def if_not_exists_unsupported(self) -> None:
        if self.at_kw("IF"):
            raise UnsupportedError("IF [NOT] EXISTS in ALTER TABLE")

    def key_def(self) -> A.KeyDef | None:
        """An index definition after ADD (or None when a column definition follows)."""
        if self.at_kw("CONSTRAINT", "FOREIGN", "FULLTEXT", "SPATIAL", "CHECK", "PARTITION", "PERIOD", "SYSTEM"):
            raise UnsupportedError("ADD " + str(self.tok.value).upper())
        if self.accept_kw("PRIMARY"):
            self.expect_kw("KEY")
            return A.KeyDef("PRIMARY", self.key_columns())
        if self.accept_kw("UNIQUE"):
            self.accept_kw("KEY", "INDEX")
            name = None if self.at_op("(") else self.ident()
            return A.KeyDef("UNIQUE", self.key_columns(), name)
        if self.accept_kw("KEY", "INDEX"):
            name = None if self.at_op("(") else self.ident()
            return A.KeyDef("INDEX", self.key_columns(), name)
        return None

    def column_position(self) -> str | None:
        if self.accept_kw("FIRST"):
            return "FIRST"
        if self.accept_kw("AFTER"):
            return self.ident()
        return None

    def create_index(self, unique: bool) -> A.CreateIndex:
        name = self.ident()
        if self.at_kw("USING", "TYPE"):
            raise UnsupportedError("index type")
        self.expect_kw("ON")
        table = self.table_name()
        return A.CreateIndex(table=table, key=A.KeyDef("UNIQUE" if unique else "INDEX", self.key_columns(), name))

    def rename_stmt(self) -> A.Statement:
        self.expect_kw("RENAME")
        if not self.accept_kw("TABLE", "TABLES"):
            raise UnsupportedError("RENAME " + str(self.tok.value).upper())
        st = A.RenameTable()
        while True:
            old = self.table_name()
            self.expect_kw("TO")
            st.pairs.append((old, self.table_name()))
            if not self.accept_op(","):
                return st

    def maintenance_stmt(self) -> A.Statement:
        cmd = self.advance().text.upper()
        st = A.TableMaintenance(command=cmd)
        if cmd in ("ANALYZE", "OPTIMIZE", "REPAIR"):
            st.no_write_to_binlog = bool(self.accept_kw("NO_WRITE_TO_BINLOG", "LOCAL"))
        if not self.accept_kw("TABLE", "TABLES"):
            raise UnsupportedError(cmd + " " + str(self.tok.value).upper())
        st.tables.append(self.table_name())
        while self.accept_op(","):
            st.tables.append(self.table_name())
        if self.tok.kind != "EOF" and not self.at_op(";"):
            raise UnsupportedError(cmd + " TABLE options")
        return st

    def lock_stmt(self) -> A.Statement:
        self.expect_kw("LOCK")
        if not self.accept_kw("TABLE", "TABLES"):
            raise UnsupportedError("LOCK " + str(self.tok.value).upper())
        st = A.LockTables()
        while True:
            name = self.table_name()
            alias = None
            if self.accept_kw("AS"):
                alias = self.ident()
            elif self.tok.kind == "QWORD" or (self.tok.kind == "WORD" and not self.at_kw(
                    "READ", "WRITE", "LOW_PRIORITY")):
                alias = self.ident()
            if self.accept_kw("READ"):
                if self.at_kw("LOCAL"):
                    raise UnsupportedError("LOCK TABLES ... READ LOCAL")
                mode = "READ"
            else:
                if self.at_kw("LOW_PRIORITY"):
                    raise UnsupportedError("LOCK TABLES ... LOW_PRIORITY WRITE")
                self.expect_kw("WRITE")
                if self.at_kw("CONCURRENT"):
                    raise UnsupportedError("LOCK TABLES ... WRITE CONCURRENT")
                mode = "WRITE"
            st.locks.append((name, alias, mode))
            if not self.accept_op(","):
                return st

    def unlock_stmt(self) -> A.Statement:
        self.expect_kw("UNLOCK")
        self.expect_kw("TABLE", "TABLES")
        return A.UnlockTables()

    # --- transactions and session

    def begin_stmt(self) -> A.Statement:
        w = self.expect_kw("BEGIN", "START")
        if w == "START":
            self.expect_kw("TRANSACTION")
            ro = snapshot = False
            while True:
                m = self.accept_kw("READ", "WITH")
                if m is None:
                    break
                if m == "READ":
                    ro = self.expect_kw("ONLY", "WRITE") == "ONLY"
                else:
                    self.expect_kw("CONSISTENT")
                    self.expect_kw("SNAPSHOT")
                    snapshot = True
                self.accept_op(",")
            return A.Begin(read_only=ro, consistent_snapshot=snapshot)
        self.accept_kw("WORK")
        return A.Begin()

    def commit_stmt(self) -> A.Statement:
        self.expect_kw("COMMIT")
        self.accept_kw("WORK")
        if self.at_kw("AND", "RELEASE"):
            raise UnsupportedError("COMMIT AND CHAIN/RELEASE")
        return A.Commit()

    def rollback_stmt(self) -> A.Statement:
        self.expect_kw("ROLLBACK")
        self.accept_kw("WORK")
        if self.accept_kw("TO"):
            self.accept_kw("SAVEPOINT")
            return A.Rollback(savepoint=self.ident())
        if self.at_kw("AND", "RELEASE"):
            raise UnsupportedError("ROLLBACK AND CHAIN/RELEASE")
        return A.Rollback()

    # --- XA

    def xa_stmt(self) -> A.Statement:
        """XA START|BEGIN|END|PREPARE|COMMIT|ROLLBACK xid [...] and XA RECOVER [FORMAT=...]."""
        self.expect_kw("XA")
        verb = self.expect_kw("START", "BEGIN", "END", "PREPARE", "COMMIT", "ROLLBACK", "RECOVER")
        if verb == "RECOVER":
            if self.accept_kw("FORMAT"):
                self.expect_op("=")
                if self.tok.kind != "STRING":
                    raise self.error()
                # any other name is ER_UNKNOWN_EXPLAIN_FORMAT (1791) when the statement runs
                return A.XaRecover(format=str(self.advance().value))
            return A.XaRecover()
        xid = self.xa_xid()
        if verb in ("START", "BEGIN"):
            return A.XaStart(xid=xid, option=self.accept_kw("JOIN", "RESUME"))
        if verb == "END":
            opt = None
            if self.accept_kw("SUSPEND"):
                opt = "SUSPEND"
                if self.accept_kw("FOR"):
                    self.expect_kw("MIGRATE")
                    opt = "SUSPEND FOR MIGRATE"
            return A.XaEnd(xid=xid, option=opt)
        if verb == "PREPARE":
            return A.XaPrepare(xid=xid)
        if verb == "COMMIT":
            one_phase = bool(self.accept_kw("ONE"))
            if one_phase:
                self.expect_kw("PHASE")
            return A.XaCommit(xid=xid, one_phase=one_phase)
        return A.XaRollback(xid=xid)

    def xa_xid(self) -> A.XaId:
        """The grammar's ``xid``: text_string [, text_string [, ulong_num]].

        A gtrid or bqual over 64 bytes, or a formatID outside 0..2^31-1, is a
        syntax error at the next token, as the server reports it."""
        gtrid = self.xa_text(64)
        bqual = b""
        fmt = 1
        if self.accept_op(","):
            bqual = self.xa_text(64)
            if self.accept_op(","):
                t = self.tok
                if t.kind == "INT":
                    fmt = t.value  # type: ignore[assignment]
                elif t.kind == "HEX":
                    fmt = int.from_bytes(t.value, "big")  # type: ignore[arg-type]
                elif t.kind in ("DECIMAL", "FLOAT"):
                    raise UnsupportedError("a non-integer XA formatID")
                else:
                    raise self.error()
                if not 0 <= fmt < 1 << 31:
                    raise self.error()
                self.advance()
        return A.XaId(gtrid, bqual, fmt)

    def xa_text(self, limit: int) -> bytes:
        t = self.tok
        if t.kind == "STRING":
            v = t.text.encode("utf-8", "surrogateescape")
        elif t.kind == "HEX" and isinstance(t.value, bytes):
            v = t.value
        else:
            raise self.error()
        self.advance()
        if len(v) > limit:
            raise self.error()
        return v

    def savepoint_stmt(self) -> A.Statement:
        self.expect_kw("SAVEPOINT")
        return A.Savepoint(name=self.ident())

    def release_stmt(self) -> A.Statement:
        self.expect_kw("RELEASE")
        self.expect_kw("SAVEPOINT")
        return A.ReleaseSavepoint(name=self.ident())

    def use_stmt(self) -> A.Statement:
        self.expect_kw("USE")
        return A.Use(db=self.ident())

    def set_stmt(self) -> A.Statement:
        self.expect_kw("SET")
        if self.accept_kw("NAMES"):
            cs = self.ident_or_string()
            coll = None
            if self.accept_kw("COLLATE"):
                coll = self.ident_or_string()
            return A.SetNames(charset=cs, collation=coll)
        if self.at_kw("CHARACTER") and self.peek_kw(1, "SET"):
            self.advance()
            self.advance()
            return A.SetNames(charset=self.ident_or_string())
        scope_word = None
        if self.at_kw("SESSION", "GLOBAL", "LOCAL") and self.peek_kw(1, "TRANSACTION"):
            scope_word = self.advance().text.upper()
        if self.accept_kw("TRANSACTION"):
            st = A.SetTransaction(scope={"GLOBAL": "global", None: "next"}.get(scope_word, "session"))
            while True:
                if self.accept_kw("ISOLATION"):
                    self.expect_kw("LEVEL")
                    w = self.expect_kw("READ", "REPEATABLE", "SERIALIZABLE")
                    if w == "READ":
                        w2 = self.expect_kw("COMMITTED", "UNCOMMITTED")
                        st.isolation = f"READ-{w2}"
                    elif w == "REPEATABLE":
                        self.expect_kw("READ")
                        st.isolation = "REPEATABLE-READ"
                    else:
                        st.isolation = "SERIALIZABLE"
                elif self.accept_kw("READ"):
                    st.read_only = self.expect_kw("ONLY", "WRITE") == "ONLY"
                else:
                    raise self.error()
                if not self.accept_op(","):
                    return st
        out = A.Set()
        scope = "session"
        while True:
            scope_kw = self.accept_kw("SESSION", "GLOBAL", "LOCAL")
            if scope_kw:
                scope = "global" if scope_kw == "GLOBAL" else "session"
            t = self.tok
            if t.kind == "VAR":
                self.advance()
                target: A.Expr = A.UserVar(t.value)  # type: ignore[arg-type]
            elif t.kind == "SYSVAR":
                self.advance()
                target = _sysvar(t.value)  # type: ignore[arg-type]
            else:
                name = self.ident()
                target = A.SysVar(name.lower(), scope)
            if not self.accept_op("=", ":="):
                raise self.error("expected =")
            if self.at_kw("DEFAULT"):
                self.advance()
                value: A.Expr = A.Default()
            elif self.at_kw("ON") and isinstance(target, A.SysVar):
                self.advance()
                value = A.Literal("ON")
            else:
                value = self.expr()
            out.assignments.append(A.SetAssignment(target, value))
            if not self.accept_op(","):
                return out

    def show_stmt(self) -> A.Statement:
        self.expect_kw("SHOW")
        sh = A.Show()
        if self.accept_kw("FULL"):
            sh.full = True
        if self.accept_kw("GLOBAL"):
            sh.scope = "global"
        elif self.accept_kw("SESSION", "LOCAL"):
            sh.scope = "session"
        if self.accept_kw("BINLOG"):
            self.expect_kw("EVENTS")
            sh.what = "BINLOG_EVENTS"
            if self.accept_kw("IN"):
                sh.log_name = self.advance().value  # type: ignore[assignment]
            if self.accept_kw("FROM"):
                sh.from_pos = self.advance().value  # type: ignore[assignment]
            if self.accept_kw("LIMIT"):
                a = self.advance().value
                if self.accept_op(","):
                    sh.offset, sh.limit = a, self.advance().value  # type: ignore[assignment]
                else:
                    sh.limit = a  # type: ignore[assignment]
        elif self.accept_kw("BINARY", "MASTER"):
            w = self.expect_kw("LOGS", "STATUS")
            sh.what = "BINARY_LOGS" if w == "LOGS" else "MASTER_STATUS"
        elif self.accept_kw("WARNINGS", "ERRORS"):
            sh.what = str(self.toks[self.i - 1].value).upper()
            if self.accept_kw("LIMIT"):
                sh.limit = self.advance().value  # type: ignore[assignment]
        elif self.accept_kw("COUNT"):
            self.expect_op("(")
            self.expect_op("*")
            self.expect_op(")")
            sh.what = "COUNT_" + self.expect_kw("WARNINGS", "ERRORS")
        elif self.accept_kw("TABLES"):
            sh.what = "TABLES"
            if self.accept_kw("FROM", "IN"):
                sh.db = self.ident()
        elif self.accept_kw("DATABASES", "SCHEMAS"):
            sh.what = "DATABASES"
        elif self.accept_kw("PROCESSLIST"):
            sh.what = "PROCESSLIST"
        elif self.accept_kw("VARIABLES"):
            sh.what = "VARIABLES"
        elif self.accept_kw("STATUS"):
            sh.what = "STATUS"
        elif self.at_kw("ENGINES", "COLLATION"):
            sh.what = str(self.advance().value).upper()
        elif self.accept_kw("CREATE"):
            self.expect_kw("TABLE")
            sh.what = "CREATE_TABLE"
            sh.table = self.table_name()
        elif self.accept_kw("TRIGGERS"):
            sh.what = "TRIGGERS"
        else:
            raise UnsupportedError("SHOW " + str(self.tok.value).upper())
        if self.accept_kw("LIKE"):
            sh.like = self.advance().value  # type: ignore[assignment]
        elif self.accept_kw("WHERE"):
            raise UnsupportedError("SHOW ... WHERE")
        return sh

    def purge_stmt(self) -> A.Statement:
        self.expect_kw("PURGE")
        self.expect_kw("BINARY", "MASTER")
        self.expect_kw("LOGS")
        if self.accept_kw("TO"):
            if self.tok.kind != "STRING":
                raise self.error()
            return A.PurgeBinaryLogs(to=self.advance().text)
        self.expect_kw("BEFORE")
        return A.PurgeBinaryLogs(before=self.expr())

    def reset_stmt(self) -> A.Statement:
        self.expect_kw("RESET")
        self.expect_kw("MASTER")
        return A.ResetMaster()

    # FLUSH options that change nothing the binary log or the model keeps (caches,
    # counters, the privilege tables); READ LOCK / EXPORT take locks the model lacks.
    _FLUSH_OPTIONS = ("TABLES", "TABLE", "PRIVILEGES", "STATUS", "HOSTS", "QUERY", "USER_RESOURCES",
                      "CLIENT_STATISTICS", "INDEX_STATISTICS", "TABLE_STATISTICS", "USER_STATISTICS",
                      "ERROR", "ENGINE", "GENERAL", "SLOW", "LOGS", "BINARY", "RELAY", "DES_KEY_FILE",
                      "SSL", "USER_VARIABLES", "THREAD_STATISTICS")

    def flush_stmt(self) -> A.Statement:
        self.expect_kw("FLUSH")
        quiet = self.accept_kw("LOCAL", "NO_WRITE_TO_BINLOG") is not None
        if self.at_kw("BINARY", "LOGS") and not self._flush_has_more():
            self.accept_kw("BINARY")
            self.expect_kw("LOGS")
            return A.FlushBinaryLogs()
        st = A.Flush(no_write_to_binlog=quiet)
        while True:
            word = self.accept_kw(*self._FLUSH_OPTIONS)
            if word is None:
                raise UnsupportedError("FLUSH " + str(self.tok.value).upper())
            word = word.upper()
            if word in ("BINARY", "ENGINE", "ERROR", "GENERAL", "SLOW", "RELAY"):
                self.expect_kw("LOGS")
                word += " LOGS"
            elif word == "QUERY":
                self.expect_kw("CACHE")
                word = "QUERY CACHE"
            elif word in ("TABLE", "TABLES"):
                word = "TABLES"
                if self.at_kw("WITH", "FOR"):
                    raise UnsupportedError("FLUSH TABLES WITH READ LOCK / FOR EXPORT")
                st.options.append(word)
                # TABLES takes a table list and ends the options (FLUSH TABLES, LOGS is 1064).
                if self.tok.kind == "QWORD" or self.tok.kind == "WORD":
                    st.tables.append(self.table_name())
                    while self.accept_op(","):
                        st.tables.append(self.table_name())
                elif self.at_op(","):
                    # the server's grammar fails right after the comma
                    raise ParseError(self.sql, self.tok.pos + 1, "")
                break
            st.options.append(word)
            if not self.accept_op(","):
                break
        return st

    def _flush_has_more(self) -> bool:
        """FLUSH [BINARY] LOGS followed by a comma lists more options (a general FLUSH)."""
        t = self.peek(2 if self.at_kw("BINARY") else 1)
        return t.kind == "OP" and t.value == ","

    def do_stmt(self) -> A.Statement:
        self.expect_kw("DO")
        exprs = [self.expr()]
        while self.accept_op(","):
            exprs.append(self.expr())
        return A.Do(exprs=exprs)

    def binlog_stmt(self) -> A.Statement:
        self.expect_kw("BINLOG")
        if self.tok.kind == "VAR":
            first = self.advance().value
            self.expect_op(",")
            if self.tok.kind != "VAR":
                raise self.error("expected a user variable")
            return A.BinlogBase64(fragments=(first, self.advance().value))  # type: ignore[arg-type]
        if self.tok.kind != "STRING":
            raise self.error("expected a string")
        return A.BinlogBase64(payload=self.advance().value)  # type: ignore[arg-type]

    def call_stmt(self) -> A.Statement:
        self.expect_kw("CALL")
        name = self.ident()
        db = None
        if self.accept_op("."):
            db, name = name, self.ident()
        args: list[A.Expr] = []
        if self.accept_op("("):
            if not self.at_op(")"):
                args.append(self.expr())
                while self.accept_op(","):
                    args.append(self.expr())
            self.expect_op(")")
        return A.Call(name=name, args=args, db=db)

    # ------------------------------------------------------------ expressions

    def expr(self) -> A.Expr:
        # Fast path: a bare literal ending the item (VALUES lists, function
        # arguments) needs none of the precedence levels below.
        t = self.toks[self.i]
        if t.kind in _LITERAL_KINDS:
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
                if self.at_kw("SELECT"):
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
        if coll != "utf8mb4_general_ci":
            if self._introduced is not e or _INTRODUCER_COLLATION.get(self._introducer) != coll:
                raise UnsupportedError(f"COLLATE {name}")
            self.literal_collations.add(coll)
        return e

    def introduced_literal(self, word: str) -> A.Expr:
        """``_binary 'x'`` (bytes) and ``_utf8mb4 'x'`` (the connection's own character
        set, as every string literal here). ``_latin1 'x'`` and ``_utf8mb3 'x'`` are taken
        for ASCII text only, the same characters in every character set the model has;
        other text would need a string value that remembers its character set, which is
        not modelled."""
        if word not in ("_BINARY", "_UTF8MB4") and word not in _INTRODUCER_COLLATION:
            raise UnsupportedError(f"character set introducer {word.lower()}")
        self.advance()
        lit = self.primary()
        assert isinstance(lit, A.Literal)
        if word == "_BINARY" and isinstance(lit.value, str):
            return A.Literal(lit.value.encode("utf-8", "surrogateescape"))  # bytes that are not UTF-8 stay as sent
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
            value = t.value
            while self.tok.kind == "STRING":  # adjacent literals concatenate
                value = value + self.advance().value  # type: ignore[operator]
            return A.Literal(literal_value(value))
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
            if self.at_kw("SELECT"):
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
        first = self.ident()
        if self.at_op(".") and self.peek().kind in ("WORD", "QWORD"):
            self.advance()
            second = self.ident()
            if self.at_op(".") and self.peek().kind in ("WORD", "QWORD"):
                self.advance()
                return A.ColumnRef(self.ident(), second)
            return A.ColumnRef(second, first)
        return A.ColumnRef(first)

    def func_call(self) -> A.Expr:
        written = str(self.advance().value)
        name = written.upper()
        self.expect_op("(")
        call = A.FuncCall(name, written=written)
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

_SPECIAL_ARGS: dict[str, Callable[[Parser, A.FuncCall], None]] = {
    "EXTRACT": Parser._args_extract,
    "TIMESTAMPDIFF": Parser._args_unit_first,
    "TIMESTAMPADD": Parser._args_unit_first,
    "POSITION": Parser._args_position,
    "TRIM": Parser._args_trim,
}


def _sysvar(raw: str) -> A.SysVar:
    name = raw.lower()
    if name.startswith("global."):
        return A.SysVar(name[7:], "global")
    if name.startswith("session.") or name.startswith("local."):
        return A.SysVar(name.split(".", 1)[1], "session")
    return A.SysVar(name, "default")


#: Words a statement can start with in MariaDB 10.11's grammar (sql_yacc.yy ``verb_clause``
#: and the compound statements allowed outside routines); anything else is a syntax error
#: (1064), not a statement outside replbed's subset (1235).
_SERVER_VERBS = frozenset("""ALTER ANALYZE BACKUP BEGIN BINLOG CALL CASE CHANGE CHECK CHECKSUM COMMIT CREATE
    DEALLOCATE DECLARE DELETE DESC DESCRIBE DO DROP EXECUTE EXPLAIN FLUSH FOR GET GRANT HANDLER HELP IF INSERT
    INSTALL KILL LOAD LOCK LOOP OPTIMIZE PREPARE PURGE RELEASE RENAME REPAIR REPEAT REPLACE RESET RESIGNAL
    REVOKE ROLLBACK SAVEPOINT SELECT SET SHOW SHUTDOWN SIGNAL START STOP TABLE TRUNCATE UNINSTALL UNLOCK
    UPDATE USE VALUES WHILE WITH XA""".split())

_STATEMENTS: dict[str, Callable[[Parser], A.Statement]] = {
    "SELECT": Parser.select_stmt,
    "INSERT": Parser.insert_stmt,
    "LOAD": Parser.load_stmt,
    "REPLACE": Parser.insert_stmt,
    "UPDATE": Parser.update_stmt,
    "DELETE": Parser.delete_stmt,
    "TRUNCATE": Parser.truncate_stmt,
    "CREATE": Parser.create_stmt,
    "DROP": Parser.drop_stmt,
    "ALTER": Parser.alter_stmt,
    "BEGIN": Parser.begin_stmt,
    "START": Parser.begin_stmt,
    "COMMIT": Parser.commit_stmt,
    "ROLLBACK": Parser.rollback_stmt,
    "SAVEPOINT": Parser.savepoint_stmt,
    "XA": Parser.xa_stmt,
    "RELEASE": Parser.release_stmt,
    "USE": Parser.use_stmt,
    "SET": Parser.set_stmt,
    "SHOW": Parser.show_stmt,
    "RESET": Parser.reset_stmt,
    "PURGE": Parser.purge_stmt,
    "FLUSH": Parser.flush_stmt,
    "DO": Parser.do_stmt,
    "CALL": Parser.call_stmt,
    "BINLOG": Parser.binlog_stmt,
    "RENAME": Parser.rename_stmt,
    "ANALYZE": Parser.maintenance_stmt,
    "OPTIMIZE": Parser.maintenance_stmt,
    "REPAIR": Parser.maintenance_stmt,
    "CHECK": Parser.maintenance_stmt,
    "CHECKSUM": Parser.maintenance_stmt,
    "LOCK": Parser.lock_stmt,
    "UNLOCK": Parser.unlock_stmt,
}


def parse(sql: str) -> A.Statement:
    """Parse one SQL statement (a trailing ``;`` is allowed)."""
    return Parser(sql).parse()
