"""The table: state = fold(events), what follows each hand, disputes over a declared win."""
