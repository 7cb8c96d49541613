"""The full score of a hand to score (FORMATS.md section 2): yaku, fu, dora, payments.

Every reading of the hand is scored; the best is the one that pays the most, then
the one with more han, then more fu. Its pinfu, wait and fu are the reading's own.
Dora add han to a hand with a yaku and never make one. A yakuman hand scores its
yakuman only (13 han per multiple; one multiple when ``Rules.multiple_yakuman`` is
off). Under ``Rules.renhou == "mangan"`` renhou is 5 han that combine with nothing
(no other yaku, no dora): the hand scores the better of renhou and its normal value.
"""

from __future__ import annotations

import functools
import json
import operator
import re
from collections.abc import Mapping
from typing import Any, NamedTuple

from scoring.dora import DORA_OF_TILE, SHARED_COUNTS, DoraCount, dora_count
from scoring.errors import (
    LARGEST,
    BadFlagsError,
    BadHandError,
    BadNotationError,
    NoYakuError,
    TwoHanMinimumError,
    shown,
)
from scoring.fu import Fu, FuItem, WinContext, fu
from scoring.hand import (
    GROUPS,
    KOKUSHI,
    NO_MELDS,
    READING_FORM,
    READING_IS_CLOSED,
    READING_WAIT,
    Hand,
    Part,
    ReadingFields,
    group_parts,
    join_parts,
    meld_block,
    read_parts,
    readings,
    single_meld_part,
)
from scoring.rules import Rules
from scoring.tiles import (
    EAST,
    KINDS,
    NORTH,
    RED,
    RED_FIVES,
    SOUTH,
    SUITS,
    WEST,
    Meld,
    check_copies,
    kind,
    parse_tiles,
    tile_bits,
    tile_counts,
    tile_name,
)
from scoring.value import LIMIT_NAMES, STICK, HandValue, WinPayments, base_points, win_payments
from scoring.yaku import (
    ALL_FLAGS,
    YAKUMAN_HAN,
    HandShape,
    Situation,
    YakuHan,
    check_situation,
    find_yaku,
    hand_shape,
)

CLUB_RULES = Rules()
MAX_INDICATORS = 5  # the first dora indicator and four kan dora
RENHOU_MANGAN = (YakuHan("renhou", 5),)
NO_DORA = DoraCount()
_new_tuple = tuple.__new__
_new_object = object.__new__
YAKUMAN_BASE = 8000


class HandToScore(NamedTuple):
    """A winning hand with everything its score depends on (FORMATS.md section 2).

    Immutable named tuples (this and ``HandScore``) rather than dataclasses: tuples
    are cheaper to make (a frozen dataclass takes several times as long).
    ``score_hand`` makes neither: it works on exact tuples of their fields
    (``RequestFields``, ``ScoreFields``), which it makes in one step and unpacks on
    the interpreter's quick path; ``from_json`` and ``score`` name them.
    ``Situation`` and ``WinContext``, kept and read often, are slotted dataclasses.
    """

    hand: Hand
    situation: Situation = Situation()
    context: WinContext = WinContext()
    dora: tuple[int, ...] = ()  # indicators
    ura: tuple[int, ...] = ()  # indicators, counted only with riichi
    honba: int = 0
    riichi_sticks: int = 0
    rules: Rules = CLUB_RULES

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandToScore:
        """Return the hand of a FORMATS.md section 2 object.

        >>> hand = {"hand": "123m456p789s11z222z", "win": "1z", "seat_wind": "S"}
        >>> HandToScore.from_json(hand).situation.is_dealer
        False
        """
        return _new_tuple(cls, _request_fields(data))


# A HandToScore's fields, as an exact tuple: what score_hand reads a hand object into
# (an exact tuple is made in one step and unpacks by the interpreter's quick path).
RequestFields = tuple[
    Hand, Situation, WinContext, tuple[int, ...], tuple[int, ...], int, int, Rules
]


def _request_fields(data: Mapping[str, Any]) -> RequestFields:
    """Return the fields of the hand to score of a FORMATS.md section 2 object."""
    if type(data) is dict and len(data) == USUAL_KEY_COUNT:
        # Speed: subscripts, quicker than get. Twelve keys that are the usual
        # twelve leave no room for a rare flag, a robbed kan or rules.
        try:
            text, win, melds = data["hand"], data["win"], data["melds"]
            tsumo, riichi, ippatsu = data["tsumo"], data["riichi"], data["ippatsu"]
            seat_wind, round_wind = data["seat_wind"], data["round_wind"]
            dora, ura, honba = data["dora"], data["ura"], data["honba"]
            sticks = data["riichi_sticks"]
        except KeyError:
            pass  # another key: the general path below
        else:
            return _request(
                data,
                text,
                win,
                melds,
                tsumo,
                riichi,
                ippatsu,
                seat_wind,
                round_wind,
                dora,
                ura,
                honba,
                sticks,
                None,
            )
    if type(data) is not dict and not isinstance(data, Mapping):
        raise BadHandError(f"a hand to score is a JSON object, not {shown(data)}")
    get = data.get
    if data.keys().isdisjoint(_RARE_KEYS):  # cheaper than looking up each of them
        return _request(
            data,
            get("hand"),
            get("win"),
            get("melds", NO_MELDS_GIVEN),
            get("tsumo", False),
            get("riichi", False),
            get("ippatsu", False),
            get("seat_wind", "E"),
            get("round_wind", "E"),
            get("dora", ""),
            get("ura", ""),
            get("honba", 0),
            get("riichi_sticks", 0),
            get("rules"),
        )
    situation, context = _situation(data)
    hand = _fast_hand(get("hand"), get("win"), get("melds", NO_MELDS_GIVEN))
    hand = hand or Hand.from_json(data)
    return (hand, situation, context, *_extras(data))


USUAL_KEYS = (
    *("hand", "win", "melds", "tsumo", "riichi", "ippatsu", "seat_wind", "round_wind"),
    *("dora", "ura", "honba", "riichi_sticks"),
)
USUAL_KEY_COUNT = len(USUAL_KEYS)


def _request(
    data: Mapping[str, Any],
    text: Any,
    win: Any,
    melds: Any,
    tsumo: Any,
    riichi: Any,
    ippatsu: Any,
    seat_wind: Any,
    round_wind: Any,
    dora: Any,
    ura: Any,
    honba: Any,
    sticks: Any,
    rules: Any,
) -> RequestFields:
    """Return the fields of the hand to score of a hand object that sets no flag but
    tsumo, riichi and ippatsu, given the values of its keys (None: no rules), checked
    in the order of the general path for rare flags (so errors are the same)."""
    # Speed: one function for the short and the general path, so the kept
    # situations' key (see _SITUATIONS) is written once, and one call for the flags,
    # the hand and the extras.
    key = (
        tsumo is True,
        tsumo is False,
        riichi is True,
        riichi is False,
        ippatsu is True,
        ippatsu is False,
        seat_wind,
        round_wind,
    )
    try:
        situation, context = _SITUATIONS[key]  # Speed: a subscript, quicker than get
    except (KeyError, TypeError):  # TypeError: an unhashable wind, named there
        situation, context = _new_situation(data, key)
    hand = _fast_hand(text, win, melds) or Hand.from_json(data)
    # Speed: the usual extras (indicators seen before, whole numbers, no rules) pass
    # one test here, without five calls; _extras parses anything else or names its
    # error. tuple.__new__, not HandToScore(...), whose generated __new__ takes twice
    # as long.
    if (
        rules is None
        and type(dora) is str
        and type(ura) is str
        and type(honba) is int
        and type(sticks) is int
        and 0 <= honba <= LARGEST
        and 0 <= sticks <= LARGEST
    ):
        try:  # Speed: subscripts, quicker than get; a batch's indicators are few
            dora_tiles, ura_tiles = _INDICATORS[dora], _INDICATORS[ura]
        except KeyError:
            pass
        else:
            return (hand, situation, context, dora_tiles, ura_tiles, honba, sticks, DEFAULT_RULES)
    return (hand, situation, context, *_extras(data))


def _extras(
    data: Mapping[str, Any],
) -> tuple[tuple[int, ...], tuple[int, ...], int, int, Rules]:
    """Return the dora and ura indicators, honba, riichi sticks and rules of a hand
    object."""
    get = data.get
    return (
        _indicators(get("dora", ""), "dora"),
        _indicators(get("ura", ""), "ura"),
        _count(get("honba", 0), "honba"),
        _count(get("riichi_sticks", 0), "riichi_sticks"),
        _rules(get("rules")),
    )


# Speed: a batch's hands share a few flag sets, so the Situation and WinContext of
# each (its flags, both winds and the robbed kan) are made once and kept. A key never
# holds a flag's value: 1 == True and hash(1) == hash(True), so a key of values would
# take 1 for true. Only sets of real True and False are kept. Most hands set no flag
# but these three, so their key holds (flag is True, flag is False) for each: (True,
# False) or (False, True) for a real bool, (False, False), never kept, for anything
# else. Other hands' keys hold every flag's id: while True and False live no other
# object can have their ids.
_SITUATIONS: dict[tuple[Any, ...], tuple[Situation, WinContext]] = {}
# A tuple, not a set: isdisjoint walks it, and a tuple is quicker to walk.
_RARE_KEYS = (*(f for f in ALL_FLAGS if f not in ("tsumo", "riichi", "ippatsu")), "robbed_kan")


def _situation(data: Mapping[str, Any]) -> tuple[Situation, WinContext]:
    """Return the flags and the fu context of a hand object, kept by the key of all its
    flags (from_json keys a hand that sets none but tsumo, riichi and ippatsu by those,
    in _request)."""
    key = _rare_key(data)
    try:
        found = _SITUATIONS.get(key)
    except TypeError:  # an unhashable wind or robbed kan: an error, named below
        found = None
    return found or _new_situation(data, key)


def _rare_key(data: Mapping[str, Any]) -> tuple[Any, ...]:
    get = data.get
    return (  # ALL_FLAGS, written out: map(id, ...) takes twice as long
        id(get("tsumo", False)),
        id(get("riichi", False)),
        id(get("double_riichi", False)),
        id(get("ippatsu", False)),
        id(get("rinshan", False)),
        id(get("chankan", False)),
        id(get("haitei", False)),
        id(get("houtei", False)),
        id(get("tenhou", False)),
        id(get("chiihou", False)),
        id(get("renhou", False)),
        get("seat_wind", "E"),
        get("round_wind", "E"),
        get("robbed_kan", "kakan"),
    )


def _new_situation(data: Mapping[str, Any], key: tuple[Any, ...]) -> tuple[Situation, WinContext]:
    seat_wind, round_wind = _wind(data, "seat_wind"), _wind(data, "round_wind")
    situation = Situation.from_json(data, is_dealer=seat_wind == EAST)
    found = situation, WinContext(situation.tsumo, seat_wind, round_wind, situation.rinshan)
    if len(_SITUATIONS) < 4096:
        _SITUATIONS[key] = found  # valid, so its winds and robbed kan are strings
    return found


WIND_OF_LETTER = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}


def _wind(data: Mapping[str, Any], key: str) -> int:
    letter = data.get(key, "E")
    wind = WIND_OF_LETTER.get(letter) if type(letter) is str else None
    return WinContext.from_json({key: letter}).seat_wind if wind is None else wind


# Speed: the indicators of each text parsed and found valid, kept (a batch has few).
_INDICATORS: dict[str, tuple[int, ...]] = {"": ()}


def _indicators(text: Any, key: str) -> tuple[int, ...]:
    if type(text) is not str:
        raise BadHandError(f"{key} must be MPSZ indicator tiles, not {shown(text)}")
    tiles = _INDICATORS.get(text)
    if tiles is None:
        tiles = parse_tiles(text)
        if len(tiles) > MAX_INDICATORS:
            raise BadHandError(f"{key} has {len(tiles)} indicators; at most {MAX_INDICATORS}")
        if len(_INDICATORS) < 4096:
            _INDICATORS[text] = tiles
    return tiles


def _count(value: Any, key: str) -> int:
    if type(value) is not int or not 0 <= value <= LARGEST:
        raise BadHandError(
            f"{key} must be a whole number from 0 to {LARGEST:,}, not {shown(value)}"
        )
    return value


def _rules(data: Any) -> Rules:
    if data is None or isinstance(data, str):
        return _preset_rules(data)
    return _rules_of_text(json.dumps(data, sort_keys=True))


@functools.lru_cache(maxsize=64)
def _preset_rules(name: str | None) -> Rules:
    return Rules.from_json(name)


DEFAULT_RULES = _preset_rules(None)  # kept by the cache: the presets are few


@functools.lru_cache(maxsize=64)
def _rules_of_text(text: str) -> Rules:
    return Rules.from_json(json.loads(text))


# Speed: a batch parses thousands of hands, so valid input takes a short path: each
# run of one suit (such as "406p") is parsed once and kept with its counts and tile
# classes, melds are kept too, and Hand.__post_init__ does not check again. Anything
# unusual (a suit written twice or out of order, a bad key) returns None and goes
# through Hand.from_json, which names the error.
# Speed: possessive runs (++): a run not followed by its suit letter is given up at
# once, not retried one digit shorter (no shorter run can meet the letter either).
_HAND = re.compile(r"(?:([0-9]++)m)?(?:([0-9]++)p)?(?:([0-9]++)s)?(?:([1-7]++)z)?")


# A run's tiles, its group's counts, the tiles' scoring.tiles.tile_bits and
# scoring.hand.group_parts of the counts. Speed: a plain tuple, not a named tuple,
# so unpacking it takes the interpreter's quick path for exact tuples.
_Run = tuple[tuple[int, ...], tuple[int, ...], int, tuple[Part, ...]]

# One dict per group, from the digits of its run to the run; None: the group is empty.
_RUNS: tuple[dict[str | None, _Run], ...] = tuple(
    {None: ((), (0,) * (end - start), 0, group_parts(start, runs, (0,) * (end - start)))}
    for start, end, runs in GROUPS
)


# The place of each digit in a run in MPSZ order: the red five (0) before the fives.
_DIGIT_ORDER = {digit: place for place, digit in enumerate("1234056789")}
# The tile of each digit of a run of each group (the honors' digits are 1-7).
_DIGIT_TILES = tuple(
    {digit: parse_tiles(digit + suit)[0] for digit in ("1234567" if suit == "z" else "0123456789")}
    for suit in SUITS
)


def _new_run(group: int, digits: str | None) -> _Run:
    if digits is None:
        return _RUNS[group][None]
    # Speed: the digits are ones _HAND took for this group, so each is looked up, not
    # parsed, and sorted in MPSZ order as parse_tiles does (a red five before its plain
    # fives) by a key looked up too; check_copies names a fifth copy or a second red
    # five, and runs only when the counts show one.
    codes = _DIGIT_TILES[group]
    tiles = tuple([codes[digit] for digit in sorted(digits, key=_DIGIT_ORDER.__getitem__)])
    start, end, runs = GROUPS[group]
    counts = tile_counts(tiles)[start:end]
    if max(counts) > 4 or (group < 3 and tiles.count(RED_FIVES[group]) > 1):
        check_copies(tiles)
    run = (tiles, counts, tile_bits(tiles), group_parts(start, runs, counts))
    if len(_RUNS[group]) < 16384:
        _RUNS[group][digits] = run
    return run


# A parsed meld, its part, its (kind, how many of its tiles are that kind) pairs and
# the scoring.tiles.tile_bits of its tiles. Speed: a plain tuple, as _Run.
_Meld = tuple[Meld, Part, tuple[tuple[int, int], ...], int]

_MELDS: dict[tuple[str, str], _Meld] = {}


def _new_meld(meld_kind: str, tiles: str) -> _Meld:
    meld = Meld.parse(meld_kind, tiles)
    kinds = [kind(tile) for tile in meld.tiles]
    found = (
        meld,
        single_meld_part(meld_block(meld)),
        tuple((tile_kind, kinds.count(tile_kind)) for tile_kind in sorted(set(kinds))),
        tile_bits(meld.tiles),
    )
    if len(_MELDS) < 16384 and len(tiles) <= 5:  # a meld is at most "0555p"
        _MELDS[meld_kind, tiles] = found
    return found


def _fast_hand(text: Any, win: Any, melds: Any) -> Hand | None:
    """Return the hand of valid input (a hand object's hand, win and melds) whose
    suits come once each, in order, checked in the general path's order (so errors
    are the same); otherwise None."""
    if type(text) is not str or type(win) is not str or type(melds) is not list or len(melds) > 4:
        return None
    try:
        tile, tile_kind = WIN_OF_NAME[win]  # Speed: a subscript, quicker than get
    except KeyError:
        return None
    found = _fast_melds(melds) if melds else NO_MELDS_FOUND  # before the runs, as in Hand
    if found is None:
        return None
    # Speed: str.partition splits the text into its suits' runs quicker than _HAND.
    # Safe because the kept runs hold only runs _HAND found (digits of their suit,
    # 1-7 for the honors; tested): a text whose runs are all kept, in suit order,
    # with nothing after the honors, is one _HAND splits the same way. Written out
    # per suit: a loop or a call per suit costs more.
    m: str | None  # the digits of each suit; None: no tile of that suit
    p: str | None
    s: str | None
    z: str | None
    m, letter, rest = text.partition("m")
    if not letter:
        rest = m
        m = None
    p, letter, rest = rest.partition("p")
    if not letter:
        rest = p
        p = None
    s, letter, rest = rest.partition("s")
    if not letter:
        rest = s
        s = None
    z, letter, rest = rest.partition("z")
    if not letter:
        rest = z
        z = None
    if rest:
        return None  # more after the honors, or a suit out of order: _HAND would fail
    # Speed: the runs are joined here, not in a function of their own, and the Hand
    # is made here too: two calls fewer, and no tuple of parts packed and unpacked.
    manzu, pinzu, souzu, honors = _RUNS
    try:  # Speed: subscripts, quicker than get; a batch's runs are almost all kept
        kept_runs = manzu[m], pinzu[p], souzu[s], honors[z]
    except KeyError:  # a run not seen yet, or not digits of its suit
        new_runs = _new_runs(text, len(melds))
        if new_runs is None:
            return None
        kept_runs = new_runs
    (
        (m_tiles, m_counts, m_bits, m_parts),
        (p_tiles, p_counts, p_bits, p_parts),
        (s_tiles, s_counts, s_bits, s_parts),
        (z_tiles, z_counts, z_bits, z_parts),
    ) = kept_runs
    concealed = m_tiles + p_tiles + s_tiles + z_tiles
    if len(concealed) != 14 - 3 * len(melds):
        return None  # the wrong number of tiles
    counts = m_counts + p_counts + s_counts + z_counts
    if not counts[tile_kind]:
        return None
    bits = m_bits | p_bits | s_bits | z_bits
    if melds:
        melded = _melded(concealed, counts, bits, found)
        if melded is None:
            return None
        meld_values, all_counts, bits, meld_part, tiles = melded
    else:
        meld_values = ()
        all_counts = counts
        meld_part = NO_MELDS
        tiles = concealed
    # A Hand whose checks already passed, made without running them again, with what
    # was worked out on the way (all its tiles, if None, when first asked). Speed:
    # object.__new__ kept in a name (no attribute look-up), and the instance dict read
    # as __dict__, quicker than a call of vars; set one by one: quicker than
    # update(**values) or a new dict.
    hand = _new_object(Hand)
    kept = hand.__dict__
    kept["concealed"] = concealed
    kept["win"] = tile
    kept["melds"] = meld_values
    kept["counts"] = counts
    kept["all_counts"] = all_counts
    kept["tile_bits"] = bits
    kept["groups"] = (m_parts, p_parts, s_parts, z_parts)
    kept["meld_part"] = meld_part
    if tiles is not None:
        kept["all_tiles"] = tiles
    return hand


def _new_runs(text: str, meld_count: int) -> tuple[_Run, _Run, _Run, _Run] | None:
    """Return the runs of a hand's text whose runs are not all kept yet, and keep them;
    None unless its suits come once each, in order, with the tiles of a hand with
    ``meld_count`` melds."""
    match = _HAND.fullmatch(text)
    if match is None:
        return None
    runs = match.groups()
    if len(text) - 4 + runs.count(None) != 14 - 3 * meld_count:
        return None  # the wrong number of tiles (checked before the runs are kept)
    m, p, s, z = runs
    manzu, pinzu, souzu, honors = _RUNS
    try:
        return (
            manzu.get(m) or _new_run(0, m),
            pinzu.get(p) or _new_run(1, p),
            souzu.get(s) or _new_run(2, s),
            honors.get(z) or _new_run(3, z),
        )
    except BadNotationError:  # a fifth copy or a second red five in a run:
        return None  # Hand.from_json names every such kind, not this run's only


def _melded(
    concealed: tuple[int, ...], counts: tuple[int, ...], bits: int, melds: list[_Meld]
) -> tuple[tuple[Meld, ...], tuple[int, ...], int, Part, tuple[int, ...] | None] | None:
    """Return the melds, all the counts, the tile bits, the melds' part and all the
    tiles (None unless a red five had to be checked) of concealed tiles (with their
    counts and tile bits) and parsed melds, or None if together they hold a fifth
    copy or a second red five."""
    all_counts = list(counts)
    meld_list, parts = [], []
    for meld, part, copies, meld_bits in melds:
        meld_list.append(meld)
        parts.append(part)
        bits |= meld_bits
        for tile_kind, count in copies:
            all_counts[tile_kind] += count
            if all_counts[tile_kind] > 4:
                return None
    meld_values = tuple(meld_list)
    meld_part = parts[0] if len(parts) == 1 else _joined_part(tuple(parts))
    tiles = None  # all the tiles: worked out here only when a red five must be checked
    if bits & RED:
        tiles = concealed + sum([meld.tiles for meld in meld_values], ())
        if not _has_one_red_at_most(tiles):
            return None
    return meld_values, tuple(all_counts), bits, meld_part, tiles


# Speed: the joined part of each run of melds' parts, kept (a batch has few). Exact:
# the key holds the parts themselves.
_JOINED: dict[tuple[Part, ...], Part] = {}


def _joined_part(parts: tuple[Part, ...]) -> Part:
    joined = _JOINED.get(parts)
    if joined is None:
        joined = join_parts(parts)
        if len(_JOINED) < 16384:
            _JOINED[parts] = joined
    return joined


NO_MELDS_GIVEN: list[Any] = []  # never changed
NO_MELDS_FOUND: list[_Meld] = []  # never changed


TILE_OF_NAME = {tile_name(tile): tile for tile in range(KINDS + len(RED_FIVES))}
WIN_OF_NAME = {name: (tile, kind(tile)) for name, tile in TILE_OF_NAME.items()}
KIND_OF_TILE = tuple(kind(tile) for tile in range(KINDS + len(RED_FIVES)))


def _fast_melds(melds: list[Any]) -> list[_Meld] | None:
    """Return the melds, parsed, if every one is a {kind, tiles} object of strings."""
    found: list[Any] = []  # each a _Meld, or None if not seen before
    for meld in melds:
        if type(meld) is not dict:
            return None
        try:
            meld_kind, tiles = meld["kind"], meld["tiles"]  # Speed: quicker than get
        except KeyError:
            return None
        if type(meld_kind) is not str or type(tiles) is not str:
            return None
        found.append(_MELDS.get((meld_kind, tiles)))
    if None in found:  # a meld not seen before: parsed once all are known to be strings
        return [each or _new_meld(m["kind"], m["tiles"]) for each, m in zip(found, melds)]
    return found


def _has_one_red_at_most(tiles: tuple[int, ...]) -> bool:
    red_m, red_p, red_s = RED_FIVES  # Speed: written out, no generator
    return tiles.count(red_m) <= 1 and tiles.count(red_p) <= 1 and tiles.count(red_s) <= 1


class HandScore(NamedTuple):
    """A scored hand: its value, the reading's fu and yaku, dora and payments."""

    value: HandValue
    fu: Fu
    yaku: tuple[YakuHan, ...]
    dora: DoraCount
    wait: str
    payments: WinPayments
    total: int
    limit: str
    base_points: int

    def to_json(self) -> dict[str, Any]:
        """Return the result object of FORMATS.md section 2."""
        return result_json(self)


# A HandScore's fields, as an exact tuple: what the scorer makes (an exact tuple is
# made in one step and unpacks by the interpreter's quick path); score() names it.
ScoreFields = tuple[HandValue, Fu, tuple[YakuHan, ...], DoraCount, str, WinPayments, int, str, int]


def result_json(fields: ScoreFields) -> dict[str, Any]:
    """Return the result object of FORMATS.md section 2 of a score's fields."""
    # Speed: fields unpacked, not read by name; plain loops, not list comprehensions
    # (each a function call in Python 3.11). The JSON of each fu item, yaku and dora
    # count is made once and kept (they are few), and copied into each result: a
    # copy takes less than a new dict, and no two results share an object.
    value, fu, yaku, dora, wait, payments, total, limit, points = fields
    fu_items = []
    for item in fu[1]:
        try:
            fu_items.append(_FU_ITEM_JSON[item].copy())
        except KeyError:
            fu_items.append(_kept_json(_FU_ITEM_JSON, item, {"name": item[0], "fu": item[1]}))
    yaku_items = []
    for each in yaku:
        try:
            yaku_items.append(_YAKU_JSON[each].copy())
        except KeyError:
            yaku_items.append(_kept_json(_YAKU_JSON, each, {"name": each[0], "han": each[1]}))
    try:
        dora_json = _DORA_JSON[dora].copy()
    except KeyError:
        dora_json = _kept_json(_DORA_JSON, dora, dora.to_json())
    return {
        "han": value.han,
        "fu": fu[0],
        "fu_items": fu_items,
        "yaku": yaku_items,
        "dora": dora_json,
        "yakuman": value.yakuman,
        "limit": limit,
        "base_points": points,
        "payments": payments.to_json(),
        "total": total,
        "wait": wait,
    }


# The JSON of each fu item, yaku and dora count seen (keyed by value: the keys are
# immutable named tuples of strings and ints, as the scorer makes them; a float or
# bool in a hand-built HandScore would be written as the equal int), copied into
# each result.
_FU_ITEM_JSON: dict[FuItem, dict[str, Any]] = {}
_YAKU_JSON: dict[YakuHan, dict[str, Any]] = {}
_DORA_JSON: dict[DoraCount, dict[str, int]] = {}


def _kept_json(kept: dict[Any, dict[str, Any]], key: Any, json_object: dict[str, Any]) -> Any:
    """Return a copy of ``json_object``, the JSON of ``key``, kept (while ``kept``
    holds fewer than 1,024)."""
    if len(kept) < 1024:
        kept[key] = json_object
    return json_object.copy()


def score_hand(data: Mapping[str, Any]) -> dict[str, Any]:
    """Return the result object of a FORMATS.md section 2 hand object.

    >>> result = score_hand({"hand": "234m406p789s22z", "win": "2z",
    ...     "melds": [{"kind": "pon", "tiles": "777z"}], "seat_wind": "S", "dora": "9s"})
    >>> result["han"], result["fu"], result["yaku"], result["dora"], result["payments"]
    (2, 30, [{'name': 'yakuhai_chun', 'han': 1}], {'dora': 0, 'aka': 1, 'ura': 0}, {'ron': 2000})
    """
    return result_json(_best_score(_request_fields(data)))


def score(request: HandToScore) -> HandScore:
    """Return the best score among the hand's readings.

    >>> from scoring.hand import Hand
    >>> hand = Hand.parse("111222333m55p789s", "3m")
    >>> best = score(HandToScore(hand, Situation(tsumo=True), WinContext(tsumo=True)))
    >>> [y.name for y in best.yaku], best.value.han
    (['menzen_tsumo', 'sanankou'], 3)
    """
    return _new_tuple(HandScore, _best_score(request))


def _best_score(request: RequestFields) -> ScoreFields:
    """Return the fields of the best score among the hand's readings."""
    # Speed: the request is unpacked here only (score_hand's is an exact tuple), and
    # its helpers take the fields they need.
    hand, situation, context, indicators, ura, honba, sticks, rules = request
    win = KIND_OF_TILE[hand.win]  # Speed: an index, not a call of kind
    found = read_parts(hand.counts, win, hand.meld_part, hand.groups) or readings(hand)
    _check(hand, situation, indicators + ura, rules, found)
    dora = _dora(hand, situation, indicators, ura, rules)
    terms = situation, honba, sticks, rules
    scores = _scores(found, hand_shape(hand), dora, context, terms)
    if len(scores) == 1:
        return scores[0]
    if not scores:
        raise NoYakuError(_no_yaku_message(hand.win, sum(dora)))  # Speed: no han property
    return max(scores, key=_rank)


# The terms a reading is paid on besides its han and fu: the situation, honba, riichi
# sticks and rules. Speed: an exact tuple, which unpacks by the interpreter's quick path.
Terms = tuple[Situation, int, int, Rules]


def _scores(
    found: tuple[ReadingFields, ...],
    shape: HandShape,
    dora: DoraCount,
    context: WinContext,
    terms: Terms,
) -> list[ScoreFields]:
    """Return the score of each way to score the hand: each reading with yaku (and,
    under ``Rules.renhou == "mangan"``, each reading as renhou)."""
    situation, honba, _, rules = terms
    renhou = situation.renhou and rules.renhou == "mangan"
    minimum = rules.two_han_minimum_honba
    needs_two_han = 0 < minimum <= honba  # a minimum of 0: never
    scores = []
    too_cheap = False  # a reading had yaku, but under 2 han where 2 are needed
    # Speed: each reading is priced straight into its score, with no option value
    # in between.
    for reading in found:
        yaku = find_yaku(reading, shape, situation, context, rules)
        wait = reading[READING_WAIT]
        if yaku:
            if needs_two_han and sum(map(_HAN, yaku)) < 2:
                too_cheap = True
            else:
                scores.append(_hand_score(terms, yaku, fu(reading, context, rules), dora, wait))
        if renhou:
            scores.append(
                _hand_score(terms, RENHOU_MANGAN, fu(reading, context, rules), NO_DORA, wait)
            )
    if too_cheap and not scores:
        raise TwoHanMinimumError(f"at {honba} honba these rules need 2 han without dora")
    return scores


_HAN = operator.itemgetter(1)


def _hand_score(
    terms: Terms, yaku: tuple[YakuHan, ...], fu: Fu, dora: DoraCount, wait: str
) -> ScoreFields:
    """Return the score of a reading's yaku and fu with the dora that count."""
    situation, honba, sticks, rules = terms
    han = 0
    for each in yaku:
        han += each[1]
    if yaku[0][1] >= YAKUMAN_HAN:  # Speed: a yakuman's han, 13 per multiple, not YAKU's flag
        multiple = han // YAKUMAN_HAN if rules.multiple_yakuman else 1
        han, yakuman = YAKUMAN_HAN * multiple, multiple
    else:
        han, yakuman = han + sum(dora), 0  # Speed: sum, not the han property's call
    # Speed: the price table is read here; _priced is called for a new entry only.
    key = (han, fu[0], yakuman, situation.is_dealer, situation.tsumo, honba, id(rules))
    try:
        entry = _PRICES[key]  # Speed: a subscript, quicker than get; almost always kept
    except KeyError:
        entry = _priced(key, rules)
    if entry[0] is not rules:  # kept for another rules value that had this id
        entry = _priced(key, rules)
    value, payments, points, limit, paid = entry[1]
    total = paid + STICK * sticks if sticks else paid  # Speed: no new int without sticks
    return (value, fu, yaku, dora, wait, payments, total, limit, points)


def _rank(score: ScoreFields) -> tuple[int, int, int]:
    """Return what decides between readings: the payment, then han, then fu (the
    riichi sticks in ``total`` are the same for every reading)."""
    value, _, _, _, _, _, total, _, _ = score
    return (total, value.han, value.fu)


def _check(
    hand: Hand,
    situation: Situation,
    indicators: tuple[int, ...],
    rules: Rules,
    found: tuple[ReadingFields, ...],
) -> None:
    """Raise if the flags, the robbed kan or the dora and ura indicators (all of them)
    cannot go with the hand."""
    # A quick test before the full one: flags cannot clash when none is set but tsumo
    # and riichi, and riichi only on a closed hand. (Chankan is a rare flag.)
    is_closed = found[0][READING_IS_CLOSED]
    if situation.has_rare_flag or (situation.riichi and not is_closed):
        check_situation(
            situation,
            is_closed=is_closed,
            has_melds=bool(hand.melds),
            has_kan=hand.quads > 0,
        )
        if situation.chankan:
            _check_chankan(hand, situation, found, rules)
    # Indicators that might be a fifth copy or a second red five are checked in full: a
    # red five, or a kind the hand and the indicators hold more than four of. Speed:
    # written out, not a call (a hand has one or two indicators).
    counts = hand.all_counts
    for tile in indicators:
        if tile >= FIRST_RED or counts[tile] + indicators.count(tile) > 4:
            check_copies(hand.all_tiles + indicators)
            break


def _check_chankan(
    hand: Hand, situation: Situation, found: tuple[ReadingFields, ...], rules: Rules
) -> None:
    win = kind(hand.win)
    if hand.all_counts[win] != 1:
        raise BadFlagsError(
            f"chankan robs the fourth {tile_name(win)}, so the hand holds no other copy"
        )
    if situation.robbed_kan == "ankan":
        if found[0][READING_FORM] != KOKUSHI:
            raise BadFlagsError("only kokushi may rob a closed kan")
        if not rules.kokushi_robs_closed_kan:
            raise BadFlagsError("these rules do not let kokushi rob a closed kan")


def _dora(
    hand: Hand,
    situation: Situation,
    indicators: tuple[int, ...],
    ura: tuple[int, ...],
    rules: Rules,
) -> DoraCount:
    """Return the hand's dora, red fives and (with riichi) ura dora."""
    counts = hand.all_counts
    # Speed: the dora counts and dora_count written out (a hand has one or two
    # indicators, so the calls cost more than the loops).
    dora = aka = found_ura = 0
    for tile in indicators:
        dora += counts[DORA_OF_TILE[tile]]
    if hand.tile_bits & RED and rules.red_fives:
        tiles = hand.all_tiles
        aka = tiles.count(RED_M) + tiles.count(RED_P) + tiles.count(RED_S)  # faster than a loop
    if ura and (situation.riichi or situation.double_riichi):  # Speed: not has_riichi's call
        for tile in ura:
            found_ura += counts[DORA_OF_TILE[tile]]
    try:
        return SHARED_COUNTS[dora, aka, found_ura]  # Speed: a subscript, quicker than get
    except KeyError:
        return dora_count(dora, aka, found_ura)


RED_M, RED_P, RED_S = RED_FIVES
FIRST_RED = RED_M  # every red five's code is at least this


# Speed: han/fu/yakuman values are few, so their payments are looked up like a score
# table. Keyed by the rules' id; each entry keeps its rules alive and is checked
# against them, so an id is never mistaken for another rules value.
# value, payments, base points, limit name, what the payments add up to
Priced = tuple[HandValue, WinPayments, int, str, int]
PriceKey = tuple[int, int, int, bool, bool, int, int]  # han, fu, yakuman, dealer, tsumo,
# honba, id of the rules
_PRICES: dict[PriceKey, tuple[Rules, Priced]] = {}


def _priced(key: PriceKey, rules: Rules) -> tuple[Rules, Priced]:
    """Return the price table's entry for a key, made and kept."""
    han, fu, yakuman, is_dealer, tsumo, honba, _ = key
    if len(_PRICES) > 8192:
        _PRICES.clear()
    value = HandValue(han=han, fu=fu, yakuman=yakuman)
    payments = win_payments(value, is_dealer=is_dealer, tsumo=tsumo, rules=rules, honba=honba)
    points = base_points(value, rules)
    limit = LIMIT_NAMES.get(points, "yakuman" if points >= YAKUMAN_BASE else "none")
    entry = _PRICES[key] = (rules, (value, payments, points, limit, payments.total()))
    return entry


# Speed: a fifth of a batch's hands have no yaku; their messages (a winning tile and
# a dora count) are few, so each is written once.
@functools.lru_cache(maxsize=1024)
def _no_yaku_message(win: int, dora: int) -> str:
    where = f"the hand won on {tile_name(win)}"
    if dora:
        return f"no yaku in {where}: its {dora} dora do not make a yaku"
    return f"no yaku in {where}"
