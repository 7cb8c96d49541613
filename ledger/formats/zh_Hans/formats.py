"""Chinese number grouping of the ledger: points read as 25,000 at the table, as in Chinese
riichi score sheets (Django's default for zh-hans prints no separator)."""

from __future__ import annotations

THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = 3
