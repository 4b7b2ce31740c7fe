"""Frame voting: a hand is emitted once, after it wins a quorum of recent frames."""

from __future__ import annotations

import pytest

from vision.stabilize import Stabilizer, vote


def test_vote_needs_a_quorum():
    assert vote(["a", "a", "b", "a"], quorum=3) == "a"
    assert vote(["a", "a", "b", "a"], quorum=4) is None
    assert vote([None, None, None], quorum=1) is None
    assert vote([], quorum=1) is None


def test_vote_ties_go_to_the_most_recent_reading():
    assert vote(["a", "b", "b", "a"], quorum=2) == "a"
    assert vote(["a", "b", "a", "b"], quorum=2) == "b"


def feed(stabilizer: Stabilizer, signatures: str) -> list[str | None]:
    """One frame per character; '.' is a frame with nothing readable."""
    out = []
    for char in signatures:
        signature = None if char == "." else char
        out.append(stabilizer.push(signature, signature))
    return out


def test_emits_once_when_stable_and_again_only_for_a_new_hand():
    stabilizer = Stabilizer(window=5, quorum=4)
    emitted = feed(stabilizer, "aabaaaaa")
    # frame 5 (index 4) is the first whose window a,a,b,a,a gives 'a' four votes
    assert emitted == [None, None, None, None, "a", None, None, None]
    emitted = feed(stabilizer, "bbbbb")
    # window after each b: aaaab, aaabb, aabbb, abbbb (4 b: emit), bbbbb
    assert emitted == [None, None, None, "b", None]


def test_a_glitch_frame_does_not_break_a_stable_hand():
    stabilizer = Stabilizer(window=6, quorum=4)
    assert feed(stabilizer, "aaxaa") == [None, None, None, None, "a"]   # fourth a: quorum
    assert feed(stabilizer, "axaa") == [None, None, None, None]


def test_the_same_hand_after_the_table_is_cleared_is_emitted_again():
    stabilizer = Stabilizer(window=3, quorum=2)
    assert feed(stabilizer, "aa") == [None, "a"]
    assert feed(stabilizer, "...") == [None, None, None]
    assert feed(stabilizer, "aa") == [None, "a"]


def test_the_latest_reading_of_the_winner_is_returned():
    stabilizer = Stabilizer(window=3, quorum=2)
    assert stabilizer.push("hand", {"frame": 1}) is None
    assert stabilizer.push("hand", {"frame": 2}) == {"frame": 2}


def test_quorum_must_fit_the_window():
    with pytest.raises(ValueError, match="quorum"):
        Stabilizer(window=3, quorum=4)


def test_a_settled_vote_is_never_won_by_what_lean_frames_read():
    """Frames are read lean while the vote is settled, as watch does; here lean frames always read
    "lean" and full frames "A": the hand emitted is A, once, and lean frames keep coming back."""
    stabilizer = Stabilizer(window=8, quorum=6)
    emitted, lean_frames = [], 0
    for _ in range(60):
        lean = stabilizer.settled
        lean_frames += lean
        signature = "lean" if lean else "A"
        if stabilizer.push(signature, signature) is not None:
            emitted.append(signature)
    assert emitted == ["A"] and lean_frames >= 10


def test_a_vote_that_two_readings_could_win_is_never_settled():
    stabilizer = Stabilizer(window=8, quorum=4)
    for _ in range(8):
        stabilizer.push("A", "A")
    assert not stabilizer.settled
    strict = Stabilizer(window=4, quorum=3)
    for _ in range(3):
        strict.push("A", "A")
    assert strict.settled
    strict.reset()
    assert not strict.settled
