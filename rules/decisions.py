"""Decisions: what a game waits for from a player, as a stack of typed values (boardgame.io's stages).

A decision says who decides, what they may answer, the rule behind it, and names the game's continuation
that resumes play with the answer (``then``), so the whole stack stays plain data: it folds from the log and
prints in a position's text form. One generic action answers the top decision (``actions.Answer``); a
continuation may push further decisions (a rate-of-fire roll, a rout, a morale check), so nesting is natural.

Kinds:

- ``units``: choose ``count`` of ``units`` (a casualty, who takes a check first); at the table, lift it;
- ``hexes``: choose one of ``hexes`` (a rout or retreat destination); at the table, place the unit there;
- ``path``: choose a path ending in one of ``hexes`` (a retreat through several hexes);
- ``roll``: roll ``dice`` for ``purpose``; at the table the dice buttons are armed for it;
- ``confirm``: one of ``choices`` (``yes``/``no``, or "done" after a physical change);
- ``react``: the other side may react (fire at a moving unit) or answer ``pass``;
- ``secret``: both sides declare at once; each answer stays hidden until both have answered.

>>> d = Decision("roll", "rus", "rus-sq2 takes a 1MC", "A7.304", "mc", dice="DR", subject=("rus-sq2",))
>>> d.text()
'roll rus by rus-sq2 for mc (A7.304)'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from hexmate.rules.hexes import Hex

KINDS = ("units", "hexes", "path", "roll", "confirm", "react", "secret")
BOTH = "both"  # the side of a secret decision: each side answers once


@dataclass(frozen=True)
class Decision:
    """One open question of the game: answer it with ``actions.Answer`` (``legal_actions`` lists answers)."""

    kind: str
    side: str  # who decides (a side id, or BOTH for a secret declaration)
    prompt: str  # for people: what to decide, paraphrased (the narrator turns it into each audience's text)
    rule: str
    then: str  # the game's continuation that resumes with the answer (``Game.continuation(name)``)
    units: tuple[str, ...] = ()  # options of a ``units`` decision
    hexes: tuple[Hex, ...] = ()  # options of a ``hexes``/``path`` decision
    choices: tuple[str, ...] = ()  # options of ``confirm`` / ``secret`` (and ``react`` besides pass); on
    # ``units`` / ``hexes`` / ``path``, words offered instead of a unit or hex (retreat, decline an advance)
    count: int = 1  # how many units to choose (0: any number of them, at least one)
    dice: str = ""  # the game's roll name for ``roll`` ("DR", "dr", "2d6", "1d6", "d10")
    subject: tuple[str, ...] = ()  # the units it is about (the record ties a roll to its firer and target)
    target: Hex | None = None  # the hex it is about (a fire's target, a hex a mover entered)
    args: tuple[tuple[str, str], ...] = ()  # what the continuation needs, as text (stays serialisable)
    answers: tuple[tuple[str, str], ...] = ()  # secret decisions: side -> answer given so far
    private: bool = False  # the answer is the deciding side's alone until the game makes it public (a
    # secret plot, Fire Team 9.1): hosts keep it off shared pages, LEDs, notices; no placement answers it

    def arg(self, name: str, default: str = "") -> str:
        return dict(self.args).get(name, default)

    @property
    def argmap(self) -> Mapping[str, str]:
        return dict(self.args)

    def with_args(self, **more: str) -> Decision:
        from dataclasses import replace

        merged = {**dict(self.args), **more}
        return replace(self, args=tuple(sorted(merged.items())))

    def text(self) -> str:
        """One line for logs, tests and bug reports (hexes as axial; ``Position`` prints map labels)."""
        about = f" by {','.join(self.subject)}" if self.subject else ""
        return f"{self.kind} {self.side}{about} for {self.then} ({self.rule})"


@dataclass(frozen=True)
class Flow:
    """Where the sequence of play stands inside a phase (the core keeps it; games only read it).

    ``active``: the side acting now in a ``both`` or ``alternating`` phase; ``done``: sides that have declared
    the phase over (``both`` phases end when every side has); ``passes``: consecutive passes (``alternating``
    phases end on two); ``segments``: action segments the active side has left (PG initiative, 3.0);
    ``busy``: an action of the active side is still being worked out (its decisions open), so its segment is
    not used up yet.
    """

    active: str = ""
    done: frozenset[str] = frozenset()
    passes: int = 0
    segments: int = 0
    busy: bool = False


@dataclass(frozen=True)
class Moving:
    """A move being carried out hex by hex, so the other side may react at each hex entered (ASL A8.1,
    PG opportunity fire, Fire Team reaction fire). ``at`` is the index in ``path`` the units stand on now;
    ``spent`` what the entries so far cost. At the table it is still one lift and one placement: the units
    physically stand on ``path[-1]`` until the move stops short."""

    units: tuple[str, ...]
    path: tuple[Hex, ...]
    cost: int | object = 0  # the whole path's cost (int or Fraction), as checked
    at: int = 0
    stopped: str = ""  # why the move ended early ("" while it goes on or when it finished)

    @property
    def here(self) -> Hex:
        return self.path[self.at]

    @property
    def destination(self) -> Hex:
        return self.path[-1]

    @property
    def finished(self) -> bool:
        return self.at >= len(self.path) - 1


@dataclass(frozen=True)
class Physical:
    """A change the players must make on the board (flip a broken unit, remove an eliminated one, replace a
    squad by its half-squad, place a marker), found by comparing the states before and after a step
    (``base.physical_changes``). The host shows it until the board matches or a player confirms it
    (untagged sides and markers)."""

    what: str  # "flip" | "remove" | "replace" | "place" | "take" | "turn" | "move"
    unit: str
    text: str  # for people, with the rule
    rule: str = ""
    hex: Hex | None = None
    to: str = ""  # the counter it becomes (replace), or the marker to place


def secret_answers(decision: Decision) -> dict[str, str]:
    return dict(decision.answers)


__all__ = ["BOTH", "KINDS", "Decision", "Flow", "Moving", "Physical", "secret_answers"]
