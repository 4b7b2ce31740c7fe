"""Taiwanese 16-tile mahjong (tai): the tai list, the dealer streak and the family module."""
