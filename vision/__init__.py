"""Camera -> tiles: detection, layout into sets, frame voting, and the synthetic training data."""
