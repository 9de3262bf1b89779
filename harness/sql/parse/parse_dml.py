"""The grammar of SELECT, INSERT, UPDATE, DELETE, LOAD DATA and TRUNCATE."""

from __future__ import annotations

from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import DerivedAliasError, ParseError, SqlParseError, UnsupportedError
from harness.sql.parse.parse_expr import _RESERVED, ExprParser


class DmlParser(ExprParser):
    """SELECT and the statements that change rows."""

    def select_stmt(self) -> A.Select:
        if self.at_kw("WITH"):
            return self.with_select()
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

    def with_select(self) -> A.Select:
        """``WITH [RECURSIVE] name [(cols)] AS (query) [, ...] query``: each reference to
        a CTE in the query (and, in a recursive CTE, in its own query) becomes a derived
        table holding the CTE (sql_cte.cc: With_clause::check_dependencies and
        With_element::check_unrestricted_recursive; an inner WITH shadows an outer one,
        which binding the innermost first gives)."""
        self.expect_kw("WITH")
        recursive = bool(self.accept_kw("RECURSIVE"))
        ctes: list[A.Cte] = []
        while True:
            name = self.ident()
            cols = None
            if self.accept_op("("):
                cols = [self.ident()]
                while self.accept_op(","):
                    cols.append(self.ident())
                self.expect_op(")")
            self.expect_kw("AS")
            self.expect_op("(")
            cte = A.Cte(name, cols, A.Select(), False)
            cte.select = self.select_stmt()
            self.expect_op(")")
            if recursive and bind_ctes(cte.select, [cte], self_ref=cte):
                cte.recursive = True
            bind_ctes(cte.select, ctes)
            ctes.append(cte)
            if not self.accept_op(","):
                break
        if self.at_kw("UPDATE", "DELETE"):
            self._with_dml(ctes)
        sel = self.select_stmt()
        bind_ctes(sel, ctes)
        return sel

    def _with_dml(self, ctes: list[A.Cte]) -> None:
        """``WITH ... UPDATE|DELETE``: MySQL 8.0's grammar (sql_yacc.yy update_stmt /
        delete_stmt: opt_with_clause), a syntax error near the verb to MariaDB's. Raises
        MariaDB's 1064 carrying MySQL's statement (SqlParseError.mysql_statement)."""
        err = self.error()
        try:
            st: A.Statement = self.update_stmt() if self.at_kw("UPDATE") else self.delete_stmt()
            self.end()  # only a whole statement (not a subquery's)
        except SqlParseError:
            raise err from None
        st.text = self.sql
        bind_ctes(st, ctes)
        err.mysql_statement = st
        raise err

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
            if w == "SQL_NO_CACHE":
                sel.sql_no_cache = True
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
            straight = False
            if self.accept_kw("INNER", "CROSS"):
                self.expect_kw("JOIN")
                join = "INNER"
            elif self.at_kw("STRAIGHT_JOIN"):
                self.advance()
                join, straight = "INNER", True
            elif self.accept_kw("JOIN"):
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
            ref.straight = straight
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
        right.using = cols
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
        if not self.peek_kw(1, "SELECT", "WITH"):
            raise UnsupportedError("parenthesized joins")
        self.advance()
        sub = self.select_stmt()
        self.expect_op(")")
        has_as = self.accept_kw("AS")
        if not (self.tok.kind == "QWORD" or (self.tok.kind == "WORD"
                                              and self.tok.text.upper() not in _RESERVED)):
            # MariaDB's grammar has no alias-less derived table (1064); MySQL's has, and refuses
            # it as 1248 (a dangling AS stays a syntax error in both)
            raise self.error() if has_as else self.error().in_mysql(DerivedAliasError())
        alias = self.ident()
        return A.TableRef(A.TableName(alias), alias, join, derived=sub)

    def limit_clause(self, allow_offset: bool) -> tuple[A.Expr | None, A.Expr | None]:
        if not self.accept_kw("LIMIT"):
            return None, None
        first = self.primary()
        if allow_offset and self.accept_op(","):
            return self.primary(), first
        if allow_offset and self.accept_kw("OFFSET"):
            return first, self.primary()
        return first, None

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
        if self.at_op("(") and not self.peek_kw(1, "SELECT", "WITH"):
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
        elif self.at_kw("SELECT", "WITH") or self.at_op("("):
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


def bind_ctes(node: object, ctes: list[A.Cte], self_ref: A.Cte | None = None) -> bool:
    """Turn the unqualified table references in ``node`` that name one of ``ctes`` into
    references to it; references bound by an inner WITH stay as they are. With
    ``self_ref`` (a recursive CTE's own query) its references become the working table
    (an empty ``derived``). True when a reference was bound."""
    found = False
    by_name = {c.name: c for c in ctes}

    def walk(x: object) -> None:
        nonlocal found
        if isinstance(x, A.TableRef):
            c = by_name.get(x.table.name) if x.table.db is None and x.derived is None and x.cte is None else None
            if c is not None:
                x.cte, x.derived, found = c, (A.Select() if c is self_ref else c.select), True
                if x.alias is None:
                    x.alias = x.table.name
            elif x.derived is not None and x.cte is None:
                walk(x.derived)
            walk(x.on)
            return
        if isinstance(x, list | tuple):
            for y in x:
                walk(y)
        elif hasattr(x, "__dataclass_fields__"):
            for f in x.__dataclass_fields__:
                if f not in ("text", "cte"):
                    walk(getattr(x, f, None))

    walk(node)
    return found
