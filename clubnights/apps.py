from __future__ import annotations

from django.apps import AppConfig


class ClubnightsConfig(AppConfig):
    name = "clubnights"
    verbose_name = "Events"
