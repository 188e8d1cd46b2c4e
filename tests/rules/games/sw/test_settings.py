"""The settings for the digest's ambiguities (settings.py, README.md): every A-n is a documented setting;
bad names and values are errors naming the file and key; a fixed setting refuses another value; switches
change what the engine does."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.errors import DataError
from hexmate.rules.games import get_game
from hexmate.rules.games.sw.settings import AMBIGUITY, FIXED, Settings

README = Path(get_game("sw").data_dir) / "README.md"
COUNTERS = {
    "ger4": {"type": "corps", "cf": 4, "ma": 4, "reduced_cf": 2, "nation": "GER"},
    "gerhq": {"type": "hq", "cf": 2, "ma": 4, "nation": "GER"},
    "fra1": {"type": "corps", "cf": 1, "ma": 4, "reduced_cf": 1, "nation": "FRA"},
}


def test_every_ambiguity_of_the_digest_is_a_setting_documented_with_its_default() -> None:
    digest = Path("/work/shared/rules/schlieffens-war.md")
    ids = [f"A-{n}" for n in range(1, 36)]
    if digest.exists():  # the digest's Appendix A, where it is at hand
        ids = sorted(set(re.findall(r"^\| (A-\d+) \|", digest.read_text(), re.M)), key=lambda a: int(a[2:]))
    assert list(AMBIGUITY) == ids
    text = README.read_text()
    defaults = Settings()
    for aid, name in AMBIGUITY.items():
        value = getattr(defaults, name)
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        kind = "fixed" if name in FIXED else "switch"
        assert f"| {aid} | `{name}` | `{shown}` | {kind} |" in text, aid


def test_bad_settings_are_errors_naming_the_key() -> None:
    with pytest.raises(DataError, match=r"scen.json: options.settings.colour: not a Schlieffen.s War"):
        Settings.from_options({"settings": {"colour": 1}}, "scen.json")
    with pytest.raises(DataError, match=r"options.settings.belgian_reach: must be int"):
        Settings.from_options({"settings": {"belgian_reach": True}}, "scen.json")
    with pytest.raises(DataError, match=r"options.settings.fort_morale: only the default \(False\)"):
        Settings.from_options({"settings": {"fort_morale": True}}, "scen.json")
    assert Settings.from_options({"settings": {"concentric_min_sides": 4}}, "s").concentric_min_sides == 4


def _pos(make_position: Any, settings: dict[str, Any]) -> Any:
    units = [{"id": "g", "counter": "ger4", "side": "a", "hex": "D3"},
             {"id": "h", "counter": "ger4", "side": "a", "hex": "D5"},
             {"id": "q", "counter": "gerhq", "side": "a", "hex": "C4"},
             {"id": "f", "counter": "fra1", "side": "b", "hex": "D4"}]
    return make_position("sw", units, "combat", counters=COUNTERS, default="clear",
                         options={"supply": "markers", "settings": settings})


def test_a14_an_empty_enemy_zone_blocks_the_command_count_unless_switched_off(make_position: Any) -> None:
    from hexmate.rules.games.sw.combat import in_command
    strict = _pos(make_position, {})
    assert not in_command(strict, strict.units["h"])  # the count runs through C5, in f's zone
    loose = _pos(make_position, {"ezoc_blocks_command": False})
    assert in_command(loose, loose.units["h"])


def test_a13_halvings_compound_or_not(make_position: Any) -> None:
    pos = _pos(make_position, {})
    tired = pos.units["g"].mark("oos", "fatigue")
    assert pos.game.ma(tired, position=pos) == 1  # 4 -> 2 -> 1
    once = _pos(make_position, {"halvings_compound": False})
    assert once.game.ma(tired, position=once) == 2


def test_a_bad_setting_stops_the_game_from_starting(make_position: Any) -> None:
    with pytest.raises(DataError, match=r"test-scenario: options.settings.nonsense"):
        _pos(make_position, {"nonsense": True})
