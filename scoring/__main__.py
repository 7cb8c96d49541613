"""``python -m scoring``: the engine from the shell (``scoring.cli``; FORMATS.md sections 2-4)."""

from __future__ import annotations

import sys

from scoring.cli import main

sys.exit(main())
