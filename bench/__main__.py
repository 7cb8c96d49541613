"""Run every benchmark module of this package (each module that defines ``main()``)."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path


def run_all() -> int:
    """Run each benchmark's ``main()`` in name order; return the exit status."""
    for info in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"bench.{info.name}")
        main = getattr(module, "main", None)
        if callable(main):
            print(f"== bench.{info.name}", flush=True)
            main()
    return 0


sys.exit(run_all())
