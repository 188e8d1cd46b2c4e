"""Write the demo tag registries of Panzer Grenadier, Fire Team and Schlieffen's War from their scenarios.

Every unit of ``rules/games/<game>/scenarios/demo.json`` gets one made-up NXP-style 7-byte UID (``04``, five
bytes of SHA-256 of game and unit id, ``80``): demo values, the same on every run, so the file is rebuilt
whenever a scenario's units change (``python -m hexmate.host.table.demo_registries``; ``--check`` only
reports a file that is out of date, as CI does). The ASL demo registry
(``host/table/data/demo-registry.json``) predates this tool and also holds concealment and calibration
counters; it is left as it is.

>>> demo_uid("pg", "g-inf1")
'04C3D745845680'
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.resources
import json
import sys
from pathlib import Path
from typing import Any

from hexmate.host.table.registry import FORMAT, demo_registry_path

GAMES = ("pg", "fireteam", "sw")


def demo_uid(game: str, unit_id: str) -> str:
    """The demo tag of one unit: 7 bytes, NXP's manufacturer byte 04 first (as the ASL demo's)."""
    digest = hashlib.sha256(f"hexmate demo tag/{game}/{unit_id}".encode()).hexdigest()
    return f"04{digest[:10].upper()}80"


def scenario_path(game: str) -> Path:
    return Path(str(importlib.resources.files("hexmate.rules") / "games" / game / "scenarios" / "demo.json"))


def build(game: str) -> dict[str, Any]:
    """The registry (as JSON data) for the units of ``game``'s demo scenario, in scenario order."""
    scenario = json.loads(scenario_path(game).read_text(encoding="utf-8"))
    kinds: dict[str, dict[str, Any]] = scenario.get("counters", {})
    entries = []
    arriving = [{**u, "side": e["side"]} for e in scenario.get("options", {}).get("reinforcements", [])
                for u in e.get("units", [])]  # reinforcements have their tags too (SW 9.2, 9.3)
    for unit in [*scenario["units"], *arriving]:
        printed = dict(kinds.get(unit["counter"], {}))
        unit_type = str(printed.pop("type", ""))
        entries.append({
            "uid": demo_uid(game, unit["id"]),
            "counter_id": f"{game}-{unit['id']}",
            "game": game,
            "side": unit["side"],
            "unit_type": unit_type,
            "values": {"printed": unit["counter"], **printed},
            "unit_id": unit["id"],
            "kind": "unit",
        })
    return {
        "format": FORMAT,
        "version": 1,
        "comment": f"Demo tags for the {game} demo scenario (rules/games/{game}/scenarios/demo.json); UIDs "
                   "are made up (NXP-style 7-byte, 04 first) by host/table/demo_registries.py. Demo values.",
        "counters": entries,
    }


def render(game: str) -> str:
    return json.dumps(build(game), indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report registries that are out of date")
    args = parser.parse_args(argv)
    stale = []
    for game in GAMES:
        path = demo_registry_path(game)
        text = render(game)
        current = path.read_text(encoding="utf-8") if path.exists() else ""
        if current == text:
            continue
        if args.check:
            stale.append(str(path))
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    if stale:
        print(f"out of date (run python -m hexmate.host.table.demo_registries): {', '.join(stale)}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
