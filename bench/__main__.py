"""Run every benchmark module of this package (each module that defines ``main()``), or
the ones named: ``python -m bench scoring_vs_mahjong writes``.

Each runs in a process of its own, so no benchmark starts with what another left
behind: Django settings already made, or the engine's tables already filled (which
would make a "cold" first pass warm).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent


def benchmarks() -> list[str]:
    """Return the names of the benchmark modules, in name order."""
    paths = sorted(HERE.glob("[!_]*.py"))
    return [path.stem for path in paths if "\ndef main(" in path.read_text()]


def run_all(names: list[str]) -> int:
    """Run the named benchmarks (all when none is named) in order; return 1 if any
    failed, 2 if a name is not a benchmark, else 0."""
    known = benchmarks()
    unknown = [name for name in names if name not in known]
    if unknown:
        print(
            f"no benchmark named {', '.join(unknown)}; the benchmarks: {', '.join(known)}",
            file=sys.stderr,
        )
        return 2
    failed = []
    for name in names or known:
        print(f"== bench.{name}", flush=True)
        done = subprocess.run([sys.executable, "-m", f"bench.{name}"], cwd=HERE.parent)
        if done.returncode:
            failed.append(name)
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(run_all(sys.argv[1:]))
