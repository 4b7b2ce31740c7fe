"""Hong Kong old style (Cantonese faan): the faan list, payouts and the family module."""
