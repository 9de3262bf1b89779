"""The report explains a difference by the statements the two sides answered differently."""

from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from harness.pipeline.report import _outcome_differences


def _row(side: str, step: int, code: int | None, msg: str | None = None) -> dict:
    return {"run_id": "r", "case": "c", "format": "ROW", "side": side, "step": step, "connection": "con1",
            "sql": f"stmt {step}", "expected_error": None, "error_code": code, "error_message": msg,
            "warnings_json": "[]", "ok": True}


def test_outcome_differences_lists_only_differing_statements(tmp_path: Path) -> None:
    rows = [_row("reference", 0, None), _row("replbed", 0, None),
            _row("reference", 1, None), _row("replbed", 1, 1235, "not supported"),
            _row("reference", 2, 1062, "dup"), _row("replbed", 2, 1062, "dup (other text)")]
    (tmp_path / "records").mkdir()
    pq.write_table(pa.Table.from_pylist(rows), tmp_path / "records" / "outcomes.parquet")
    diffs = _outcome_differences(tmp_path, {("c", "ROW")})
    assert diffs == {("c", "ROW"): [(1, "con1", "stmt 1", "OK", "ERROR 1235: not supported")]}
    assert _outcome_differences(tmp_path, {("other", "ROW")}) == {}
