"""MySQL's binary JSON (harness/binlog/json_binary.py) against row images recorded from the
real MySQL 9.7.4 (`INSERT INTO k VALUES (n, '<text>')` / JSON_ARRAY(...) in ROW format; the
server's SELECT of each row is the text below)."""

from harness.binlog import json_binary as J

# (row image hex, the server's text of the document)
VECTORS = [
    ("020e009e000b2e000b36000b3e000b46000b4e000b56000b5e000b66000b6e000b76000b7e000b86000b8e000b96009a99999999"
     "99b93f408cb5781daf154448afbc9af2d77a3e6da0101f9b24ba44182d4454fb2109409c7500883ce4377e2d431cebe236fa3e00a0"
     "d885573476430000000087d632418dedb5a0f7c6b03e00003426f56b0c430080e03779c3414300a0d885573476434cce61e3a79de4bd",
     "[0.1, 1e20, 0.0000001, 1.2345678901234569e23, 3.141592653589793, 1e300, 0.000025, 1e17, 1234567.0, "
     "0.000001, 1e15, 1e16, 1e17, -0.00000000015]"),
    ("0213009d0005010005ffff05ff7f073d00050080074100074500074900074d00095100075900095d000965000a6d000a75000a7d00"
     "0a85000b8d0009950000800000ff7fffffffff000000000100ffffff7f000000800000000000000080ffffff7fffffffffffffffff"
     "000000000000000001000000ffffffffffffff7f0000000000000080ffffffffffffffff000000000000f0430000000000000080",
     "[1, -1, 32767, 32768, -32768, -32769, 65535, 65536, 2147483647, 2147483648, -2147483648, -2147483649, "
     "4294967295, 4294967296, 9223372036854775807, 9223372036854775808, 18446744073709551615, "
     "1.8446744073709552e19, -9223372036854775808]"),
    ("020c0071000f28000601000b2e000f36000f40000f4a000c54000f5b000a5f0005fbff0401000f6700f60402018105000000000000"
     "f03f0a080000000000c6a8190b0820a107cca20000000c08000000000042a5190661225c620a2f0f0200fffffffffffffffffff608"
     "0c03800000030000",
     '[1.5, 1, 1.0, "2021-02-03", "10:11:12.500000", "2020-01-01 00:00:00.000000", "a\\"\\\\b\\n/", '
     '"base64:type15:AP8=", 18446744073709551615, -5, true, 3.000]'),
    ("000300330019000000190001001a0002000400000c1c0000230061626206c3a9011fc3a9010010000b000100020c00780000040"
     "0", '{"": null, "a": "é\\u0001\\u001fé", "bb": {"x": []}}'),
]


def test_decodes_to_the_servers_text_and_encodes_back_byte_for_byte():
    for hexed, text in VECTORS:
        b = bytes.fromhex(hexed)
        doc = J.decode(b)
        assert J.to_text(doc) == text
        assert J.encode(doc) == b
        assert str(J.JsonBinary(b)) == text


def test_large_format_when_a_container_outgrows_16_bit_offsets():
    # 9.7.4: JSON_OBJECT('k', REPEAT('x', 70000), 'n', 70000, 't', TRUE, 'a', JSON_ARRAY(1, 'small'))
    a = J.encode({"k": "x" * 70000, "n": J.JInt(70000), "t": True, "a": [J.JInt(1), "small"]})
    assert len(a) == 70076
    assert a.hex().startswith("0104000000bb11010034000000010035000000010036000000010037000000010002380000000c48")
    # JSON_ARRAY(JSON_ARRAY(REPEAT('y', 66000)), JSON_ARRAY(2, 3), -70000): the outer array is
    # large (an int32 inlined), the big inner one large, the small one small
    b = J.encode([["y" * 66000], [J.JInt(2), J.JInt(3)], J.JInt(-70000)])
    assert len(b) == 66050
    assert b.hex().startswith("030300000001020100031700000002f70101000790eefeff01000000e00101000c0d000000d08304")
    assert b.hex().endswith("797902000a00050200050300")


def test_double_text():
    assert [J.double_text(x) for x in (1e14, 1.5e15, 1e-15, 1e-16, -0.0, 100.0, 0.30000000000000004)] == [
        "100000000000000.0", "1.5e15", "0.000000000000001", "1e-16", "-0.0", "100.0", "0.30000000000000004"]
