"""The English templates of the table's refusals, one per code, kept together as data.

A ``TableError`` carries its code and params beside the English text it was filled from; the web
page and the command line look the template up by code, translate it into the reader's language
and fill it in the same way (``webapp/refusals.py``). ``N_`` marks each template for the catalogs'
extraction (babel.cfg names this module); the engine itself never translates.

Params are plain values: names, numbers, and the engine's own notation or ``repr`` of a value it
could not read (``value``, ``event``, ``type``). ``detail`` is the English explanation of a rule
module that has no codes of its own yet (a sacred discard, an abortive draw's evidence). Braces
that are not placeholders are doubled, as ``str.format`` reads them.
"""

from __future__ import annotations

from engine.reasons.marker import N_

MESSAGES: dict[str, str] = {
    # players and values in an event
    "table.not_a_player": N_("{key} must be a player index 0-3, got {value}"),
    "table.players_not_list": N_("{key} must be a list of player indexes"),
    "table.not_a_player_in_list": N_("{key}: {value} is not a player index 0-3"),
    "table.player_twice": N_("{key}: player {player} is listed twice"),
    "table.score_not_object": N_("a win needs its score as an object"),
    "table.agreed_value": N_("an agreed value is a whole number, 0 or more, got {value}; a hand's "
                             "value cannot be negative"),
    # the table and its history
    "table.four_players": N_("a table needs exactly four named players"),
    "table.distinct_names": N_("the four players need four different names"),
    "table.option_not_understood": N_("option '{option}': {value} is not understood"),
    "table.unknown_event": N_("event {event} is not in the table's history (undone or unknown)"),
    "table.unknown_event_type": N_("unknown event type {type}"),
    "table.nothing_to_undo": N_("nothing to undo"),
    "table.game_over": N_("the game is over (after hand {hand})"),
    "table.amend_replacement": N_("an amendment needs a replacement win, draw, false win, penalty "
                                  "or play event"),
    "table.amend_rescored_list": N_("an amendment's rescored hands must be a list of {{target, event}}"),
    "table.amend_rescored_later": N_("an amendment rescores only wins recorded after the hand it "
                                     "replaces"),
    "table.later_unscorable": N_("hand {hand} ({player}'s win) cannot be scored again in its new "
                                 "seat: {detail}"),
    "table.later_not_a_win": N_("this change moves the seats of hand {hand} ({player}'s win), which "
                                "is then no longer a win ({detail}); amend or undo that hand first"),
    # wins
    "table.claims_list": N_("claims must be a non-empty list of {{winner, score}}"),
    "table.claimant_twice": N_("each claimant once, and not the discarder"),
    "table.others_key": N_("others: {key} must be a losing player's index"),
    "table.winner_is_discarder": N_("the winner cannot also be the discarder"),
    "table.dead_hand": N_("{player}'s hand is dead after a false win; it cannot win"),
    "table.claim_not_a_win": N_("{player}'s claim is not a win; settle it as a false win first"),
    "table.sacred_discard": N_("{player} may not win on this discard: {detail}"),
    "table.sacred_needs_tile": N_("the winner's own discards are recorded this hand: say which tile "
                                  "won (the hand, or 'tile') so the sacred discard can be checked"),
    "table.cannot_settle": N_("cannot settle this win: {detail}"),
    "table.value_negative": N_("{player}'s hand: a hand's value cannot be negative, got {total}"),
    "table.han_not_count": N_("{player}'s hand: han must be a whole number, 0 or more, got {han}"),
    "table.needs_han_fu": N_("{player}'s hand: an agreed Riichi value needs its han and fu, or its "
                             "limit name (mangan, haneman, ...), to be paid"),
    "table.no_riichi": N_("{rules} has no riichi declarations: no riichi stick is taken"),
    "table.no_riichi_option_off": N_("{rules} has no riichi declarations (its option 'riichi' is "
                                     "off): no riichi stick is taken"),
    "table.payments": N_("payments {payments} must be four figures summing to zero"),
    # draws
    "table.abortive_draws_off": N_("abortive draws are switched off at this table ({rules})"),
    "table.no_abortive_draws": N_("{rules} has no abortive draws: a hand ends in a win or when the "
                                  "wall runs out"),
    "table.abortive_reason": N_("an abortive draw's reason is one of: {choices}; got {reason}"),
    "table.not_abortive": N_("not an abortive draw: {detail}"),
    "table.draw_reason_text": N_("a draw's reason must be text"),
    # false wins, penalties, play
    "table.already_dead": N_("{player}'s hand is already dead in this hand"),
    "table.penalty_negative": N_("a penalty is 0 points (a warning) or more, got {points}"),
    "table.penalty_to_self": N_("a penalty is paid to someone else"),
    "table.penalty_split": N_("{points} cannot be split evenly among three players"),
    "table.penalty_deltas": N_("a penalty needs four whole-number deltas summing to zero"),
    "table.unknown_offence": N_("offence {offence} is not one {rules} names (offences: {offences})"),
    "table.no_play_events": N_("{rules} keeps no discards, wall draws or ready declarations (it has "
                               "no sacred-discard rule)"),
    "table.no_tile": N_("{key} must be one tile in notation, e.g. '5p'"),
    "table.not_one_tile": N_("{key} must be one tile, got {count} in {text}"),
    "table.already_ready": N_("{player} has already declared ready this hand"),
}
