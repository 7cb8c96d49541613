"""Run every benchmark module of this package (each module that defines ``main()``).

Each runs in a process of its own, so no benchmark starts with what another left
behind: Django settings already made, or the engine's tables already filled (which
would make a "cold" first pass warm).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent


def run_all() -> int:
    """Run each benchmark in name order; return 1 if any failed, else 0."""
    failed = []
    for path in sorted(HERE.glob("[!_]*.py")):
        if "\ndef main(" not in path.read_text():
            continue
        print(f"== bench.{path.stem}", flush=True)
        done = subprocess.run([sys.executable, "-m", f"bench.{path.stem}"], cwd=HERE.parent)
        if done.returncode:
            failed.append(path.stem)
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(run_all())
