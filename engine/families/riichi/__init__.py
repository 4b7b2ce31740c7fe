"""Japanese rules: modern Riichi and the older points-times-doubles game (preset japanese-classical)."""
