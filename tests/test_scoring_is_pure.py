"""The engine is pure Python: no module of scoring/ imports Django or the ledger."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

SCORING = Path(__file__).resolve().parent.parent / "scoring"


def _imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            roots.add(node.module.split(".")[0])
    return roots


def test_no_scoring_module_imports_django_or_ledger():
    imports = {path.name: _imported_roots(path) for path in SCORING.rglob("*.py")}
    offenders = {name: roots & {"django", "ledger"} for name, roots in imports.items()}

    assert len(imports) > 5
    assert {name: bad for name, bad in offenders.items() if bad} == {}


def test_importing_every_scoring_module_loads_no_django():
    modules = sorted(p.stem for p in SCORING.glob("*.py") if p.stem != "__main__")
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module('scoring.' + name)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'ledger')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)

    assert done.stdout.strip() == "[]"
