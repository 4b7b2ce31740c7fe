"""The Japanese games' reasons as English templates (engine.reasons): why each yaku, dora and
(in the points-and-doubles game) each points item scores. The scoring code makes each reason from
its code here (``why``)."""

from __future__ import annotations

from typing import Any

from engine.reasons import Reason, reason
from engine.reasons.marker import N_

REASONS = {
    # -- the circumstances of the win
    "riichi.menzen_tsumo": N_("self-drawn with a closed hand"),
    "riichi.riichi": N_("declared ready"),
    "riichi.double_riichi": N_("declared ready on the first go-round"),
    "riichi.ippatsu": N_("won within one go-round of riichi"),
    "riichi.rinshan": N_("won on a kong replacement tile"),
    "riichi.chankan": N_("robbed a kong"),
    "riichi.haitei": N_("self-drawn on the last tile of the wall"),
    "riichi.houtei": N_("won on the last discard"),
    "riichi.renhou": N_("won on a discard before the first draw"),
    "riichi.tenhou": N_("dealer won on the first draw"),
    "riichi.chiihou": N_("won on the first draw"),
    # -- the tiles of the hand
    "riichi.tanyao": N_("only simples (2-8)"),
    "riichi.honitsu": N_("one suit ({suit}) with honours"),
    "riichi.chinitsu": N_("one suit ({suit}) only"),
    "riichi.honroutou": N_("only terminals and honours"),
    "riichi.chinroutou": N_("only terminals"),
    "riichi.tsuuiisou": N_("only honours"),
    "riichi.ryuuiisou": N_("only green tiles (23468s, 6z)"),
    "riichi.pung_of": N_("pung of {tile}"),
    "riichi.seat_wind": N_("pung of the seat wind {tile}"),
    "riichi.round_wind": N_("pung of the round wind {tile}"),
    "riichi.shousangen": N_("two dragon pungs and a dragon pair"),
    "riichi.daisangen": N_("pungs of all three dragons"),
    "riichi.shousuushii": N_("three wind pungs and a wind pair"),
    "riichi.daisuushii": N_("pungs of all four winds"),
    "riichi.sankantsu": N_("three kongs"),
    "riichi.suukantsu": N_("four kongs"),
    "riichi.kokushi": N_("one of each terminal and honour"),
    "riichi.kokushi_13_wait": N_("thirteen orphans waiting on all 13"),
    "riichi.chuuren": N_("nine gates"),
    "riichi.chuuren_9_wait": N_("nine gates waiting on all nine"),
    # -- the sets of the hand
    "riichi.pinfu": N_("all chows, a plain pair and a two-sided wait"),
    "riichi.chiitoitsu": N_("seven different pairs"),
    "riichi.iipeikou": N_("two identical chows"),
    "riichi.ryanpeikou": N_("two pairs of identical chows"),
    "riichi.sanshoku": N_("chow {ranks} in all three suits"),
    "riichi.ittsu": N_("straight 1-9 in {suit}"),
    "riichi.chanta": N_("a terminal or honour in every set and the pair"),
    "riichi.junchan": N_("a terminal in every set and the pair"),
    "riichi.toitoi": N_("four pungs or kongs"),
    "riichi.sanankou": N_("three concealed pungs"),
    "riichi.sanshoku_doukou": N_("pung of {rank} in all three suits"),
    "riichi.suuankou": N_("four concealed pungs"),
    "riichi.suuankou_tanki": N_("four concealed pungs, single wait on {tile}"),
    # -- dora
    "riichi.dora": N_("tiles after the dora indicators"),
    "riichi.aka_dora": N_("red fives"),
    "riichi.ura_dora": N_("tiles after the ura indicators"),
    "riichi.dora_switched_on": N_("dora are switched on"),
    # -- the points-and-doubles game (japanese-classical): points items and doubles
    "riichi.winning": N_("basic points for going out"),
    "riichi.concealed_ron": N_("won on a discard with a concealed hand"),
    "riichi.self_drawn": N_("won on own draw"),
    "riichi.seven_pairs_points": N_("seven different pairs: {points} points"),
    "riichi.closed_pung": N_("closed pung"),
    "riichi.open_pung": N_("open pung"),
    "riichi.closed_kong": N_("closed kong"),
    "riichi.open_kong": N_("open kong"),
    "riichi.edge_wait": N_("edge wait"),
    "riichi.closed_wait": N_("closed wait"),
    "riichi.single_wait": N_("single wait"),
    "riichi.yakuhai_pair": N_("yakuhai pair"),
    "riichi.double_wind_pair": N_("double wind pair"),
    "riichi.open_hand_without_fu": N_("open hand without fu"),
    "riichi.one_double": N_("{han} double: {reason}"),
    "riichi.doubles": N_("{han} doubles: {reason}"),
}


def why(code: str, **params: Any) -> Reason:
    """The reason ``code`` with its params, its English text rendered from the template."""
    return reason(REASONS, code, **params)
