"""Pairings from the director's CSV file: stored as rounds and pairings, every mistake named by file and
line."""

from __future__ import annotations

import pytest
from hexmate.host.hall.pairings import COLUMNS, PairingsError, load, store_all
from hexmate.host.hall.store import Store

HEAD = ",".join(COLUMNS)


async def test_pairings_are_stored(store: Store, tmp_path) -> None:
    f = tmp_path / "r1.csv"
    f.write_text(f"{HEAD}\n1,2026-11-28,Hexmate Open,t1,asl demo,ger,Anna,rus,Boris\n"
                 "1,2026-11-28,Hexmate Open,t2,pg demo,ger,Carl,sov,Dora\n")
    await store_all(store, load(f))
    data = await store.overview()
    assert [(r["round"], r["tournament"], str(r["date"])) for r in data["rounds"]] == [
        (1, "Hexmate Open", "2026-11-28")]
    assert [(p["table_id"], p["scenario"], p["players"]) for p in data["pairings"]] == [
        ("t1", "asl demo", {"ger": "Anna", "rus": "Boris"}),
        ("t2", "pg demo", {"ger": "Carl", "sov": "Dora"})]


@pytest.mark.parametrize(("text", "error"), [
    ("round,table\n", "line 1: the columns must be round,date,"),
    (f"{HEAD}\n1,2026-11-28,Open,t1,demo,ger,Anna,rus,\n", "line 2: empty player_b"),
    (f"{HEAD}\nx,2026-11-28,Open,t1,demo,ger,Anna,rus,Boris\n", "line 2: invalid literal for int()"),
    (f"{HEAD}\n1,28.11.2026,Open,t1,demo,ger,Anna,rus,Boris\n", "line 2: Invalid isoformat string"),
    (f"{HEAD}\n1,2026-11-28,Open,Table 1,demo,ger,Anna,rus,Boris\n", "line 2: table id 'Table 1'"),
    (f"{HEAD}\n1,2026-11-28,Open,t1,demo,ger,Anna,ger,Boris\n", "line 2: the two sides must differ"),
    (f"{HEAD}\n1,2026-11-28,Open,t1,demo,ger,Anna,rus,Boris\n1,2026-11-28,Open,t1,demo,ger,Carl,rus,Dora\n",
     "line 3: table t1 is paired twice in round 1"),
])
def test_a_bad_pairings_file_names_the_line(tmp_path, text: str, error: str) -> None:
    f = tmp_path / "bad.csv"
    f.write_text(text)
    with pytest.raises(PairingsError) as e:
        load(f)
    assert str(e.value).startswith(f"pairings {f} ") and error in str(e.value)
