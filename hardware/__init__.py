"""Board definitions (cell positions in mm, pins, LED order) shipped as package data."""
