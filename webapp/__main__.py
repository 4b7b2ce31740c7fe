"""``python -m webapp ...`` is the same command line as ``tiletally``."""

from webapp.cli import main

raise SystemExit(main())
