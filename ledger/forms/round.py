"""The round form: what the table taps turned into a round outcome (FORMATS.md section 3)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.validators import MaxLengthValidator
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ledger import glossary
from ledger.engine_words import explain
from ledger.forms.checklist import DORA_COUNTERS, checklist_initial, checklist_riichi
from ledger.forms.choices import FU_CHOICES, HAN_CHOICES, KINDS, counts_dora, han_words, is_limit
from ledger.forms.tiles import (
    HAND_FLAGS,
    IndicatorInput,
    check_tiles,
    hand_initial,
    parse_melds,
    tiles_riichi,
)
from ledger.models import SEATS
from ledger.words import checklist_problem
from scoring.checklist import Checklist, ChecklistError, ChecklistValue, checklist_value
from scoring.dora import DoraCount
from scoring.errors import InvalidHandError, ScoringError
from scoring.hand import Hand
from scoring.outcome_fields import wins_of
from scoring.pending import checklist_win, hand_of
from scoring.rules import Rules
from scoring.tiles import parse_tiles
from scoring.yaku import YAKU

ABORT_REASONS = list(glossary.ABORT_REASONS.items())
YAKU_CHOICES = [(name, glossary.YAKU[name]) for name in YAKU]
MOST_DORA = 40
TILE_FIELDS = ("tiles", "win_tile", "melds", "flags", "nuki")  # a hand's, beside the dora


# A win given as a yakuman multiple counts one yakuman as pao; a double pattern that is the
# pao yakuman itself (a double daisuushii) makes the liable player answer for all of it.
PAO_WHOLE = _("The pao yakuman is the whole hand (a double daisuushii)")


class RoundForm(forms.Form):
    """One round as the table enters it. ``names`` label the seats."""

    kind = forms.ChoiceField(choices=KINDS)
    loser = forms.TypedChoiceField(
        coerce=int, empty_value=None, required=False, label=_("Discarder")
    )
    winner = forms.TypedChoiceField(coerce=int, empty_value=None, required=False, label=_("Winner"))
    chombo_player = forms.TypedChoiceField(
        coerce=int, empty_value=None, required=False, label=_("Chombo by")
    )
    reason = forms.ChoiceField(choices=ABORT_REASONS, required=False, label=_("Reason"))
    # a draw's button: the riichi player found noten commits a chombo (Rules.riichi_noten)
    chombo_instead = forms.TypedChoiceField(coerce=int, empty_value=None, required=False)
    riichi = forms.TypedMultipleChoiceField(
        coerce=int, required=False, label=glossary.TERMS["riichi"]
    )
    winners = forms.TypedMultipleChoiceField(coerce=int, required=False, label=_("Winners"))
    tenpai = forms.TypedMultipleChoiceField(
        coerce=int, required=False, label=glossary.TERMS["tenpai"]
    )
    nagashi = forms.TypedMultipleChoiceField(
        coerce=int, required=False, label=glossary.TERMS["nagashi"]
    )
    han = forms.ChoiceField(choices=HAN_CHOICES, required=False, label=glossary.TERMS["han"])
    fu = forms.ChoiceField(choices=FU_CHOICES, required=False, label=glossary.TERMS["fu"])
    pao = forms.TypedChoiceField(
        coerce=int, empty_value=None, required=False, label=_("Liable (pao)")
    )
    pao_whole = forms.BooleanField(required=False, label=PAO_WHOLE)
    dora = forms.CharField(required=False, max_length=40, label=glossary.TERMS["dora"])
    ura = forms.CharField(required=False, max_length=40, label=glossary.TERMS["ura"])
    # under rules with wareme: the seat whose gains and losses this round double
    wareme = forms.TypedChoiceField(coerce=int, empty_value=None, required=False, label=_("Wareme"))
    note = forms.CharField(required=False, max_length=200, label=_("Note"))
    expected_number = forms.IntegerField(required=False, min_value=1, max_value=100_000)
    request_id = forms.RegexField(
        required=False,
        max_length=64,
        regex=r"^[A-Za-z0-9_-]+$",
        error_messages={"invalid": _("request id may hold only letters, digits, - and _")},
    )

    def __init__(
        self, *args: Any, names: list[str], rules: Rules | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.names = names
        self.rules = rules or Rules()
        seats = [(str(s), name) for s, name in zip(SEATS, names)]
        self.fields["pao"].choices = [("", "—"), *seats]
        self._keep_long_note()
        self.fields["chombo_instead"].choices = seats
        self.fields["wareme"].choices = [("", "—"), *seats]
        for name in ("loser", "winner", "chombo_player"):
            self.fields[name].choices = seats
            self.fields[name].widget = forms.RadioSelect(choices=seats)
        for name in ("riichi", "winners", "tenpai", "nagashi"):
            self.fields[name].choices = seats
            self.fields[name].widget = forms.CheckboxSelectMultiple(choices=seats)
        for seat, name in zip(SEATS, names):
            self.fields[f"han_{seat}"] = forms.ChoiceField(
                choices=HAN_CHOICES, required=False, label=_named(_("Han of %(name)s"), name)
            )
            self.fields[f"fu_{seat}"] = forms.ChoiceField(
                choices=FU_CHOICES, required=False, label=_named(_("Fu of %(name)s"), name)
            )
            self.fields[f"pao_{seat}"] = forms.TypedChoiceField(
                coerce=int,
                empty_value=None,
                required=False,
                choices=[("", "—"), *seats],
                label=_named(_("Liable for %(name)s’s yakuman (pao)"), name),
            )
            self.fields[f"pao_whole_{seat}"] = forms.BooleanField(required=False, label=PAO_WHOLE)
        winner = _("the winner")
        for suffix, name in [("", winner), *((f"_{s}", n) for s, n in zip(SEATS, names))]:
            self._add_tile_fields(suffix, name)
            self._add_checklist_fields(suffix, name)
        self.fields["yaku"].initial = ["menzen_tsumo"]  # a tsumo's: a closed hand counts it

    def _add_checklist_fields(self, suffix: str, name: Any) -> None:
        """Add the fields of a hand's yaku checklist: the yaku ticked, whether the hand
        is open, the dora counted, and whether the checklist gives the hand's value."""
        self.fields[f"yaku{suffix}"] = forms.MultipleChoiceField(
            required=False,
            choices=YAKU_CHOICES,
            widget=forms.CheckboxSelectMultiple,
            label=_named(_("Yaku of %(name)s"), name),
        )
        self.fields[f"open{suffix}"] = forms.BooleanField(
            required=False, label=_("Open hand (chi, pon or open kan)")
        )
        self.fields[f"by{suffix}"] = forms.ChoiceField(
            required=False, choices=[("", "—"), ("yaku", _("Score by these yaku"))]
        )
        for counter in DORA_COUNTERS:
            self.fields[f"yaku_{counter}{suffix}"] = forms.IntegerField(
                required=False, min_value=0, max_value=MOST_DORA
            )

    def _add_tile_fields(self, suffix: str, name: Any) -> None:
        self.fields[f"tiles{suffix}"] = forms.CharField(
            required=False,
            max_length=40,
            label=_named(_("Concealed tiles of %(name)s (with the winning tile)"), name),
        )
        self.fields[f"win_tile{suffix}"] = forms.CharField(
            required=False, max_length=3, label=_named(_("Winning tile of %(name)s"), name)
        )
        self.fields[f"melds{suffix}"] = forms.CharField(
            required=False,
            max_length=80,
            label=_named(_("Melds of %(name)s"), name),
            help_text=_("e.g. pon 777z, chi 123m, ankan 1111z"),
        )
        self.fields[f"nuki{suffix}"] = forms.IntegerField(
            required=False,
            min_value=0,
            max_value=4,
            label=_named(_("Nuki dora of %(name)s (north tiles set aside)"), name),
        )
        self.fields[f"flags{suffix}"] = forms.MultipleChoiceField(
            required=False,
            choices=HAND_FLAGS,
            widget=forms.CheckboxSelectMultiple,
            label=_named(_("Special wins of %(name)s"), name),
        )
        if not suffix:  # the indicators are the round's: every winner's tile panel has them
            for key in ("dora", "ura"):
                self.fields[key].widget = IndicatorInput()

    def seat_rows(self) -> list[dict[str, Any]]:
        """Return per-seat bound fields for the template: name, han, fu, pao."""
        winners = {str(seat) for seat in self["winners"].value() or []}
        return [
            {
                "seat": seat,
                "name": name,
                "han": self[f"han_{seat}"],
                "fu": self[f"fu_{seat}"],
                "pao": self[f"pao_{seat}"],
                "is_winner": str(seat) in winners,
                "tiles": self.tile_fields(f"_{seat}"),
            }
            for seat, name in zip(SEATS, self.names)
        ]

    def tile_fields(self, suffix: str = "") -> dict[str, forms.BoundField]:
        """Return the bound fields to enter a hand as tiles."""
        return {key: self[f"{key}{suffix}"] for key in TILE_FIELDS}

    @property
    def takes_nuki(self) -> bool:
        """Return whether a hand may set north tiles aside (sanma with nuki dora)."""
        return counts_dora("nuki", self.rules)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        if data["kind"] == "draw" and data.get("chombo_instead") is not None:
            data["kind"], data["chombo_player"] = "chombo", data["chombo_instead"]
        builder = getattr(self, f"_{data['kind']}_outcome")
        outcome = builder(data)
        riichi = {*(data.get("riichi") or []), *checklist_riichi(outcome), *tiles_riichi(outcome)}
        if riichi and data["kind"] != "chombo":
            outcome["riichi"] = sorted(riichi)
        elif data["kind"] != "chombo":
            outcome["riichi"] = []
        if data.get("wareme") is not None:
            outcome["wareme"] = data["wareme"]
        if data.get("note"):
            outcome["note"] = data["note"]
        data["outcome"] = outcome
        return data

    def _ron_outcome(self, data: dict[str, Any]) -> dict[str, Any]:
        if data.get("loser") is None:
            raise forms.ValidationError(gettext("Ron: choose who dealt in (the discarder)."))
        winners = sorted(data.get("winners") or [])
        if not winners:
            raise forms.ValidationError(
                gettext("Ron: choose the winner (tick one or more players).")
            )
        if data["loser"] in winners:
            raise forms.ValidationError(gettext("Ron: the discarder cannot also be a winner."))
        return {
            "result": "ron",
            "loser": data["loser"],
            "wins": [self._win(data, seat, f"_{seat}") for seat in winners],
        }

    def _tsumo_outcome(self, data: dict[str, Any]) -> dict[str, Any]:
        if data.get("winner") is None:
            raise forms.ValidationError(gettext("Tsumo: choose the winner."))
        return {"result": "tsumo", **self._win(data, data["winner"], "")}

    def _draw_outcome(self, data: dict[str, Any]) -> dict[str, Any]:
        outcome: dict[str, Any] = {"result": "draw", "tenpai": sorted(data.get("tenpai") or [])}
        if data.get("nagashi"):
            outcome["nagashi"] = sorted(data["nagashi"])
        return outcome

    def _abort_outcome(self, data: dict[str, Any]) -> dict[str, Any]:
        if not data.get("reason"):
            raise forms.ValidationError(gettext("Abort: choose why the hand was abandoned."))
        return {"result": "abort", "reason": data["reason"]}

    def _chombo_outcome(self, data: dict[str, Any]) -> dict[str, Any]:
        if data.get("chombo_player") is None:
            raise forms.ValidationError(gettext("Chombo: choose the player who made it."))
        return {"result": "chombo", "player": data["chombo_player"]}

    def _win(self, data: dict[str, Any], seat: int, suffix: str) -> dict[str, Any]:
        name, han, fu = self.names[seat], data.get(f"han{suffix}"), data.get(f"fu{suffix}")
        win: dict[str, Any] = {"winner": seat}
        if self.is_by_checklist(data, suffix):
            win.update(self._checklist_win(data, suffix, name))
        elif not han and data.get(f"tiles{suffix}"):
            win["hand"] = self._hand(data, suffix, name)
        elif not han:
            raise forms.ValidationError(
                gettext("Choose the han (or a limit) of %(name)s’s hand, or enter its tiles.")
                % {"name": name}
            )
        elif is_limit(han) and not self.rules.aotenjou:  # a limit needs no fu
            win.update({"yakuman": int(han[1:])} if han.startswith("Y") else {"han": int(han)})
        elif not fu:
            raise forms.ValidationError(
                gettext("Choose the fu of %(name)s’s hand (%(han)s).")
                % {"name": name, "han": han_words(han)}
            )
        elif han.startswith("Y"):  # aotenjou: 13 han for each yakuman, and the fu count
            win.update(yakuman=int(han[1:]), fu=int(fu))
        else:
            win.update(han=int(han), fu=int(fu))
        if data.get(f"pao{suffix}") is not None:
            win["pao"] = data[f"pao{suffix}"]
            if data.get(f"pao_whole{suffix}") and win.get("yakuman", 0) > 1:
                win["pao_yakuman"] = win["yakuman"]
        return win

    @staticmethod
    def is_by_checklist(data: dict[str, Any], suffix: str) -> bool:
        """Return whether a hand's value comes from its yaku checklist."""
        return data.get(f"by{suffix}") == "yaku"

    def checklist(self, data: dict[str, Any], suffix: str) -> Checklist:
        """Return a hand's checklist as the form holds it."""
        counts = (data.get(f"yaku_{counter}{suffix}") or 0 for counter in DORA_COUNTERS)
        return Checklist(
            yaku=tuple(data.get(f"yaku{suffix}") or ()),
            tsumo=data.get("kind") == "tsumo",
            is_closed=not data.get(f"open{suffix}"),
            dora=DoraCount(*counts),
        )

    def checklist_value(self, data: dict[str, Any], suffix: str, name: str) -> ChecklistValue:
        """Return what a hand's checklist scores, or raise its refusal in words."""
        try:
            return checklist_value(self.checklist(data, suffix), self.rules)
        except ChecklistError as error:
            raise forms.ValidationError(
                gettext("%(name)s: %(problem)s")
                % {"name": name, "problem": checklist_problem(error.refusal)},
                code="checklist",
            ) from None

    def _checklist_win(self, data: dict[str, Any], suffix: str, name: str) -> dict[str, Any]:
        """Return the win's value from its checklist, with the yaku ticked and the dora
        counted (the ``yaku`` and ``dora`` keys of a win)."""
        value = self.checklist_value(data, suffix, name)
        fu = data.get(f"fu{suffix}")
        if value.needs_fu and not fu:
            raise forms.ValidationError(
                gettext("Choose the fu of %(name)s’s hand (%(han)s).")
                % {"name": name, "han": glossary.han_fu(value.han)}
            )
        try:
            return checklist_win(
                self.checklist(data, suffix), int(fu) if value.needs_fu else 0, self.rules
            )
        except InvalidHandError:
            raise forms.ValidationError(
                gettext("%(name)s: %(han)s with these yaku cannot have %(fu)s fu.")
                % {"name": name, "han": glossary.han_fu(value.han), "fu": fu}
            ) from None

    def _hand(self, data: dict[str, Any], suffix: str, name: str) -> dict[str, Any]:
        """Return the hand object (FORMATS.md section 2) of tiles tapped or typed into the form."""
        parse_melds(data.get(f"melds{suffix}", ""), name)  # refused in the table's words
        fields = {key: data.get(f"{key}{suffix}") for key in TILE_FIELDS}
        hand = hand_of({**fields, "dora": data.get("dora"), "ura": data.get("ura")})
        try:
            check_tiles(hand, name)
            Hand.from_json(hand)
            for key in ("dora", "ura"):
                parse_tiles(hand.get(key, ""))
        except ScoringError as error:
            raise forms.ValidationError(
                gettext("Tiles of %(name)s: %(error)s")
                % {"name": name, "error": explain(error, self.names)},
                code="tiles",
            ) from None
        return hand

    def _keep_long_note(self) -> None:
        """Let a round keep a note longer than the form's (one sent through the API or in
        an imported record): correcting the round must not ask to shorten it."""
        stored = len(self.initial.get("note") or "")
        field = self.fields["note"]
        if stored > (field.max_length or 0):
            field.max_length = stored
            field.widget.attrs["maxlength"] = str(stored)
            field.validators = [
                v for v in field.validators if not isinstance(v, MaxLengthValidator)
            ]
            field.validators.append(MaxLengthValidator(stored))

    @classmethod
    def initial_from(cls, outcome: dict[str, Any]) -> dict[str, Any]:
        """Return form initial data that reproduces a stored outcome."""
        kind = outcome["result"]
        initial: dict[str, Any] = {
            "kind": kind,
            "riichi": outcome.get("riichi", []),
            "note": outcome.get("note", ""),
            "wareme": outcome.get("wareme"),
        }
        wins = wins_of(outcome)
        for win in wins:
            suffix = "" if kind == "tsumo" else f"_{win['winner']}"
            han = f"Y{win['yakuman']}" if win.get("yakuman") else str(win.get("han", ""))
            initial.update(
                {
                    f"han{suffix}": han,
                    f"fu{suffix}": str(win.get("fu", "")),
                    f"pao{suffix}": win.get("pao"),
                    f"pao_whole{suffix}": "pao_yakuman" in win
                    and win["pao_yakuman"] == win.get("yakuman"),
                }
            )
            initial.update(hand_initial(win.get("hand"), suffix))
            initial.update(checklist_initial(win, suffix))
        initial.update(
            loser=outcome.get("loser"),
            winner=outcome.get("winner"),
            winners=[w["winner"] for w in wins] if kind == "ron" else [],
            tenpai=outcome.get("tenpai", []),
            nagashi=outcome.get("nagashi", []),
            reason=outcome.get("reason"),
            chombo_player=outcome.get("player"),
        )
        return initial


def _named(label: Any, name: Any) -> str:
    """Return a field label naming a player, in the active language.

    Forms that name players are built per request, once the request's language is
    active, so the label is formatted at once (a lazy proxy per label cost ~0.2 ms).
    """
    return str(label) % {"name": str(name)}
