"""The named presets of ``scoring.rules.Rules``: published rulesets as the options
that differ from the defaults (the seed's general rule). Sources:
../shared/reference/rulesets.md section 1 (table) and section 2 (settlement), cited
per value below; (u) marks a value the reference calls uncertain.
"""

from __future__ import annotations

from typing import Any

from scoring.rule_options import ABORTIVE_DRAWS, PAO_YAKUMAN

UMA_5_15 = (15000, 5000, -5000, -15000)
# JPML A floating uma, by the number of players at or above 30,000 (rulesets.md 2.4).
JPML_FLOATING_UMA = (
    (0, 0, 0, 0),
    (12000, -1000, -3000, -8000),
    (8000, 4000, -4000, -8000),
    (8000, 3000, 1000, -12000),
    (0, 0, 0, 0),
)
TOURNAMENT = {  # shared by EMA, WRC, M.League, JPML: no bust, no yame, deduction chombo
    "tobi": "none",
    "riichi_below_1000": True,
    "nagashi": "none",
    "abortive_draws": (),
    "multiple_ron": "head_bump",
    "chombo": "deduction",
}

# Each preset lists only what differs from the defaults (the seed's general rule).
# Sources: ../shared/reference/rulesets.md section 1 (table) and section 2 (settlement).
# (u) marks a value the reference calls uncertain: the most common reading is used.
PRESET_OPTIONS: dict[str, dict[str, Any]] = {
    # The seed's 关东 general rule: 25,000/30,000, oka to 1st, hanchan, bust below 0,
    # tenpai renchan, noten 3,000, abortive draws, nagashi as a draw, pao. Values the
    # seed leaves open (uma 10-20, double ron paid / triple ron aborts, so sanchahou is
    # among the abortive draws (all five), reverse-mangan
    # chombo, no extension; the liable player of stacked yakuman pays for the pao
    # yakuman only, as Mahjong Soul [RENV]) are the common Kanto club choices.
    "club": {},
    # Tenhou ranked 4p hanchan [RWT]: uma 10-20, oka 20; today unrounded (2.2; the
    # old rounding is rounding="tenhou_old"); equal points by seat; bust below 0;
    # west entry, sudden death at 30,000, up to West 4; agari-yame and tenpai-yame;
    # all five abortive draws; double ron, triple ron aborts, honba and sticks to the
    # nearest winner (2.2); no chombo online (nor a noten riichi: the software allows
    # none, so riichi_noten is "noten"); the liable player of stacked yakuman
    # answers for the whole hand (RENV: "Pao covers the full amount (Tenhou style)").
    "tenhou": {
        "double_yakuman": (),
        "ties": "seat",
        "extension_winds": 1,
        "sudden_death": True,
        "agari_yame": True,
        "tenpai_yame": True,
        "abortive_draws": ABORTIVE_DRAWS,
        "chombo": "none",
        "riichi_noten": "noten",
        "pao_stacked": "whole_hand",
    },
    # Mahjong Soul ranked 4p [MPA][PRE]: 25,000 start and settlement base, no oka,
    # uma +15/+5/-5/-15 (u), ties by seat (u), leftover sticks to 1st (u), bust below
    # 0 (u), west entry with sudden death at 30,000 (u: same shape as Tenhou),
    # yame on, KK/4W/4R/4K abort, double and triple ron paid, counters to the
    # nearest winner (u); pao limited to the pao yakuman when yakuman stack [RENV].
    "mahjongsoul": {
        "return_points": 25000,
        "uma": UMA_5_15,
        "ties": "seat",
        "extension_winds": 1,
        "sudden_death": True,
        "agari_yame": True,
        "tenpai_yame": True,
        "abortive_draws": ABORTIVE_DRAWS[:4],
        "multiple_ron": "paid",
        "chombo": "none",
        "riichi_noten": "noten",  # no chombo online, nor a noten riichi (as Tenhou)
    },
    # WRC 2025 [W25][PRE]: 30,000/30,000, +15/+5/-5/-15 averaged on ties, leftover
    # sticks lost (u: [PRE] "left on the table"), no bust (u), head bump, pao with
    # suukantsu, chombo -20 after uma (u), chombo ends the game (Pantheon wrc, u).
    "wrc": {
        **TOURNAMENT,
        "kiriage": True,
        "red_fives": False,
        "double_yakuman": (),
        "double_wind_fu": 2,
        "renhou": "mangan",
        "start_points": 30000,
        "uma": UMA_5_15,
        "leftover_sticks": "lost",
        "pao": PAO_YAKUMAN,
        "chombo_ends_game": True,
    },
    # EMA RCR 2025 [SEN][P ema2025]: as WRC for settlement, but leftover sticks to
    # 1st split if tied, several ron winners each paid in full with counters, own
    # riichi stick back, no abortive draws (u), no nagashi (u), chombo -20 (u),
    # chombo ends the game (Pantheon ema2025).
    "ema": {
        **TOURNAMENT,
        "kiriage": True,
        "counted_yakuman": False,
        "multiple_yakuman": False,
        "red_fives": False,
        "double_yakuman": (),
        "double_wind_fu": 2,
        "renhou": "mangan",
        "start_points": 30000,
        "uma": UMA_5_15,
        "leftover_sticks": "split_first",
        "multiple_ron": "paid",
        "multiple_ron_honba": "each",
        "multiple_ron_sticks": "own_back",
        "chombo_ends_game": True,
    },
    # EMA RCR 2016 [KASU][OYN16][P ema]: leftover sticks to 1st (u), honba to every
    # winner (u), own stick back then nearest (u), chombo -20 after uma.
    "ema2016": {
        **TOURNAMENT,
        "counted_yakuman": False,
        "multiple_yakuman": False,
        "red_fives": False,
        "double_yakuman": (),
        "renhou": "mangan",
        "start_points": 30000,
        "uma": UMA_5_15,
        "multiple_ron": "paid",
        "multiple_ron_honba": "each",
        "multiple_ron_sticks": "own_back",
    },
    # M.League [RWM][MNAVI][MTO]: 25,000/30,000, rank points +50/+10/-10/-30 (uma
    # 30-10 plus oka 20), ties split with the remainder to the seat nearer the first
    # dealer, leftover sticks split among tied 1st (u), no nagashi (u), pao with
    # suukantsu, chombo -20 (u: one page says a mangan payment).
    "mleague": {
        **TOURNAMENT,
        "kiriage": True,
        "counted_yakuman": False,
        "double_yakuman": (),
        "double_wind_fu": 2,
        "uma": (30000, 10000, -10000, -30000),
        "leftover_sticks": "split_first",
        "pao": PAO_YAKUMAN,
    },
    # JPML A [JPMLN][JPML12][P jpmlA]: 30,000/30,000, floating uma (2.4), ties
    # averaged (u), leftover sticks lost, KK/4W/4R/4K abort (u: the 2026 sheet is
    # reported as none), no bust (u), chombo -20 (u).
    "jpml_a": {
        **TOURNAMENT,
        "counted_yakuman": False,
        "multiple_yakuman": False,
        "red_fives": False,
        "double_yakuman": (),
        "double_wind_fu": 2,
        "renhou": "mangan",
        "start_points": 30000,
        "floating_uma": JPML_FLOATING_UMA,
        "uma": (0, 0, 0, 0),
        "leftover_sticks": "lost",
        "abortive_draws": ABORTIVE_DRAWS[:4],
        "pao": PAO_YAKUMAN,
    },
}
# Three-player presets (issue 20). rulesets.md covers four-player games; its scope note
# gives the points (Tenhou 35,000/40,000; Mahjong Soul 35,000/35,000, +15/0/-15 [PRE]).
# The rest, shared by both sites [SANMA]: 2m-8m out, no chi, north as nuki dora (a
# held north is a guest wind), 1m indicates 9m, tsumo loss (ツモ損; Mahjong Soul offers
# north_split as a room option), no suufon renda or suucha riichi (and no triple ron),
# honba 300 on ron, 100 from each on tsumo [TSAN]. (u): the noten penalty of 2,000
# (1,000 from each noten player or to each tenpai player), Tenhou's uma (none: oka 15
# only), and the 40,000 extension target for Mahjong Soul.
# Sources beside rulesets.md's: [SANMA] riichi.wiki "Sanma" (rule modifications: 2m-8m
# out, no chi, kita as dora counted twice under a west indicator, tsumo loss) and its
# "Majsoul" page (3P: rules as Tenhou's, tsumo loss by default, north bisection as an
# option, no suufon renda or suucha riichi, a held north a guest wind); [TSAN]
# tenhou.club "天鳳 三麻ツモ和了時(ツモ損ルール) 点数一覧表" and note.com/starmine_mj's
# table of Tenhou sanma tsumo gaps ("1本場につき300点": 100 from each payer).
SANMA = {
    "players": 3,
    "start_points": 35000,
    "return_points": 40000,
    "uma": (0, 0, 0),
    "noten_penalty": 2000,
    "extension_target": 40000,
    "abortive_draws": ("kyuushu_kyuuhai", "suukaikan"),
}
PRESET_OPTIONS.update(
    {
        # The club's sanma: the seed's general rule with the common three-player points
        # and uma +15/0/-15 (as Mahjong Soul's), tsumo loss, north as nuki dora.
        "club_sanma": {**SANMA, "uma": (15000, 0, -15000)},
        # Tenhou ranked 3p: as Tenhou 4p (ties by seat, west entry, sudden death, yame,
        # no chombo, pao for the whole hand), 35,000/40,000, oka 15, no uma (u).
        "tenhou_sanma": {**PRESET_OPTIONS["tenhou"], **SANMA},
        # Mahjong Soul ranked 3p: as Mahjong Soul 4p, 35,000/35,000, +15/0/-15 [PRE].
        "mahjongsoul_sanma": {
            **PRESET_OPTIONS["mahjongsoul"],
            **SANMA,
            "return_points": 35000,
            "uma": (15000, 0, -15000),
        },
    }
)
