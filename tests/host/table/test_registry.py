"""Counter registry: UID forms, enrollment rules, JSON import/export with errors naming file and entry."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
from hexmate.host.table import registry
from hexmate.host.table.registry import Counter, Registry, RegistryError, load_demo, normalise_uid

SQUAD = Counter("asl-ger-sq1", "asl", "ger", "squad", {"printed": "4-6-7"}, unit_id="ger-sq1")


def test_uid_forms() -> None:
    assert normalise_uid("04:a2:1b:3c:4d:5e:80") == "04A21B3C4D5E80"
    assert normalise_uid(bytes.fromhex("04a21b3c4d5e80")) == "04A21B3C4D5E80"
    assert normalise_uid("deadbeef") == "DEADBEEF"
    with pytest.raises(RegistryError, match="not 4, 7 or 10 bytes"):
        normalise_uid("04A21B")


def test_enroll_lookup_and_conflicts() -> None:
    reg = Registry()
    reg.enroll("04A21B3C4D5E80", SQUAD)
    assert reg.lookup("04:a2:1b:3c:4d:5e:80") == SQUAD
    assert reg.unit_of("04A21B3C4D5E80") == "ger-sq1"
    assert reg.uid_of_unit("ger-sq1") == "04A21B3C4D5E80"
    assert reg.lookup("not a uid") is None
    reg.enroll("04A21B3C4D5E80", SQUAD)  # the same binding again is harmless
    other = Counter("asl-ger-sq2", "asl", "ger", "squad", unit_id="ger-sq2")
    with pytest.raises(RegistryError, match=r"already enrolled as ger 4-6-7 squad \(ger-sq1\)"):
        reg.enroll("04A21B3C4D5E80", other)
    with pytest.raises(RegistryError, match="unit ger-sq1 already has tag 04A21B3C4D5E80"):
        reg.enroll("04000000000001", SQUAD)
    reg.enroll("04000000000001", SQUAD, replace=True)  # re-tag a counter whose sticker was replaced
    assert reg.uid_of_unit("ger-sq1") == "04000000000001"
    assert reg.lookup("04A21B3C4D5E80") is None
    with pytest.raises(RegistryError, match="needs the unit_id"):
        reg.enroll("04000000000002", Counter("x", "asl", kind="unit"))
    with pytest.raises(RegistryError, match="kind 'token'"):
        reg.enroll("04000000000002", Counter("x", "asl", kind="token"))
    assert reg.remove("04000000000001") == SQUAD
    assert reg.uid_of_unit("ger-sq1") is None


def test_json_round_trip(tmp_path: Path) -> None:
    reg = Registry()
    reg.enroll("04A21B3C4D5E80", SQUAD)
    reg.enroll("04A21B3C4D5E81", Counter("conceal-1", "asl", "rus", "?", kind="concealment"))
    path = tmp_path / "tags.json"
    reg.save(path)
    again = Registry.load(path)
    assert list(again) == list(reg)


@pytest.mark.parametrize(
    "entry, message",
    [
        ({"uid": "04A2", "counter_id": "a", "game": "asl", "unit_id": "u"}, r"entry 1 \(uid 04A2\): tag UID"),
        ({"uid": "04A21B3C4D5E80", "game": "asl"}, r"entry 1 \(uid 04A21B3C4D5E80\): \"counter_id\" must be"),
        (
            {"uid": "04A21B3C4D5E80", "counter_id": "a", "game": "asl", "colour": "red"},
            r"unknown key\(s\) colour",
        ),
        (
            {"uid": "04A21B3C4D5E80", "counter_id": "a", "game": "asl", "values": [1]},
            r"\"values\" must be an object",
        ),
    ],
)
def test_bad_entries_name_file_and_entry(tmp_path: Path, entry: dict[str, object], message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": "hexmate-registry", "counters": [entry]}))
    with pytest.raises(RegistryError, match=rf"bad\.json: .*{message}"):
        Registry.load(path)


def test_bad_files(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("[1, 2")
    with pytest.raises(RegistryError, match=r"x\.json: not valid JSON \(line 1"):
        Registry.load(path)
    path.write_text(json.dumps({"counters": []}))
    with pytest.raises(RegistryError, match=r"x\.json: not a hexmate registry"):
        Registry.load(path)
    with pytest.raises(RegistryError, match=r"missing\.json: cannot read"):
        Registry.load(tmp_path / "missing.json")
    dup = {
        "format": "hexmate-registry",
        "counters": [
            {"uid": "04A21B3C4D5E80", "counter_id": "a", "game": "asl", "unit_id": "u1"},
            {"uid": "04A21B3C4D5E80", "counter_id": "b", "game": "asl", "unit_id": "u2"},
        ],
    }
    path.write_text(json.dumps(dup))
    with pytest.raises(
        RegistryError, match=r"x\.json: entry 2 \(uid 04A21B3C4D5E80\): tag .* already enrolled"
    ):
        Registry.load(path)


def test_demo_registry_covers_the_demo_scenario() -> None:
    reg = load_demo()
    units = [c for _, c in reg if c.kind == "unit"]
    assert len(units) == 20  # the demo's 16 and its MMG, the armour demo's two tanks (demo-armour.json)
    from hexmate.rules.games import get_game  # and the DC of the DC page test's scenario (tests/e2e/scripts)

    game = get_game("asl")
    dc_scenario = Path(__file__).parents[2] / "e2e" / "scripts" / "asl-dc-scenario.json"
    for path in (game.demo_scenario_path, game.data_dir / "scenarios" / "demo-armour.json", dc_scenario):
        assert all(reg.counter_of_unit(u.id) is not None for u in game.load_scenario(path).units), path
    assert {c.side for c in units} == {"ger", "rus"}
    assert sum(1 for _, c in reg if c.kind == "calibration") == 2
    assert sum(1 for _, c in reg if c.kind == "concealment" and c.side == "rus") >= 3
    assert all(len(uid) == 14 and uid.startswith("04") for uid, _ in reg)
    assert reg.counter_of_unit("ger-sq1") is not None
    assert reg.counter_of_unit("ger-sq1").describe() == "ger 4-6-7 squad (ger-sq1)"  # type: ignore[union-attr]


def test_every_command_shares_one_registry_location(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from hexmate.host.commands import run, table

    monkeypatch.delenv("HEXMATE_REGISTRY", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    expected = tmp_path / "hexmate" / "registry.json"
    assert registry.default_registry_path() == expected
    assert run._registry_path(argparse.Namespace(registry=None)) == expected
    assert table._registry_path(argparse.Namespace(registry=None)) == expected
    monkeypatch.setenv("HEXMATE_REGISTRY", str(tmp_path / "mine.json"))
    assert run._registry_path(argparse.Namespace(registry=None)) == tmp_path / "mine.json"


def test_iso15693_uids_and_the_demo_stand_ins() -> None:
    from hexmate.host.table.registry import as_vicinity, load_demo, normalise_uid, vicinity_uid

    assert normalise_uid("e0:04:01:00:00:00:00:11") == "E004010000000011"  # 8 bytes: ISO 15693
    assert vicinity_uid("04E1FE52492780") == "E004E1FE52492780"
    assert vicinity_uid("DEADBEEF") == "E0040000DEADBEEF"
    with pytest.raises(RegistryError, match="not 4, 7 or 10 bytes"):
        normalise_uid("0102030405")  # 5 bytes: neither
    demo = load_demo()
    vic = as_vicinity(demo)
    assert len(vic) == len(demo)
    for uid, counter in demo:
        assert vic.lookup(vicinity_uid(uid)) == counter
