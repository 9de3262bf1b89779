"""harness/sql/item/func_crypt.py: values checked against MariaDB 10.11.19."""

from __future__ import annotations

from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def test_hashes_ciphers_and_addresses(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    row = s.execute("SELECT SHA2('abc', 224), MD5('abc'), CRC32('abc'), HEX(AES_ENCRYPT('text', 'key')), "
                    "AES_DECRYPT(AES_ENCRYPT('text', 'key'), 'key'), INET_ATON('1.2.3'), INET_NTOA(167772161), "
                    "HEX(INET6_ATON('10.0.0.1')), INET6_NTOA(INET6_ATON('2001:db8::ff00:42:8329')), "
                    "TO_BASE64('abc'), PASSWORD('x')").rows[0]
    assert row == ["23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7", "900150983cd24fb0d6963f7d28e17f72",
                   891568578, "15E36637363712FC2E699B9C95B75393", b"text", 16908291, "10.0.0.1", "0A000001",
                   "2001:db8::ff00:42:8329", "YWJj", "*B69027D44F6E5EDC07F1AEAD1477967B16F28227"]


def test_sha2_of_a_bad_length_is_null_with_1583(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    assert s.execute("SELECT SHA2('abc', 1)").rows == [[None]]
    assert s.execute("SHOW WARNINGS").rows[0][1] == 1583


def test_convert_tz_with_a_named_zone_is_null(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    rows = s.execute("SELECT CONVERT_TZ('2020-01-01 00:00:00', '+00:00', '+05:30'), "
                     "CONVERT_TZ('2020-01-01 00:00:00', 'UTC', 'Europe/Paris')").rows
    assert str(rows[0][0]) == "2020-01-01 05:30:00" and rows[0][1] is None


def test_random_bytes_is_unsafe(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    s.execute("CREATE TABLE t (n INT) ENGINE=InnoDB")
    s.execute("INSERT INTO t VALUES (LENGTH(RANDOM_BYTES(4)))")
    assert [r[1] for r in s.execute("SHOW WARNINGS").rows] == [1592]
