"""Rows written as upserts, in batches: a row already there (by its unique fields) is
updated, never deleted and inserted again (a reader meanwhile would miss it).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

BATCH = 1000  # rows per upsert statement


def upsert(model: Any, rows: list[Any], unique: list[str], fields: Iterable[str]) -> None:
    """Insert the rows, or update ``fields`` of the rows already there (in batches)."""
    model.objects.bulk_create(
        rows,
        batch_size=BATCH,
        update_conflicts=True,
        unique_fields=unique,
        update_fields=list(fields),
    )
