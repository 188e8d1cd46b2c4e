"""Pictures of the LEDs for docs/PLAYING.md, drawn from the very lights the host sends (views.py), so the
guide cannot drift from the table: ``python -m hexmate.host.table.led_pictures docs/leds`` writes one SVG per
situation; ``--check`` fails if a picture on disk differs (the test suite runs it)."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from hexmate.host.table.views import (
    CHANGE,
    CHOOSE_HEX,
    CHOOSE_UNIT,
    DESTINATION,
    DIFFERENCE,
    ILLEGAL,
    MARKS,
    ORIGIN,
    ROLL_FOR,
    SELECTED,
    SETUP_TARGET,
    SIGHT,
    SIGHT_BLOCK,
    SIGHT_END,
    TRAIL,
    UNKNOWN,
    Light,
)

COLS, ROWS, R = 7, 4, 22.0  # a patch of the board: flat-topped hexes, radius in px

# situation -> (title, {(col, row): light}, counters drawn as small squares)
SITUATIONS: dict[str, tuple[str, dict[tuple[int, int], Light], set[tuple[int, int]]]] = {
    "lift": ("A unit lifted: its start hex blinks blue slowly, where it may go is steady green",
             {(1, 1): ORIGIN, **{h: DESTINATION for h in [(0, 1), (2, 1), (1, 0), (1, 2), (2, 0), (0, 0),
                                                           (3, 1), (3, 2), (2, 2)]}}, set()),
    "trail": ("A trail shown hex by hex: the hexes rested on pulse dim blue, slowly",
              {(1, 1): ORIGIN, (2, 1): TRAIL, (3, 2): TRAIL, (4, 1): DESTINATION, (5, 2): DESTINATION},
              {(3, 2)}),
    "illegal": ("Put down where it may not go: that hex blinks red, fast (the page says why, with the rule)",
                {(1, 1): ORIGIN, (2, 1): DESTINATION, (4, 2): ILLEGAL}, {(4, 2)}),
    "choose-hex": ("A hex to choose (rout, retreat, advance): the options pulse green; put the unit on one",
                   {(2, 1): CHOOSE_HEX, (3, 0): CHOOSE_HEX, (1, 2): CHOOSE_HEX}, {(4, 1)}),
    "choose-unit": ("A unit to choose (a casualty, a step loss): its hex pulses yellow; lift it",
                    {(2, 1): CHOOSE_UNIT, (3, 2): CHOOSE_UNIT}, {(2, 1), (3, 2)}),
    "fire-group": ("Units tapped to fire together pulse blue; tap an enemy unit to fire at its hex",
                   {(1, 1): SELECTED, (1, 2): SELECTED}, {(1, 1), (1, 2), (5, 1)}),
    "roll": ("A roll is open: the hex it is about pulses orange; press the dice button",
             {(4, 1): ROLL_FOR}, {(4, 1), (1, 1)}),
    "change": ("A change to make on the board (flip, replace, marker): the hex blinks cyan slowly until done",
               {(3, 1): CHANGE}, {(3, 1)}),
    "out-of-sync": ("The board differs from the game: the hexes to correct blink amber",
                    {(2, 1): DIFFERENCE, (5, 2): DIFFERENCE}, {(5, 2)}),
    "los": ("A line of sight check: the line steady grey, its ends blink blue slowly, the blocking hex "
            "blinks red fast",
            {(0, 2): SIGHT_END, (1, 2): SIGHT, (2, 1): SIGHT, (3, 1): SIGHT_BLOCK, (4, 1): SIGHT,
             (5, 0): SIGHT, (6, 0): SIGHT_END}, set()),
    "setup": ("Set-up: where each counter goes pulses white", {(1, 1): SETUP_TARGET, (4, 2): SETUP_TARGET},
              set()),
    "residual": ("ASL Residual FP and a MG's Fire Lane: the Residual hex steady dark magenta, the lane's "
                 "hexes pulse amber, until the Movement Phase ends (A8.2, A9.22)",
                 {(1, 1): MARKS["lane"], (2, 1): MARKS["lane"], (3, 2): MARKS["lane"], (4, 2): MARKS["lane"],
                  (4, 1): MARKS["residual"]}, {(0, 1), (4, 1)}),
    "unknown": ("A tag the registry does not know: its hex pulses magenta, fast (enrol it on the page)",
                {(3, 1): UNKNOWN}, {(3, 1)}),
}


_EDGES = {"blink": 'stroke="#fff" stroke-dasharray="6 4"', "pulse": 'stroke="#fff" stroke-dasharray="1 3"'}


def _pace(pattern: str, period_10ms: int) -> str:
    """How a light moves, in words: steady, or a blink or pulse with its period."""
    return "steady" if pattern == "solid" else f"{pattern} {period_10ms * 10} ms"


def _centre(col: int, row: int) -> tuple[float, float]:
    x = R * 1.5 * col + R + 4
    y = R * math.sqrt(3) * (row + (0.5 if col % 2 else 0)) + R * math.sqrt(3) / 2 + 4
    return x, y


def _points(x: float, y: float) -> str:
    return " ".join(f"{x + R * math.cos(math.pi / 3 * i):.1f},{y + R * math.sin(math.pi / 3 * i):.1f}"
                    for i in range(6))


def svg(name: str) -> str:
    title, lights, counters = SITUATIONS[name]
    width = R * 1.5 * (COLS - 1) + 2 * R + 8
    height = R * math.sqrt(3) * (ROWS + 0.5) + 8
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height + 24:.0f}" '
           f'width="{width:.0f}" height="{height + 24:.0f}" role="img" aria-label="{title}">',
           f"<title>{title}</title>", '<rect width="100%" height="100%" fill="#20201c"/>']
    for col in range(COLS):
        for row in range(ROWS):
            x, y = _centre(col, row)
            light = lights.get((col, row))
            fill = "#{:02x}{:02x}{:02x}".format(*light.rgb) if light else "#3a3a33"
            # a blinking light: white dashes round the hex; pulsing: white dots; solid: a plain edge
            stroke = _EDGES.get(light.pattern if light else "", 'stroke="#111"')
            out.append(f'<polygon points="{_points(x, y)}" fill="{fill}" {stroke} stroke-width="2"/>')
            if (col, row) in counters:
                out.append(f'<rect x="{x - 7:.1f}" y="{y - 7:.1f}" width="14" height="14" fill="#d8c9a0" '
                           'stroke="#222"/>')
    legend = sorted({(lt.colour, lt.pattern, lt.period_10ms) for lt in lights.values()})
    text = ", ".join(f"{c} ({_pace(p, period)})" for c, p, period in legend)
    out.append(f'<text x="6" y="{height + 16:.0f}" fill="#ddd" font-family="sans-serif" font-size="11">'
               f"{text}</text>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("folder", type=Path)
    p.add_argument("--check", action="store_true", help="fail if a picture differs from the lights")
    args = p.parse_args(argv)
    stale = []
    for name in SITUATIONS:
        path = args.folder / f"{name}.svg"
        want = svg(name)
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != want:
                stale.append(str(path))
        else:
            args.folder.mkdir(parents=True, exist_ok=True)
            path.write_text(want, encoding="utf-8")
    if stale:
        print("out of date (run python -m hexmate.host.table.led_pictures docs/leds): " + ", ".join(stale),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
