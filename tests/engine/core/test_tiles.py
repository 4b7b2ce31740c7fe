"""Notation: parse, format, errors that name the bad token, round trips."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.tiles import (
    KIND_CODES,
    NotationError,
    Tile,
    counts34,
    format_tiles,
    parse_tile,
    parse_tiles,
    wind_from_letter,
)


def test_parse_suits_honours_red_and_bonus():
    tiles = parse_tiles("123m0p9s17z15f")
    assert [t.code for t in tiles] == ["1m", "2m", "3m", "0p", "9s", "1z", "7z", "1f", "5f"]
    assert tiles[3] == Tile(13, red=True) and tiles[3].kind == parse_tile("5p").kind


def test_format_sorts_and_groups():
    assert format_tiles(parse_tiles("7z1m9s0p5p")) == "1m05p9s7z"


@pytest.mark.parametrize("text, fragment", [
    ("123x", "'x' at position 3"),
    ("8z", "8z at position 0"),
    ("9f", "9f at position 0"),
    ("m", "'m' at position 0"),
    ("123", "position 2 has no suit letter"),
    ("11111m", "5 copies of 1m"),
    ("0m0m", "2 red fives 0m"),
    ("1f1f", "2 copies of 1f"),
])
def test_errors_name_token_and_position(text, fragment):
    with pytest.raises(NotationError) as error:
        parse_tiles(text)
    assert fragment in str(error.value)


def test_winds():
    assert wind_from_letter("S") == 28 and wind_from_letter("4z") == 30
    with pytest.raises(NotationError):
        wind_from_letter("X")


hands = st.lists(st.sampled_from(range(42)), max_size=18).filter(
    lambda kinds: all(kinds.count(k) <= (1 if k >= 34 else 4) for k in set(kinds)))


@settings(deadline=None)  # a loaded machine must not fail a rule test on time
@given(hands, st.booleans())
def test_round_trip(kinds, red):
    tiles = [Tile(k) for k in kinds]
    if red and 4 in kinds:
        tiles[kinds.index(4)] = Tile(4, red=True)
    text = format_tiles(tiles)
    assert format_tiles(parse_tiles(text)) == text
    assert sorted(parse_tiles(text)) == sorted(tiles)
    assert sum(counts34(tiles)) == sum(1 for k in kinds if k < 34)


@settings(deadline=None)  # a loaded machine must not fail a rule test on time
@given(st.text(max_size=20))
def test_garbage_gives_notation_error_or_tiles(text):
    try:
        tiles = parse_tiles(text)
    except NotationError as error:
        assert str(error)
    else:
        assert all(t.code[1] in "mpszf" for t in tiles)


def test_codes_table_is_complete():
    assert len(KIND_CODES) == 42 and len(set(KIND_CODES)) == 42


def test_parsed_tiles_are_shared_and_keep_what_they_are():
    first = parse_tiles("1m05p7z8f")
    again = parse_tiles("8f 7z 5p0p 1m")
    assert [tile.code for tile in first] == ["1m", "0p", "5p", "7z", "8f"]
    assert first[0] is again[-1] and first[3] is again[1] and first[4] is again[0]
    assert first[1] is again[3] and first[1].red and not first[2].red
    assert first[2] is again[2] and first[1] != first[2] and first[1].kind == first[2].kind
