"""The seating engine is pure Python: no module of events/ imports Django, the ledger or the
events app (``clubnights``), which calls it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.test_scoring_is_pure import _imported_roots

EVENTS = Path(__file__).resolve().parent.parent / "events"
APPS = {"django", "ledger", "clubnights", "standings"}


def test_no_events_module_imports_django_or_the_apps():
    imports = {path.name: _imported_roots(path) for path in EVENTS.rglob("*.py")}
    offenders = {name: roots & APPS for name, roots in imports.items()}

    assert len(imports) >= 4
    assert {name: bad for name, bad in offenders.items() if bad} == {}


def test_importing_every_events_module_loads_no_django():
    modules = sorted(p.stem for p in EVENTS.glob("*.py") if p.stem != "__init__")
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module('events.' + name)\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {sorted(APPS)!r}))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)

    assert done.stdout.strip() == "[]"
