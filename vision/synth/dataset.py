"""Datasets from recipes: a recipe (``datasets/*.yaml``) names its scenes' options and splits;
``write_dataset`` writes each split as a YOLO dataset (images/, labels/) plus ``truth/<stem>.json``
per scene in the ``vision read`` JSON shape.

``python -m vision.synth.dataset RECIPE.yaml`` (or ``python -m vision.synth.scene``, the same
command) writes ``datasets/<name>/`` (``--limit N --split train``: only the first N scenes of one split).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import cv2
import yaml
from tqdm import tqdm

from vision.synth.faces import STYLES
from vision.synth.scene import render_scene, truth_json
from vision.synth.shot import SceneConfig
from vision.synth.surfaces import ALL_SURFACES, SURFACES


def write_dataset(
    name: str,
    *,
    seed: int,
    count: int,
    config: SceneConfig,
    root: Path,
    save_long_side: int = 640,
    split: str = "train",
    quality: int = 90,
) -> Path:
    """Write ``count`` scenes as YOLO images/labels (one class: tile) plus truth JSON per scene."""
    base = root / name
    for sub in ("images", "labels", "truth"):
        (base / sub / split).mkdir(parents=True, exist_ok=True)
    for index in tqdm(range(count), desc=f"{name}/{split}", unit="scene"):
        scene_seed = seed * 1_000_003 + index
        scene = render_scene(scene_seed, config)
        h, w = scene.image.shape[:2]
        scale = min(1.0, save_long_side / max(h, w))
        image = scene.image
        if scale < 1.0:
            image = cv2.resize(image, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
        stem = f"{name}_{split}_{index:06d}"
        cv2.imwrite(str(base / "images" / split / f"{stem}.jpg"), image, [cv2.IMWRITE_JPEG_QUALITY, quality])
        lines = []
        for x1, y1, x2, y2 in scene.boxes:
            lines.append(
                f"0 {(x1 + x2) / 2 / w:.6f} {(y1 + y2) / 2 / h:.6f} {(x2 - x1) / w:.6f} {(y2 - y1) / h:.6f}"
            )
        (base / "labels" / split / f"{stem}.txt").write_text("\n".join(lines) + "\n")
        truth = truth_json(scene, scale)
        truth["image"] = f"{stem}.jpg"
        (base / "truth" / split / f"{stem}.json").write_text(json.dumps(truth))
    return base


def write_photos(out_dir: Path, seeds: list[int], config: SceneConfig, quality: int = 88) -> list[Path]:
    """Full-size scene photos with their truth JSON side by side (``<stem>.jpg`` + ``<stem>.json``).

    Used for the small evaluation set committed under ``datasets/eval/``.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for seed in seeds:
        scene = render_scene(seed, config)
        stem = f"scene-{seed}"
        cv2.imwrite(str(out_dir / f"{stem}.jpg"), scene.image, [cv2.IMWRITE_JPEG_QUALITY, quality])
        truth = truth_json(scene)
        truth["image"] = f"{stem}.jpg"
        (out_dir / f"{stem}.json").write_text(json.dumps(truth, indent=1) + "\n")
        written.append(out_dir / f"{stem}.jpg")
    return written


def write_data_yaml(base: Path) -> Path:
    """The Ultralytics data file for a generated dataset (absolute path, one class ``tile``)."""
    splits = [p.name for p in (base / "images").iterdir() if p.is_dir()]
    data = {
        "path": str(base.resolve()),
        "train": "images/train",
        "val": "images/val" if "val" in splits else "images/train",
        "names": {0: "tile"},
    }
    target = base / "data.yaml"
    target.write_text(yaml.safe_dump(data, sort_keys=False))
    return target


def load_recipe(path: Path) -> dict:
    return yaml.safe_load(Path(path).read_text())


# recipe fields that are SceneConfig fields of the same name and type
_SHARES = ("red_fives", "flowers", "max_tilt", "kongs", "any_angle", "low_view", "cut", "single", "standing",
           "stretch", "autotable", "taiwanese")
_RECIPE_FIELDS = {"name", "styles", "surfaces", "render_long_side", "save_long_side", "splits",
                  "red_five_styles", *_SHARES}


def recipe_config(recipe: dict) -> SceneConfig:
    """The scene configuration a recipe asks for; an unknown field or a share outside 0-1 is an error
    (a misspelt option would otherwise be silently left out)."""
    unknown = sorted(set(recipe) - _RECIPE_FIELDS)
    if unknown:
        raise ValueError(f"unknown recipe field(s) {', '.join(unknown)}; "
                         f"known: {', '.join(sorted(_RECIPE_FIELDS))}")
    shares = {key: float(recipe[key]) for key in _SHARES if key in recipe}
    wrong = [key for key, value in shares.items() if not 0.0 <= value <= 1.0]
    if wrong or shares.get("single", 0.0) + shares.get("standing", 0.0) > 1.0:
        raise ValueError("recipe shares must lie in 0-1 (single + standing together too): "
                         + (", ".join(wrong) or "single + standing"))
    config = SceneConfig(
        styles=tuple(recipe.get("styles", STYLES)),
        surfaces=tuple(recipe.get("surfaces", SURFACES)),
        long_side=int(recipe.get("render_long_side", 1280)),
        red_five_styles=tuple(recipe["red_five_styles"]) if "red_five_styles" in recipe else None,
        **shares,
    )
    for style in config.styles:
        if style not in STYLES:
            raise ValueError(f"unknown tile style {style!r}; known: {', '.join(STYLES)}")
    for surface in config.surfaces:
        if surface not in ALL_SURFACES:
            raise ValueError(f"unknown surface {surface!r}; known: {', '.join(ALL_SURFACES)}")
    return config


def generate_from_recipe(recipe_path: Path, root: Path = Path("datasets"), limit: int | None = None,
                         split: str | None = None) -> Path:
    """Build every split a recipe names (or only ``split``); see datasets/*.yaml for the fields.
    ``limit``: only the first scenes of each split (a quick look, or a speed check)."""
    recipe = load_recipe(recipe_path)
    config = recipe_config(recipe)
    base = root / recipe["name"]
    if split is not None and split not in recipe["splits"]:
        raise ValueError(f"no split {split!r}; the recipe has {', '.join(recipe['splits'])}")
    for name, spec in recipe["splits"].items():
        if split is not None and name != split:
            continue
        write_dataset(
            recipe["name"],
            seed=int(spec["seed"]),
            count=min(int(spec["count"]), limit) if limit is not None else int(spec["count"]),
            config=config,
            root=root,
            save_long_side=int(recipe.get("save_long_side", 640)),
            split=name,
        )
    write_data_yaml(base)
    return base


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("recipe", type=Path, help="a datasets/*.yaml recipe")
    parser.add_argument("--root", type=Path, default=Path("datasets"))
    parser.add_argument("--limit", type=int, default=None, help="only the first N scenes of each split")
    parser.add_argument("--split", default=None, help="only this split (e.g. train)")
    args = parser.parse_args(argv)
    try:
        print(generate_from_recipe(args.recipe, args.root, args.limit, args.split))
    except ValueError as error:
        parser.error(f"{args.recipe}: {error}")


if __name__ == "__main__":
    main()
