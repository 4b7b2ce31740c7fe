"""The 81 MCR scoring elements as data: Green Book number, name, points, and what each one
implies (the fans it makes redundant, so they are "not also counted": the non-repeat principle).

Values follow the Green Book 2006 (docs/rules.md); the two version-dependent values (Two Concealed
Kongs, one melded + one concealed kong) come from the preset options, not from this table.
``covers_pungs`` says which Pung of Terminals or Honors (73) a fan already accounts for:
"winds" / "dragons" (every wind / dragon pung in the hand), "prevalent" / "seat" (that wind's
pung), "one" (one terminal pung, Nine Gates) or "all".
"""

from __future__ import annotations

from typing import NamedTuple


class Fan(NamedTuple):
    id: int
    key: str
    name: str
    value: int
    excludes: tuple[str, ...] = ()
    covers_pungs: str | None = None


_TABLE: tuple[Fan, ...] = (
    Fan(1, "big_four_winds", "Big Four Winds", 88,
        ("big_three_winds", "all_pungs", "prevalent_wind", "seat_wind", "little_four_winds"), "winds"),
    Fan(2, "big_three_dragons", "Big Three Dragons", 88,
        ("two_dragon_pungs", "dragon_pung", "little_three_dragons"), "dragons"),
    Fan(3, "all_green", "All Green", 88, ("half_flush",)),
    Fan(4, "nine_gates", "Nine Gates", 88,
        ("full_flush", "fully_concealed_hand", "concealed_hand", "no_honors"), "one"),
    Fan(5, "four_kongs", "Four Kongs", 88, ("all_pungs", "single_wait")),
    Fan(6, "seven_shifted_pairs", "Seven Shifted Pairs", 88,
        ("full_flush", "seven_pairs", "fully_concealed_hand", "concealed_hand", "no_honors",
         "single_wait")),
    Fan(7, "thirteen_orphans", "Thirteen Orphans", 88,
        ("all_terminals_and_honors", "all_types", "fully_concealed_hand", "concealed_hand",
         "single_wait")),
    Fan(8, "all_terminals", "All Terminals", 64,
        ("all_terminals_and_honors", "all_pungs", "outside_hand", "double_pung", "no_honors"), "all"),
    Fan(9, "little_four_winds", "Little Four Winds", 64, ("big_three_winds",), "winds"),
    Fan(10, "little_three_dragons", "Little Three Dragons", 64,
        ("two_dragon_pungs", "dragon_pung"), "dragons"),
    Fan(11, "all_honors", "All Honors", 64,
        ("all_terminals_and_honors", "all_pungs", "outside_hand"), "all"),
    Fan(12, "four_concealed_pungs", "Four Concealed Pungs", 64,
        ("all_pungs", "fully_concealed_hand", "concealed_hand")),
    Fan(13, "pure_terminal_chows", "Pure Terminal Chows", 64,
        ("seven_pairs", "full_flush", "all_chows", "pure_double_chow", "two_terminal_chows",
         "no_honors")),
    Fan(14, "quadruple_chow", "Quadruple Chow", 48,
        ("pure_triple_chow", "pure_shifted_pungs", "seven_pairs", "tile_hog", "pure_double_chow")),
    Fan(15, "four_pure_shifted_pungs", "Four Pure Shifted Pungs", 48,
        ("pure_triple_chow", "pure_shifted_pungs", "all_pungs")),
    Fan(16, "four_pure_shifted_chows", "Four Pure Shifted Chows", 32,
        ("pure_shifted_chows", "short_straight", "two_terminal_chows")),
    Fan(17, "three_kongs", "Three Kongs", 32),
    Fan(18, "all_terminals_and_honors", "All Terminals and Honors", 32,
        ("all_pungs", "outside_hand"), "all"),
    Fan(19, "seven_pairs", "Seven Pairs", 24,
        ("fully_concealed_hand", "concealed_hand", "single_wait")),
    Fan(20, "greater_honors_and_knitted_tiles", "Greater Honors and Knitted Tiles", 24,
        ("lesser_honors_and_knitted_tiles", "all_types", "fully_concealed_hand", "concealed_hand")),
    Fan(21, "all_even_pungs", "All Even Pungs", 24, ("all_pungs", "all_simples", "no_honors")),
    Fan(22, "full_flush", "Full Flush", 24, ("no_honors",)),
    Fan(23, "pure_triple_chow", "Pure Triple Chow", 24, ("pure_shifted_pungs", "pure_double_chow")),
    Fan(24, "pure_shifted_pungs", "Pure Shifted Pungs", 24, ("pure_triple_chow",)),
    Fan(25, "upper_tiles", "Upper Tiles", 24, ("upper_four", "no_honors")),
    Fan(26, "middle_tiles", "Middle Tiles", 24, ("all_simples", "no_honors")),
    Fan(27, "lower_tiles", "Lower Tiles", 24, ("lower_four", "no_honors")),
    Fan(28, "pure_straight", "Pure Straight", 16, ("short_straight", "two_terminal_chows")),
    Fan(29, "three_suited_terminal_chows", "Three-Suited Terminal Chows", 16,
        ("all_chows", "two_terminal_chows", "mixed_double_chow", "no_honors")),
    Fan(30, "pure_shifted_chows", "Pure Shifted Chows", 16),
    Fan(31, "all_fives", "All Fives", 16, ("all_simples", "no_honors")),
    Fan(32, "triple_pung", "Triple Pung", 16, ("double_pung",)),
    Fan(33, "three_concealed_pungs", "Three Concealed Pungs", 16),
    Fan(34, "lesser_honors_and_knitted_tiles", "Lesser Honors and Knitted Tiles", 12,
        ("all_types", "fully_concealed_hand", "concealed_hand")),
    Fan(35, "knitted_straight", "Knitted Straight", 12),
    Fan(36, "upper_four", "Upper Four", 12, ("no_honors",)),
    Fan(37, "lower_four", "Lower Four", 12, ("no_honors",)),
    Fan(38, "big_three_winds", "Big Three Winds", 12, (), "winds"),
    Fan(39, "mixed_straight", "Mixed Straight", 8),
    Fan(40, "reversible_tiles", "Reversible Tiles", 8, ("one_voided_suit",)),
    Fan(41, "mixed_triple_chow", "Mixed Triple Chow", 8, ("mixed_double_chow",)),
    Fan(42, "mixed_shifted_pungs", "Mixed Shifted Pungs", 8),
    Fan(43, "chicken_hand", "Chicken Hand", 8),
    Fan(44, "last_tile_draw", "Last Tile Draw", 8, ("self_drawn",)),
    Fan(45, "last_tile_claim", "Last Tile Claim", 8),
    Fan(46, "out_with_replacement_tile", "Out with Replacement Tile", 8, ("self_drawn",)),
    Fan(47, "robbing_the_kong", "Robbing the Kong", 8, ("last_tile",)),
    Fan(48, "two_concealed_kongs", "Two Concealed Kongs", 8, ("two_concealed_pungs",)),
    Fan(49, "all_pungs", "All Pungs", 6),
    Fan(50, "half_flush", "Half Flush", 6),
    Fan(51, "mixed_shifted_chows", "Mixed Shifted Chows", 6),
    Fan(52, "all_types", "All Types", 6),
    Fan(53, "melded_hand", "Melded Hand", 6, ("single_wait",)),
    Fan(54, "two_dragon_pungs", "Two Dragon Pungs", 6, ("dragon_pung",), "dragons"),
    Fan(55, "outside_hand", "Outside Hand", 4),
    Fan(56, "fully_concealed_hand", "Fully Concealed Hand", 4, ("self_drawn", "concealed_hand")),
    Fan(57, "two_melded_kongs", "Two Melded Kongs", 4),
    Fan(58, "last_tile", "Last Tile", 4),
    Fan(59, "dragon_pung", "Dragon Pung", 2, (), "dragons"),
    Fan(60, "prevalent_wind", "Prevalent Wind", 2, (), "prevalent"),
    Fan(61, "seat_wind", "Seat Wind", 2, (), "seat"),
    Fan(62, "concealed_hand", "Concealed Hand", 2),
    Fan(63, "all_chows", "All Chows", 2, ("no_honors",)),
    Fan(64, "tile_hog", "Tile Hog", 2),
    Fan(65, "double_pung", "Double Pung", 2),
    Fan(66, "two_concealed_pungs", "Two Concealed Pungs", 2),
    Fan(67, "concealed_kong", "Concealed Kong", 2),
    Fan(68, "all_simples", "All Simples", 2, ("no_honors",)),
    Fan(69, "pure_double_chow", "Pure Double Chow", 1),
    Fan(70, "mixed_double_chow", "Mixed Double Chow", 1),
    Fan(71, "short_straight", "Short Straight", 1),
    Fan(72, "two_terminal_chows", "Two Terminal Chows", 1),
    Fan(73, "pung_of_terminals_or_honors", "Pung of Terminals or Honors", 1),
    Fan(74, "melded_kong", "Melded Kong", 1),
    Fan(75, "one_voided_suit", "One Voided Suit", 1),
    Fan(76, "no_honors", "No Honors", 1),
    Fan(77, "edge_wait", "Edge Wait", 1, ("closed_wait", "single_wait")),
    Fan(78, "closed_wait", "Closed Wait", 1, ("edge_wait", "single_wait")),
    Fan(79, "single_wait", "Single Wait", 1, ("edge_wait", "closed_wait")),
    Fan(80, "self_drawn", "Self-Drawn", 1),
    Fan(81, "flower_tiles", "Flower Tiles", 1),
)

FANS: dict[str, Fan] = {fan.key: fan for fan in _TABLE}

# Reading order for the non-repeat principle: a fan removed by a higher one removes nothing itself
# (Seven Pairs drops Fully Concealed Hand, but a self-drawn Seven Pairs keeps Self-Drawn).
ORDER: tuple[str, ...] = tuple(fan.key for fan in _TABLE)
