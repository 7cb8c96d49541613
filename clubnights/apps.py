from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubnightsConfig(AppConfig):
    name = "clubnights"
    verbose_name = _("Events")

    def ready(self) -> None:
        from clubnights.drawing import refuse_back_into_play
        from ledger.models import Session
        from ledger.signals import session_reopened

        session_reopened.connect(
            refuse_back_into_play, sender=Session, dispatch_uid="back-into-play"
        )
