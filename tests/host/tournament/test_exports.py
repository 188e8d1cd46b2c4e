"""Exports and statistics from a record: the rating row (CSV), the HTML report with SVG maps, dice counts
with a chi-square test whose p-values are checked against the textbook table, and players' signatures."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from hexmate.host import cli
from hexmate.host.record import Record, canonical, read
from hexmate.host.service.build import demo_scenario
from hexmate.host.tournament import signatures
from hexmate.host.tournament.audit import AuditFailed, audit
from hexmate.host.tournament.exports import RATING_COLUMNS, rating_csv, rating_row, report_html
from hexmate.host.tournament.stats import FaceCounts, chi_square_p, dice_stats


@pytest.mark.parametrize(("x", "df", "p"), [
    # critical values of the chi-square distribution (any statistics table): P(X >= x) = p
    (11.070, 5, 0.05), (15.086, 5, 0.01), (16.919, 9, 0.05), (21.666, 9, 0.01), (3.841, 1, 0.05),
    (9.488, 4, 0.05), (1.145, 5, 0.95),
])
def test_chi_square_tail_matches_the_table(x: float, df: int, p: float) -> None:
    assert chi_square_p(x, df) == pytest.approx(p, abs=5e-4)


def test_face_counts_of_fair_and_loaded_dice() -> None:
    fair = FaceCounts("ger", 6, (10, 10, 10, 10, 10, 10))
    assert fair.chi_square == 0 and fair.p_value == 1.0 and fair.mean == 3.5
    loaded = FaceCounts("sov", 6, (0, 0, 0, 0, 0, 60))  # sixes only: chi-square 300, p ~ 0
    assert loaded.chi_square == pytest.approx(300.0) and loaded.p_value < 1e-50
    svg = loaded.svg()
    assert svg.startswith("<svg") and svg.count("<rect") == 6 and "fair: 10.0 each" in svg


def test_rolls_of_the_played_game_per_side_and_in_all(played) -> None:
    record, _ = played
    stats = {(fc.who, fc.sides): fc for fc in dice_stats(read(record))}
    rolled = [e.data["values"] for e in read(record) if e.kind == "dice" and e.data["used"]]
    assert set(stats) == {("ger", 6), ("sov", 6), ("game", 6)}
    assert stats[("ger", 6)].n == 1 and stats[("sov", 6)].n == 1 and stats[("game", 6)].n == 2
    assert stats[("ger", 6)].counts[rolled[0][0] - 1] == 1


def test_rating_row_and_csv(played, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record, _ = played
    row = rating_row(read(record), tournament="ASLOK", round="3")
    assert row["tournament"] == "ASLOK" and row["round"] == "3" and row["scenario"] == "demo.json"
    assert (row["player1"], row["side1"], row["player2"], row["side2"]) == ("Anna", "ger", "Boris", "sov")
    assert row["winner"] == "ger" and row["result"] == "ger win" and len(row["date"]) == 10
    parsed = list(csv.DictReader(io.StringIO(rating_csv([row]))))
    assert parsed == [row] and tuple(parsed[0]) == RATING_COLUMNS
    assert cli.main(["record", "export", str(record), "--tournament", "ASLOK"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == ",".join(RATING_COLUMNS) and out[1].startswith("ASLOK,,")


def test_report_draws_the_map_at_the_chosen_moments(played, tmp_path: Path) -> None:
    record, _ = played
    html = report_html(record, ["0", "end"])
    assert html.count('<svg xmlns="http://www.w3.org/2000/svg" class="map"') == 2
    assert "answered with dice" in html and "chi-square" in html and "ger win" in html  # as the game log says
    ja = report_html(record, ["0", "end"], lang="ja")
    assert '<html lang="ja">' in ja and "ゲームの経過" in ja and "カイ二乗" in ja and "ダイス" in ja
    assert "ステップ 0 の後のマップ" in ja and "the map after step" not in ja and "chi-square" not in ja
    with pytest.raises(ValueError, match="step 99 is not in the game"):
        report_html(record, ["99"])
    out = tmp_path / "r.html"
    assert cli.main(["record", "report", str(record), "--at", "0,1", "-o", str(out)]) == 0
    assert out.read_text().count('class="map"') == 2


def test_stats_command(played, capsys: pytest.CaptureFixture[str]) -> None:
    record, _ = played
    assert cli.main(["record", "stats", str(record)]) == 0
    out = capsys.readouterr().out
    assert "game d6:    2 dice" in out and "too few dice" in out


def _pair(rec: Record, side: str, key: Ed25519PrivateKey, code: str = "123456") -> str:
    """The ``paired`` entry the host writes when a player's page pairs with its key (host/web/players.py)."""
    pub = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
    signed = signatures.pairing_statement(code)
    rec.append("paired", {"side": side, "public_key": pub, "signed": signed,
                          "proof": key.sign(canonical(signed).encode()).hex()})
    return pub


def _signed_record(tmp_path: Path, register: tuple[str, ...] = ("ger", "sov"),
                   name: str = "s.jsonl") -> tuple[Path, dict[str, Ed25519PrivateKey]]:
    """Both players pair (each page's key registered), a result is recorded and each signs it."""
    rec = Record.create(tmp_path / name, {"game": "pg", "scenario_path": str(demo_scenario("pg"))})
    keys = {side: Ed25519PrivateKey.generate() for side in ("ger", "sov")}
    for side in register:
        _pair(rec, side, keys[side])
    result = {"text": "sov win", "winner": "sov", "players": {"ger": "A", "sov": "B"}}
    at = rec.append("result", result)
    for side in ("ger", "sov"):
        pub = keys[side].public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
        signed = signatures.statement(rec.first, at, result, side)
        sig = keys[side].sign(canonical(signed).encode()).hex()
        rec.append("signature", {"side": side, "public_key": pub, "signature": sig, "signed": signed})
    rec.close()
    return tmp_path / name, keys


def test_signatures_verify_and_a_forged_one_is_named(tmp_path: Path) -> None:
    path, _ = _signed_record(tmp_path)
    assert audit(path).signatures == ["ger", "sov"]
    # the host rewrites the result and re-chains the record: the players' signatures no longer match it
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    from hexmate.host.record import GENESIS, entry_hash

    lines[3]["data"]["text"] = "ger win"
    prev = GENESIS
    for o in lines:
        o["prev"] = prev
        o["hash"] = prev = entry_hash(o["n"], o["t"], o["kind"], o["data"], prev)
    path.write_text("\n".join(json.dumps(o) for o in lines) + "\n")
    with pytest.raises(AuditFailed, match=r"entry 4 \(line 5\): the ger player's signature is over another"):
        audit(path)


def test_a_signature_with_a_key_not_registered_at_pairing_fails(tmp_path: Path) -> None:
    # the sov player never paired with a key: a valid signature by some key is still not the player's
    path, _ = _signed_record(tmp_path, register=("ger",), name="unpaired.jsonl")
    with pytest.raises(AuditFailed, match=r"entry 4 \(line 5\): the sov player's signing key was not "
                                          r"registered when that player paired"):
        audit(path)
    # the host (or anyone) swaps in its own key for the ger player's, signature and all, and re-chains
    rec = Record.create(tmp_path / "swapped.jsonl", {"game": "pg", "scenario_path": str(demo_scenario("pg"))})
    _pair(rec, "ger", Ed25519PrivateKey.generate())
    host_key = Ed25519PrivateKey.generate()
    result = {"text": "ger win", "winner": "ger", "players": {}}
    at = rec.append("result", result)
    signed = signatures.statement(rec.first, at, result, "ger")
    rec.append("signature", {"side": "ger", "signature": host_key.sign(canonical(signed).encode()).hex(),
                             "public_key": host_key.public_key().public_bytes(Encoding.Raw,
                                                                              PublicFormat.Raw).hex(),
                             "signed": signed})
    rec.close()
    with pytest.raises(AuditFailed, match="the ger player signed with a key other than the one registered"):
        audit(tmp_path / "swapped.jsonl")


def test_a_pairing_key_without_a_valid_proof_fails(tmp_path: Path) -> None:
    rec = Record.create(tmp_path / "p.jsonl", {"game": "pg"})
    key = Ed25519PrivateKey.generate()
    _pair(rec, "ger", key, code="111111")
    pub = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
    rec.append("paired", {"side": "sov", "public_key": pub, "signed": signatures.pairing_statement("222222"),
                          "proof": key.sign(b"something else").hex()})
    rec.close()
    with pytest.raises(AuditFailed, match=r"entry 2 \(line 3\): the key registered for the sov player at "
                                          r"pairing carries no valid proof"):
        audit(tmp_path / "p.jsonl")
