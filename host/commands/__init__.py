"""Sub-commands of the hexmate CLI."""
