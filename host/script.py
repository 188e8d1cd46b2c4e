"""Scripts of table gestures: the regression tool for whole games and the shape of a bug report.

A script is a JSON file: ``{"game": "asl", "scenario": null, "steps": [...]}`` (``scenario`` a path
relative to the script, or null for the game's demo). Each step is one object with one gesture:

- ``{"move": "U1,U2", "to": "HEX"}``: lift these counters and place them on HEX (the table recognises the
  move); ``"path": ["A", "B", ...]`` instead of ``to`` shows the trail hex by hex;
- ``{"place": "U", "at": "HEX"}``: lift one counter and place it on HEX (a rout or retreat destination);
- ``{"tap": "U"}``: lift a counter and put it back (select it: a casualty, a unit to choose);
- ``{"remove": "U"}``: take a counter off the board (an eliminated unit);
- ``{"press": "done"}``: the board's done button (pass a reaction, pass a segment, end the phase);
- ``{"roll": [3, 4]}``: press the dice button armed for the open roll; the emulated board's random source is
  set to show these pips (``dice-next`` on the world channel), so a script replays exactly;
- ``{"page": "TEXT"}``: an action sent from the page in its text form (``fire ger-sq1 at DK4``,
  ``answer hex DK5``, ``end``);
- ``{"confirm": "U"}``: confirm on the page that an untagged change (a flip) was made to U;
- ``{"enrol": "U", "tag": "UID"}``: put a new counter with tag UID on the hex where the rules hold the new
  unit U (a vehicle's crew that bailed out, ASL D5.6) and enrol the tag as U on the page;
- ``{"wait": 200}``: let the table settle this many milliseconds;
- ``{"expect": {"phase": "DFPh", "turn": 1, "to_act": "rus", "decision": "roll", "units": {"U": "HEX"}}}``:
  stop with an error naming the step unless the position matches.

``play(position, script)`` folds a script over a rules Position directly (each gesture as the action the table
would make of it); ``hexmate demo --script`` plays the same file on the emulated table through the real host.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hexmate.host.game.changes import Changes
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction, RulesError
from hexmate.rules.games.base import Position

GESTURES = ("move", "place", "tap", "remove", "press", "roll", "page", "confirm", "enrol", "wait", "expect")
_KEYS = {"move": {"move", "to", "path"}, "place": {"place", "at"}, "tap": {"tap"}, "remove": {"remove"},
         "press": {"press"}, "roll": {"roll"}, "page": {"page"}, "confirm": {"confirm"}, "wait": {"wait"},
         "expect": {"expect"}, "enrol": {"enrol", "tag"}}
_EXPECT = {"phase", "turn", "to_act", "decision", "units", "over", "gone"}


class ScriptError(Exception):
    """A script that cannot be read or played: the message names the file and the step."""


@dataclass(frozen=True)
class Step:
    index: int
    gesture: str
    data: Mapping[str, Any]

    def where(self, source: str) -> str:
        return f"{source}: step {self.index + 1} ({self.gesture})"


@dataclass(frozen=True)
class Script:
    source: str
    game: str
    scenario: Path | None
    steps: tuple[Step, ...]


def load(path: str | Path) -> Script:
    """Read and check a script file; every error names the file and the step."""
    path = Path(path)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise ScriptError(f"{path}: cannot read: {e.strerror or e}") from None
    except json.JSONDecodeError as e:
        raise ScriptError(f"{path}: not valid JSON at line {e.lineno}: {e.msg}") from None
    return parse(raw, str(path), path.parent)


def parse(raw: Any, source: str = "<script>", base: Path | None = None) -> Script:
    if not isinstance(raw, dict) or not isinstance(raw.get("steps"), list):
        raise ScriptError(f"{source}: a script is an object with 'game' and a list of 'steps'")
    unknown = set(raw) - {"game", "scenario", "steps", "notes"}
    if unknown:
        raise ScriptError(f"{source}: unknown key(s) {sorted(unknown)}")
    game = raw.get("game")
    if not isinstance(game, str) or not game:
        raise ScriptError(f"{source}: 'game' must name a game (asl, pg, fireteam, sw)")
    scenario = raw.get("scenario")
    if scenario is not None and not isinstance(scenario, str):
        raise ScriptError(f"{source}: 'scenario' must be a path or null")
    steps = []
    for i, item in enumerate(raw["steps"]):
        where = f"{source}: step {i + 1}"
        if not isinstance(item, dict):
            raise ScriptError(f"{where}: a step is an object with one gesture ({', '.join(GESTURES)})")
        found = [g for g in GESTURES if g in item]
        if len(found) != 1:
            raise ScriptError(f"{where}: name exactly one gesture of {', '.join(GESTURES)}")
        gesture = found[0]
        extra = set(item) - _KEYS[gesture] - {"note"}
        if extra:
            raise ScriptError(f"{where}: unknown key(s) {sorted(extra)} for '{gesture}'")
        _check_step(where, gesture, item)
        steps.append(Step(i, gesture, item))
    path = (base or Path(".")) / scenario if scenario else None
    return Script(source, game, path, tuple(steps))


def _check_step(where: str, gesture: str, item: Mapping[str, Any]) -> None:
    def text(key: str) -> None:
        if not isinstance(item.get(key), str) or not item[key]:
            raise ScriptError(f"{where}: '{key}' must be a non-empty string")

    if gesture == "move":
        text("move")
        if ("to" in item) == ("path" in item):
            raise ScriptError(f"{where}: a move needs 'to' (a hex) or 'path' (a list of hexes)")
        if "to" in item:
            text("to")
        elif not isinstance(item["path"], list) or not item["path"] or \
                not all(isinstance(h, str) for h in item["path"]):
            raise ScriptError(f"{where}: 'path' must be a non-empty list of hex labels")
    elif gesture == "place":
        text("place")
        text("at")
    elif gesture in ("tap", "remove", "page", "confirm"):
        text(gesture)
    elif gesture == "enrol":
        text("enrol")
        text("tag")
    elif gesture == "press":
        if not isinstance(item["press"], str | int) or isinstance(item["press"], bool):
            raise ScriptError(f"{where}: 'press' names a button ('done', 'dice-a') or its number")
    elif gesture == "roll":
        pips = item["roll"]
        if not isinstance(pips, list) or not pips or \
                not all(isinstance(v, int) and 1 <= v <= 10 for v in pips):
            raise ScriptError(f"{where}: 'roll' must be a list of die faces, e.g. [3, 4]")
    elif gesture == "wait":
        if not isinstance(item["wait"], int) or not 0 <= item["wait"] <= 60_000:
            raise ScriptError(f"{where}: 'wait' must be milliseconds (0..60000)")
    elif gesture == "expect":
        exp = item["expect"]
        if not isinstance(exp, dict) or not exp or set(exp) - _EXPECT:
            raise ScriptError(f"{where}: 'expect' takes {sorted(_EXPECT)}")


# --- the same script folded over a rules Position (no table) ---------------------------------------------
def action_for(position: Position, step: Step) -> act.Action | None:
    """The action the table makes of one gesture in this position (None for wait/expect/confirm)."""
    d = step.data
    g = step.gesture
    if g == "move":
        units = tuple(position.unit_ref(u) for u in str(d["move"]).split(","))
        if "path" in d:
            return act.Move(tuple(sorted(units)), tuple(position.map.parse_label(h) for h in d["path"]))
        to = position.map.parse_label(str(d["to"]))
        moves = position.legal_actions.moves_for(frozenset(units))
        if to in moves:
            return moves[to]
        start = position.units[units[0]].hex
        if start is not None and to in position.map.neighbors(start):
            return act.Move(tuple(sorted(units)), (start, to))  # let the rules say why not
        raise IllegalAction(f"{position.label(to)} is not a legal destination of {', '.join(units)} now")
    if g == "place":
        return act.Answer(hexes=(position.map.parse_label(str(d["at"])),))
    if g in ("tap", "remove"):
        return act.Answer(units=(position.unit_ref(str(d[g])),))
    if g == "press":
        if d["press"] != "done":
            raise IllegalAction("only the done button is a gesture by itself; dice buttons roll ('roll')")
        done = position.game.done_action(position)
        if done is None:
            raise IllegalAction(f"the done button does nothing now: {position.decision_text() or position}")
        return done
    if g == "roll":
        return act.Answer(dice=tuple(int(v) for v in d["roll"]))
    if g == "page":
        if str(d["page"]).split(" ", 1)[0] == "show":
            position.game.show(position, str(d["page"]).split()[1:])  # a picture on request: no action
            return None
        return position.parse_action(str(d["page"]))
    return None


def check_expect(position: Position, expect: Mapping[str, Any]) -> list[str]:
    """What differs from an ``expect`` step (empty if the position matches)."""
    out: list[str] = []
    if "phase" in expect and position.phase.id != expect["phase"]:
        out.append(f"phase {position.phase.id}, expected {expect['phase']}")
    if "turn" in expect and position.turn != expect["turn"]:
        out.append(f"turn {position.turn}, expected {expect['turn']}")
    if "to_act" in expect and position.to_act != expect["to_act"]:
        out.append(f"{position.to_act} to act, expected {expect['to_act']}")
    if "decision" in expect:
        top = position.decision
        kind = top.kind if top is not None else None
        if kind != expect["decision"]:
            out.append(f"open decision {kind}, expected {expect['decision']}")
    if "over" in expect and position.state.over != expect["over"]:
        out.append(f"over={position.state.over}, expected {expect['over']}")
    for unit, label in dict(expect.get("units", {})).items():
        u = position.units.get(unit)
        where = position.label(u.hex) if u is not None else "gone"
        if where != label:
            out.append(f"{unit} on {where}, expected {label}")
    for unit in expect.get("gone", ()):
        if unit in position.units:
            out.append(f"{unit} is still in play, expected gone")
    return out


def play(position: Position, script: Script) -> Position:
    """Fold the script's gestures over ``position`` as rules actions; ScriptError names the failing step.

    The changes the board owes are kept as the table keeps them (``host/game/changes.py``): a flip must be
    confirmed before play goes on, and the done button confirms it first, so a script that passes here
    plays the same at the table (every demo counter is tagged, so a removal is seen by the board)."""
    owed = Changes(lambda ph: ph.what == "remove")
    for step in script.steps:
        where = step.where(script.source)
        try:
            if step.gesture == "expect":
                problems = check_expect(position, step.data["expect"])
                if problems:
                    raise ScriptError(f"{where}: {'; '.join(problems)} | {position}")
                continue
            if step.gesture == "enrol":  # a new counter put down and enrolled: no rules action
                if str(step.data["enrol"]) not in position.units:
                    raise ScriptError(f"{where}: the rules hold no unit {step.data['enrol']} to enrol")
                owed.confirm(str(step.data["enrol"]))
                continue
            if step.gesture == "confirm":
                if not owed.confirm(position.unit_ref(str(step.data["confirm"]))):
                    raise ScriptError(f"{where}: no change to confirm for {step.data['confirm']}")
                continue
            if step.gesture == "press" and step.data["press"] == "done" and owed.blocking:
                owed.confirm()
                continue
            if step.gesture == "remove" and str(step.data["remove"]) not in position.units:
                continue  # an eliminated unit: taking its counter off is the change the board owed
            action = action_for(position, step)
            if action is None:
                continue
            if owed.blocking and position.decision is None:
                todo = "; ".join(c.physical.text for c in owed.blocking)
                raise ScriptError(f"{where}: first make the change on the board: {todo}")
            position.push(action)
            owed.add(position.changes, position.state.step)
            owed.seen(lambda unit: unit in position.units)
        except RulesError as e:
            raise ScriptError(f"{where}: {e} | {position}") from None
    return position


def summary(position: Position, record: str | None = None) -> dict[str, Any]:
    """What ``hexmate demo --script`` prints: the final position with its turn and phase, and the record."""
    return {
        "game": position.game.name,
        "turn": position.turn,
        "phase": position.phase.id,
        "to_act": position.to_act,
        "decision": position.decision_text() or None,
        "over": position.state.over,
        "status": position.game.status(position),
        "position": str(position),
        "actions": len(position.log),
        "record": record,
    }
