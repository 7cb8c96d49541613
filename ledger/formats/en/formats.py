"""English date formats of the ledger: ISO dates, 24-hour times (a club, not a US office)."""

from __future__ import annotations

SHORT_DATE_FORMAT = "Y-m-d"
SHORT_DATETIME_FORMAT = "Y-m-d H:i"
