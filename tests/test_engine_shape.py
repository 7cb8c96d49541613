"""Issue 23's shape of the engine, kept: every function in ``scoring/`` at most 40 lines,
every module at most 400, each with a docstring saying what it implements, and no import
circle between its modules; and of the pages' views and forms, a short module each."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = sorted((Path(__file__).parent.parent / "scoring").glob("*.py"))
LONGEST_FUNCTION = 40
LONGEST_MODULE = 400


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: p.name)
def test_every_engine_module_is_short_and_says_what_it_implements(path):
    tree = _tree(path)

    assert len(path.read_text(encoding="utf-8").splitlines()) <= LONGEST_MODULE
    assert ast.get_docstring(tree), f"{path.name} has no docstring"
    assert _longer_than(tree, LONGEST_FUNCTION) == []


def _longer_than(tree: ast.Module, lines: int) -> list[str]:
    return [
        f"{node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno - node.lineno + 1 > lines
    ]


# The pages' code by what a person does (issue 23, point 4): a module per page or form,
# about 400 lines at most, each view or form function short (the one views.py was 706
# lines, forms.py 470).
LEDGER = Path(__file__).parent.parent / "ledger"
PAGES = sorted([*(LEDGER / "views").glob("*.py"), *(LEDGER / "forms").glob("*.py")])
LONGEST_PAGE_MODULE = 420
LONGEST_VIEW = 45


@pytest.mark.parametrize("path", PAGES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_page_module_is_short_and_says_what_it_holds(path):
    tree = _tree(path)

    assert len(path.read_text(encoding="utf-8").splitlines()) <= LONGEST_PAGE_MODULE
    assert path.name == "__init__.py" or ast.get_docstring(tree), f"{path.name}: no docstring"
    assert _longer_than(tree, LONGEST_VIEW) == []


def _imports(path: Path) -> set[str]:
    """Return the engine modules ``path`` imports when it runs (not those named only for
    the type checker, under ``if TYPE_CHECKING:``)."""
    tree = _tree(path)
    typing_only = {
        id(inner)
        for node in tree.body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
        for inner in ast.walk(node)
    }
    found = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.module == "scoring":
            found |= {alias.name for alias in node.names}  # from scoring import game
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("scoring."):
            found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[1] for a in node.names if a.name.startswith("scoring.")}
    return found


def test_no_engine_module_imports_one_that_imports_it_back():
    graph = {path.stem: _imports(path) for path in ENGINE}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(
            step == goal or (step not in seen and reaches(step, goal, seen | {step}))
            for step in graph.get(start, ())
        )

    assert [name for name in graph if reaches(name, name, {name})] == []
