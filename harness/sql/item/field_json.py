"""MySQL's JSON column (sql/field.cc Field_json, sql-common/json_dom.cc, json_binary.cc).

MySQL has a native JSON type (the ``mysql-9.7`` flavour: ``SqlDialect.native_json``;
MariaDB's JSON is LONGTEXT with a json_valid CHECK, harness/sql/handler/catalog.py):

* a string stored into the column is parsed by rapidjson; invalid text is error 3140
  ``Invalid JSON text: "<rapidjson's message>" at position <byte offset> in value for
  column '<table>.<column>'.``, an error under IGNORE too (9.7.4 probed:
  ``INSERT IGNORE INTO j VALUES (14, 'bad')`` -> 3140 "Invalid value." at position 0);
* a binary string is 3144 (Cannot create a JSON value from a string with CHARACTER SET
  'binary'); a number or a temporal value that is not a JSON document is 3140 "not a
  JSON text, may need CAST" at position 0 (Field_json::store of a non-JSON item);
* the document is kept normalised: object keys sorted by length then bytes, a duplicate
  key's last value wins (8.0.3+), numbers typed as the parser types them (an integer up
  to 2^32 - 1 or negative is Json_int, a larger one Json_uint, anything with a fraction or
  an exponent, or beyond 2^64 - 1, a double), printed as json_binary.to_text prints them;
* the row image is the binary form (harness/binlog/json_binary.py); Table_map type 245
  with pack length 4, and no charset in the optional metadata (not a character column).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Callable

from harness.binlog import json_binary as JB
from harness.sql.item.column_types import ColumnType, WriteContext
from harness.sql.item.func_json import JsonText, TemporalStr, _Num
from harness.sql.item.json_text import JsonSyntaxError, parse_json_text
from harness.sql.item.type_codes import BINARY_FLAG, BLOB_FLAG, CHARSET_BINARY
from harness.sql.sql_errors import error

T_JSON = 245



class JsonDoc(JsonText):
    """A stored JSON value: the document's normalised text, with its tree (json_binary's
    values) for the row image."""

    tree: Any
    column: str  # the JSON column it is stored in
    binary: bytes | None  # the stored bytes when a partial update left them (else the tree's)

    def __new__(cls, tree: Any) -> "JsonDoc":
        obj = super().__new__(cls, JB.to_text(tree))
        obj.tree = tree
        obj.binary = None
        return obj

    def json_number(self, t: ColumnType, kind: str, ctx: WriteContext) -> Any:
        """The number a numeric column reads (Json_wrapper::coerce_int / coerce_decimal /
        coerce_real): a JSON number its value, true/false 1/0, a string or a temporal its text
        (converted as a string is); an array or an object is 3156 `Invalid JSON value for CAST
        to INTEGER from column j at row N` (a warning strict mode escalates) and 0 -- 9.7.4
        probed: `INSERT INTO s2 SELECT j ...` of `[1]` -> Error 3156, under IGNORE a Warning."""
        v = self.tree
        if isinstance(v, (dict, list)):
            t._data_error(ctx, "ER_INVALID_JSON_VALUE_FOR_CAST", kind, getattr(self, "column", "?"), ctx.condition_row)
            return 0
        if isinstance(v, bool):
            return int(v)
        if isinstance(v, JB.JOpaque) and v.field_type == 246:
            return Decimal(JB.to_text(v))
        if isinstance(v, (int, float)):
            return int(v) if isinstance(v, int) else v
        return v if isinstance(v, str) else JB.to_text(v).strip('"')

    def stored_bytes(self) -> bytes:
        return self.binary if self.binary is not None else bytes(JB.encode(self.tree))


def note_non_scalar_json_sort(notes: list[Any], rows: list[Any], keyfns: list[Any]) -> None:
    """Filesort's sort key of a JSON array or object (Json_wrapper::make_sort_key) warns
    1235 "sorting of non-scalar JSON values", once for the sort; a const row is not sorted
    (9.7.4 probed: `ORDER BY j` over two rows, one of them `[1]`: one Warning; `WHERE id = 1
    ORDER BY j`: none). ``keyfns``: the ORDER BY's column keys."""
    # ER_NOT_SUPPORTED_YET is no code Strict_error_handler upgrades: a strict DELETE ... ORDER BY
    # goes on (fuzz seed 9701 case 28); a FoldedNote is never escalated (fill_record.raise_new_warnings)
    from harness.diagnostics import FoldedNote
    for fn in keyfns:
        for r, env in rows:
            v = fn(r, env)
            if isinstance(v, JsonDoc) and isinstance(v.tree, (dict, list)):
                notes.append(FoldedNote("Warning", 1235,
                                  "This version of MySQL doesn't yet support 'sorting of non-scalar JSON values'"))
                return


def keep_partial_update(old: Any, value: Any, stored: Any) -> Any:
    """UPDATE t SET c = JSON_SET / JSON_REPLACE / JSON_REMOVE(c, ...) (nested calls too) on
    the row's own value of the column: MySQL updates the stored binary in place
    (Field_json::store_json after TABLE::setup_partial_update; json_binary.cc
    update_in_shadow / remove_in_shadow), so the row image (full: binlog_row_value_options
    is empty) keeps the old layout: a removed member's entries shift left and the size stays
    (9.7.4 [bytes]: `JSON_REMOVE(doc, '$.c')` of a 51-byte document logs 51 bytes), a shorter
    value overwrites the old one. A path JSON_SET adds, JSON_INSERT, JSON_ARRAY_APPEND, or a
    value that does not fit writes the whole document again."""
    if not isinstance(stored, JsonDoc) or not isinstance(old, JsonDoc):
        return stored
    doc: JsonDoc = old
    if getattr(value, "partial_base", None) is not doc:
        return stored
    buf = bytearray(doc.stored_bytes())
    for mode, steps, v in value.partial_ops:
        if mode == "remove":
            ok = JB.remove_in_place(buf, steps)
        elif mode in ("set", "replace"):
            ok = JB.replace_in_place(buf, steps, from_function_tree(v), missing_ok=mode == "replace")
        else:
            ok = False
        if not ok:
            return stored
    stored.binary = bytes(buf)
    return stored


def from_function_tree(v: Any) -> Any:
    """func_json's document tree (``_Num`` numbers kept as written) as json_binary values:
    a number the text spells with a fraction or an exponent is a double, else an integer
    typed as the parser types it; an SQL DECIMAL argument (``_Num.kind`` "decimal") stays
    a DECIMAL (an opaque value, Json_decimal)."""
    if isinstance(v, dict):
        return {k: from_function_tree(x) for k, x in v.items()}
    if isinstance(v, list):
        return [from_function_tree(x) for x in v]
    if isinstance(v, TemporalStr):
        return sql_to_tree(v.value)
    if isinstance(v, _Num):
        kind = getattr(v, "kind", None)
        if kind == "decimal":
            return decimal_opaque(Decimal(v.text))
        if kind == "uint":
            return JB.JUint(int(v.text))
        return parse_json_text(v.text)
    return v


def sql_to_tree(v: Any) -> Any:
    """An SQL value as a JSON value of its own type (CAST(v AS JSON), a JSON function's
    argument: Item::val_json / get_json_atom_wrapper): a string is parsed as JSON text by
    CAST and is a JSON string otherwise (the caller's choice), an integer Json_int, a DECIMAL
    an opaque DECIMAL, a DOUBLE a double, a temporal an opaque DATE/DATETIME/TIME, a binary
    string an opaque of type VAR_STRING."""
    import datetime as dt
    if isinstance(v, JsonDoc):
        return v.tree
    if isinstance(v, JsonText):
        tree = getattr(v, "tree", None)
        return from_function_tree(tree) if tree is not None else parse_json_text(str(v))
    if v is None or isinstance(v, bool):
        return v
    if isinstance(v, int):
        return JB.JInt(v) if v < 1 << 63 else JB.JUint(v)
    if isinstance(v, Decimal):
        return decimal_opaque(v)
    if isinstance(v, float):
        return v
    if isinstance(v, dt.datetime):
        return JB.JOpaque(12, JB.packed_datetime(v.year, v.month, v.day, v.hour, v.minute, v.second, v.microsecond))
    if isinstance(v, dt.date):
        return JB.JOpaque(10, JB.packed_datetime(v.year, v.month, v.day))
    if isinstance(v, dt.timedelta):
        us = abs(v.days * 86_400_000_000 + v.seconds * 1_000_000 + v.microseconds)
        secs, usec = divmod(us, 1_000_000)
        return JB.JOpaque(11, JB.packed_time(v < dt.timedelta(0), secs // 3600, secs // 60 % 60, secs % 60, usec))
    if isinstance(v, bytes):
        return JB.JOpaque(253, v)
    return str(v)


def cast_as_json(v: Any) -> Any:
    """CAST(v AS JSON): a string is read as JSON text (3141 naming cast_as_json), anything
    else becomes the JSON value of its type."""
    if isinstance(v, str) and not isinstance(v, JsonText):
        try:
            return JsonDoc(parse_json_text(v))
        except JsonSyntaxError as e:
            raise error("ER_INVALID_JSON_TEXT_IN_PARAM", 1, "cast_as_json", e.message, e.pos) from None
    return JsonDoc(sql_to_tree(v))


def decimal_opaque(d: Decimal) -> JB.JOpaque:
    """Json_decimal's binary form: precision, scale, then decimal2bin."""
    from harness.binlog.decimal_codec import decimal_to_bin
    t = d.as_tuple()
    scale = max(0, -int(t.exponent))
    intg = max(len(t.digits) - scale, 1)
    precision = intg + scale
    return JB.JOpaque(246, bytes([precision, scale]) + decimal_to_bin(d, precision, scale))


class JsonType(ColumnType):
    """A MySQL JSON column (Field_json)."""

    name = "JSON"
    protocol_type = T_JSON
    binlog_type = T_JSON
    is_blob = True
    charset = CHARSET_BINARY
    pack_length = 4

    def coerce(self, value: Any, col: str, ctx: WriteContext) -> Any:
        doc = self._document(value, col, ctx)
        if doc is not None and getattr(doc, "column", col) != col:
            doc = JsonDoc(doc.tree)  # another column's value: its own copy, named by this column
        if doc is not None:
            doc.column = col  # the column a numeric read of it names (json_number)
        return doc

    def _document(self, value: Any, col: str, ctx: WriteContext) -> Any:
        if value is None or isinstance(value, JsonDoc):
            return value
        if isinstance(value, JsonText):
            tree = getattr(value, "tree", None)
            return JsonDoc(from_function_tree(tree) if tree is not None else parse_json_text(str(value)))
        if isinstance(value, bytes):
            raise error("ER_INVALID_JSON_CHARSET", "binary")
        if not isinstance(value, str):
            raise error("ER_INVALID_JSON_TEXT", "not a JSON text, may need CAST", 0, f"{ctx.table}.{col}")
        try:
            return JsonDoc(parse_json_text(value))
        except JsonSyntaxError as e:
            raise error("ER_INVALID_JSON_TEXT", e.message, e.pos, f"{ctx.table}.{col}") from None

    def to_text(self, value: Any) -> str:
        return str(value)

    def binlog_metadata(self) -> int:
        return 4

    def codec_value(self) -> Callable[[Any], Any]:
        def enc(v: Any) -> bytes:
            return v.stored_bytes() if isinstance(v, JsonDoc) else bytes(JB.encode(parse_json_text(str(v))))
        return enc

    @property
    def table_map_metadata_kind(self) -> str:
        return ""

    def display_length(self) -> int:
        return 0xFFFFFFFF

    def flags(self) -> int:
        return BLOB_FLAG | BINARY_FLAG

    def default_value(self) -> Any:
        return None


__all__ = ["note_non_scalar_json_sort", "keep_partial_update", "cast_as_json", "sql_to_tree", "JsonType", "JsonDoc", "parse_json_text", "JsonSyntaxError", "from_function_tree"]
