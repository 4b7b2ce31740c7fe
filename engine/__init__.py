"""TileTally's rules engine: pure Python, standard library only, no I/O."""
