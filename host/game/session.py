"""The game session: scenario, rules Position, phase and what the players are asked to do now.

It is the tracker's oracle (``expected`` and ``destinations``) over a pure rules Position, so the table layer
never calls the rules engine itself, and it turns what players do at the table into rules actions: a
placement answers an open ``hexes`` decision, a lifted unit answers a ``units`` decision, the dice answer a
``roll``, the done button means what ``Game.done_action`` says. The session never reads a clock or a sensor
(dice arrive as logged facts). The seam to the rules is typed: ``Game``, ``Position``, ``Decision``.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hexmate.host.game.changes import Changes
from hexmate.rules import actions as act
from hexmate.rules.decisions import BOTH, Decision, Physical
from hexmate.rules.errors import IllegalAction, RulesError
from hexmate.rules.games.base import Game, Position, Resolution, State
from hexmate.rules.hexes import Hex
from hexmate.rules.los import LosResult, LosRules, check_los
from hexmate.rules.maps import HexMap
from hexmate.rules.scenario import Scenario
from hexmate.rules.sequence import Phase
from hexmate.rules.text import T

LOGGER = logging.getLogger(__name__)

_MAX_LEGAL = 60  # actions listed on a page; moves are made by lifting, so only those no lift makes are listed


class SessionError(Exception):
    """The scenario cannot be loaded or the game is unknown; the message names the file or game."""


@dataclass(frozen=True)
class Placement:
    """A hex where a unit may be put to answer the open ``hexes`` decision (a rout or retreat destination):
    shaped like a Move for the tracker (``path``, ``cost``), carrying the answer it makes."""

    path: tuple[Hex, ...]
    answer: act.Answer
    cost: int = 0


@dataclass(frozen=True)
class Played:
    """One accepted action: its text, the decision it answered (the record ties dice to it), the physical
    changes it asks for and the resolution it worked out."""

    text: str
    answered: str  # the decision it answered, as one line ("" if none)
    changes: tuple[Physical, ...]
    resolution: Resolution | None
    secret: str = ""  # the answer to a private decision (a plot, FT 9.1): what others may read instead


def unsaid(decision: Decision) -> Decision:
    """A private decision as pages other than its owner's read it: its prompt's ``secret...`` facts said as
    '?' (what PG 16.6's owner drew from the cup)."""
    said = decision.prompt
    if not decision.private or not isinstance(said, T):
        return decision
    return dataclasses.replace(decision, prompt=said.with_facts(
        **{k: "?" for k in said.facts if k.startswith("secret")}))


def private_line(decision: Decision) -> str:
    """What every page but the owner's reads for an answer to a private decision: who answered, not what."""
    return f"{decision.side}: answered in secret ({decision.rule})"


_FOLDED = frozenset({"action", "takeback", "confirm", "made"})  # the entries the position is the fold of


class GameSession:
    """One game being played: ``GameSession.load("asl", path)``."""

    def __init__(self, game: Game, scenario: Scenario, position: Position, scenario_path: Path) -> None:
        self.game = game
        self.scenario = scenario
        self.position = position
        self.scenario_path = scenario_path
        self.history: list[str] = []
        self._moves: dict[tuple[frozenset[str], int], Mapping[Hex, act.Move]] = {}
        from hexmate.host.table.oracle import PositionOracle

        self._oracle = PositionOracle(position)
        self._los_rules: LosRules | None = None
        # where the board last read each unit (set by the service from its tracker): a unit the rules ask to
        # be placed (a rout, a retreat, a mover put back where it was stopped) is where the player left it
        self.sensed_hex: Callable[[str], Hex | None] = lambda unit: None
        self._to_place: dict[str, Hex] = {}
        self._placing = -1  # the log length when the open placement question was first seen
        self._legal: dict[str, tuple[object, list[str]]] = {}  # audience -> (the state, its legal actions)
        # expected() for the state it was worked out for (the tracker and the LEDs ask for it on every sensor
        # event; a state is immutable, so the same state object gives the same answer)
        self._expected: tuple[object, dict[str, Hex]] | None = None

    @classmethod
    def load(cls, game_name: str, scenario_path: str | Path) -> GameSession:
        from hexmate.rules.games import get_game

        path = Path(scenario_path)
        try:
            game = get_game(game_name)
        except (KeyError, ValueError, RulesError) as e:
            raise SessionError(f"unknown game {game_name!r}: {e}") from None
        if not path.exists():
            raise SessionError(f"scenario file {path} not found")
        try:
            scenario = game.load_scenario(path)
            position = game.new_position(scenario)
        except (RulesError, ValueError, OSError) as e:
            raise SessionError(f"scenario {path}: {e}") from None
        return cls(game, scenario, position, path)

    @classmethod
    def from_record(cls, record_path: str | Path, changes: Changes | None = None) -> GameSession:
        """A game restarted from its record: the scenario named in the header, then every recorded action
        played again in order, each take-back undone again (state = fold(record)). With ``changes``, the
        changes the board still owes are rebuilt too (added by actions, dropped when confirmed or shown
        made, forgotten on a take-back). SessionError names the file and the entry."""
        from hexmate.host.record import RecordError, read

        try:
            recorded = read(record_path, sidecar=True)  # the host's own fold: sealed entries opened
        except RecordError as bad:
            raise SessionError(str(bad)) from None
        return cls.from_entries(recorded, record_path, changes)

    @classmethod
    def from_entries(cls, recorded: Sequence[Any], record_path: str | Path,
                     changes: Changes | None = None, *, checkpoints: bool = True) -> GameSession:
        """``from_record`` over entries already read and verified (``host.record.read``). With
        ``checkpoints`` the fold starts from the record's last checkpoint (written when no change was owed,
        so the owed changes start empty there); without, from the scenario."""
        from hexmate.host.sealed import SEALED_NOTE, is_sealed

        sealed = next((e for e in recorded if is_sealed(e.data) and e.kind != "header"), None)
        if sealed is not None:
            raise SessionError(f"record {record_path} line {sealed.n + 1}: {SEALED_NOTE} (its sealed sidecar "
                               f"is not here, and the record holds no reveal yet)")
        header = recorded[0].data
        scenario = header.get("scenario_path") or header.get("scenario")
        session = cls.load(str(header.get("game", "")), str(scenario))
        start = 0
        if checkpoints:
            session, start = session._from_checkpoint(recorded, record_path)
        position = session.position
        for e in recorded[start:]:
            if e.kind not in _FOLDED:
                continue
            data = e.data
            try:
                if e.kind == "takeback":
                    session.take_back()
                    if changes is not None:
                        changes.clear()
                elif e.kind == "action":
                    text = str(data["text"])
                    position.push(position.parse_action(text))
                    session.history.append(text)
                    if changes is not None:
                        changes.add(position.changes, position.state.step)
                elif changes is not None and e.kind == "confirm":
                    changes.confirm(str(data.get("unit", "")))
                elif changes is not None and e.kind == "made":
                    made = set(data.get("changes", ()))
                    changes.made(lambda c, made=made: c.physical.text in made)  # type: ignore[misc]
            except (RulesError, KeyError, TypeError, AttributeError) as err:
                where = f"record {record_path} line {e.n + 1} (entry {e.n}, {e.kind} {data})"
                raise SessionError(f"{where} does not replay: {err}") from None
        return session

    def checkpoint(self) -> dict[str, Any]:
        """The record's checkpoint of the position now: the actions played and the state they fold to."""
        from hexmate.host.game.checkpoint import encode

        return {"actions": self.position.played, "state": encode(self.position.state)}

    def _from_checkpoint(self, recorded: Sequence[Any], record_path: str | Path) -> tuple[GameSession, int]:
        """This (new) session continued from the record's last checkpoint, and the index of the entry after
        it; itself and 0 when the record has none."""
        from hexmate.host.game.checkpoint import CheckpointError, decode

        at = next((i for i in range(len(recorded) - 1, -1, -1) if recorded[i].kind == "checkpoint"), None)
        if at is None:
            return self, 0
        played: list[str] = []  # the log at the checkpoint: actions, less those taken back
        for e in recorded[:at]:
            if e.kind == "action":
                played.append(str(e.data["text"]))
            elif e.kind == "takeback" and played:
                played.pop()
        e = recorded[at]
        try:
            if int(e.data["actions"]) != len(played):
                raise CheckpointError(f"it counts {e.data['actions']} actions, the record {len(played)}")
            state = decode(e.data["state"])
            if not isinstance(state, State):
                raise CheckpointError("it holds no rules state")
        except (CheckpointError, KeyError, TypeError, ValueError) as err:
            where = f"record {record_path} line {e.n + 1} (entry {e.n}, checkpoint)"
            raise SessionError(f"{where}: {err}") from None
        pos = self.position
        session = GameSession(self.game, self.scenario,
                              Position.resumed(self.game, pos.scenario, pos.map, pos.charts, state, played),
                              self.scenario_path)
        session.history = list(played)
        return session, at + 1

    # --- the tracker's oracle ----------------------------------------------------------------------------
    def expected(self) -> Mapping[str, Hex]:
        """Where every unit on the map physically stands (unit id -> hex). A move being worked out hex by hex
        already stands on its destination (one lift, one placement) unless the rules stopped it short."""
        state = self.position.state
        cached = self._expected
        if cached is not None and cached[0] is state:
            out = dict(cached[1])
        else:
            out = {}
            for unit_id, unit in state.units.items():
                if unit.hex is not None:
                    h = self.position.physical_hex(unit_id)
                    if h is not None:
                        out[unit_id] = h
            self._expected = (state, dict(out))
        top = state.decision
        if top is None or top.kind not in ("hexes", "path"):
            self._to_place = {}
            return out
        if self._placing != self.position.played:  # a new question: read where its units stand afresh
            self._placing, self._to_place = self.position.played, {}
        for unit_id in top.subject:
            if unit_id not in out:
                continue
            seen = self.sensed_hex(unit_id) if unit_id not in self._to_place else None
            if seen is not None:
                self._to_place[unit_id] = seen  # read once, when the question opens
            if unit_id in self._to_place:
                out[unit_id] = self._to_place[unit_id]  # still where it was left, until it is placed
        return out

    def destinations(self, unit_ids: Iterable[str], start: Hex) -> Mapping[Hex, act.Move | Placement]:
        """Where the lifted group may be put now: the open ``hexes`` decision's options when the group is
        what it is about, else every legal move (cheapest path and cost); nothing while another is open."""
        ids = frozenset(unit_ids)
        if not ids:
            return {}
        top = self.position.decision
        if top is not None:
            return self._placements(ids, start, top)
        if self.position.state.moving is not None:
            return {}
        key = (ids, self.position.played)
        cached = self._moves.get(key)
        if cached is not None:
            return cached
        try:
            moves: Mapping[Hex, act.Move] = self.position.legal_actions.moves_for(ids)
        except RulesError:
            moves = {}  # units that cannot move as a group now (not one hex, not this side's turn)
        except Exception as e:  # a rules bug must not stop the table; it is logged with the position
            LOGGER.exception("moves_for(%s) failed in %s: %s", sorted(ids), self.position, e)
            return {}
        if len(self._moves) > 512:
            self._moves.clear()
        self._moves[key] = moves
        return moves

    def _placements(self, ids: frozenset[str], start: Hex, top: Decision) -> Mapping[Hex, Placement]:
        if top.kind not in ("hexes", "path") or top.private or (top.subject and not ids <= set(top.subject)):
            return {}  # a private answer is given on the owner's page, never by a placement all can see
        return {h: Placement((start, h), act.Answer(hexes=(h,))) for h in top.hexes}

    def likely_groups(self) -> list[frozenset[str]]:
        """Groups a player will probably lift next: each unit of the side to act, and each of its stacks.

        Their destinations are worked out ahead of time (PicoChess precomputes its legal positions), so a
        lift lights the LEDs without waiting for the movement search.
        """
        if self.position.decision is not None or self.position.state.moving is not None:
            return []
        stacks: dict[Hex, set[str]] = {}
        for unit_id, h in self.expected().items():
            if self.position.units[unit_id].side == self.to_act:
                stacks.setdefault(h, set()).add(unit_id)
        groups: list[frozenset[str]] = []
        for _h, units in sorted(stacks.items(), key=lambda kv: (kv[0].q, kv[0].r)):
            groups.extend(frozenset({u}) for u in sorted(units))
            if len(units) > 1:
                groups.append(frozenset(units))
        return groups

    def warm(self, group: frozenset[str]) -> bool:
        """Work out one group's destinations if not cached yet; True if it did any work."""
        if (group, self.position.played) in self._moves:
            return False
        start = self.expected().get(next(iter(group)))
        if start is None:
            return False
        self.destinations(group, start)
        return True

    def route(self, unit_ids: frozenset[str], waypoints: Sequence[Hex]) -> act.Move | None:
        """The move along the trail the player showed (the tracker's optional RouteOracle)."""
        if self.position.decision is not None:
            return None  # a placement answering a decision: only its end counts
        return self._oracle.route(unit_ids, waypoints)

    def explain(self, unit_ids: frozenset[str], start: Hex, target: Hex) -> str:
        """Why ``target`` is not a legal destination, with the rule the rules engine cites."""
        top = self.position.decision
        if top is not None:
            names = ", ".join(sorted(unit_ids))
            if top.kind in ("hexes", "path") and (not top.subject or unit_ids <= set(top.subject)):
                options = ", ".join(self.label(h) for h in top.hexes)
                return T("{hex} is not one of the lit hexes for {units}: {options} ({rule})",
                         hex=self.label(target), units=names, options=options, rule=top.rule)
            return T("{units} may not move now: {decision}", units=names, decision=self.decision_line(top))
        if self.position.state.moving is not None:
            return T("a move is still being worked out: answer the open question first")
        return self._oracle.explain(unit_ids, start, target)

    # --- playing -----------------------------------------------------------------------------------------
    def push(self, action: act.Action) -> Played:
        """Check and apply an action; RulesError (with the rule) if the rules refuse it, nothing changed."""
        before = self.position.decision
        resolved = self.position.state.resolution
        # an activation only its side's page lists (ASL: a HIP unit placed under a "?", A12.32) is told to the
        # others as who acted, not what
        owner = (self.position.game.secret_of(self.position, action) if isinstance(action, act.Activate)
                 else "")
        done = self.position.push(action)
        text = self.position.action_text(done)
        self.history.append(text)
        answered = secret = ""
        if before is not None and isinstance(done, act.Answer):
            answered = self.position.decision_text(before)
            if before.private:
                secret = private_line(before)
        elif owner:
            secret = f"{owner}: acted in secret"
        resolution = self.position.state.resolution
        fresh = resolution if resolution is not resolved else None
        return Played(text, answered, self.position.changes, fresh, secret)

    def take_back(self) -> str:
        """A correction: the last accepted action is taken back (its text); IllegalAction if there is none.
        The record keeps both the action and its take-back, so the fold gives the same position."""
        if not self.position.played:
            raise IllegalAction(T("nothing to take back: no action has been played"))
        text = self.position.action_text(self.position.pop())
        self.history.append(f"take back {text}")
        return text

    def push_move(self, units: Iterable[str], path: Sequence[Hex], mode: str = "") -> Played:
        """A recognised placement: the answer to an open ``hexes`` decision, else a move in ``mode``, the way
        of moving its lit destination was for (the tracker's ``MoveRecognised.mode``: a hex only Double Time,
        a carry or a Charge reaches is lit for that move, and placing the group there plays it so)."""
        ids = frozenset(units)
        top = self.position.decision
        if top is not None and top.kind in ("hexes", "path") and not top.private:
            return self.push(act.Answer(hexes=(path[-1],)))
        return self.push(act.Move(tuple(sorted(ids)), tuple(path), None, mode))

    def push_text(self, text: str) -> Played:
        """An action typed or clicked on a page, in its text form; RulesError if it is not legal now."""
        return self.push(self.position.parse_action(text))

    def choose(self, unit: str) -> Played | None:
        """A unit lifted while a ``units`` decision is open: the answer if it is one of the options, None if
        no such decision is open; IllegalAction naming the options otherwise."""
        top = self.position.decision
        if top is None or top.kind != "units":
            return None
        if unit not in top.units:
            options = ", ".join(top.units)
            raise IllegalAction(T("{unit} is not one of the units to choose from: {options}", unit=unit,
                                  options=options), top.rule)
        return self.push(act.Answer(units=(unit,)))

    def done(self) -> Played:
        """The board's done button: pass a reaction, confirm, pass a segment or end the phase."""
        action = self.game.done_action(self.position)
        if action is None:
            top = self.position.decision
            why = self.decision_line(top) if top is not None else T("nothing to end now")
            raise IllegalAction(T("the done button does nothing now: {why}", why=why))
        return self.push(action)

    def dice(self, values: Sequence[int]) -> Played:
        """Dice rolled on the table: the answer to the open roll."""
        top = self.position.decision
        if top is None or top.kind != "roll":
            raise IllegalAction(T("no roll is open now: these dice answer nothing"))
        return self.push(act.Answer(dice=tuple(values)))

    def roll_dice(self) -> int:
        """How many dice the open roll needs (0 when no roll is open or the table's dice cannot make it)."""
        return self.roll_spec()[0]

    def roll_spec(self) -> tuple[int, int]:
        """(count, sides) of the open roll as the board's buttons roll it: up to four d6 or d10, all alike;
        (0, 0) when no roll is open or its dice are not the board's (then they are typed on the page)."""
        top = self.position.decision
        if top is None or top.kind != "roll":
            return 0, 0
        spec = self.game.dice_spec(top.dice)
        sides = {d.sides for d in spec.dice}
        if not 1 <= spec.count <= 4 or len(sides) != 1 or not sides <= {6, 10}:
            return 0, 0
        return spec.count, sides.pop()

    def los(self, a: Hex, b: Hex) -> LosResult:
        """A line of sight check between two hexes (either asked at the table or on a page)."""
        own = self.game.location_los(self.position, a, b)  # a game's own LOS by Location (ASL A6, A2.8)
        if own is not None:
            return own
        if self._los_rules is None:
            from hexmate.rules.terrain import load_game_terrain

            self._los_rules = load_game_terrain(self.map.game).los_rules()
        return check_los(self.map, a, b, self._los_rules)

    # --- what the players read ---------------------------------------------------------------------------
    @property
    def map(self) -> HexMap:
        return self.position.map

    @property
    def phase_info(self) -> Phase:
        return self.position.phase

    @property
    def phase(self) -> str:
        return self.position.phase.name

    @property
    def to_act(self) -> str:
        """Who must act now: the side deciding the open question, else the phase's acting side."""
        top = self.position.decision
        if top is not None and top.side != BOTH:
            return top.side
        return self.position.to_act

    def label(self, h: Hex) -> str:
        return self.map.label(h)

    def decision_line(self, d: Decision) -> str:
        """A decision as people read it: its prompt, who decides and the rule (a ``T``: each page says it in
        its own language)."""
        who = T("both sides, in secret") if d.side == BOTH else d.side
        return T("{prompt} ({who} decides; {rule})", prompt=d.prompt, who=who, rule=d.rule)

    def status(self) -> list[str]:
        """The game's own lines for the Now panel (score, victory checks)."""
        return self.game.status(self.position)

    def show(self, text: str) -> tuple[dict[Hex, str], str]:
        """A picture the game draws on request: ``show supply ger`` (hex -> status, a summary)."""
        return self.game.show(self.position, text.split()[1:])

    def prompt(self) -> str:
        """What the players should do now: the open decision, else the phase's prompt from the sequence (a
        ``T``, said in each page's language)."""
        top = self.position.decision
        if self.position.state.over:
            return T("The game is over.")
        phase = self.position.phase
        if top is not None:
            top = unsaid(top)  # shared: a private decision's secret facts unsaid
            return T("{phase} ({rule}): {ask}", phase=phase.name, rule=phase.rule, ask=self._ask(top))
        side = next((x.name for x in self.scenario.sides if x.id == self.to_act), self.to_act)  # 'German'
        if phase.prompt:
            return T("{phase} ({rule}): {side} to act. {hint}", phase=phase.name, rule=phase.rule, side=side,
                     hint=phase.prompt)
        return T("{phase} ({rule}): {side} to act. Lift a unit to see where it may move.", phase=phase.name,
                 rule=phase.rule, side=side)

    def _ask(self, d: Decision) -> str:
        how = {
            "roll": T("press the dice button on the table"),
            "units": T("lift the unit you choose"),
            "hexes": T("put the unit on one of the lit hexes"),
            "path": T("choose the path on the page (or move the unit along it to a lit hex)"),
            "react": T("declare a reaction on the page, or press done to let it go on"),
            "confirm": T("answer on the page, or press done"),
            "secret": T("each side answers on its own page"),
        }[d.kind]
        return T("{line}: {how}.", line=self.decision_line(d), how=how)

    def done_label(self) -> str | None:
        """What the done button means now, for the pages (None when it does nothing)."""
        action = self.game.done_action(self.position)
        if action is None:
            return None
        if isinstance(action, act.EndPhase):
            return T("End the {phase} ({rule})", phase=self.phase, rule=self.position.phase.rule)
        if isinstance(action, act.Pass):
            return T("Pass ({rule})", rule=self.position.phase.rule)
        top = self.position.decision
        rule = top.rule if top is not None else self.position.phase.rule
        if isinstance(action, act.Answer) and action.choice == "pass":
            return T("Let it go on: no reaction ({rule})", rule=rule)
        return T("Answer {action} ({rule})", action=self.position.action_text(action), rule=rule)

    def concealed_units(self) -> frozenset[str]:
        """Units concealed now: the rules' unit state is the one authority (the tracker's ConcealOracle)."""
        return frozenset(u.id for u in self.position.units.values() if u.concealed)

    def hidden_units(self, audience: str) -> frozenset[str]:
        """Units the audience may not see (concealed enemies): the rules' unit state is the authority."""
        return frozenset(u.id for u in self.position.units.values() if u.concealed and u.side != audience)

    def legal_texts(self, audience: str) -> list[str]:
        """The legal actions now in text form, without moves (made by lifting), without every possible roll
        (the dice are pressed, or typed as ``answer dice N,N``) and without any action naming a unit hidden
        from the audience."""
        state = self.position.state
        cached = self._legal.get(audience)
        if cached is not None and cached[0] is state:
            return cached[1]  # worked out once per position: every page view asks again
        hidden = self.hidden_units(audience)
        out: list[str] = []
        top = self.position.decision
        if top is not None and top.private and audience != top.side:
            self._legal[audience] = (state, out)
            return out  # the options of another side's private answer are its own
        later: list[str] = []  # moves no placement makes (ASL D2.17, D9.31): listed after the rest
        try:
            for action in self.position.legal_actions:
                if isinstance(action, act.Move) and len(action.path) > 1:
                    if self.game.listed_move(self.position, action) and not hidden & set(action.units):
                        later.append(self.position.action_text(action))
                    continue  # moves are lifts and placements; a one-hex "move" is a declaration (ASL D5.41)
                if isinstance(action, act.Answer) and action.dice is not None:
                    continue  # every face of every die is no list to read: the dice are pressed or typed
                if hidden & set(_units_named(action)):
                    continue
                if (owner := self.position.game.secret_of(self.position, action)) and owner != audience:
                    continue  # it would show another side's secret plot
                out.append(self.position.action_text(action))
                if len(out) >= _MAX_LEGAL:
                    break
        except RulesError as e:  # a rules bug must not stop the pages; it is logged with the position
            LOGGER.warning("listing legal actions failed in %s: %s", self.position, e)
        out += later[:max(0, _MAX_LEGAL - len(out))]
        self._legal[audience] = (state, out)
        return out

    def unit_summary(self, unit_id: str, audience: str = "") -> dict[str, Any]:
        """How a page names a unit; a concealed unit is only a '?' to anyone but its owner."""
        unit = self.position.units.get(unit_id)
        if unit is None:
            return {"id": unit_id, "label": unit_id, "side": ""}
        if unit.concealed and audience != unit.side:
            return {"id": "", "label": "?", "side": unit.side}
        out = {"id": unit_id, "label": unit.name or unit.type or unit_id, "side": unit.side}
        colour = self.game.unit_colour(unit)
        return {**out, "colour": colour} if colour else out


def _units_named(action: act.Action) -> tuple[str, ...]:
    if isinstance(action, act.Move | act.Answer | act.Activate):
        return action.units
    if isinstance(action, act.Fire):  # a unit's weapon (ASL ``tank.bmg``, D3.5) names its unit too
        return action.firers + tuple(f.rsplit(".", 1)[0] for f in action.firers if "." in f)
    if isinstance(action, act.Rally):
        return (action.unit,)
    return ()


__all__ = ["GameSession", "Placement", "Played", "SessionError"]
