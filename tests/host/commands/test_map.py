"""``hexmate map import-vasl``: synthetic VASL archives on disk through the real command line."""

from __future__ import annotations

import importlib.util
import json
import sys
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hexmate.host.cli import main
from hexmate.rules.hexes import DIRECTION_NAMES
from hexmate.rules.maps import HexMap, load_map

SYNTH = Path(__file__).resolve().parents[2] / "rules" / "maps" / "vasl_synth.py"


@pytest.fixture(scope="module")
def synth() -> ModuleType:
    key = "_hexmate_tests_vasl_synth"
    if key not in sys.modules:
        spec = importlib.util.spec_from_file_location(key, SYNTH)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[key] = module
        spec.loader.exec_module(module)
    return sys.modules[key]


@pytest.fixture(scope="module")
def files(synth: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("vasl")
    b = synth.Board(name="T1", width=7, height=4, dx=1800 / 64, dy=32.25, geo=False, margin=2.0,
                    wall_half=1.6, road_half=1.6)
    b.set("C2 C3", "Woods")
    b.set("D2", "Open Ground", 1)
    b.set("F3", "Orchard")
    b.set("E2", "Grain")
    b.sides[(b.cell("B2"), 3)] = "Wall"  # B2 S (B2/B3)
    b.road("A2 B2 C2")
    (d / "bdT1.zip").write_bytes(synth.archive(b))
    b.set("G1 G2 G3 G4", "Woods")  # a board whose east column is woods at level 0 ...
    (d / "bdWoodsEast.zip").write_bytes(synth.archive(b))
    b.set("A1 A2 A3 A4", "Open Ground", 1)  # ... and one whose west column is a level 1 hill
    (d / "bdHillWest.zip").write_bytes(synth.archive(b))
    x = synth.Board(name="X", width=3, height=2, dx=1800 / 64, dy=32.25, geo=False)
    x.set("B1", "Brush")
    (d / "bdX.zip").write_bytes(synth.archive(x))
    (d / "SharedBoardMetadata.xml").write_text(synth.shared_metadata_xml())
    with zipfile.ZipFile(d / "vasl.vmod", "w") as z:
        z.writestr("boardData/SharedBoardMetadata.xml", synth.shared_metadata_xml())
    return {p.stem: p for p in d.iterdir()} | {"dir": d}


def run(files: dict[str, Path], *args: str) -> int:
    return main(["map", "import-vasl", *args, "--vasl", str(files["SharedBoardMetadata"])])


def test_one_board_from_a_vasl_module(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    out = files["dir"] / "one.json"
    report = files["dir"] / "one.txt"
    rc = main(["map", "import-vasl", str(files["bdT1"]), "--vasl", str(files["vasl"]), "-o", str(out),
               "--report", str(report)])
    assert rc == 0
    m = load_map(out)
    assert len(m.hexes) == 7 * 4 + 3  # odd VASL columns (B, D, F) hold one hex more
    assert m.terrain(m.parse_label("T1C2")) == "woods"  # board id from BoardMetadata.xml's name "T1"
    assert m.level(m.parse_label("T1D2")) == 1
    assert m.hexside(m.parse_label("T1B2"), m.parse_label("T1B3")) == frozenset({"wall"})
    printed = capsys.readouterr().out
    assert "wrote" in printed and "31 hexes on 1 board(s); nothing unmapped" in printed
    assert report.read_text() == printed


def test_ssr_and_substitution_options(files: dict[str, Path]) -> None:
    out = files["dir"] / "ssr.json"
    assert run(files, str(files["bdT1"]), "--board", "7", "--ssr", "NoGrain",
               "--ssr-terrain", "Orchard=Grain", "-o", str(out)) == 0
    m = load_map(out)
    assert m.terrain(m.parse_label("7E2")) == "open"
    assert m.terrain(m.parse_label("7F3")) == "grain"


def test_two_boards_end_to_end_share_their_half_hex_column(files: dict[str, Path]) -> None:
    out = files["dir"] / "two.json"
    assert run(files, str(files["bdT1"]), str(files["bdT1"]), "--board", "2", "--board", "3",
               "--layout", "2 3", "-o", str(out)) == 0
    m = load_map(out)
    assert len(m.hexes) == 2 * 31 - 4  # column G of board 2 is column A of board 3 (A2.2)
    shared = m.parse_label("3A2")
    assert m.parse_label("2G2") == shared and m.label(shared) == "3A2"  # east board named first (A2.2)
    # The shared hex keeps board 3's road exit (A2 -> B2 leaves by the SE side); the loader checked that
    # every exit meets its neighbour's.
    assert {DIRECTION_NAMES[d] for d in m.road_exits(m.parse_label("3A2"))} == {"SE"}


def test_rotated_board_turns_positions_and_road_exits(files: dict[str, Path]) -> None:
    flat, turned = files["dir"] / "flat.json", files["dir"] / "turned.json"
    assert run(files, str(files["bdT1"]), "--board", "1", "-o", str(flat)) == 0
    assert run(files, str(files["bdT1"]), "--board", "1", "--layout", "1r", "-o", str(turned)) == 0
    a, b = load_map(flat), load_map(turned)
    assert {a.center(h) for h in a.hexes} == {b.center(h) for h in b.hexes}  # same footprint
    # 180 degrees about the board's centre: every label's position is mirrored through one point.
    sums = set()
    for h in a.hexes:
        label = a.label(h)
        (x1, y1), (x2, y2) = a.center(h), b.center(b.parse_label(label))
        sums.add((round(x1 + x2, 6), round(y1 + y2, 6)))
    assert len(sums) == 1
    # A2's road leaves through its printed SE side; turned over, that side faces the map's NW.
    assert {DIRECTION_NAMES[d] for d in b.road_exits(b.parse_label("1A2"))} == {"NW"}
    assert b.terrain(b.parse_label("1C2")) == "woods"


def test_four_boards_two_rows_one_turned(files: dict[str, Path]) -> None:
    out = files["dir"] / "four.json"
    t1 = str(files["bdT1"])
    assert run(files, t1, t1, t1, t1, "--board", "a", "--board", "b", "--board", "c", "--board", "d",
               "--layout", "a b/c dr", "-o", str(out)) == 0
    m = load_map(out)
    # 4 boards of 31 hexes; two G/A column joins of 4 hexes each; two row joins of the 3 half hexes B4, D4,
    # F4 on B0, D0, F0 (A2.2). No hex belongs to all four (column G has no half hexes).
    assert len(m.hexes) == 4 * 31 - 2 * 4 - 2 * 3
    assert m.parse_label("aB4") == m.parse_label("cB0")  # stacked north-south: row 4 on row 0
    # d is turned: its printed bottom edge (F4, D4, B4) now lies along b's bottom edge, mirrored.
    assert m.parse_label("dF4") == m.parse_label("bB4") and m.parse_label("dB4") == m.parse_label("bF4")


def test_joined_halves_that_disagree_are_an_error_naming_the_hex(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    rc = run(files, str(files["bdWoodsEast"]), str(files["bdHillWest"]), "--board", "W", "--board", "E",
             "--layout", "W E", "-o", str(files["dir"] / "bad.json"))
    err = capsys.readouterr().err
    assert rc == 2
    assert err.startswith("hexmate map import-vasl: error: ")
    assert "hex EA1" in err and "joined halves disagree" in err


def test_overlay_file_and_strict_mode(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    overlay = files["dir"] / "ford.json"
    overlay.write_text(json.dumps({"id": "ssr1", "hexes": {"XB1": {"terrain": "woods"}}}))
    out = files["dir"] / "x.json"
    assert run(files, str(files["bdX"]), "--overlay", str(overlay), "-o", str(out)) == 0
    assert load_map(out).terrain(load_map(out).parse_label("XB1")) == "woods"
    assert "unmapped VASL terrain: Brush" in capsys.readouterr().out
    assert run(files, str(files["bdX"]), "--strict", "-o", str(out)) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nope.zip", "-o", "o.json"], "nope.zip: cannot read the file"),
        (["{bdT1}", "--board", "a", "--board", "b", "-o", "o.json"], "give one --board per archive"),
        (["{bdT1}", "{bdT1}", "--board", "a", "--board", "b", "-o", "o.json"],
         "several boards need --layout"),
        (["{bdT1}", "--layout", "T1 Q", "-o", "o.json"], "--layout: 'Q' is not one of the boards"),
        (["{bdT1}", "--ssr-terrain", "Orchard", "-o", "o.json"], "expected FROM=TO"),
        (["{bdT1}", "--ssr", "Winterize", "-o", "o.json"], "no LOSSSRule named 'Winterize'"),
        (["{SharedBoardMetadata}", "-o", "o.json"], "not a zip archive"),
        (["{bdT1}", "-o", "missing-dir/o.json"], "missing-dir/o.json: cannot write the file"),
    ],
)
def test_bad_input_is_one_line_naming_the_problem(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    argv = [a.format(**{k: str(v) for k, v in files.items()}) for a in args]
    argv = [str(files["dir"] / a) if a.endswith(".json") else a for a in argv]
    assert run(files, *argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_the_vasl_module_from_the_environment(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = files["dir"] / "env.json"
    monkeypatch.delenv("HEXMATE_VASL", raising=False)
    assert main(["map", "import-vasl", str(files["bdT1"]), "-o", str(out)]) == 2
    assert "name your VASL module with --vasl (or $HEXMATE_VASL)" in capsys.readouterr().err
    monkeypatch.setenv("HEXMATE_VASL", str(files["vasl"]))
    assert main(["map", "import-vasl", str(files["bdT1"]), "-o", str(out)]) == 0


def test_the_written_map_is_a_plain_hexmate_map(files: dict[str, Path]) -> None:
    out = files["dir"] / "plain.json"
    assert run(files, str(files["bdT1"]), "--board", "5", "-o", str(out)) == 0
    doc: dict[str, Any] = json.loads(out.read_text())
    assert doc["format"] == "hexmate-map/1" and doc["game"] == "asl"
    assert HexMap.from_dict(doc).terrain(HexMap.from_dict(doc).parse_label("5C3")) == "woods"
    assert main(["rules", "map", "check", str(out)]) == 0
