"""``Table``: a look-up table filled on first use, and with its whole domain at the first miss."""

from __future__ import annotations

from engine.core.tables import Table


def test_a_table_keeps_what_it_builds_up_to_its_limit() -> None:
    built: list[str] = []

    def build(key: str) -> str:
        built.append(key)
        return key.upper()

    table = Table(build, 2)
    assert table["a"] == "A" and table["a"] == "A" and built == ["a"]
    assert table["b"] == "B" and table["c"] == "C"
    assert "c" not in table and len(table) == 2    # past the limit: answered, not kept
    assert table["c"] == "C" and built == ["a", "b", "c", "c"]


def test_a_table_fills_its_domain_at_the_first_miss_and_bounds_the_rest() -> None:
    built: list[int] = []

    def build(key: int) -> int:
        built.append(key)
        return key * 10

    table = Table(build, 2, lambda: {1: 10, 2: 20})
    assert table[2] == 20 and built == []          # the miss filled the domain, no build
    assert table[5] == 50 and table[6] == 60 and table[7] == 70
    assert built == [5, 6, 7]
    assert 7 not in table and len(table) == 4      # two kept beyond the domain of two
    assert table[7] == 70 and built == [5, 6, 7, 7]
