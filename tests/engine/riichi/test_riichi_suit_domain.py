"""The suit tables' domain: every complete count vector of a suit, listed from the blocks up and
made into parts at the first miss (moved to each suit), gives the same parts as one vector
looked up alone (``suit_parts``), and holds every suit of the random wins."""

from __future__ import annotations

from riichi_random import random_requests

from engine.core.hand import hand_from_dict
from engine.families import resolve_options
from engine.families.riichi.family import score_hand
from engine.families.riichi.suit_tallies import (
    SUIT_CACHES,
    Part,
    complete_suit_readings,
    honour_domain,
    honour_part,
    suit_domain,
    suit_parts,
)


def _shape(part: Part | None) -> tuple | None:
    return None if part is None else (part.blocks, part.tally, part.masks, part.pair, part.base,
                                      len(part.wins))


def test_every_complete_suit_splits_as_the_search_does() -> None:
    # Each vector is checked in one of the three suits (a third each), so every vector is
    # compared once and every suit's moved parts are compared too.
    for index, base in enumerate((0, 9, 18)):
        domain = suit_domain(base)
        for position, (counts, (parts, mask, single)) in enumerate(sorted(domain.items())):
            if position % 3 != index:
                continue
            found, found_mask, found_single = suit_parts(counts, base)
            assert found, counts             # a complete vector splits at least one way
            assert [_shape(part) for part in parts] == [_shape(part) for part in found], counts
            assert (mask, _shape(single)) == (found_mask, _shape(found_single)), counts


def test_every_complete_honour_vector_reads_as_the_search_does() -> None:
    domain = honour_domain()
    for counts, (part, mask) in domain.items():
        found, found_mask = honour_part(counts)
        assert found is not None, counts
        assert (_shape(part), mask) == (_shape(found), found_mask), counts


def test_the_domain_holds_only_vectors_of_at_most_four_sets_and_one_pair() -> None:
    readings = complete_suit_readings(9, False)
    for counts, splits in readings.items():
        assert sum(counts) % 3 != 1 and sum(counts) <= 14 and max(counts) <= 4
        for blocks in splits:
            assert blocks == tuple(sorted(blocks))
            assert sum(shape == 2 for _, shape in blocks) <= 1     # PAIR_B
            assert len(blocks) <= 5
    # A few vectors worked by hand: 111 234 reads one way, 111 222 333 two, a lone tile or two
    # pairs none.
    assert len(readings[bytes((3, 1, 1, 1, 0, 0, 0, 0, 0))]) == 1
    assert len(readings[bytes((3, 3, 3, 0, 0, 0, 0, 0, 0))]) == 2     # three pungs or three chows
    assert bytes((1, 0, 0, 0, 0, 0, 0, 0, 0)) not in readings
    assert bytes((2, 2, 0, 0, 0, 0, 0, 0, 0)) not in readings          # two pairs


def test_random_wins_find_every_concealed_suit_in_the_domain() -> None:
    _, options = resolve_options("riichi", {})
    hands = [hand_from_dict(request) for request in random_requests(5, 2000)]
    for hand in hands:
        score_hand(hand, options, None)
    domains = [suit_domain(base) for base in (0, 9, 18)] + [honour_domain()]
    for table, domain in zip(SUIT_CACHES, domains, strict=True):
        for key in set(table) - set(domain):
            # A vector outside the domain is one no win reads as sets and a pair (seven pairs).
            parts = table[key][0]
            assert parts in ((), None), key
