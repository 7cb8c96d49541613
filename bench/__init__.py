"""Benchmarks: ``python -m bench`` runs every module here that defines ``main()``."""

from __future__ import annotations
