"""Classical Chinese rules as Babcock wrote them (1920s): the winner and the losers all score."""
