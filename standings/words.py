"""The names and definitions of the standings' statistics, each once, translated.

A statistic is named wherever it is a column head or a tab (``STATISTICS``), and its
definition is shown beside it, as a title and in the page's glossary
(``STATISTIC_DEFINITIONS``). The table words they share (tobi, chombo) come from
``ledger.glossary``.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from ledger.glossary import OUTCOMES, TERMS

STATISTICS = {  # names of the standings' statistics (definitions: STATISTIC_DEFINITIONS)
    "games": _("Games"),
    "total": _("Total"),
    "average_result": _("Average result"),
    "average_place": _("Average place"),
    "places": _("Places"),
    "tobi": TERMS["tobi"],
    "openskill": _("OpenSkill"),
    "tenhou": _("Tenhou R"),
    "rounds": _("Rounds"),
    "win_rate": _("Win rate"),
    "tsumo_share": _("Tsumo share"),
    "deal_in_rate": _("Deal-in rate"),
    "riichi_rate": _("Riichi rate"),
    "riichi_success": _("Riichi success"),
    "average_win": _("Average win"),
    "average_deal_in": _("Average deal-in"),
    "dealer_kept": _("Dealer kept"),
    "draw_tenpai": _("Draw tenpai"),
    "chombo": OUTCOMES["chombo"],
    "biggest_hand": _("Biggest hand"),
    "yaku": _("Yaku"),
    "head_to_head": _("Head-to-head"),
    "head_to_head_matrix": _("Head-to-head matrix"),
    "seat_places": _("Places by seat"),
    "hand_values": _("Hand values"),
    "club_yaku": _("Yaku frequencies"),
    "first_yakuman": _("First yakuman"),
    "best_night": _("Best night"),
    "top_two_streak": _("Top-two streak"),
}
STATISTIC_DEFINITIONS = {  # shown beside every statistic (title attributes and the glossary)
    "games": _("Finished sessions the player sat in."),
    "total": _("Sum of settled results (uma, oka and penalties included), in thousands of points."),
    "average_result": _("Total result divided by games."),
    "average_place": _("Mean finishing place (1 is best); tied players share a place."),
    "places": _(
        "Share of games finished 1st / 2nd / 3rd / 4th (1st to 3rd in three-player games)."
    ),
    "tobi": _("Share of games finished with a negative score (busted)."),
    "openskill": _(
        "OpenSkill (Plackett-Luce) rating from places: shown as μ − 3σ, a cautious "
        "estimate of skill; ± is σ, the uncertainty, which shrinks as games are played. "
        "Three-player games are rated apart from four-player games."
    ),
    "tenhou": _(
        "Tenhou-style R: starts at 1500; each game adds (30, 10, −10, −30 by place, or "
        "30, 0, −30 with three players, + (table average R − own R) / 40) × "
        "max(1 − 0.002 × games played, 0.2). "
        "Three-player games are rated apart from four-player games."
    ),
    "rounds": _("Rounds played (every recorded round, chombo and aborts included)."),
    "win_rate": _("Rounds won (ron or tsumo) divided by rounds played."),
    "tsumo_share": _("Wins by tsumo divided by all wins."),
    "deal_in_rate": _("Rounds in which the player's discard was ronned, divided by rounds played."),
    "riichi_rate": _("Rounds with a riichi declaration divided by rounds played."),
    "riichi_success": _("Riichi rounds the player won divided by riichi rounds."),
    "average_win": _(
        "Points received for the hand (ron, tsumo or pao payments, honba included, "
        "riichi sticks excluded) per win."
    ),
    "average_deal_in": _("Points paid to the winner(s) by ron per deal-in."),
    "dealer_kept": _(
        "Dealer rounds ended by a win or an exhaustive draw in which the dealer won or "
        "was tenpai (kept the deal), divided by those dealer rounds."
    ),
    "draw_tenpai": _(
        "Exhaustive draws at which the player was tenpai, divided by exhaustive draws."
    ),
    "chombo": _("Chombo (penalised mistakes) the player committed."),
    "biggest_hand": _("Most points received for one hand."),
    "yaku": _(
        "How often each yaku appeared in the player's wins whose yaku are known: those "
        "entered tile by tile or by ticking their yaku."
    ),
    "head_to_head": _(
        "Games together: sessions at the same table. Place difference: the "
        "opponent's place minus the player's, averaged (positive: the player placed better). "
        "Ron won / lost: points the player took from that opponent by ron, and paid them by ron."
    ),
    "head_to_head_matrix": _(
        "The club's most active players in this scope, each row against each column. Each cell: games together; the column player's place minus the row player's, averaged (positive: the row player placed better); points the row player took from the column player by ron."
    ),
    "seat_places": _(
        "Games grouped by starting seat: East is the first dealer, then South, West and North. Places, average gain (final score minus the starting points, so that rulesets starting with 25,000 and 30,000 compare) and average place of the games played from each seat."
    ),
    "hand_values": _(
        "Every win in this scope by its value: 1 to 4 han below mangan, then each limit (counted yakuman included in yakuman). Every win counts, however it was entered: tile by tile, by ticking its yaku, or as han and fu."
    ),
    "club_yaku": _(
        "How many wins had each yaku (a win counts once for each of its yaku), among the wins whose yaku are known: those entered tile by tile or by ticking their yaku. Wins entered only as han and fu (or as a limit such as mangan) name no yaku and are left out."
    ),
    "first_yakuman": _(
        "The player's first win worth a yakuman (counted yakuman included) in this scope, with its session."
    ),
    "best_night": _(
        "Most wins in one club night: wins in sessions finished on the same date, in the club's time zone."
    ),
    "top_two_streak": _(
        "Longest run of consecutive games finished first or second, with its first and last dates."
    ),
}
