"""MySQL 9.7's JSON column (harness/sql/item/field_json.py, json_text.py), against golden
outcomes recorded from the real 9.7.4 server (texts of its SHOW WARNINGS / SELECT)."""

from harness.binlog.rows import RowsEvent, TableMapEvent
from tests.model.flavors._probe import Bed

INVALID = [  # (value SQL, 9.7.4's message)
    ("'not json'", 'Invalid JSON text: "Invalid value." at position 1 in value for column \'j.d\'.'),
    ("'bad'", 'Invalid JSON text: "Invalid value." at position 0 in value for column \'j.d\'.'),
    ("'[1'", 'Invalid JSON text: "Missing a comma or \']\' after an array element." at position 2 in value for column \'j.d\'.'),
    ("'{\"a\":1,'", 'Invalid JSON text: "Missing a name for object member." at position 7 in value for column \'j.d\'.'),
    ("''", 'Invalid JSON text: "The document is empty." at position 0 in value for column \'j.d\'.'),
    ("'{\"k\": tru}'", 'Invalid JSON text: "Invalid value." at position 9 in value for column \'j.d\'.'),
    ("'[1,2]  x'", 'Invalid JSON text: "The document root must not be followed by other values." at position 7 in value for column \'j.d\'.'),
    ("5", 'Invalid JSON text: "not a JSON text, may need CAST" at position 0 in value for column \'j.d\'.'),
    ("5.5", 'Invalid JSON text: "not a JSON text, may need CAST" at position 0 in value for column \'j.d\'.'),
]


def _err(thd, sql):
    try:
        thd.execute(sql)
    except Exception as e:  # noqa: BLE001 - the server error is what is asserted
        return e.code, str(e)
    return 0, ""


def test_invalid_text_is_3140_with_rapidjsons_message(tmp_path):
    bed = Bed(tmp_path, "mysql-9.7")
    bed.thd.execute("CREATE TABLE j (id INT PRIMARY KEY, d JSON)")
    for value, message in INVALID:
        code, text = _err(bed.thd, f"INSERT INTO j VALUES (8, {value})")
        assert (code, message in text) == (3140, True), (value, text)
    assert _err(bed.thd, "INSERT IGNORE INTO j VALUES (14, 'bad')")[0] == 3140
    assert _err(bed.thd, "INSERT INTO j VALUES (16, CAST('x' AS BINARY))") == (
        3144, "Cannot create a JSON value from a string with CHARACTER SET 'binary'.")
    assert _err(bed.thd, "SELECT JSON_EXTRACT('[1', '$[0]')") == (
        3141, "Invalid JSON text in argument 1 to function json_extract: \"Missing a comma or ']' after an "
              "array element.\" at position 2.")


def test_documents_are_stored_normalised_and_logged_binary(tmp_path):
    bed = Bed(tmp_path, "mysql-9.7")
    bed.thd.execute("SET SESSION binlog_format = 'ROW'")
    bed.thd.execute("CREATE TABLE j (id INT PRIMARY KEY, d JSON)")
    bed.thd.execute("""INSERT INTO j VALUES (15, '{"b":1,"a":2,"a":3, "aa":1.0, "c":1e2, "d":-0.0, "e": 12345678901234567890}')""")
    bed.thd.execute("""INSERT INTO j VALUES (4, '{"bb":{"x":[]}, "a": "é\\\\u0001\\\\u001f\\\\u00e9", "":null}')""")
    rows = bed.thd.execute("SELECT d FROM j ORDER BY id").rows
    assert [r[0] for r in rows] == [
        '{"": null, "a": "é\\u0001\\u001fé", "bb": {"x": []}}',
        '{"a": 3, "b": 1, "c": 100.0, "d": -0.0, "e": 12345678901234567890, "aa": 1.0}']
    assert bed.thd.execute("SHOW CREATE TABLE j").rows[0][1].splitlines()[2] == "  `d` json DEFAULT NULL,"
    maps = [e.event for e in bed.entries() if isinstance(e.event, TableMapEvent)]
    assert list(maps[-1].column_types) == [3, 245]
    images = [r.after[1] for e in bed.entries() if isinstance(e.event, RowsEvent) for r in e.event.rows]
    # 9.7.4's row image of the second document (tests/binlog/test_json_binary.py)
    assert bytes(images[1]).hex() == ("000300330019000000190001001a0002000400000c1c0000230061626206c3a9011fc3a9"
                                      "010010000b000100020c007800000400")


def test_a_string_cast_to_datetime_or_time_reads_the_time_zone(tmp_path):
    # 9.7.4 [bytes] (STATEMENT): Q_TIME_ZONE_CODE 'SYSTEM' on the first and last only
    bed = Bed(tmp_path, "mysql-9.7")
    bed.thd.execute("SET SESSION binlog_format = 'STATEMENT'")
    bed.thd.execute("CREATE TABLE x (x INT)")
    script = {"INSERT INTO x VALUES (HOUR(CAST('10:11:12' AS TIME)))": b"SYSTEM",
              "INSERT INTO x VALUES (HOUR(CAST(101112 AS TIME)))": None,
              "INSERT INTO x VALUES (YEAR(CAST('2020-01-02' AS DATE)))": None,
              "INSERT INTO x VALUES (YEAR(CAST('2020-01-02 03:04:05' AS DATETIME(6))))": b"SYSTEM"}
    for sql in script:
        bed.thd.execute(sql)
    got = {ev.query if isinstance(ev.query, str) else ev.query.decode(): codes.get(5)
           for ev, codes in bed.query_events()}
    assert {q: got[q] for q in script} == script


def test_cast_as_json_keeps_the_values_type(tmp_path):
    bed = Bed(tmp_path, "mysql-9.7")
    bed.thd.execute("SET SESSION binlog_format = 'ROW'")
    bed.thd.execute("CREATE TABLE k (id INT PRIMARY KEY, d JSON)")
    bed.thd.execute("INSERT INTO k VALUES (3, JSON_ARRAY(1.5, CAST('10:11:12.5' AS TIME(1)), CAST('2021-02-03' AS DATE), "
                    "-5, CAST(CAST('2020-01-01 00:00:00' AS DATETIME) AS JSON)))")
    img = [r.after[1] for e in bed.entries() if isinstance(e.event, RowsEvent) for r in e.event.rows][0]
    # the opaque DECIMAL / TIME / DATE / DATETIME values 9.7.4 writes (tests/binlog/test_json_binary.py)
    h = bytes(img).hex()
    for part in ("f60402018105", "0b0820a107cca2000000", "0a080000000000c6a819", "0c08000000000042a519", "05fbff"):
        assert part in h
    assert str(img) == '[1.5, "10:11:12.500000", "2021-02-03", -5, "2020-01-01 00:00:00.000000"]'


# UPDATE ... SET d = JSON_SET/REPLACE/REMOVE(d, ...): the after images 9.7.4 logged (ROW)
PARTIAL = [
    ("UPDATE pu SET d = JSON_REMOVE(d, '$.c') WHERE id = 1",
     "000400320027000100280001002a0001002b0001000509000502000c2c000c3000000c2c000c30006162636465036e6577017a"),
    ("UPDATE pu SET d = JSON_REPLACE(d, '$.a', 'x') WHERE id = 2", "0002001b0012000100130001000c1400050100616201786263646566"),
    ("UPDATE pu SET d = JSON_REMOVE(d, '$[1]') WHERE id = 3", "020200110005010005030005030003616263"),
    ("UPDATE pu SET d = JSON_REMOVE(d, '$.b[0]') WHERE id = 4",
     "0002002b0012000100130001000501000214006162020017000b0d000c15000c150000000000000004400178"),
    ("UPDATE pu SET d = JSON_SET(d, '$.a', 'abcdefgh') WHERE id = 5", "0002001d0012000100130001000c14000501006162086162636465666768"),
    ("UPDATE pu SET d = JSON_SET(d, '$.a', 'x') WHERE id = 6", "0002001b0012000100130001000c1400050100616201786263646566"),
    ("UPDATE pu SET d = JSON_SET(d, '$.a', 'abcd') WHERE id = 6", "0002001b0012000100130001000c1400050100616204616263646566"),
    ("UPDATE pu SET d = JSON_SET(d, '$.b', 2.5) WHERE id = 1",
     "0004003000200001002100010022000100230001000509000f24000c2a000c2e0061626465f60402018205036e6577017a"),
    ("UPDATE pu SET d = JSON_SET(d, '$.a', 'q'), id = 17 WHERE id = 2", "0002001b0012000100130001000c1400050100616201716263646566"),
]


def test_partial_update_keeps_the_stored_layout(tmp_path):
    bed = Bed(tmp_path, "mysql-9.7")
    bed.thd.execute("SET SESSION binlog_format = 'ROW'")
    bed.thd.execute("CREATE TABLE pu (id INT PRIMARY KEY, d JSON)")
    bed.thd.execute("""INSERT INTO pu VALUES (1, '{"a": 9, "b": 2, "c": null, "d": "new", "e": "z"}'),
        (2, '{"a": "abcdef", "b": 1}'), (3, '[1, "abc", 3]'), (4, '{"a": 1, "b": [1, 2.5, "x"]}'),
        (5, '{"a": "abc", "b": 1}'), (6, '{"a": "abcdef", "b": 1}')""")
    for sql, _ in PARTIAL:
        bed.thd.execute(sql)
    got = [bytes(r.after[1]).hex() for e in bed.entries() if isinstance(e.event, RowsEvent)
           and type(e.event).__name__ == "UpdateRowsEvent" for r in e.event.rows]
    assert got == [h for _, h in PARTIAL]


def test_create_select_of_a_json_column_in_row_format(tmp_path):
    # 9.7.4 [bytes] (json_create_select_charset, ROW): the CREATE the server logs
    bed = Bed(tmp_path, "mysql-9.7")
    bed.thd.execute("SET SESSION binlog_format = 'ROW'")
    bed.thd.execute("CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY, c_json JSON) ENGINE=MyISAM")
    bed.thd.execute("CREATE TABLE t5 (x VARCHAR(5) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin) SELECT c_json FROM t1")
    texts = [ev.query if isinstance(ev.query, str) else ev.query.decode() for ev, _ in bed.query_events()]
    assert ("CREATE TABLE `t5` (\n  `x` varchar(5) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,\n"
            "  `c_json` json DEFAULT NULL\n) START TRANSACTION") in texts


def test_an_array_or_object_read_as_a_number_is_3156(tmp_path):
    # 9.7.4 probed (strict sql_mode): the texts of its SHOW WARNINGS
    bed = Bed(tmp_path, "mysql-9.7")
    bed.thd.execute("CREATE TABLE s (id INT PRIMARY KEY, j JSON)")
    bed.thd.execute("""INSERT INTO s VALUES (1, '[1]'), (2, '{"a": 1}'), (4, '5')""")
    bed.thd.execute("CREATE TABLE s2 (id INT PRIMARY KEY)")
    bed.thd.execute("CREATE TABLE s3 (v VARCHAR(20), d DECIMAL(5,2), f DOUBLE)")
    assert _err(bed.thd, "INSERT INTO s2 SELECT j FROM s WHERE id = 1") == (
        3156, "Invalid JSON value for CAST to INTEGER from column j at row 1")
    assert _err(bed.thd, "INSERT INTO s3 SELECT j, j, j FROM s WHERE id = 1") == (
        3156, "Invalid JSON value for CAST to DECIMAL from column j at row 1")
    assert _err(bed.thd, "INSERT INTO s3 (f) SELECT j FROM s WHERE id = 2")[0] == 3156
    assert _err(bed.thd, "INSERT INTO s2 SELECT j FROM s WHERE id = 4") == (0, "")
    assert _err(bed.thd, "INSERT IGNORE INTO s2 SELECT j FROM s WHERE id = 2") == (0, "")
    assert [tuple(r) for r in bed.thd.execute("SHOW WARNINGS").rows] == [
        ("Warning", 3156, "Invalid JSON value for CAST to INTEGER from column j at row 1")]
    assert sorted(r[0] for r in bed.thd.execute("SELECT id FROM s2").rows) == [0, 5]


def test_sorting_a_non_scalar_json_value_warns_1235_once(tmp_path):
    # 9.7.4 probed: one Warning per sort; a const row is not sorted
    bed = Bed(tmp_path, "mysql-9.7")
    bed.thd.execute("CREATE TABLE s (id INT PRIMARY KEY, c INT, j JSON)")
    bed.thd.execute("""INSERT INTO s VALUES (1, 1, '[1]'), (2, 1, '{"a": 1}'), (3, 2, '[2]'), (4, 3, '5'), (5, 3, NULL)""")
    w = (("Warning", 1235, "This version of MySQL doesn't yet support 'sorting of non-scalar JSON values'"),)
    for sql, want in (("UPDATE s SET c = c + 1 ORDER BY id, j LIMIT 3", w), ("UPDATE s SET c = c + 1 WHERE id = 1 ORDER BY j", ()),
                      ("SELECT id FROM s WHERE id IN (1, 4) ORDER BY j", w), ("SELECT id FROM s WHERE id IN (4, 5) ORDER BY j", ())):
        bed.thd.execute(sql)
        assert tuple(tuple(r) for r in bed.thd.execute("SHOW WARNINGS").rows) == want, sql


def test_a_strict_delete_sorting_json_goes_on(tmp_path):
    # 9.7.4 (fuzz seed 9701 schema case 28): the 1235 stays a warning, the row is deleted;
    # a single row read by a scan is still sorted
    bed = Bed(tmp_path, "mysql-9.7")
    bed.thd.execute("CREATE TABLE t1 (id VARCHAR(10) NOT NULL, c_int INT, c_json JSON, PRIMARY KEY (id, c_int))")
    bed.thd.execute("INSERT INTO t1 VALUES ('k8', 1, NULL), ('k8', 86, '{}')")
    bed.thd.execute("DELETE FROM t1 WHERE c_json IS NOT NULL ORDER BY id, c_int, c_json LIMIT 1")
    assert [tuple(r) for r in bed.thd.execute("SHOW WARNINGS").rows] == [
        ("Warning", 1235, "This version of MySQL doesn't yet support 'sorting of non-scalar JSON values'")]
    assert [tuple(r) for r in bed.thd.execute("SELECT id, c_int FROM t1").rows] == [("k8", 1)]
