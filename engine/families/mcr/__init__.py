"""Chinese Official rules (MCR, 1998 / EMA): the 81 fans, their counting principles, payments."""
