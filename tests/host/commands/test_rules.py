"""``hexmate rules los / visibility / map check``: through cli.main and once through the installed script."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hexmate.host import cli

ROOT = Path(__file__).resolve().parents[3]
DEMO = str(ROOT / "rules" / "maps" / "demo-asl.json")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_los_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "los", "--map", DEMO, "DJ5", "DJ1")
    assert code == 0
    expected = "DJ5 -> DJ1 (range 4): blocked at DJ4: woods, Level 1 obstacle (A6.2 example)"
    assert out.splitlines()[0] == expected
    code, out, _ = run(capsys, "rules", "los", "--map", DEMO, "DA1", "DE5", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["status"] == "clear" and doc["range"] == 6
    assert doc["hexes"][0] == "DA1" and doc["hexes"][-1] == "DE5"


def test_los_from_a_height(capsys: pytest.CaptureFixture[str]) -> None:
    """From one level up the grain between no longer hinders (A6.7 example): --from-height reaches the LOS."""
    _, low, _ = run(capsys, "rules", "los", "--map", DEMO, "DJ7", "DN7", "--json")
    _, high, _ = run(capsys, "rules", "los", "--map", DEMO, "DJ7", "DN7", "--json", "--from-height", "1")
    assert (json.loads(low)["status"], json.loads(low)["hindrance"]) == ("hindered", 3)
    assert (json.loads(high)["status"], json.loads(high)["hindrance"]) == ("clear", 0)


def test_visibility(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "visibility", "--map", DEMO, "DA1", "--json")
    doc = json.loads(out)
    assert code == 0 and len(doc["hexes"]) == 346
    assert doc["hexes"]["DA1"]["status"] == "clear"
    code, text, _ = run(capsys, "rules", "visibility", "--map", DEMO, "DA1")
    assert code == 0 and "blocked (" in text and "clear (" in text


def test_map_check(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "rules", "map", "check", DEMO)
    assert code == 0 and out.startswith("ok: ") and "346 hexes" in out
    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps(
            {
                "format": "hexmate-map/1",
                "name": "b",
                "game": "asl",
                "boards": [
                    {
                        "id": "X",
                        "grid": {"kind": "asl", "columns": 3, "rows": 3},
                        "hexes": {"B2": {"level": "up"}},
                    }
                ],
            }
        )
    )
    code, _, err = run(capsys, "rules", "map", "check", str(bad))
    assert code == 2 and "hex XB2: key 'level'" in err and "Traceback" not in err
    odd = tmp_path / "odd.json"
    odd.write_text(
        json.dumps(
            {
                "format": "hexmate-map/1",
                "name": "b",
                "game": "asl",
                "boards": [
                    {"id": "X", "grid": {"kind": "asl", "columns": 3, "rows": 3}, "hexes": {"B2": "lava"}}
                ],
            }
        )
    )
    code, _, err = run(capsys, "rules", "map", "check", str(odd))
    assert code == 1 and "hex XB2: terrain 'lava'" in err


def test_bad_labels_are_one_line_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rules", "los", "--map", DEMO, "DA1", "DZZ5")
    assert code == 2 and out == ""
    assert err.strip() == f"hexmate rules los: error: {DEMO}: no hex is labelled 'DZZ5'"
    code, _, err = run(capsys, "rules", "los", "--map", "/nonexistent.json", "DA1", "DA2")
    assert code == 2 and "cannot read the file" in err


def test_installed_entry_point() -> None:
    exe = Path(sys.executable).with_name("hexmate")
    done = subprocess.run(
        [str(exe), "rules", "los", "--map", DEMO, "DA1", "DE5"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("DA1 -> DE5 (range 6): clear")


# --- games / moves / resolve (rules-play) ---


def test_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "games", "--json"]) == 0
    names = [g["name"] for g in json.loads(capsys.readouterr().out)]
    assert names == ["asl", "pg", "fireteam", "sw"]


def test_moves_lists_destinations_with_cost_and_path(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "moves", "--game", "asl", "ger-sq5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["phase"] == "MPh"
    by_hex = {m["to"]: m for m in data["moves"]}
    assert by_hex["DI5"] == {"to": "DI5", "cost": "1", "path": ["DI4", "DI5"]}
    assert all(m["path"][0] == "DI4" for m in data["moves"])
    assert cli.main(["rules", "moves", "--game", "asl", "ger-9-1", "ger-sq1", "ger-sq2"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("asl T1 Movement Phase (A3.3):") and "via DJ3-" in text


def test_resolve_shows_modifiers_rules_and_the_demo_label(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["rules", "resolve", "--game", "asl", "--play", "end", "fire rus-sq2 at DK4", "--dice", "3,4"]
    assert cli.main(args) == 0
    out = capsys.readouterr().out
    assert "[demo values]" in out and "(A7.6)" in out and "x1/2 Long Range (A7.22)" in out
    assert cli.main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["demo"] is True and data["chart"] == "ift" and data["results"]


def test_resolve_sw_attack(capsys: pytest.CaptureFixture[str]) -> None:
    play = ["--play", "move g-I 2811-2711-2611-2511", "--play", "end"]
    assert cli.main(["rules", "resolve", "--game", "sw", *play, "attack g-I at 2411", "--dice", "3"]) == 0
    out = capsys.readouterr().out
    assert "odds: 4:3 -> 1:1 (11.8)" in out and "attackers all elan: 1R (11.16)" in out
    # 2411 is the city of Longlier on the demo map: 1L (11.13)
    assert "defender in a city: 1L (11.13)" in out
    assert "CRT: 1:1 column, die 3" in out and "[demo values]" in out


@pytest.mark.parametrize(
    "args,message",
    [
        (["rules", "moves", "--game", "asl", "nobody"], "no unit 'nobody'"),
        (
            ["rules", "resolve", "--game", "asl", "fire ger-sq1 at DR5", "--dice", "3,9"],
            "in the Movement Phase only rus fires",
        ),
        (
            ["rules", "resolve", "--game", "asl", "--play", "end", "fire rus-sq2 at DK4", "--dice", "3,9"],
            "shows 9",
        ),
        (["rules", "moves", "--game", "asl", "--scenario", "/nonexistent.json", "ger-sq1"], "cannot read"),
        (
            ["rules", "resolve", "--game", "sw", "--play", "end", "attack g-I at 2511", "--dice", "3"],
            "not adjacent to the defending hex (11.0)",
        ),
    ],
)
def test_bad_input_is_one_clear_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(args) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
