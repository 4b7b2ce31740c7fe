"""Run every benchmark script in this folder, one after another, and let each print its figures.

Each ``bench_*.py`` compares our code with a peer in the same run (ratios, not absolute times,
since these machines are shared and noisy).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def main() -> int:
    folder = Path(__file__).resolve().parent
    failures = 0
    for script in sorted(folder.glob("bench_*.py")):
        print(f"== {script.name}", flush=True)
        result = subprocess.run([sys.executable, str(script)], cwd=folder.parent)
        failures += result.returncode != 0
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
