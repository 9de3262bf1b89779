"""rapidjson's reading of JSON text, as MySQL parses it (sql-common/json_dom.cc
Json_dom::parse through rapidjson's GenericReader): its English error messages and the
byte offset they name, and the numbers typed as MySQL's handler types them."""

from __future__ import annotations

from typing import Any

from harness.binlog import json_binary as JB
from harness.diagnostics import register

register({
    "ER_INVALID_JSON_TEXT": (3140, "22032", 'Invalid JSON text: "{0}" at position {1} in value for column \'{2}\'.'),
    "ER_INVALID_JSON_TEXT_IN_PARAM": (3141, "22032",
                                      'Invalid JSON text in argument {0} to function {1}: "{2}" at position {3}.'),
    "ER_INVALID_JSON_VALUE_FOR_CAST": (3156, "22018", "Invalid JSON value for CAST to {0} from column {1} at row {2}"),
    "ER_INVALID_JSON_CHARSET": (3144, "22032", "Cannot create a JSON value from a string with CHARACTER SET '{0}'."),
})


class JsonSyntaxError(Exception):
    """rapidjson's parse error: its English message and the byte offset."""

    def __init__(self, message: str, pos: int) -> None:
        super().__init__(message)
        self.message, self.pos = message, pos


_WS = b" \t\n\r"
_ESC = {ord('"'): '"', ord("\\"): "\\", ord("/"): "/", ord("b"): "\b", ord("f"): "\f", ord("n"): "\n",
        ord("r"): "\r", ord("t"): "\t"}
_DIGITS = b"0123456789"


class _Reader:
    """rapidjson's GenericReader over the text's UTF-8 bytes (positions are byte offsets;
    the end of the text reads as the NUL that ends its stream)."""

    def __init__(self, b: bytes) -> None:
        self.b, self.i = b, 0

    def peek(self) -> int:
        return self.b[self.i] if self.i < len(self.b) else 0

    def ws(self) -> None:
        while self.i < len(self.b) and self.b[self.i] in _WS:
            self.i += 1

    def consume(self, c: str) -> bool:
        if self.peek() == ord(c):
            self.i += 1
            return True
        return False

    def value(self) -> Any:
        c = self.peek()
        if c in (ord("n"), ord("t"), ord("f")):
            word, v = {ord("n"): ("null", None), ord("t"): ("true", True), ord("f"): ("false", False)}[c]
            self.i += 1
            for ch in word[1:]:
                if not self.consume(ch):
                    raise JsonSyntaxError("Invalid value.", self.i)
            return v
        if c == ord('"'):
            return self.string()
        if c == ord("{"):
            return self.obj()
        if c == ord("["):
            return self.arr()
        return self.number()

    def string(self) -> str:
        self.i += 1
        out = bytearray()
        while True:
            c = self.peek()
            if c == ord("\\"):
                start = self.i
                self.i += 1
                e = self.peek()
                if e in _ESC:
                    out += _ESC[e].encode()
                    self.i += 1
                elif e == ord("u"):
                    self.i += 1
                    cp = self._hex4()
                    if 0xD800 <= cp <= 0xDBFF:
                        if not (self.consume("\\") and self.consume("u")):
                            raise JsonSyntaxError("The surrogate pair in string is invalid.", start)
                        lo = self._hex4()
                        if not 0xDC00 <= lo <= 0xDFFF:
                            raise JsonSyntaxError("The surrogate pair in string is invalid.", start)
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00)
                    out += chr(cp).encode("utf-8", "surrogatepass")
                else:
                    raise JsonSyntaxError("Invalid escape character in string.", start)
            elif c == ord('"'):
                self.i += 1
                return out.decode("utf-8", "replace")
            elif c == 0:
                raise JsonSyntaxError("Missing a closing quotation mark in string.", self.i)
            elif c < 0x20:
                raise JsonSyntaxError("Invalid encoding in string.", self.i)
            else:
                out.append(c)
                self.i += 1

    def _hex4(self) -> int:
        h = self.b[self.i:self.i + 4]
        try:
            if len(h) < 4:
                raise ValueError
            cp = int(h, 16)
        except ValueError:
            raise JsonSyntaxError("Incorrect hex digit after \\u escape in string.", self.i - 2) from None
        self.i += 4
        return cp

    def obj(self) -> dict[str, Any]:
        self.i += 1
        out: dict[str, Any] = {}
        self.ws()
        if self.consume("}"):
            return out
        while True:
            if self.peek() != ord('"'):
                raise JsonSyntaxError("Missing a name for object member.", self.i)
            k = self.string()
            self.ws()
            if not self.consume(":"):
                raise JsonSyntaxError("Missing a colon after a name of object member.", self.i)
            self.ws()
            out.pop(k, None)
            out[k] = self.value()  # a duplicate key: the last value wins (8.0.3+)
            self.ws()
            if self.consume(","):
                self.ws()
            elif self.consume("}"):
                return out
            else:
                raise JsonSyntaxError("Missing a comma or '}' after an object member.", self.i)

    def arr(self) -> list[Any]:
        self.i += 1
        out: list[Any] = []
        self.ws()
        if self.consume("]"):
            return out
        while True:
            out.append(self.value())
            self.ws()
            if self.consume(","):
                self.ws()
            elif self.consume("]"):
                return out
            else:
                raise JsonSyntaxError("Missing a comma or ']' after an array element.", self.i)

    def number(self) -> Any:
        start = self.i
        minus = self.consume("-")
        c = self.peek()
        if c == ord("0"):
            self.i += 1
        elif ord("1") <= c <= ord("9"):
            while self.peek() in _DIGITS and self.peek():
                self.i += 1
        else:
            raise JsonSyntaxError("Invalid value.", start)
        is_int = True
        if self.consume("."):
            is_int = False
            if not (self.peek() and self.peek() in _DIGITS):
                raise JsonSyntaxError("Miss fraction part in number.", self.i)
            while self.peek() and self.peek() in _DIGITS:
                self.i += 1
        if self.peek() in (ord("e"), ord("E")):
            self.i += 1
            is_int = False
            if not self.consume("+"):
                self.consume("-")
            if not (self.peek() and self.peek() in _DIGITS):
                raise JsonSyntaxError("Miss exponent in number.", self.i)
            while self.peek() and self.peek() in _DIGITS:
                self.i += 1
        text = self.b[start:self.i].decode()
        if is_int:
            n = int(text)
            if minus and n >= -(1 << 63):
                return JB.JInt(n)
            if not minus and n <= 0xFFFFFFFF:
                return JB.JInt(n)
            if not minus and n < 1 << 64:
                return JB.JUint(n)
        d = float(text)
        if d in (float("inf"), float("-inf")):
            raise JsonSyntaxError("Number too big to be stored in double.", start)
        return d


def parse_json_text(text: str | bytes) -> Any:
    """A document from its text (rapidjson's errors: JsonSyntaxError)."""
    r = _Reader(text.encode("utf-8") if isinstance(text, str) else text)
    r.ws()
    if r.peek() == 0:
        raise JsonSyntaxError("The document is empty.", r.i)
    v = r.value()
    r.ws()
    if r.i < len(r.b):
        raise JsonSyntaxError("The document root must not be followed by other values.", r.i)
    return v


__all__ = ["JsonSyntaxError", "parse_json_text"]
