"""Actions: frozen values with a one-line text form that round-trips (python-chess's Move.uci()).

Dice results are fields of the actions that need them, so replaying the log replays the game. Hexes print
through the map's labels when a label function is given (``DC4``), else as axial ``@q,r``; the parser takes
both.

>>> from hexmate.rules.hexes import Hex
>>> a = Fire(("ger-sq1", "ger-ldr1"), Hex(3, 2), (3, 4))
>>> a.text()
'fire ger-sq1,ger-ldr1 at @3,2 dice 3,4'
>>> parse_text(a.text()) == a
True
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from hexmate.rules.errors import InvalidAction
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

Cost = int | Fraction
LabelFn = Callable[[Hex], str]
ParseHexFn = Callable[[str], Hex]
_UNIT_ID = re.compile(r"^[A-Za-z0-9_.\-?/]+$")  # "/": a unit made in play (ASL's second HS, "sq1/2")


def hex_text(h: Hex, label: LabelFn | None = None) -> str:
    return label(h) if label is not None else f"@{h.q},{h.r}"


def cost_text(cost: Cost) -> str:
    return str(cost) if isinstance(cost, int) or cost.denominator != 1 else str(cost.numerator)


def _units(units: Sequence[str]) -> str:
    return ",".join(units)


def _dice(values: Sequence[int]) -> str:
    return ",".join(str(v) for v in values)


@dataclass(frozen=True)
class Action:
    kind: ClassVar[str] = "action"

    def text(self, label: LabelFn | None = None) -> str:
        raise NotImplementedError


@dataclass(frozen=True)
class Move(Action):
    """A unit or stack moving along ``path`` (start hex first); ``cost`` in MF/MP, filled in when pushed."""

    kind: ClassVar[str] = "move"
    units: tuple[str, ...]
    path: tuple[Hex, ...]
    cost: Cost | None = None
    mode: str = ""  # a way of moving declared with it (ASL: "cx" Double Time, "assault", "dash"; A4.5, A4.6)

    def text(self, label: LabelFn | None = None) -> str:
        out = f"{self.kind} {_units(self.units)} {'-'.join(hex_text(h, label) for h in self.path)}"
        out = out if self.cost is None else f"{out} cost {cost_text(self.cost)}"
        return f"{out} as {self.mode}" if self.mode else out

    @property
    def start(self) -> Hex:
        return self.path[0]

    @property
    def end(self) -> Hex:
        return self.path[-1]


@dataclass(frozen=True)
class Advance(Move):
    """ASL Advance Phase: one hex, even into an enemy Location (A4.7)."""

    kind: ClassVar[str] = "advance"


@dataclass(frozen=True)
class EndPhase(Action):
    kind: ClassVar[str] = "end"

    def text(self, label: LabelFn | None = None) -> str:
        return "end"


@dataclass(frozen=True)
class Pass(Action):
    """PG / Fire Team: give up this action segment (PG 3.0 B)."""

    kind: ClassVar[str] = "pass"

    def text(self, label: LabelFn | None = None) -> str:
        return "pass"


@dataclass(frozen=True)
class Fire(Action):
    """Fire at a hex by one unit or a fire group; ``dice`` is the reported roll (None = declaration only)."""

    kind: ClassVar[str] = "fire"
    firers: tuple[str, ...]
    target: Hex
    dice: tuple[int, ...] | None = None

    def text(self, label: LabelFn | None = None) -> str:
        out = f"{self.kind} {_units(self.firers)} at {hex_text(self.target, label)}"
        return out if self.dice is None else f"{out} dice {_dice(self.dice)}"

    def declared(self) -> Fire:
        return type(self)(self.firers, self.target, None)


@dataclass(frozen=True)
class Attack(Fire):
    """Schlieffen's War: attack an adjacent hex with units from one or more hexes (11.0)."""

    kind: ClassVar[str] = "attack"


@dataclass(frozen=True)
class Rally(Action):
    """ASL Rally Phase: declare a broken unit's rally attempt (A10.6); its DR answers the roll decision that
    follows (``dice`` given here answers it at once, for scripts and replays)."""

    kind: ClassVar[str] = "rally"
    unit: str
    dice: tuple[int, ...] | None = None

    def text(self, label: LabelFn | None = None) -> str:
        return f"rally {self.unit}" + ("" if self.dice is None else f" dice {_dice(self.dice)}")


@dataclass(frozen=True)
class Repair(Action):
    """ASL Rally Phase: its Good Order possessor tries to repair a malfunctioned SW (A9.72); ``dice`` (the
    repair dr) answers the roll decision that follows."""

    kind: ClassVar[str] = "repair"
    sw: str
    dice: tuple[int, ...] | None = None

    def text(self, label: LabelFn | None = None) -> str:
        return f"repair {self.sw}" + ("" if self.dice is None else f" dice {_dice(self.dice)}")


@dataclass(frozen=True)
class Transfer(Action):
    """ASL: give a SW (or a prisoner, A20.5) to another unit of its Location (A4.431), or recover an
    unpossessed SW (A4.44: ``dice`` is the recovery dr); to no one (``drop SW``) it is dropped (A4.43)."""

    kind: ClassVar[str] = "transfer"
    item: str
    to: str
    dice: tuple[int, ...] | None = None

    def text(self, label: LabelFn | None = None) -> str:
        if not self.to:  # ASL A4.43: a SW dropped, possessed by no one
            return f"drop {self.item}"
        out = f"transfer {self.item} to {self.to}"
        return out + ("" if self.dice is None else f" dice {_dice(self.dice)}")


# Fire Team's modes [4.2]-[4.35]; ASL's declarations (A12.152 search, A12.153 mop-up, A12.14/A12.32 reveal or
# conceal a unit's "?" or HIP; A20.5 deploy a guard squad); Panzer Grenadier's dig (16.2, a move action
# of 3.13), wreck clearing (16.3), going into or out of a cave (16.7), formation, consolidate and
# moving-fire (17.0); ASL D10.5 scrounging a wreck or abandoned vehicle, A9.8 dismantling or assembling a SW,
# A9.73 destroying or disabling one; ASL A1.32 combining two HS (D6.82: a carrier's HS); D15.44 splitting and
# combining cycle counters; A25.23 a Human Wave declared; A13.62 a Cavalry Wave
ACTIVATE_MODES = ("move", "fire", "any", "cautious", "search", "mop-up", "reveal", "conceal", "dig", "clear",
                  "cave", "deploy", "formation", "consolidate", "moving-fire", "spot", "scrounge",
                  *(f"{arc}{k}" for arc in ("tca", "vca") for k in range(6)),  # ASL D3.12 (caend.py)
                  "dismantle", "assemble", "destroy", "disable", "split", "combine", "human-wave",
                  "opportunity", "break", "couple", "cavalry-wave", "dismount", "free-deploy")


@dataclass(frozen=True)
class Activate(Action):
    """Activate units before they act. Panzer Grenadier 3.1-3.3: open an action segment by activating leaders
    (with the units and lower-ranked leaders in their own and the adjacent hexes) or a stack; no ``mode``.
    Fire Team [4.2]-[4.3]: pay command points to activate a unit or a group for ``mode`` (``move``;
    ``cautious``, a move whose every hex is entered cautiously, 5.2; ``fire``; or ``any``: each member
    chooses, the group paying the higher cost, 4.35)."""

    kind: ClassVar[str] = "activate"
    units: tuple[str, ...]
    mode: str = ""

    def text(self, label: LabelFn | None = None) -> str:
        return f"activate {_units(self.units)}" + (f" for {self.mode}" if self.mode else "")


@dataclass(frozen=True)
class Save(Action):
    """Fire Team: put command points of this impulse on a unit as Saved CP [4.5]."""

    kind: ClassVar[str] = "save"
    unit: str
    cp: Cost

    def text(self, label: LabelFn | None = None) -> str:
        return f"save {cost_text(self.cp)} on {self.unit}"


@dataclass(frozen=True)
class Load(Action):
    """Fire Team: infantry board a transport in their hex [5.44]."""

    kind: ClassVar[str] = "load"
    units: tuple[str, ...]
    carrier: str

    def text(self, label: LabelFn | None = None) -> str:
        return f"load {_units(self.units)} into {self.carrier}"


@dataclass(frozen=True)
class Unload(Action):
    """Fire Team: a transport sets down everyone it carries [5.45]."""

    kind: ClassVar[str] = "unload"
    carrier: str

    def text(self, label: LabelFn | None = None) -> str:
        return f"unload {self.carrier}"


@dataclass(frozen=True)
class Smoke(Action):
    """Fire Team: a moving squad or vehicle lays smoke in the hex it stands in [10.1]."""

    kind: ClassVar[str] = "smoke"
    unit: str
    hex: Hex
    wp: bool = False  # ASL A24.3: White Phosphorus grenades, declared before the placement dr

    def text(self, label: LabelFn | None = None) -> str:
        return f"smoke {self.unit} at {hex_text(self.hex, label)}" + (" wp" if self.wp else "")


@dataclass(frozen=True)
class Answer(Action):
    """The one answer to the top decision (``rules/decisions.py``): a choice word (``pass``, ``yes``), units,
    hexes (one, or a path), or dice. ``side`` names who answers a secret declaration of both sides."""

    kind: ClassVar[str] = "answer"
    choice: str = ""
    units: tuple[str, ...] = ()
    hexes: tuple[Hex, ...] = ()
    dice: tuple[int, ...] | None = None
    side: str = ""

    def text(self, label: LabelFn | None = None) -> str:
        if self.dice is not None:
            body = f"dice {_dice(self.dice)}"
        elif self.units:
            body = f"units {_units(self.units)}"
        elif self.hexes:
            word = "hex" if len(self.hexes) == 1 else "path"
            body = f"{word} {'-'.join(hex_text(h, label) for h in self.hexes)}"
        else:
            body = self.choice
        return f"answer {body}" + (f" by {self.side}" if self.side else "")


def dice_of(action: Action) -> tuple[int, ...] | None:
    """The dice given with a declaration (a fire or rally written with its roll), else None."""
    return action.dice if isinstance(action, Fire | Rally | Repair | Transfer) else None


def with_dice(action: Action, dice: tuple[int, ...] | None) -> Action:
    """The same declaration with (or, given None, without) its dice."""
    if isinstance(action, Fire | Rally | Repair | Transfer):
        return dataclasses.replace(action, dice=dice)
    raise InvalidAction(T("{kind} takes no dice", kind=action.kind))


def parse_hex_default(text: str) -> Hex:
    match = re.fullmatch(r"@(-?\d+),(-?\d+)", text)
    if not match:
        raise InvalidAction(T("{text} is not a hex (a map label, or @q,r)", text=repr(text)))
    return Hex(int(match.group(1)), int(match.group(2)))


def parse_units(text: str) -> tuple[str, ...]:
    units = tuple(text.split(","))
    if not all(_UNIT_ID.match(u) for u in units):
        raise InvalidAction(T("{text} is not a list of unit ids (comma separated, no spaces)",
                              text=repr(text)))
    return units


def parse_dice(text: str) -> tuple[int, ...]:
    from hexmate.rules.dice import parse_values

    return parse_values(text)


def parse_cost(text: str) -> Cost:
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise InvalidAction(T("{text} is not a cost", text=repr(text))) from None
    return value.numerator if value.denominator == 1 else value


def parse_text(text: str, parse_hex: ParseHexFn | None = None) -> Action:
    """Parse one action's text form. Raises InvalidAction naming what is wrong; no position is consulted."""
    hexp = parse_hex or parse_hex_default
    words = text.strip().split()
    if not words:
        raise InvalidAction(T("empty action"))
    verb, rest = words[0].lower(), words[1:]

    def need(n: int, form: str) -> None:
        if len(rest) != n:
            raise InvalidAction(T("{text}: expected '{form}'", text=repr(text), form=form))

    if verb in ("end", "done") and len(rest) <= 1:
        return EndPhase()
    if verb == "pass" and not rest:
        return Pass()
    if verb in ("move", "advance"):
        mode = ""
        if len(rest) >= 4 and rest[-2] == "as":
            mode, rest = rest[-1], rest[:-2]
        if len(rest) not in (2, 4) or (len(rest) == 4 and rest[2] != "cost"):
            raise InvalidAction(T("{text}: expected '{form}'",
                                  text=repr(text), form=f"{verb} UNIT[,UNIT] HEX-HEX-... [cost N] [as MODE]"))
        path = _path(rest[1], hexp)
        cost = parse_cost(rest[3]) if len(rest) == 4 else None
        cls = Advance if verb == "advance" else Move
        return cls(parse_units(rest[0]), path, cost, mode)
    if verb in ("fire", "attack"):
        if len(rest) not in (3, 5) or rest[1] != "at" or (len(rest) == 5 and rest[3] not in ("dice", "die")):
            raise InvalidAction(T("{text}: expected '{form}'",
                                  text=repr(text), form=f"{verb} UNIT[,UNIT] at HEX [dice N,N]"))
        dice = parse_dice(rest[4]) if len(rest) == 5 else None
        fcls = Attack if verb == "attack" else Fire
        return fcls(parse_units(rest[0]), hexp(rest[2]), dice)
    if verb == "rally":
        if len(rest) not in (1, 3) or (len(rest) == 3 and rest[1] not in ("dice", "die")):
            raise InvalidAction(T("{text}: expected '{form}'", text=repr(text), form="rally UNIT [dice W,C]"))
        return Rally(parse_units(rest[0])[0], parse_dice(rest[2]) if len(rest) == 3 else None)
    if verb == "repair":
        if len(rest) not in (1, 3) or (len(rest) == 3 and rest[1] not in ("dice", "die")):
            raise InvalidAction(T("{text}: expected '{form}'", text=repr(text), form="repair SW [dice N]"))
        return Repair(parse_units(rest[0])[0], parse_dice(rest[2]) if len(rest) == 3 else None)
    if verb == "transfer":
        if len(rest) not in (3, 5) or rest[1] != "to" or (len(rest) == 5 and rest[3] not in ("dice", "die")):
            raise InvalidAction(T("{text}: expected '{form}'", text=repr(text),
                                  form="transfer SW to UNIT [dice N]"))
        return Transfer(parse_units(rest[0])[0], parse_units(rest[2])[0],
                        parse_dice(rest[4]) if len(rest) == 5 else None)
    if verb == "drop":
        need(1, "drop SW")
        return Transfer(parse_units(rest[0])[0], "")
    if verb == "activate":
        if len(rest) == 1:
            return Activate(parse_units(rest[0]))
        if len(rest) != 3 or rest[1] != "for" or rest[2] not in ACTIVATE_MODES:
            raise InvalidAction(T("{text}: expected '{form}'",
                                  text=repr(text), form="activate UNIT[,UNIT] [for move|fire|any|cautious]"))
        return Activate(parse_units(rest[0]), rest[2])
    if verb == "load":
        if len(rest) != 3 or rest[1] != "into":
            raise InvalidAction(T("{text}: expected '{form}'",
                                  text=repr(text), form="load UNIT[,UNIT] into VEHICLE"))
        return Load(parse_units(rest[0]), parse_units(rest[2])[0])
    if verb == "unload":
        if len(rest) != 1:
            raise InvalidAction(T("{text}: expected '{form}'", text=repr(text), form="unload VEHICLE"))
        return Unload(parse_units(rest[0])[0])
    if verb == "smoke":
        if len(rest) not in (3, 4) or rest[1] != "at" or rest[3:] not in ([], ["wp"]):
            raise InvalidAction(T("{text}: expected '{form}'", text=repr(text),
                                  form="smoke UNIT at HEX [wp]"))
        return Smoke(parse_units(rest[0])[0], hexp(rest[2]), rest[3:] == ["wp"])
    if verb == "save":
        if len(rest) != 3 or rest[1] != "on":
            raise InvalidAction(T("{text}: expected '{form}'", text=repr(text), form="save CP on UNIT"))
        return Save(parse_units(rest[2])[0], parse_cost(rest[0]))
    if verb == "answer":
        return _answer(text, rest, hexp)
    raise InvalidAction(T(
        "{text}: unknown action {verb} (move, advance, fire, attack, rally, activate, save, smoke, load, "
        "unload, answer, pass, end)", text=repr(text), verb=repr(verb)))


def _answer(text: str, rest: list[str], hexp: ParseHexFn) -> Answer:
    side = ""
    if len(rest) >= 2 and rest[-2] == "by":
        side, rest = rest[-1], rest[:-2]
    form = "'answer WORD | units U,U | hex HEX | path HEX-HEX | dice N,N' [by SIDE]"
    if len(rest) == 1 and rest[0] not in ("units", "hex", "path", "dice"):
        if not re.fullmatch(r"[a-z][a-z0-9_\-]*", rest[0]):
            raise InvalidAction(T("{text}: {word} is not an answer word; expected {form}",
                                  text=repr(text), word=repr(rest[0]), form=form))
        return Answer(choice=rest[0], side=side)
    if len(rest) != 2:
        raise InvalidAction(T("{text}: expected {form}", text=repr(text), form=form))
    what, value = rest
    if what == "units":
        return Answer(units=parse_units(value), side=side)
    if what in ("hex", "path"):
        return Answer(hexes=_path(value, hexp), side=side)
    if what == "dice":
        return Answer(dice=parse_dice(value), side=side)
    raise InvalidAction(T("{text}: expected {form}", text=repr(text), form=form))


def _path(text: str, hexp: ParseHexFn) -> tuple[Hex, ...]:
    if "@" in text:
        parts = re.findall(r"@-?\d+,-?\d+", text)
        if "-".join(parts) != text:
            raise InvalidAction(T("{text} is not a path of hexes (HEX-HEX-...)", text=repr(text)))
    else:
        parts = [p for p in text.split("-") if p]
    if not parts:
        raise InvalidAction(T("{text} is not a path of hexes", text=repr(text)))
    return tuple(hexp(p) for p in parts)
