"""Synthetic training data: tile faces drawn by our code, and table scenes built from them."""
