"""Aggregates of finished sessions for the leaderboard (kept up to date on every change)."""

from __future__ import annotations
