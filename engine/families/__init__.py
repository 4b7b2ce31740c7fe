"""Rule-family packages: each package is one family (its presets, scoring and payments)."""
