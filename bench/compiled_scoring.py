"""The hand-scoring benchmark run on a Cython build of the unchanged engine.

``scoring/`` is pure Python. This compiles a copy of its hot modules with Cython (no
change to the source, no type declarations) in a temporary folder, checks that the
compiled engine is the one imported, and runs ``bench.scoring_vs_mahjong`` on it,
cross-check included, then the engine's own test modules (those needing no Django). It measures what an optional compiled build would give
without touching the project's own folder, where a compiled module would shadow its
``.py`` file. Needs Cython (the ``bench`` extra) and a C compiler with the Python
headers.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = ("tiles", "hand", "fu", "yaku", "dora", "value", "score", "rules", "errors")

BUILD = """
import sys
from Cython.Build import cythonize
from setuptools import setup
modules = [f"scoring/{name}.py" for name in sys.argv[1:]]
setup(
    ext_modules=cythonize(modules, language_level=3, quiet=True, nthreads=2,
                          compiler_directives={"binding": False, "infer_types": True, "annotation_typing": False}),
    script_args=["build_ext", "--inplace"],
)
"""

RUN = """
import sys
sys.path.insert(0, sys.argv[1])
import scoring.score
if not scoring.score.__file__.endswith(".so"):
    sys.exit(f"the compiled engine was not imported: {scoring.score.__file__}")
from bench.scoring_vs_mahjong import main
main(batch=False)
"""


def main() -> None:
    """Build the compiled copy, then run the scoring benchmark on it."""
    try:
        import Cython
    except ImportError:
        print("Cython is not installed (.venv/bin/pip install -e '.[bench]'): no compiled build")
        return
    with tempfile.TemporaryDirectory() as folder:
        ignored = shutil.ignore_patterns("__pycache__")
        shutil.copytree(ROOT / "scoring", Path(folder) / "scoring", ignore=ignored)
        start = time.perf_counter()
        built = subprocess.run(
            [sys.executable, "-c", BUILD, *MODULES], cwd=folder, capture_output=True, text=True
        )
        if built.returncode:
            sys.exit(f"the Cython build failed:\n{built.stderr[-2000:]}")
        seconds = time.perf_counter() - start
        print(
            f"compiled {len(MODULES)} modules with Cython {Cython.__version__} in {seconds:.0f} s"
        )
        done = subprocess.run([sys.executable, "-c", RUN, folder], cwd=ROOT, check=False)
        if done.returncode:
            sys.exit(done.returncode)
        _run_engine_tests(Path(folder))


# The engine's own test modules (those that need no Django), run on the compiled copy.
NEEDS_DJANGO = ("django", "ledger", "standings", "factories")
ASSERT_COMPILED = """
import scoring.score

assert scoring.score.__file__.endswith(".so"), scoring.score.__file__
"""


def _run_engine_tests(folder: Path) -> None:
    """Run the engine's test modules against the compiled copy and print the outcome."""
    tests = folder / "tests"
    shutil.copytree(ROOT / "tests" / "data", tests / "data")
    shutil.copytree(ROOT / "bench", folder / "bench", ignore=shutil.ignore_patterns("__pycache__"))
    (tests / "__init__.py").write_text("")
    (folder / "conftest.py").write_text(ASSERT_COMPILED)
    chosen = [
        path
        for path in sorted((ROOT / "tests").glob("test_*.py"))
        if not any(word in path.read_text() for word in NEEDS_DJANGO)
    ]
    for path in chosen:
        shutil.copy(path, tests / path.name)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:django",
            "-p",
            "no:cacheprovider",
            "tests",
        ],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
    )
    summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr[-500:]
    print(f"engine tests on the compiled copy ({len(chosen)} modules): {summary}")
    if done.returncode:
        print(done.stdout[-3000:])
        sys.exit(done.returncode)


if __name__ == "__main__":
    main()
