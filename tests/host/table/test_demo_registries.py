"""The demo tag registries: every unit of every game's demo scenario has a tag, and the generated registries
are what host/table/demo_registries.py writes from the scenarios today (a scenario whose units changed fails
here until the tool is re-run)."""

from __future__ import annotations

import json

import pytest
from hexmate.host.table import demo_registries
from hexmate.host.table.registry import DEMO_GAMES, RegistryError, demo_registry_path, load_demo


@pytest.mark.parametrize("game", DEMO_GAMES)
def test_every_unit_of_the_demo_scenario_has_a_demo_tag(game: str) -> None:
    scenario = json.loads(demo_registries.scenario_path(game).read_text())
    registry = load_demo(game)
    missing = [u["id"] for u in scenario["units"] if registry.uid_of_unit(u["id"]) is None]
    assert not missing, f"{game}: units without a demo tag: {missing}; run python -m " \
                        "hexmate.host.table.demo_registries"
    for unit in scenario["units"]:
        counter = registry.counter_of_unit(unit["id"])
        assert counter is not None and counter.game == game and counter.side == unit["side"]


@pytest.mark.parametrize("game", demo_registries.GAMES)
def test_the_generated_registries_are_up_to_date(game: str) -> None:
    assert demo_registry_path(game).read_text() == demo_registries.render(game), \
        f"{demo_registry_path(game)} is out of date: run python -m hexmate.host.table.demo_registries"


def test_the_tool_checks_and_rewrites(tmp_path, monkeypatch, capsys) -> None:
    assert demo_registries.main(["--check"]) == 0
    stale = tmp_path / "demo-registry-pg.json"
    stale.write_text("{}\n")
    monkeypatch.setattr(demo_registries, "demo_registry_path",
                        lambda g: stale if g == "pg" else demo_registry_path(g))
    assert demo_registries.main(["--check"]) == 1
    assert "out of date" in capsys.readouterr().err and stale.read_text() == "{}\n"
    assert demo_registries.main([]) == 0
    assert stale.read_text() == demo_registries.render("pg")


def test_demo_uids_are_nxp_style_and_unique_across_games() -> None:
    uids = [uid for game in DEMO_GAMES for uid, _ in load_demo(game)]
    assert len(set(uids)) == len(uids)
    generated = [uid for game in demo_registries.GAMES for uid, _ in load_demo(game)]
    assert all(len(u) == 14 and u.startswith("04") and u.endswith("80") for u in generated)
    assert demo_registries.demo_uid("pg", "g-inf1") == "04C3D745845680"  # the same on every run
    assert demo_registries.demo_uid("sw", "g-I") != demo_registries.demo_uid("pg", "g-I")


def test_an_unknown_game_has_no_demo_registry() -> None:
    with pytest.raises(RegistryError, match=r"no demo registry for game 'chess'"):
        load_demo("chess")
