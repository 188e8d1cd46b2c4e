"""The real table as the host sees it: sensor cells -> map hexes, tags -> counters, lift/place -> actions."""
