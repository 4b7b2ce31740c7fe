"""How well photos are read: per-tile precision and recall, per-class confusion, whole hands read
exactly, and latency, over a folder of photos with truth files.

A truth file is the ``python -m vision read --json`` shape written by the scene generator
(``tiles`` with boxes and codes, ``hand`` the engine input), so truth and reading compare field by
field. Predicted tiles are matched to true ones greedily by confidence at IoU >= 0.5; a tile counts
as read when it is matched and its code is right.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from engine.core.tiles import NotationError, Tile, parse_tiles
from vision.detect import box_iou
from vision.detections import Detections

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".webp")


@dataclass(frozen=True)
class Sample:
    """One evaluation photo and its truth (the ``read --json`` shape)."""

    image: Path
    truth: dict[str, Any]


def load_samples(folder: Path | str) -> list[Sample]:
    """Every truth JSON under ``folder`` whose photo can be found: beside it, or at the same place
    under ``images/`` when truth lives under ``truth/`` (the generator's dataset layout)."""
    root = Path(folder)
    samples = []
    for truth_path in sorted(root.rglob("*.json")):
        try:
            truth = json.loads(truth_path.read_text())
        except (json.JSONDecodeError, UnicodeDecodeError):
            continue
        if not isinstance(truth, dict) or "tiles" not in truth:
            continue
        image = _find_image(truth_path, truth.get("image"))
        if image is not None:
            samples.append(Sample(image, truth))
    return samples


def _find_image(truth_path: Path, name: str | None) -> Path | None:
    folders = [truth_path.parent]
    parts = truth_path.parent.parts
    if "truth" in parts:
        at = len(parts) - 1 - parts[::-1].index("truth")
        folders.append(Path(*parts[:at], "images", *parts[at + 1:]))
    names = [name] if name else [truth_path.stem + suffix for suffix in IMAGE_SUFFIXES]
    for candidate_folder in folders:
        for candidate in names:
            path = candidate_folder / candidate
            if path.exists():
                return path
    return None


# -- matching -----------------------------------------------------------------------------------

def match(predicted: Detections, truth: Detections, iou: float = 0.5) -> list[tuple[int, int]]:
    """(predicted index, true index) pairs: each prediction, most confident first, takes the free
    true tile it overlaps most, if that overlap reaches ``iou``."""
    pairs: list[tuple[int, int]] = []
    free = np.ones(len(truth), dtype=bool)
    for index in np.argsort(-predicted.confidences, kind="stable"):
        if not free.any():
            break
        overlaps = box_iou(predicted.boxes[index], truth.boxes)
        overlaps[~free] = -1
        best = int(np.argmax(overlaps))
        if overlaps[best] >= iou:
            pairs.append((int(index), best))
            free[best] = False
    return pairs


def match_centres(predicted: Detections, truth: Detections, iou: float = 0.0) -> list[tuple[int, int]]:
    """Pairs as ``match`` makes them, for truth boxes drawn loosely by people (the real photo set:
    boxes grown by the export's turns): a prediction takes the free true tile, nearest centre
    first, when each box holds the other's centre. ``iou`` is ignored (the same call shape)."""
    pairs: list[tuple[int, int]] = []
    free = np.ones(len(truth), dtype=bool)
    if not len(truth):
        return pairs
    true_centres = (truth.boxes[:, :2] + truth.boxes[:, 2:]) / 2
    for index in np.argsort(-predicted.confidences, kind="stable"):
        box = predicted.boxes[index]
        centre = (box[:2] + box[2:]) / 2
        holds_it = ((truth.boxes[:, 0] <= centre[0]) & (centre[0] <= truth.boxes[:, 2])
                    & (truth.boxes[:, 1] <= centre[1]) & (centre[1] <= truth.boxes[:, 3]))
        held = ((box[0] <= true_centres[:, 0]) & (true_centres[:, 0] <= box[2])
                & (box[1] <= true_centres[:, 1]) & (true_centres[:, 1] <= box[3]))
        candidates = np.flatnonzero(free & holds_it & held)
        if len(candidates):
            best = int(candidates[np.argmin(np.linalg.norm(true_centres[candidates] - centre, axis=1))])
            pairs.append((int(index), best))
            free[best] = False
    return pairs


MATCHERS = {"iou": match, "centre": match_centres}


def canonical_hand(hand: Mapping[str, Any]) -> tuple[Any, ...]:
    """A hand dict in a form where equal hands compare equal, whatever the order of writing.
    A concealed kong is compared by its kind: a red five under a face-down tile cannot be seen."""
    def tiles(text: str | None) -> tuple[Tile, ...]:
        try:
            return tuple(sorted(parse_tiles(text or "", check_counts=False)))
        except NotationError:
            return (Tile(-1),)

    melds = []
    for meld in hand.get("melds") or []:
        kind, _, text = meld.partition(":")
        group = tiles(text)
        if kind == "ankan":
            group = tuple(Tile(tile.kind) for tile in group)
        melds.append((kind, group))
    win = hand.get("win_tile") or ""
    return (tiles(hand.get("hand")), tuple(sorted(melds)), tiles(win), tiles(hand.get("flowers")))


# -- the report ---------------------------------------------------------------------------------

# Photos grouped by how many true tiles they hold: a laid-down hand is 10-20 tiles (14 plus kongs
# and flowers; 17 plus flowers at a Taiwanese table), and it is what a player photographs.
SIZE_GROUPS = ((1, 9, "1-9 tiles"), (10, 20, "10-20 tiles (a hand)"), (21, 29, "21-29 tiles"),
               (30, 10**6, "30 tiles and more"))


def size_group(tiles: int) -> str:
    """The SIZE_GROUPS label of a photo with ``tiles`` true tiles ("no tiles" for none)."""
    return next((label for low, high, label in SIZE_GROUPS if low <= tiles <= high), "no tiles")


@dataclass
class GroupTally:
    """One size group's photos, photos with every tile right, true tiles and tiles read right."""

    photos: int = 0
    photos_exact: int = 0
    true_tiles: int = 0
    read: int = 0

    def line(self, label: str) -> str:
        recall = self.read / self.true_tiles if self.true_tiles else 0.0
        share = self.photos_exact / self.photos if self.photos else 0.0
        return (f"  {label}: {self.photos} photos, every tile right {self.photos_exact} = {share:.2%}, "
                f"recall {recall:.2%}")

@dataclass
class Report:
    """Counts gathered over the samples; the rates are properties so nothing is stored twice."""

    images: int = 0
    true_tiles: int = 0
    predicted_tiles: int = 0
    found: int = 0                 # matched boxes, whatever the code
    read: int = 0                  # matched boxes with the right code
    hands_exact: int = 0
    hands: int = 0
    photos_exact: int = 0          # every true tile read right and nothing else read
    confusion: Counter = field(default_factory=Counter)    # (true code, read code) -> count
    missed: Counter = field(default_factory=Counter)       # true code -> unmatched count
    extra: Counter = field(default_factory=Counter)        # read code -> unmatched count
    latencies_ms: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)      # image names whose hand was not exact
    by_size: dict[str, GroupTally] = field(default_factory=dict)   # size_group -> its tally

    @property
    def precision(self) -> float:
        return self.read / self.predicted_tiles if self.predicted_tiles else 0.0

    @property
    def recall(self) -> float:
        return self.read / self.true_tiles if self.true_tiles else 0.0

    @property
    def box_precision(self) -> float:
        return self.found / self.predicted_tiles if self.predicted_tiles else 0.0

    @property
    def box_recall(self) -> float:
        return self.found / self.true_tiles if self.true_tiles else 0.0

    @property
    def photo_rate(self) -> float:
        return self.photos_exact / self.images if self.images else 0.0

    @property
    def hand_rate(self) -> float:
        return self.hands_exact / self.hands if self.hands else 0.0

    def latency(self) -> dict[str, float]:
        if not self.latencies_ms:
            return {}
        values = np.array(self.latencies_ms)
        return {f"p{q}": round(float(np.percentile(values, q)), 1) for q in (50, 90, 99)} | \
            {"max": round(float(values.max()), 1)}

    def per_class(self) -> dict[str, dict[str, float]]:
        """Precision and recall of each code (over matched boxes, misses and extras)."""
        codes = sorted({code for pair in self.confusion for code in pair}
                       | set(self.missed) | set(self.extra))
        out = {}
        for code in codes:
            right = self.confusion[(code, code)]
            true_total = sum(n for (t, _), n in self.confusion.items() if t == code) + self.missed[code]
            read_total = sum(n for (_, r), n in self.confusion.items() if r == code) + self.extra[code]
            out[code] = {"precision": right / read_total if read_total else 0.0,
                         "recall": right / true_total if true_total else 0.0,
                         "support": true_total}
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "images": self.images, "true_tiles": self.true_tiles, "predicted_tiles": self.predicted_tiles,
            "precision": round(self.precision, 4), "recall": round(self.recall, 4),
            "box_precision": round(self.box_precision, 4), "box_recall": round(self.box_recall, 4),
            "photos_exact": self.photos_exact, "photo_rate": round(self.photo_rate, 4),
            "hands": self.hands, "hands_exact": self.hands_exact, "hand_rate": round(self.hand_rate, 4),
            "latency_ms": self.latency(),
            "per_class": {code: {key: round(value, 4) for key, value in row.items()}
                          for code, row in self.per_class().items()},
            "confusions": [{"true": t, "read": r, "count": n}
                           for (t, r), n in self.confusion.most_common() if t != r],
            "missed": dict(self.missed), "extra": dict(self.extra),
            "failures": self.failures,
            "by_size": {label: vars(tally) for label, tally in self.by_size.items()},
        }

    def to_text(self) -> str:
        lines = [
            f"images {self.images}  tiles {self.true_tiles} true, {self.predicted_tiles} read",
            f"tile precision {self.precision:.2%}  recall {self.recall:.2%}  "
            f"(boxes alone: precision {self.box_precision:.2%}  recall {self.box_recall:.2%})",
            f"photos with every tile right {self.photos_exact}/{self.images} = {self.photo_rate:.2%}",
            f"whole hands exact {self.hands_exact}/{self.hands} = {self.hand_rate:.2%}",
            "latency ms " + "  ".join(f"{k} {v}" for k, v in self.latency().items()),
        ]
        order = [label for *_, label in SIZE_GROUPS] + ["no tiles"]
        if self.by_size:
            lines.append("by true tiles per photo:")
            lines += [self.by_size[label].line(label) for label in order if label in self.by_size]
        wrong = [(pair, n) for pair, n in self.confusion.most_common() if pair[0] != pair[1]]
        if wrong:
            lines.append("confusions (true -> read): "
                         + ", ".join(f"{t}->{r} x{n}" for (t, r), n in wrong[:15]))
        if self.missed:
            lines.append("missed: " + ", ".join(f"{c} x{n}" for c, n in self.missed.most_common(15)))
        if self.extra:
            lines.append("extra: " + ", ".join(f"{c} x{n}" for c, n in self.extra.most_common(15)))
        weak = [(code, row) for code, row in self.per_class().items()
                if min(row["precision"], row["recall"]) < 0.95]
        if weak:
            lines.append("classes under 95%: " + ", ".join(
                f"{code} P{row['precision']:.0%}/R{row['recall']:.0%}" for code, row in weak))
        return "\n".join(lines)


def score_sample(report: Report, name: str, predicted: Detections, hand: Mapping[str, Any],
                 truth: Mapping[str, Any], latency_ms: float | None = None, rule: str = "iou") -> None:
    """Add one photo's reading to ``report`` (pure bookkeeping; tested without a model). ``rule``:
    how a read tile is paired with a true one (MATCHERS)."""
    true = Detections.from_json(truth["tiles"])
    pairs = MATCHERS[rule](predicted, true)
    report.images += 1
    report.true_tiles += len(true)
    report.predicted_tiles += len(predicted)
    report.found += len(pairs)
    true_codes, read_codes = true.codes, predicted.codes
    for p, t in pairs:
        report.confusion[(true_codes[t], read_codes[p])] += 1
        report.read += true_codes[t] == read_codes[p]
    matched_p, matched_t = {p for p, _ in pairs}, {t for _, t in pairs}
    report.missed.update(code for i, code in enumerate(true_codes) if i not in matched_t)
    report.extra.update(code for i, code in enumerate(read_codes) if i not in matched_p)
    right = sum(true_codes[t] == read_codes[p] for p, t in pairs)
    exact = right == len(true) == len(predicted)
    report.photos_exact += exact
    group = report.by_size.setdefault(size_group(len(true)), GroupTally())
    group.photos += 1
    group.photos_exact += exact
    group.true_tiles += len(true)
    group.read += right
    if truth.get("hand") is not None:
        report.hands += 1
        if canonical_hand(hand) == canonical_hand(truth["hand"]):
            report.hands_exact += 1
        else:
            report.failures.append(name)
    if latency_ms is not None:
        report.latencies_ms.append(latency_ms)


def claimed_tiles(reading: Any) -> Detections:
    """The tiles a reading puts in its groups (detections it left out as strays are not claimed)."""
    kept = sorted({index for group in reading.layout.groups for index in group.tiles})
    return reading.detections[np.array(kept, dtype=np.int64)]


def evaluate(read: Callable[[bytes], Any], samples: Iterable[Sample],
             progress: Callable[[int], None] | None = None, rule: str = "iou") -> Report:
    """Read every sample with ``read`` (bytes -> vision.reader.Reading) and score it."""
    report = Report()
    for number, sample in enumerate(samples):
        reading = read(sample.image.read_bytes())
        score_sample(report, sample.image.name, claimed_tiles(reading), reading.layout.hand, sample.truth,
                     sum(reading.timing_ms.values()), rule=rule)
        if progress:
            progress(number + 1)
    return report


# -- single-tile photos (the Camerash set) -------------------------------------------------------

@dataclass
class CropReport:
    """Top-1 accuracy of the classifier on photos that each hold one tile."""

    right: int = 0
    total: int = 0
    confusion: Counter = field(default_factory=Counter)    # (true code, read code) -> count

    @property
    def accuracy(self) -> float:
        return self.right / self.total if self.total else 0.0

    def add(self, true_code: str, read_code: str) -> None:
        self.total += 1
        self.right += true_code == read_code
        self.confusion[(true_code, read_code)] += 1

    def to_json(self) -> dict[str, Any]:
        return {"photos": self.total, "top1": round(self.accuracy, 4),
                "confusions": [{"true": t, "read": r, "count": n}
                               for (t, r), n in self.confusion.most_common() if t != r]}

    def to_text(self) -> str:
        wrong = [(pair, n) for pair, n in self.confusion.most_common() if pair[0] != pair[1]]
        lines = [f"single-tile photos {self.total}: top-1 {self.right}/{self.total} = {self.accuracy:.2%}"]
        if wrong:
            lines.append("confusions (true -> read): "
                         + ", ".join(f"{t}->{r} x{n}" for (t, r), n in wrong[:20]))
        return "\n".join(lines)


def evaluate_tile_photos(name_tile: Callable[[np.ndarray], str],
                         items: Iterable[tuple[Path, str]]) -> CropReport:
    """``name_tile`` (BGR photo of one tile -> code) over (path, true code) items."""
    import cv2

    report = CropReport()
    for path, code in items:
        photo = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if photo is not None:
            report.add(code, name_tile(photo))
    return report
