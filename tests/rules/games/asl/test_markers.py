"""Every marker the ASL rules set on a unit reads as a cited phrase (markers.py), never as its internal id."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.games.asl import markers
from hexmate.rules.games.asl import units as au
from hexmate.rules.hexes import Hex

ASL = Path(markers.__file__).parent


def markers_set_in_the_source() -> set[str]:
    """Every marker id given to ``.mark(...)`` or tested with ``.has(...)`` in rules/games/asl: literals, and
    module constants (``PRISONER = "prisoner"``)."""
    found: set[str] = set()
    for path in ASL.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        consts = {t.id: n.value.value for n in tree.body if isinstance(n, ast.Assign)
                  and isinstance(n.value, ast.Constant) and isinstance(n.value.value, str)
                  for t in n.targets if isinstance(t, ast.Name)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
                    "mark", "has"):
                # a dict's keys are not markers; an f-string's pieces are the numbered ones tested below
                keys = {id(k) for d in ast.walk(node) if isinstance(d, ast.Dict) for k in d.keys}
                keys |= {id(c) for j in ast.walk(node) if isinstance(j, ast.JoinedStr) for c in j.values}
                for sub in ast.walk(node):
                    if id(sub) in keys:
                        continue
                    if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                        found.add(sub.value)
                    elif isinstance(sub, ast.Name) and sub.id in consts:
                        found.add(consts[sub.id])
    return {m for m in found if re.fullmatch(r"[a-z][a-z0-9_]*", m)}


def test_every_marker_of_the_source_and_every_state_has_a_cited_phrase() -> None:
    ids = markers_set_in_the_source() | set(au.STATES)
    assert {"broken", "pinned", "prisoner", "repair_tried", "ma_malf"} <= ids  # the scan finds them
    for marker in sorted(ids):
        said = markers.phrase(marker)
        assert "no reading" not in said, marker
        assert re.search(r"\([A-D]\d+(\.\d+)?\)$", said), (marker, said)


@pytest.mark.parametrize(("marker", "text"), [
    ("spent14", "7 MP spent this MPh (D2.1)"),
    ("spent5", "2.5 MP spent this MPh (D2.1)"),
    ("mpq3", "moves on 3/4 of its MP after a loading (D6.4)"),
    ("smoke_mf2", "2 MF spent on a smoke attempt (A24.1)"),
    ("tca2", "turret covered arc at hexspine 2 (D3.12)"),
    ("hw_bog:4", "its entry in a Human Wave's impulse calls for a bog DR (4 DRM), its platoon's one at the "
                 "impulse's end (D14.21)"),
    ("acq:rus-t1@3,4", "has acquired rus-t1 in @3,4 as its target (C6.5)"),
    ("chargeto:14:n:3,4", "charging @3,4 with 7 MF, hex by hex (A15.431)"),
])
def test_markers_with_a_number_or_a_target_read_as_sentences(marker: str, text: str) -> None:
    assert markers.phrase(marker) == text


def test_an_acquired_target_is_named_by_the_maps_label() -> None:
    def label(h: Hex) -> str:
        return f"X{h.q}{h.r}"

    said: Any = markers.phrase("acq:rus-t1@3,4", label)
    assert said == "has acquired rus-t1 in X34 as its target (C6.5)" and said.facts["hex"] == "X34"


def test_an_unknown_id_says_so_rather_than_pass_for_a_phrase() -> None:
    assert markers.phrase("zzz") == "state zzz (no reading for it yet)"


def test_a_turret_turn_and_an_overrun_named_for_a_hex_read_with_its_label() -> None:
    """D3.1.2's ``tcaK@HEX`` and D7.14's ``ovr:HEX`` kept on the vehicle for its move, read with the hex."""
    def name(h: Hex) -> str:
        return f"X{h.q}{h.r}"

    assert str(markers.phrase("tca_at:3:2,1", name)).endswith("hexspine 3 as its move enters X21 (D3.1.2)")
    said = "its move overruns X21, named among its enemy hexes (D7.14)"
    assert str(markers.phrase("ovr_at:2,1", name)) == said
