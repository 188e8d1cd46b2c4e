"""hexmate rules core: pure (no I/O) hex geometry, maps, LOS, movement, dice, charts and games."""
