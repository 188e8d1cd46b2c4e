"""The sequence of play as data (after boardgame.io's phases): phases, who acts, what is legal, what ends.

Each game ships ``rules/games/<game>/sequence.json``; guided prompts read the phase ``prompt`` and ``rule``
rather than hard-coding them. A game turn is a list of parts; a part belongs to one side ("first" / "second",
resolved from the scenario) or to nobody ("none": both sides act, e.g. the whole PG turn), and holds its
phases in order.

Phase ``acts`` says who may act: ``phasing`` (the side whose part it is), ``non_phasing``, ``both``
(the phasing side, then the other: each declares its part done), ``alternating`` (the sides take turns, PG
action segments), ``impulse`` (the side the game's ``impulse_side`` names, e.g. Fire Team's chit drawn; a
pass ends the impulse through the game's ``end_impulse``), ``engine`` (nothing for the players to do but
answer what the phase asks, e.g. an
end-of-turn check).

The flow is enforced by the core (``games/base.py``), never advanced by a game by hand. ``end`` says what
ends the phase: ``done`` (the acting side declares it over), ``both_done`` (each side has), ``both_pass`` (a
pass answered at once by the other side's pass), ``auto`` (as soon as no decision is open) or ``game`` (when
the game's ``phase_over`` says so: Fire Team's command points run out, 4.15). ``segments``
says how many actions the active side takes before the other: ``one``, or ``initiative`` (the game's
initiative roll sets them, PG 3.0). ``reactions`` lists the moments the other side may interrupt
(``enter``: each hex a mover enters, for ASL A8.1 Defensive First Fire, PG and Fire Team opportunity fire)
with the action kinds it may use.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hexmate.rules.errors import DataError

ACTORS = ("phasing", "non_phasing", "both", "alternating", "engine", "impulse")
SIDE_SLOTS = ("first", "second", "none")
ENDS = ("done", "both_done", "both_pass", "auto", "game")
SEGMENTS = ("one", "initiative")
DEFAULT_END = {"phasing": "done", "non_phasing": "done", "both": "both_done", "alternating": "both_pass",
               "engine": "auto", "impulse": "game"}


@dataclass(frozen=True)
class Reaction:
    """A window in which the side that is not acting may interrupt: ``on`` what (``enter``: a hex entered by
    a mover), with which action kinds, under which rule."""

    on: str
    actions: frozenset[str]
    rule: str


@dataclass(frozen=True)
class Phase:
    """One phase: id (short, e.g. ``PFPh``), name, rule number, who acts, legal action kinds, what ends it."""

    id: str
    name: str
    rule: str
    acts: str
    actions: frozenset[str]
    ends: str
    prompt: str
    end: str = "done"
    segments: str = "one"
    reactions: tuple[Reaction, ...] = ()

    def reaction(self, on: str) -> Reaction | None:
        return next((r for r in self.reactions if r.on == on), None)

    def allows(self, kind: str) -> bool:
        return kind in self.actions

    def prompt_text(self) -> str:
        """What a guided prompt says, with the rule cited."""
        return f"{self.name} ({self.rule}): {self.prompt}"


@dataclass(frozen=True)
class TurnPart:
    side: str  # "first" | "second" | "none"
    name: str
    phases: tuple[Phase, ...]


@dataclass(frozen=True)
class Step:
    """One phase instance in a game turn: which part it belongs to and its index in the turn."""

    index: int
    part: TurnPart
    phase: Phase


@dataclass(frozen=True)
class SequenceOfPlay:
    game: str
    rule: str
    parts: tuple[TurnPart, ...]

    @functools.cached_property
    def steps(self) -> tuple[Step, ...]:  # asked for on every action (Position.step): worked out once
        out: list[Step] = []
        for part in self.parts:
            for phase in part.phases:
                out.append(Step(len(out), part, phase))
        return tuple(out)

    def phase(self, phase_id: str) -> Phase:
        for step in self.steps:
            if step.phase.id == phase_id:
                return step.phase
        raise KeyError(f"{self.game} has no phase {phase_id!r}")

    def step_of(self, phase_id: str, side_slot: str | None = None) -> Step:
        """The first step with this phase id (in the given side's part, if one is given)."""
        for step in self.steps:
            if step.phase.id == phase_id and (side_slot is None or step.part.side == side_slot):
                return step
        raise KeyError(f"{self.game} has no phase {phase_id!r}" + (f" for {side_slot}" if side_slot else ""))

    @classmethod
    def from_dict(cls, data: Any, source: str = "<memory>") -> SequenceOfPlay:
        def err(msg: str) -> DataError:
            return DataError(f"{source}: {msg}")

        if not isinstance(data, dict):
            raise err("a sequence of play is a JSON object")
        game, rule, raw_parts = data.get("game"), data.get("rule", ""), data.get("parts")
        if not isinstance(game, str) or not isinstance(raw_parts, list) or not raw_parts:
            raise err("needs 'game' (string) and 'parts' (non-empty list)")
        parts = []
        seen: set[tuple[str, str]] = set()
        for i, raw in enumerate(raw_parts):
            where = f"part #{i}"
            if not isinstance(raw, dict) or raw.get("side") not in SIDE_SLOTS:
                raise err(f"{where}: 'side' must be one of {SIDE_SLOTS}")
            phases = []
            for j, ph in enumerate(raw.get("phases") or []):
                pw = f"{where} phase #{j}"
                if not isinstance(ph, dict):
                    raise err(f"{pw} must be an object")
                unknown = set(ph) - {
                    "id", "name", "rule", "acts", "actions", "ends", "prompt", "end", "segments", "reactions"
                }
                if unknown:
                    raise err(f"{pw}: unknown key(s) {sorted(unknown)}")
                for key in ("id", "name", "rule", "ends", "prompt"):
                    if not isinstance(ph.get(key), str) or not ph[key]:
                        raise err(f"{pw} ({ph.get('id', '?')}): '{key}' must be a non-empty string")
                if ph.get("acts") not in ACTORS:
                    raise err(f"{pw} ({ph['id']}): 'acts' must be one of {ACTORS}")
                actions = ph.get("actions")
                if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
                    raise err(f"{pw} ({ph['id']}): 'actions' must be a list of action kinds")
                if (raw["side"], ph["id"]) in seen:
                    raise err(f"{pw}: phase {ph['id']!r} repeats in the same side's part")
                seen.add((raw["side"], ph["id"]))
                end = ph.get("end", DEFAULT_END[ph["acts"]])
                if end not in ENDS:
                    raise err(f"{pw} ({ph['id']}): 'end' must be one of {ENDS}")
                segments = ph.get("segments", "one")
                if segments not in SEGMENTS:
                    raise err(f"{pw} ({ph['id']}): 'segments' must be one of {SEGMENTS}")
                reactions = []
                for k, rx in enumerate(ph.get("reactions") or []):
                    rw = f"{pw} ({ph['id']}) reaction #{k}"
                    if not isinstance(rx, dict) or rx.get("on") != "enter":
                        raise err(f"{rw}: 'on' must be 'enter'")
                    if set(rx) - {"on", "actions", "rule"}:
                        raise err(f"{rw}: unknown key(s) {sorted(set(rx) - {'on', 'actions', 'rule'})}")
                    kinds = rx.get("actions")
                    if not isinstance(kinds, list) or not kinds or not all(isinstance(a, str) for a in kinds):
                        raise err(f"{rw}: 'actions' must be a non-empty list of action kinds")
                    if not isinstance(rx.get("rule"), str) or not rx["rule"]:
                        raise err(f"{rw}: 'rule' must be a non-empty string")
                    reactions.append(Reaction("enter", frozenset(kinds), rx["rule"]))
                phases.append(
                    Phase(
                        ph["id"],
                        ph["name"],
                        ph["rule"],
                        ph["acts"],
                        frozenset(actions),
                        ph["ends"],
                        ph["prompt"],
                        end,
                        segments,
                        tuple(reactions),
                    )
                )
            if not phases:
                raise err(f"{where}: needs at least one phase")
            parts.append(TurnPart(raw["side"], str(raw.get("name", raw["side"])), tuple(phases)))
        return cls(game, str(rule), tuple(parts))


def load_sequence(path: str | Path) -> SequenceOfPlay:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise DataError(f"{path}: cannot read: {error.strerror or error}") from None
    except json.JSONDecodeError as error:
        raise DataError(f"{path}: not valid JSON at line {error.lineno}: {error.msg}") from None
    return SequenceOfPlay.from_dict(data, source=str(path))
