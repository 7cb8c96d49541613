from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubnightsConfig(AppConfig):
    name = "clubnights"
    verbose_name = _("Events")
