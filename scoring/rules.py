"""The options a table agrees on, as one frozen value, with named presets.

Presets name published rulesets; ``club`` is the seed's general (Kanto) rule.
A rules value serialises to JSON as ``{"preset": "wrc", "kiriage": false}``:
the preset's values, then each listed option on top.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.errors import RulesError

DOUBLE_YAKUMAN_PATTERNS = ("kokushi_13", "suuankou_tanki", "chuuren_9", "daisuushii")
RENHOU_VALUES = ("none", "mangan", "yakuman")


@dataclass(frozen=True)
class Rules:
    """Every option of a ruleset. The defaults are the seed's general rule."""

    # Payments
    honba_value: int = 300  # per counter; a tsumo takes a third from each payer
    kiriage: bool = False  # 4 han 30 fu and 3 han 60 fu count as mangan
    counted_yakuman: bool = True  # 13+ han is a yakuman; else capped at sanbaiman
    multiple_yakuman: bool = True  # double and stacked yakuman pay their multiple
    # Hand value
    open_tanyao: bool = True
    red_fives: bool = True
    double_yakuman: tuple[str, ...] = DOUBLE_YAKUMAN_PATTERNS  # patterns worth two
    double_wind_fu: int = 4  # a pair of the seat wind that is also the round wind
    chiitoitsu_50_fu: bool = False  # chiitoitsu as 50 fu 1 han instead of 25 fu 2 han
    rinshan_tsumo_fu: bool = True  # a rinshan win still counts the 2 tsumo fu
    ryuuiisou_without_hatsu: bool = True
    suukantsu: bool = True
    renhou: str = "none"  # none, mangan or yakuman
    kokushi_robs_closed_kan: bool = True
    two_han_minimum_honba: int = 0  # from this many honba a win needs 2 han without dora; 0: off
    name: str = field(default="club", compare=False)

    def __post_init__(self) -> None:
        _check_values(self)

    def cap_counted_yakuman(self, limit: int) -> int:
        """Return the base points of a counted limit under these rules.

        >>> Rules(counted_yakuman=False).cap_counted_yakuman(8000)
        6000
        """
        return limit if self.counted_yakuman or limit < 8000 else 6000

    def with_options(self, **options: Any) -> Rules:
        """Return these rules with some options changed (unknown names are an error)."""
        unknown = sorted(set(options) - set(OPTION_NAMES))
        if unknown:
            raise RulesError(f"unknown rule option: {', '.join(unknown)}")
        return dataclasses.replace(self, **{k: _coerce(k, v) for k, v in options.items()})

    def to_json(self) -> dict[str, Any]:
        """Return the rules as their preset name plus the options that differ from it."""
        base = preset(self.name) if self.name in PRESETS else Rules()
        data: dict[str, Any] = {"preset": self.name if self.name in PRESETS else "club"}
        for name in OPTION_NAMES:
            value = getattr(self, name)
            if value != getattr(base, name):
                data[name] = list(value) if isinstance(value, tuple) else value
        return data

    @classmethod
    def from_json(cls, data: str | Mapping[str, Any] | None) -> Rules:
        """Return the rules a preset name or a ``{"preset": ..., option: value}`` object names.

        >>> Rules.from_json({"preset": "tenhou", "kiriage": True}).kiriage
        True
        """
        if data is None:
            return preset("club")
        if isinstance(data, str):
            return preset(data)
        if not isinstance(data, Mapping):
            raise RulesError(f"rules must be a preset name or an object, not {data!r}")
        options = dict(data)
        name = options.pop("preset", "club")
        if not isinstance(name, str):
            raise RulesError(f"preset must be a name, not {name!r}")
        return preset(name).with_options(**options)

    def dumps(self) -> str:
        """Return the JSON text of ``to_json``."""
        return json.dumps(self.to_json(), sort_keys=True)


OPTION_NAMES = tuple(f.name for f in dataclasses.fields(Rules) if f.name != "name")


def _coerce(name: str, value: Any) -> Any:
    """Return an option value in its field's type; JSON lists become tuples."""
    if isinstance(value, list):
        return tuple(value)
    return value


def _check_values(rules: Rules) -> None:
    defaults = Rules.__dataclass_fields__
    for name in OPTION_NAMES:
        value, default = getattr(rules, name), defaults[name].default
        if type(value) is not type(default) and not _both_numbers(value, default):
            raise RulesError(f"rule option {name} must be {type(default).__name__}, not {value!r}")
    if rules.honba_value < 0 or rules.honba_value % 3:
        raise RulesError(f"honba_value must be a non-negative multiple of 3, not {rules.honba_value}")
    if rules.double_wind_fu not in (2, 4):
        raise RulesError(f"double_wind_fu must be 2 or 4, not {rules.double_wind_fu}")
    if rules.renhou not in RENHOU_VALUES:
        raise RulesError(f"renhou must be one of {', '.join(RENHOU_VALUES)}, not {rules.renhou!r}")
    unknown = set(rules.double_yakuman) - set(DOUBLE_YAKUMAN_PATTERNS)
    if unknown:
        raise RulesError(f"double_yakuman has unknown patterns: {', '.join(sorted(unknown))}")
    if rules.two_han_minimum_honba < 0:
        raise RulesError(f"two_han_minimum_honba must be 0 or more, not {rules.two_han_minimum_honba}")


def _both_numbers(value: Any, default: Any) -> bool:
    return type(default) is float and type(value) is int


# Each preset lists only what differs from the defaults (the seed's general rule).
# Sources: ../shared/reference/rulesets.md section 1.
PRESET_OPTIONS: dict[str, dict[str, Any]] = {
    "club": {},
    "tenhou": {"double_yakuman": ()},
    "mahjongsoul": {},
    "wrc": {
        "kiriage": True,
        "red_fives": False,
        "double_yakuman": (),
        "double_wind_fu": 2,
        "renhou": "mangan",
    },
    "ema": {
        "kiriage": True,
        "counted_yakuman": False,
        "multiple_yakuman": False,
        "red_fives": False,
        "double_yakuman": (),
        "double_wind_fu": 2,
        "renhou": "mangan",
    },
    "ema2016": {
        "counted_yakuman": False,
        "multiple_yakuman": False,
        "red_fives": False,
        "double_yakuman": (),
        "renhou": "mangan",
    },
    "mleague": {
        "kiriage": True,
        "counted_yakuman": False,
        "double_yakuman": (),
        "double_wind_fu": 2,
    },
    "jpml_a": {
        "counted_yakuman": False,
        "multiple_yakuman": False,
        "red_fives": False,
        "double_yakuman": (),
        "double_wind_fu": 2,
        "renhou": "mangan",
    },
}
PRESETS = tuple(PRESET_OPTIONS)


def preset(name: str) -> Rules:
    """Return the named preset's rules.

    >>> preset("wrc").kiriage
    True
    """
    if name not in PRESET_OPTIONS:
        raise RulesError(f"unknown rules preset {name!r}; known: {', '.join(PRESETS)}")
    return Rules(name=name, **PRESET_OPTIONS[name])
