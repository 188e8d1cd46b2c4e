from typing import Any
from hexmate.rules.games.asl import armour
from .test_ventry import table, offered
from .test_armour import pass_reactions

def test_probe(make_position: Any) -> None:
    hid = {"id": "b-hid", "counter": "4-6-7", "side": "b", "hex": "A4", "concealed": True}
    pos = table(make_position, hid)
    print(sorted(t for t in offered(pos) if "A4 " in t or "B4 " in t))
    pos.push_text("move a-pz A4 as enter")
    print([ (d.then, d.side, d.rule) for d in pos.state.decisions], pos.state.moving)
    pos.push_text("answer paatc")
    pos.push_text("answer dice 1,1")
    print([ (d.then, d.side, d.rule, d.choices) for d in pos.state.decisions], pos.state.moving)
    pass_reactions(pos)
    print([ (d.then, d.side, d.rule, d.choices) for d in pos.state.decisions], pos.state.moving)
    pos.push_text("answer dice 2,2")
    print(pos.last_resolution)
    print([ (d.then, d.side, d.rule, d.choices) for d in pos.state.decisions], pos.state.moving)
