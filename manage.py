#!/usr/bin/env python
"""Django's command-line utility for the ledger."""

from __future__ import annotations

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ledger.settings")
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line

    try:
        execute_from_command_line(sys.argv)
    except ImproperlyConfigured as error:  # a setting from the environment is wrong
        sys.exit(f"error: {error}")


if __name__ == "__main__":
    main()
