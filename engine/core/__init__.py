"""The pieces every family shares: tiles, declared hands, shapes (decompositions, waits), results."""
