"""Chart packs: demo packs agree with every oracle cell; broken packs fail with the file and cell named."""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules import charts
from hexmate.rules.errors import DataError

GAMES_DIR = Path(charts.__file__).parent / "games"
GAMES = ("asl", "pg", "fireteam", "sw")
BROKEN = json.loads((Path(__file__).parent / "data" / "broken_packs.json").read_text())


def _oracle_cases() -> list[tuple[str, charts.Oracle]]:
    cases = []
    for game in GAMES:
        file_game, oracles = charts.load_oracles(GAMES_DIR / game / "charts" / "oracles.json")
        assert file_game == game
        cases.extend((game, o) for o in oracles)
    return cases


@pytest.mark.parametrize(
    "game,oracle", _oracle_cases(), ids=lambda v: v if isinstance(v, str) else v.describe()
)
def test_demo_pack_agrees_with_oracle(game: str, oracle: charts.Oracle) -> None:
    pack = charts.load_pack(GAMES_DIR / game / "charts" / "demo.json", game)
    assert pack.demo and pack.label == "demo values"
    assert oracle.check(pack) is None


def test_a_pack_that_contradicts_an_oracle_is_reported_with_its_citation(tmp_path: Path) -> None:
    data = json.loads((GAMES_DIR / "asl" / "charts" / "demo.json").read_text())
    data["charts"]["ift"]["cells"][4][6] = "NMC"  # fp 8, final DR 6: A7.306 says 1MC
    bad = tmp_path / "mine.json"
    bad.write_text(json.dumps(data))
    _, oracles = charts.load_oracles(GAMES_DIR / "asl" / "charts" / "oracles.json")
    problems = charts.check_oracles(charts.load_pack(bad), oracles)
    assert len(problems) == 1
    assert "ift[fp=8, final_dr=6]" in problems[0] and "A7.306" in problems[0] and "'NMC'" in problems[0]


def test_asl_demo_ift_max_kia_matches_the_vehicle_caps() -> None:
    # A7.308: vehicles hit by one DR are capped at the column's highest KIA#: 1 FP 1; 2, 4 FP 2; 6-12 FP never
    # 4 or more (the text: "4両以上の車両に効果を及ぼすことはない"), so 3 (the digest says 4)
    ift = charts.load_pack(GAMES_DIR / "asl" / "charts" / "demo.json").chart("ift")
    caps = {1: 1, 2: 2, 4: 2, 6: 3, 8: 3, 12: 3}
    for fp, cap in caps.items():
        row = ift.cells[ift.axis("fp").index_of_key(fp)]
        kia = [int(c[0]) for c in row if c.endswith("KIA")]
        assert max(kia) == cap, fp


def test_lookup_uses_floor_columns_and_clamped_rows() -> None:
    ift = charts.load_pack(GAMES_DIR / "asl" / "charts" / "demo.json").chart("ift")
    assert ift.lookup(fp=9, final_dr=6) == ift.cell(fp=8, final_dr=6)
    assert ift.lookup(fp=100, final_dr=-3) == ift.cell(fp=36, final_dr=0)
    assert ift.lookup(fp=12, final_dr=20) == ift.cell(fp=12, final_dr=15)
    with pytest.raises(KeyError, match="below the first column"):
        ift.lookup(fp=0, final_dr=5)


def _mutate(data: dict[str, Any], case: dict[str, Any]) -> Any:
    data = copy.deepcopy(data)
    if "replace" in case:
        return case["replace"]
    for key, value in case.get("set", {}).items():
        data[key] = value
    for key in case.get("delete", []):
        del data[key]
    if "delete_in" in case:
        outer, inner = case["delete_in"]
        del data[outer][inner]
    if "cell" in case:
        chart, (i, j), value = case["cell"]
        data["charts"][chart]["cells"][i][j] = value
    if "row_drop" in case:
        chart, i = case["row_drop"]
        data["charts"][chart]["cells"][i].pop()
    if "axis_keys" in case:
        chart, i, keys = case["axis_keys"]
        data["charts"][chart]["axes"][i]["keys"] = keys
    if "axis_select" in case:
        chart, i, select = case["axis_select"]
        data["charts"][chart]["axes"][i]["select"] = select
    return data


@pytest.mark.parametrize("case", BROKEN, ids=[c["name"] for c in BROKEN])
def test_broken_pack_error_names_file_and_place(case: dict[str, Any], tmp_path: Path) -> None:
    data = json.loads((GAMES_DIR / "asl" / "charts" / "demo.json").read_text())
    path = tmp_path / "owner-pack.json"
    path.write_text(json.dumps(_mutate(data, case)))
    with pytest.raises(DataError) as info:
        charts.load_pack(path)
    assert str(path) in str(info.value)
    assert case["expect"] in str(info.value)


def test_unreadable_and_invalid_json_files(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot read"):
        charts.load_pack(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": ')
    with pytest.raises(DataError, match="not valid JSON at line 1"):
        charts.load_pack(bad)


def test_import_owner_pack_checks_game_and_axes(tmp_path: Path) -> None:
    data = json.loads((GAMES_DIR / "sw" / "charts" / "demo.json").read_text())
    data["demo"] = False
    data["provenance"] = {"publisher": "Owner", "edition": "my copy", "entered_by": "me"}
    path = tmp_path / "sw.json"
    path.write_text(json.dumps(data))
    pack = charts.load_pack(path, "sw")
    assert not pack.demo and pack.label == "Owner my copy"
    charts.check_compatible(pack, {"crt": ("odds", "roll")})
    with pytest.raises(DataError, match="not 'asl'"):
        charts.load_pack(path, "asl")
    with pytest.raises(DataError, match="has no chart 'ift'"):
        charts.check_compatible(pack, {"ift": ("fp", "final_dr")})
    with pytest.raises(DataError, match="the game reads"):
        charts.check_compatible(pack, {"crt": ("roll", "odds")})


def test_doctests() -> None:
    import doctest

    from hexmate.rules import actions, dice, games

    for module in (charts, dice, actions, games):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


def test_a_floor_axis_may_have_decimal_keys_kept_exact_a_clamp_axis_not(tmp_path: Path) -> None:
    # the ASL IIFT's 2 1/2 FP column (A7.372 example): 2.5 in JSON, 5/2 exactly in the pack
    iift = charts.load_pack(GAMES_DIR / "asl" / "charts" / "demo.json").chart("iift")
    assert Fraction(5, 2) in iift.axis("fp").keys
    assert iift.lookup(fp=Fraction(11, 4), final_dr=5) == iift.cell(fp=2.5, final_dr=5)
    assert iift.lookup(fp=3, final_dr=5) == iift.cell(fp=2.5, final_dr=5)
    data = json.loads((GAMES_DIR / "asl" / "charts" / "demo.json").read_text())
    data["charts"]["iift"]["axes"][1]["keys"][1] = 0.5
    path = tmp_path / "owner-pack.json"
    path.write_text(json.dumps(data))
    with pytest.raises(DataError, match=r"final_dr\): key 0\.5 must be a whole number or a string"):
        charts.load_pack(path)


def test_a_key_oracle_reports_a_column_the_pack_lacks_with_its_citation(tmp_path: Path) -> None:
    data = json.loads((GAMES_DIR / "asl" / "charts" / "demo.json").read_text())
    at = data["charts"]["iift"]["axes"][0]["keys"].index(14)
    del data["charts"]["iift"]["axes"][0]["keys"][at]
    del data["charts"]["iift"]["cells"][at]
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data))
    _, oracles = charts.load_oracles(GAMES_DIR / "asl" / "charts" / "oracles.json")
    problems = charts.check_oracles(charts.load_pack(path), oracles)
    assert len(problems) == 1 and "iift fp has 14" in problems[0] and "A7.371 example" in problems[0]
