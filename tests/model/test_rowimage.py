"""harness/model/rowimage.py: which columns a row image carries under binlog_row_image
(built without a parser or an engine: tests/model/_fakes.py)."""

from __future__ import annotations

from _fakes import INNODB, Table

from harness.model.rowimage import RowImager


def test_full_image_carries_every_column() -> None:
    cols, after, _change, _size = RowImager(Table("t", INNODB), "FULL").image("update", [1, 2], [1, 3], {1})
    assert (cols, after) == (0b11, 0b11)


def test_minimal_update_is_the_key_before_and_the_assigned_columns_after() -> None:
    cols, after, change, _size = RowImager(Table("t", INNODB), "MINIMAL").image("update", [1, 2], [1, 3], {1})
    assert (cols, after) == (0b01, 0b10)
    assert change.before is not None and change.after is not None


def test_minimal_delete_is_the_key_alone_and_a_write_the_assigned_columns() -> None:
    imager = RowImager(Table("t", INNODB), "MINIMAL")
    assert imager.image("delete", [1, 2], None, None)[:2] == (0b01, None)
    assert imager.image("write", None, [1, 2], {0})[:2] == (0b01, None)


def test_a_late_row_switch_keeps_full_before_images_and_write_set_after_images() -> None:
    imager = RowImager(Table("t", INNODB), "FULL", write_set_after=True)
    assert imager.image("update", [1, 2], [1, 3], {1})[:2] == (0b11, 0b10)
    assert imager.image("write", None, [1, 2], {0})[:2] == (0b01, None)
