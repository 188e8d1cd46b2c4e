"""Schlieffen's War combat on the decision stack (11.0-11.22).

An attack is declared (11.0-11.7); if three or more corps-equivalents defend, their owner names the two that
take part (11.2); the attacker rolls for a concentric attack (11.15) and then on the CRT (11.17), unless the
final odds give an automatic result (11.9). The result is worked out once into ``State.resolution``; from it
the defender takes its step losses first, converting all but the first into a retreat if it likes (11.20,
11.21), then the attacker takes its own (11.20); morale changes (11.20) and the winners may advance (11.22).
The attack in progress is a ``Combat`` in the typed game state; every question is a decision."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import SW_D6
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import DIRECTIONS, Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.sw.game import SwGame

ODDS = ("1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1")
MORALE_UP = {"fatigue": None, None: "elan", "elan": "elan"}  # 9.6: one level at a time
MORALE_DOWN = {"elan": None, None: "fatigue", "fatigue": "fatigue"}
CORPS_EQUIVALENTS = ("corps", "fort")  # 11.2 note, 6.2: a fort counts as a corps


@dataclass(frozen=True)
class Combat:
    """The attack being worked out: who attacks, who defends, and the losses and moves still owed."""

    attackers: tuple[str, ...]
    target: Hex
    side: str  # the attacker (the phasing player, 11.0)
    defenders: tuple[str, ...]  # every defending unit in the hex: all are affected by the result (11.2)
    others: tuple[str, ...] = ()  # attacking-side corps stacked with the attackers, not attacking (11.20)
    participants: tuple[str, ...] = ()  # the defenders taking part (11.2)
    concentric: int = 0  # right shifts from the concentric roll (11.15)
    defender_loss: int = 0  # steps the defender still owes (11.18)
    attacker_loss: int = 0
    defender_first: bool = False  # the defender's first step is taken (it may not become a retreat, 11.20)
    attacker_first: bool = False
    retreat: int = 0  # hexes the defending stack still retreats (11.21)
    retreated: int = 0
    tired: bool = False  # every participating defender was already fatigued (11.20: one more step on retreat)
    extra: bool = False  # that extra step is owed now
    stage: str = "defender"  # defender -> attacker -> morale -> advance
    advance: tuple[str, ...] = ()  # attackers still to be asked whether they advance (11.22)
    artillery: int = 0  # right shifts from the Heavy Artillery and Coup de Main rolls (11.23)
    owed_rolls: int = 0  # artillery rolls still to come before the CRT


def morale(unit: UnitState) -> str | None:
    return "elan" if unit.has("elan") else ("fatigue" if unit.has("fatigue") else None)


def with_morale(unit: UnitState, level: str | None) -> UnitState:
    """9.6: only corps have a morale level; HQs, forts and depots never carry one."""
    if unit.type != "corps":
        return unit
    return unit.mark(*(() if level is None else (level,)), remove=("elan", "fatigue"))


def steps(unit: UnitState) -> int:
    """2.7: corps and forts have two steps (full, reduced); 2.8: an HQ or depot goes at its first loss."""
    return 2 if unit.type in CORPS_EQUIVALENTS else 1


def lose_step(game: SwGame, position: Position, state: State, unit: UnitState) -> State:
    """2.7: a full unit flips to its reduced side; a reduced fort with a next counter is replaced by it
    (Verdun 4 -> 3 -> the "2" counter); otherwise the unit is eliminated (2.8)."""
    if steps(unit) == 2 and not unit.has("reduced"):
        return state.with_unit(unit.mark("reduced"))
    nxt = str(unit.values.get("replaced_by", ""))
    if nxt and nxt in position.scenario.counters and game.ctx(position).settings.fort_steps_from_faces:
        return state.with_unit(unit.as_counter(position.scenario.counters[nxt]).mark(remove=("reduced",)))
    return eliminate(game, position, state, unit)


def eliminate(game: SwGame, position: Position, state: State, unit: UnitState) -> State:
    """Where an eliminated unit goes (2.8, 8.8, 9.5, 11.20): a fort, a Belgian unit, or a corps eliminated
    out of supply is gone for good; any other corps, HQ or depot goes to the eliminated-units display."""
    g = game.gstate(state)
    nation = str(unit.values.get("nation", ""))
    gone = unit.type == "fort" or nation == "BEL" or (unit.type == "corps" and unit.has("oos"))
    g = dataclasses.replace(g, gone=(*g.gone, unit.id)) if gone else \
        dataclasses.replace(g, eliminated=(*g.eliminated, unit.id))
    return state.without_unit(unit.id).replace(game=g)


def column_index(attack: int, defense: int, zero_above: bool = True) -> int:
    """11.8: fractions dropped; index 0 = 1:2, 1 = 1:1, n = n:1; -1 below 1:2, 8 above 7:1 (11.9, A-6)."""
    if defense <= 0:
        return 8 if zero_above else 7
    if attack >= defense:
        return min(8, attack // defense)
    return 0 if 2 * attack >= defense else -1


def combat_cf(unit: UnitState, attacking: bool = False) -> int:
    """2.3: one CF for attack and defence (the reduced side's when reduced); 8.7: OOS halves it (round up);
    8.9: HF supply halves the attack only (rounded up, digest A-13)."""
    key = "reduced_cf" if unit.has("reduced") and "reduced_cf" in unit.values else "cf"
    cf = int(unit.values[key])
    if unit.has("oos"):
        cf = math.ceil(cf / 2)
    if attacking and unit.has("hf"):
        cf = math.ceil(cf / 2)
    return cf


# --- declaring --------------------------------------------------------------------------------------------
def in_command(position: Position, unit: UnitState) -> bool:
    """6.7: within the command range (its CF, in hexes; terrain no matter) of a friendly HQ of its nation;
    the count runs round enemy units and, unless a friend stands there, enemy zones (7.5, digest A-14)."""
    if unit.hex is None:
        return False
    game = cast("SwGame", position.game)
    nation = unit.values.get("nation")
    hqs = [hq for hq in position.units.values()
           if hq.type == "hq" and hq.side == unit.side and hq.hex is not None
           and hq.values.get("nation") == nation and distance(hq.hex, unit.hex) <= int(hq.values["cf"])]
    if not hqs:
        return german_city_command(game, position, unit)
    if not game.ctx(position).settings.ezoc_blocks_command:
        return True
    zoc = game.ezoc(position, unit.side)
    friends = {u.hex for u in position.units.values() if u.side == unit.side}
    enemies = {u.hex for u in position.units.values() if u.side != unit.side}

    def open_(h: Hex) -> bool:
        return h not in enemies and (h not in zoc or h in friends)

    for hq in hqs:
        assert hq.hex is not None
        seen, frontier = {hq.hex}, [hq.hex]
        for _ in range(int(hq.values["cf"])):
            nxt = []
            for h in frontier:
                for n in position.map.neighbors(h):
                    if n == unit.hex:
                        return True
                    if n not in seen and open_(n):
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
        if hq.hex == unit.hex:
            return True
    return german_city_command(game, position, unit)


def german_city_command(game: SwGame, position: Position, unit: UnitState) -> bool:
    """6.7: a German unit in a German city that traces rail to the east edge as a depot does (8.6) is in
    command too."""
    ctx = game.ctx(position)
    t = ctx.theatre
    h = unit.hex
    if h is None or unit.side != ctx.german or position.map.terrain(h) != "city" or t.nation(h) != "GER":
        return False
    lines = game.supply_lines(position, unit.side)
    return lines.rail(h, lambda x: x in t.edge("east") and t.nation(x) == "GER", strict=True)


def check_attack(game: SwGame, position: Position, attack: act.Attack) -> act.Attack:
    side = position.phasing
    if not attack.firers or len(set(attack.firers)) != len(attack.firers):
        raise InvalidAction(T("name each attacking unit once"))
    attackers = []
    done = game.gstate(position.state)
    for uid in attack.firers:
        if uid not in position.units:
            raise InvalidAction(T("no unit {ref} in this game", ref=repr(uid)))
        unit = position.units[uid]
        if unit.side != side:
            raise IllegalAction(T("{unit} is not the phasing player's: the phasing player attacks",
                                  unit=uid), "11.0")
        if unit.type in ("fort", "depot"):
            raise IllegalAction(T("{unit} may never attack", unit=uid), "11.7")
        if uid in done.attacked:
            raise IllegalAction(T("{unit} has already attacked this phase", unit=uid), "11.5")
        if unit.hex is None or distance(unit.hex, attack.target) != 1:
            raise IllegalAction(T("{unit} is not adjacent to the defending hex", unit=uid), "11.0")
        attackers.append(unit)
    if all(u.type == "hq" for u in attackers):
        raise IllegalAction(T("an HQ attacks only together with other attackers"), "11.7")
    ctx = game.ctx(position)
    for unit in attackers:
        nation = unit.values.get("nation")
        if nation == "BRI" and game.arrival_turn(position, unit.id) == position.turn:
            raise IllegalAction(T("{unit} arrived this turn: the BEF may not attack yet",
                                  unit=unit.id), "9.2, 11.7")
        if nation == "BEL" and not ctx.theatre.belgian_area(attack.target, ctx.settings.belgian_reach):
            raise IllegalAction(T("{unit}: Belgians attack only into their area", unit=unit.id), "10.8, 11.7")
        assert unit.hex is not None
        mates = [u for u in position.units_at(unit.hex) if u.side == side and u.id != unit.id]
        if unit.values.get("cf_parens") and not any(u.type == "corps" and not u.values.get("cf_parens")
                                                   for u in mates):
            raise IllegalAction(T("{unit}'s CF is in parentheses: it attacks only stacked with a unit whose "
                                  "CF "
                                  "is not", unit=unit.id), "2.3")
    if ctx.theatre.nation(attack.target) == "NEU":
        raise IllegalAction(T("the Netherlands and Switzerland may never be attacked"), "3.2")
    for h in {u.hex for u in attackers}:
        here = [u for u in attackers if u.hex == h]
        if sum(1 for u in here if u.type == "corps") > 3 or sum(1 for u in here if u.type == "hq") > 1:
            raise IllegalAction(T("at most 3 corps and 1 HQ attack from one hex"), "11.3")
    if len({u.hex for u in attackers}) > 1:
        lost = [u.id for u in attackers if not in_command(position, u)]
        if lost:
            raise IllegalAction(T(
                "{units} out of command: units in different hexes attack together only in command",
                units=", ".join(lost)), "11.4")
    defenders = [u for u in position.units_at(attack.target) if u.side != side]
    if not defenders:
        raise IllegalAction(T("no enemy unit at {hex}", hex=position.label(attack.target)), "11.0")
    if any(u.id in done.defended for u in defenders):
        raise IllegalAction(T("that hex has already been attacked this phase"), "11.5")
    return attack


def declare(game: SwGame, position: Position, attack: act.Attack) -> State:
    """11.6: the attack is worked out in full before another is declared."""
    state = position.state.replace(game=dataclasses.replace(game.gstate(position.state), declared=True))
    defenders = tuple(sorted(u.id for u in position.units_at(attack.target) if u.side != position.phasing))
    hexes = {position.units[u].hex for u in attack.firers}
    others = tuple(sorted(
        u.id for u in position.units.values()
        if u.side == position.phasing and u.hex in hexes and u.type == "corps" and u.id not in attack.firers
    ))
    combat = Combat(tuple(attack.firers), attack.target, position.phasing, defenders, others)
    state = game.with_combat(state, combat)
    ctx = game.ctx(position)
    if position.phasing == ctx.entente and ctx.theatre.nation(attack.target) == "GER" and all(
        position.units[u].values.get("nation") == "FRA" for u in attack.firers
    ):  # 4.4: a French-only attack on a hex in Germany (probes are moves, never counted)
        g = game.gstate(state)
        state = state.replace(game=dataclasses.replace(g, plan17=g.plan17 + 1))
    corps = [u for u in defenders if state.units[u].type in CORPS_EQUIVALENTS]
    if len(corps) > 2:
        owner = state.units[defenders[0]].side
        return state.push(Decision(
            "units", owner, T("three or more corps defend {hex}: name the two that take part; the others "
                              "still "
                              "share the result", hex=position.label(attack.target)), "11.2", "participants",
            units=tuple(corps), count=2, subject=tuple(corps), target=attack.target,
        ))
    return _participants(game, position.at(state), tuple(corps))


def resume_participants(game: SwGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    return _participants(game, position, answer.units)


def _participants(game: SwGame, position: Position, corps: tuple[str, ...]) -> State:
    """11.2: the chosen corps-equivalents and one HQ take part."""
    state = position.state
    combat = game.combat(state)
    hqs = [u for u in combat.defenders if state.units[u].type == "hq"][:1]
    chosen = tuple(sorted(corps)) + tuple(hqs)
    tired = [state.units[u] for u in chosen if state.units[u].type == "corps"]
    combat = dataclasses.replace(
        combat, participants=chosen, tired=bool(tired) and all(u.has("fatigue") for u in tired)
    )
    state = game.with_combat(state, combat)
    if concentric(position.at(state), combat, game.ctx(position).settings.concentric_min_sides):
        return state.push(Decision(
            "roll", combat.side, T("{units} attack {hex} concentrically: roll a die, half of it (rounded "
                                   "down) is "
                                   "the right shift", units=", ".join(combat.attackers),
                                   hex=position.label(combat.target)), "11.15", "concentric",
            dice="d6", subject=combat.attackers, target=combat.target,
        ))
    return _artillery(game, position.at(state))


def artillery_options(game: SwGame, position: Position, combat: Combat) -> tuple[str, ...]:
    """11.23: a German attack, every attacker in supply, on a city hex holding a fort counter may use one
    Heavy Artillery marker available this turn and the Coup de Main, if not used yet."""
    ctx = game.ctx(position)
    g = game.gstate(position.state)
    target = combat.target
    if combat.side != ctx.german or position.map.terrain(target) != "city":
        return ()
    if not any(u.type == "fort" for u in position.units_at(target)):
        return ()
    if any(position.units[u].has("oos") or position.units[u].has("hf") for u in combat.attackers):
        return ()
    hab = any(0 < t <= position.turn for t in g.hab)
    out = ["none"]
    if hab:
        out.append("hab")
    if not g.coup_used:
        out.append("coup")
    if hab and not g.coup_used:
        out.append("both")
    return tuple(out) if len(out) > 1 else ()


def _artillery(game: SwGame, position: Position) -> State:
    combat = game.combat(position.state)
    options = artillery_options(game, position, combat)
    if not options:
        return _to_crt(game, position)
    return position.state.push(Decision(
        "confirm", combat.side, T("bombard {hex} first? a Heavy Artillery marker (hab), the Coup de Main "
                                  "(coup), "
                                  "both, or none", hex=position.label(combat.target)), "11.23", "artillery",
        choices=options,
        subject=combat.attackers, target=combat.target))


def resume_artillery(game: SwGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """11.23: each marker declared rolls on the German Heavy Artillery Table (the last step before the combat
    die); the Coup de Main is spent whatever it gives; each HAB rolls again to be kept (1) or lost (2-6),
    except on turn 1, when it is simply kept for the next turn."""
    state = position.state
    combat = game.combat(state)
    g = game.gstate(state)
    used = {"none": [], "hab": ["hab"], "coup": ["coup"], "both": ["hab", "coup"]}[answer.choice]
    rolls = []
    for marker in used:
        rolls.append(Decision(
            "roll", combat.side, (T("Heavy Artillery on {hex}: roll on the German Heavy Artillery Table",
                                    hex=position.label(combat.target)) if marker == "hab" else
                                  T("Coup de Main on {hex}: roll on the German Heavy Artillery Table",
                                    hex=position.label(combat.target))), "11.23", "bombard",
            dice="d6", subject=combat.attackers, target=combat.target, args=(("marker", marker),)))
    if "coup" in used:
        g = dataclasses.replace(g, coup_used=True)
    if "hab" in used:
        i = next(i for i, t in enumerate(g.hab) if 0 < t <= position.turn)
        first_turn = position.turn in game.ctx(position).calendar.german_no_fatigue
        nxt = position.turn + 1
        g = dataclasses.replace(g, hab=tuple(nxt if j == i else t for j, t in enumerate(g.hab)))
        if not first_turn:
            rolls.append(Decision(
                "roll", combat.side, T("roll to keep the Heavy Artillery marker: 1 keeps it for next turn, "
                                       "2-6 removes it"), "11.23", "keep_hab", dice="d6",
                subject=combat.attackers, target=combat.target,
                args=(("marker", str(i)),)))
    combat = dataclasses.replace(combat, owed_rolls=len(rolls))
    state = state.replace(game=dataclasses.replace(g, combat=combat))
    if not rolls:
        return _to_crt(game, position.at(state))
    return state.push(*rolls)


def _rolled(game: SwGame, position: Position, state: State) -> State:
    combat = game.combat(state)
    combat = dataclasses.replace(combat, owed_rolls=combat.owed_rolls - 1)
    state = game.with_combat(state, combat)
    return _to_crt(game, position.at(state)) if combat.owed_rolls <= 0 else state


def resume_bombard(game: SwGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    die = SW_D6.from_values(answer.dice or ()).total
    shift = int(str(position.charts.chart("artillery").lookup(roll=die)))
    combat = game.combat(position.state)
    state = game.with_combat(position.state, dataclasses.replace(combat, artillery=combat.artillery + shift))
    return _rolled(game, position, state)


def resume_keep_hab(game: SwGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    die = SW_D6.from_values(answer.dice or ()).total
    g = game.gstate(position.state)
    i = int(decision.arg("marker"))
    if die != 1:
        g = dataclasses.replace(g, hab=tuple(0 if j == i else t for j, t in enumerate(g.hab)))
    return _rolled(game, position, position.state.replace(game=g))


def concentric(position: Position, combat: Combat, minimum: int = 3) -> bool:
    """11.15: attacked across two opposite hexsides, or across three or more (which takes in three alternating
    ones, b); 11.13 and the note to 11.15: never against a city or a heavy fortress."""
    m = position.map
    if m.terrain(combat.target) == "city" or "heavy-fortress" in m.features(combat.target):
        return False
    dirs = set()
    for uid in combat.attackers:
        h = position.units[uid].hex
        for i, d in enumerate(DIRECTIONS):
            if h == combat.target + d:
                dirs.add(i)
    alternating = dirs in ({0, 2, 4}, {1, 3, 5})  # (b)
    return len(dirs) >= minimum or alternating or any((d + 3) % 6 in dirs for d in dirs)


def resume_concentric(game: SwGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    die = SW_D6.from_values(answer.dice or ()).total
    combat = dataclasses.replace(game.combat(position.state), concentric=die // 2)
    return _to_crt(game, position.at(game.with_combat(position.state, combat)))


def _to_crt(game: SwGame, position: Position) -> State:
    combat = game.combat(position.state)
    final = work_out(position, combat, None)
    if final.chart_label == "automatic":  # 11.9: no die roll above 7:1 or below 1:2
        return _apply_result(game, position, final)
    return position.state.push(Decision(
        "roll", combat.side,
        T("{units} attack {hex}: roll the die on the CRT", units=", ".join(combat.attackers),
          hex=position.label(combat.target)),
        "11.17", "crt", dice="d6", subject=combat.attackers, target=combat.target,
    ))


def resume_crt(game: SwGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    die = SW_D6.from_values(answer.dice or ()).total
    return _apply_result(game, position, work_out(position, game.combat(position.state), die))


# --- the result, worked out once ------------------------------------------------------------------------
def work_out(position: Position, combat: Combat, die: int | None) -> Resolution:
    """Odds (11.8), column shifts (11.11-11.16, 11.24), automatic results (11.9) and the CRT (11.17): every
    step a line with its rule. Without the die, only the automatic results are final."""
    units = position.units
    st = cast("SwGame", position.game).ctx(position).settings
    attackers = [units[u] for u in combat.attackers]
    defenders = [units[u] for u in combat.participants]
    attack = sum(combat_cf(u, True) for u in attackers)
    defense = sum(combat_cf(u) for u in defenders)
    lines = [
        Line(T("attack"), f"{' + '.join(f'{u.id} {combat_cf(u, True)}' for u in attackers)} = {attack}",
             "11.8"),
        Line(T("defense"), f"{' + '.join(f'{u.id} {combat_cf(u)}' for u in defenders)} = {defense}", "11.2"),
    ]
    raw = column_index(attack, defense, st.zero_defense_above_7)
    named = ODDS[raw] if 0 <= raw < 8 else (T("above 7:1") if raw >= 8 else T("below 1:2"))
    lines.append(Line(T("odds"), T("{attack}:{defense} -> {odds}", attack=attack, defense=defense,
                                   odds=named),
                      "11.8"))
    m = position.map
    target = combat.target
    shifts: list[tuple[str, int, str]] = []
    if m.terrain(target) == "rough":
        shifts.append((T("defender in rough"), -1, "11.11"))
    if m.terrain(target) == "marsh" and st.marsh_shift:
        shifts.append((T("defender in marsh"), -st.marsh_shift, "TEC (digest A-17)"))
    across = [("river" in m.hexside(u.hex, target)) for u in attackers if u.hex is not None]
    if across and (all(across) if st.river_all_attackers else any(across)):
        shifts.append((T("every attacker across a river"), -1, "11.12"))
    if m.terrain(target) == "city":
        shifts.append((T("defender in a city"), -1, "11.13"))
    if "heavy-fortress" in m.features(target):
        shifts.append((T("heavy fortress"), -1, "11.14"))
    if combat.concentric:
        shifts.append((T("concentric attack"), combat.concentric, "11.15"))
    if combat.artillery:
        shifts.append((T("heavy artillery / coup de main"), combat.artillery, "11.23"))
    corps_def = [u for u in defenders if u.type == "corps"]
    every_def = corps_def if st.elan_corps_only else defenders  # digest A-35
    if corps_def and all(u.has("elan") for u in every_def):
        shifts.append((T("defenders all elan"), -1, "11.16"))
    if any(u.has("fatigue") for u in corps_def):
        shifts.append((T("a defender fatigued"), 1, "11.16"))
    corps_att = [u for u in attackers if u.type == "corps"]
    every_att = corps_att if st.elan_corps_only else attackers
    if corps_att and all(u.has("elan") for u in every_att):
        shifts.append((T("attackers all elan"), 1, "11.16"))
    if any(u.has("fatigue") for u in corps_att):
        shifts.append((T("an attacker fatigued"), -1, "11.16"))
    ctx = cast("SwGame", position.game).ctx(position)
    if combat.side == ctx.entente and position.turn in ctx.calendar.final_effort:
        shifts.append((T("Allied Final Effort"), ctx.calendar.final_shift, "11.24"))
    for label, value, rule in shifts:
        lines.append(Line(label, T("{n}R", n=abs(value)) if value > 0 else T("{n}L", n=abs(value)), rule))
    final = raw + sum(v for _, v, _ in shifts)  # 11.9: the final odds decide the automatic results
    label = position.charts.label
    if not st.automatic_after_shifts and 0 <= raw <= 7:
        final = max(0, min(7, final))  # the automatic results only for the raw odds
    if final >= 8:
        result, label = "0/3", "automatic"
        lines.append(Line(T("result"), T("final odds above 7:1: automatic 0/3, no roll"), "11.9"))
    elif final <= -1:
        result, label = "2/0", "automatic"
        lines.append(Line(T("result"), T("final odds below 1:2: automatic 2/0, no roll"), "11.9"))
    elif die is None:
        result = "?"
        lines.append(Line("CRT", T("{odds} column: roll the die", odds=ODDS[final]), "11.17"))
    else:
        result = str(position.charts.chart("crt").lookup(odds=ODDS[final], roll=die))
        lines.append(Line("CRT", T("{odds} column, die {die} -> {result}",
                                   odds=ODDS[final], die=die, result=result), "11.17"))
    everyone = [units[u] for u in combat.defenders]
    if result != "?" and (label != "automatic" or st.british_on_automatic) and \
            units[combat.attackers[0]].values.get("nation") == "GER" and any(
        u.values.get("nation") == "BRI" for u in everyone
    ):
        a, d = result.split("/")
        result = f"{int(a) + 1}/{d}"
        lines.append(Line(T("British defenders"), T("+1 German step loss"), "11.19"))
    fire = act.Attack(combat.attackers, target, None if die is None else (die,))
    a, _, d = result.partition("/")
    return Resolution(
        fire, "crt", label, position.charts.demo, tuple(lines), {"attacker": a, "defender": d},
        f"{position.action_text(fire)}: {result}",
    )


def _apply_result(game: SwGame, position: Position, resolution: Resolution) -> State:
    """11.18: the losses are totals for each side; the defender applies first, in full."""
    combat = dataclasses.replace(
        game.combat(position.state),
        attacker_loss=int(resolution.results["attacker"]),
        defender_loss=int(resolution.results["defender"]),
    )
    state = game.with_combat(position.state, combat).replace(resolution=resolution)
    return proceed(game, position.at(state))


# --- losses, retreat, morale and advance ------------------------------------------------------------------
def _alive(state: State, ids: tuple[str, ...]) -> list[UnitState]:
    return [state.units[u] for u in ids if u in state.units]


def step_candidates(state: State, combat: Combat, defender: bool) -> tuple[str, ...]:
    """11.20: who may take the next step. The first from a participant; never a fort while a corps of the hex
    lives; and no unit a second step while another unit of the combat has taken none (a reduced unit counts
    as having taken one, digest A-24)."""
    if defender:
        side_units = _alive(state, combat.defenders)
        pool = _alive(state, combat.participants) if not combat.defender_first else side_units
        if any(u.type == "corps" for u in side_units):
            side_units = [u for u in side_units if u.type != "fort"]
            pool = [u for u in pool if u.type != "fort"]
        if not pool:
            pool = side_units  # every participant gone: the others take the rest (11.20)
    else:
        side_units = _alive(state, combat.attackers + combat.others)
        pool = _alive(state, combat.attackers) if not combat.attacker_first else side_units
        if not pool:
            pool = side_units
    fresh = [u for u in pool if not u.has("reduced")]
    if any(not u.has("reduced") for u in side_units) and fresh:
        pool = fresh
    return tuple(sorted(u.id for u in pool))


def can_retreat(game: SwGame, position: Position, combat: Combat) -> bool:
    """11.20, 11.21: no retreat from a hex with a fort counter or from a heavy fortress."""
    here = position.units_at(combat.target)
    if "heavy-fortress" in position.map.features(combat.target) or any(u.type == "fort" for u in here):
        return False
    return bool(retreat_hexes(game, position, combat))


def retreat_hexes(game: SwGame, position: Position, combat: Combat) -> tuple[Hex, ...]:
    """11.21, 7.3: one hex, not into an enemy zone of control (even with friends there), not off the map, not
    overstacked, not into enemy units; of the open hexes, those nearest the nearest friendly supply source
    (ties are the owner's choice)."""
    stack = _alive(position.state, combat.defenders)
    if not stack or stack[0].hex is None:
        return ()
    side = stack[0].side
    zoc = game.ezoc(position, side)
    open_: list[Hex] = []
    for n in position.map.neighbors(stack[0].hex):
        here = position.units_at(n)
        if n in zoc or any(u.side != side for u in here):
            continue
        if game.overstacked(here + stack):
            continue
        open_.append(n)
    if not open_:
        return ()
    sources = game.supply_sources(position, side)
    if not sources:
        return tuple(sorted(open_, key=lambda h: (h.q, h.r)))
    far = {h: min(distance(h, s) for s in sources) for h in open_}
    best = min(far.values())
    return tuple(sorted((h for h in open_ if far[h] == best), key=lambda h: (h.q, h.r)))


def proceed(game: SwGame, position: Position) -> State:
    """Ask the next question of the attack, or carry out what needs none, until it is over."""
    state = position.state
    for _ in range(64):
        combat = game.gstate(state).combat
        if combat is None:
            return state
        view = position.at(state)
        if combat.stage == "defender":
            state, ask = _defender(game, view, combat)
        elif combat.stage == "attacker":
            state, ask = _attacker(game, view, combat)
        elif combat.stage == "morale":
            state, ask = _morale(game, view, combat), None
        else:
            state, ask = _advance(game, view, combat)
        if ask is not None:
            return state.push(ask)
    raise IllegalAction(T("the attack does not come to rest"), "11.6")


def _defender(game: SwGame, position: Position, combat: Combat) -> tuple[State, Decision | None]:
    state = position.state
    stack = tuple(u.id for u in _alive(state, combat.defenders))
    if combat.retreat > 0 and stack:
        hexes = retreat_hexes(game, position, combat)
        if hexes:
            here = state.units[stack[0]].hex
            return state, Decision(
                "hexes", state.units[stack[0]].side,
                T("retreat {units} one hex: place the stack on a lit hex ({left} to go)",
                  units=", ".join(stack),
                  left=combat.retreat),
                "11.21", "retreat", hexes=hexes, subject=stack, target=here,
            )
        # no hex open: only hexes actually retreated reduce the loss (11.21), the rest are steps
        combat = dataclasses.replace(combat, defender_loss=combat.defender_loss + combat.retreat, retreat=0)
        return game.with_combat(state, combat), None
    if combat.extra and stack:
        cands = step_candidates(state, combat, True)
        if len(cands) == 1:
            state = lose_step(game, position, state, state.units[cands[0]])
            return game.with_combat(state, dataclasses.replace(combat, extra=False)), None
        return state, Decision(
            "units", state.units[stack[0]].side,
            T("every participating defender was already fatigued: tap the retreating unit that loses a step"),
            "11.20", "extra", units=cands, subject=stack,
        )
    if combat.defender_loss > 0:
        cands = step_candidates(state, combat, True)
        if not cands:  # 11.18: losses beyond the steps in the combat are ignored
            return game.with_combat(state, dataclasses.replace(combat, defender_loss=0)), None
        words = ("retreat",) if combat.defender_first and can_retreat(game, position, combat) else ()
        if len(cands) == 1 and not words:
            return _step(game, position, state, combat, cands[0], True), None
        owner = state.units[cands[0]].side
        first = "" if combat.defender_first else T(" (the first from a unit taking part)")
        more = T(", or retreat {n} hex(es) instead", n=combat.defender_loss) if words else ""
        return state, Decision(
            "units", owner, T("defender: {n} step(s) to lose; tap the unit that loses the next{first}{more}",
                              n=combat.defender_loss, first=first, more=more), "11.20", "loss", units=cands,
            choices=words, subject=cands,
            target=combat.target,
        )
    return game.with_combat(state, dataclasses.replace(combat, stage="attacker")), None


def _attacker(game: SwGame, position: Position, combat: Combat) -> tuple[State, Decision | None]:
    state = position.state
    if combat.attacker_loss > 0:
        cands = step_candidates(state, combat, False)
        if not cands:
            return game.with_combat(state, dataclasses.replace(combat, attacker_loss=0)), None
        if len(cands) == 1:
            return _step(game, position, state, combat, cands[0], False), None
        first = "" if combat.attacker_first else T(" (the first from an attacking unit)")
        return state, Decision(
            "units", combat.side,
            T("attacker: {n} step(s) to lose; tap the unit that loses the next{first}",
              n=combat.attacker_loss,
              first=first),
            "11.20", "loss", units=cands, subject=cands, target=combat.target,
        )
    return game.with_combat(state, dataclasses.replace(combat, stage="morale")), None


def _step(game: SwGame, position: Position, state: State, combat: Combat, uid: str, defender: bool) -> State:
    state = lose_step(game, position, state, state.units[uid])
    if defender:
        combat = dataclasses.replace(combat, defender_loss=combat.defender_loss - 1, defender_first=True)
    else:
        combat = dataclasses.replace(combat, attacker_loss=combat.attacker_loss - 1, attacker_first=True)
    return game.with_combat(state, combat)


def resume_loss(game: SwGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    combat = game.combat(state)
    defender = decision.side != combat.side
    if answer.choice == "retreat":  # 11.20: each hex retreated takes one step off the loss
        combat = dataclasses.replace(combat, retreat=combat.defender_loss, defender_loss=0)
        state = game.with_combat(state, combat)
    else:
        state = _step(game, position, state, combat, answer.units[0], defender)
    return proceed(game, position.at(state))


def resume_retreat(game: SwGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    combat = game.combat(state)
    to = answer.hexes[0]
    ctx = game.ctx(position)
    for unit in _alive(state, combat.defenders):
        state = state.with_unit(unit.at(to))
        reach = ctx.settings.belgian_reach
        if unit.values.get("nation") == "BEL" and not ctx.theatre.belgian_area(to, reach):
            state = eliminate(game, position, state, unit)  # 10.8: forced out of its area
    if _alive(state, combat.defenders):
        side = _alive(state, combat.defenders)[0].side
        if ctx.settings.control_by_any_entry:  # 3.3 (digest A-19)
            state = game.take_hexes(position, state, side, (to,))
    combat = dataclasses.replace(combat, retreat=combat.retreat - 1, retreated=combat.retreated + 1)
    if combat.retreat == 0:  # 11.20: the retreating units drop a level at once
        for unit in _alive(state, combat.defenders):
            state = state.with_unit(with_morale(unit, MORALE_DOWN[morale(unit)]))
        combat = dataclasses.replace(combat, extra=combat.tired)
    return proceed(game, position.at(game.with_combat(state, combat)))


def resume_extra(game: SwGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    combat = dataclasses.replace(game.combat(state), extra=False)
    state = lose_step(game, position, state, state.units[answer.units[0]])
    return proceed(game, position.at(game.with_combat(state, combat)))


def _morale(game: SwGame, position: Position, combat: Combat) -> State:
    """11.20: if the defenders are gone from the hex (eliminated or retreated) every attacker rises a level;
    if not, every attacking corps that took part drops one, and one already fatigued loses a step instead."""
    state = position.state
    cleared = not any(u.side != combat.side for u in position.units_at(combat.target))
    for unit in _alive(state, combat.attackers):
        if cleared:
            state = state.with_unit(with_morale(unit, MORALE_UP[morale(unit)]))
        elif unit.type == "corps" and unit.has("fatigue"):
            state = lose_step(game, position, state, unit)
        else:
            state = state.with_unit(with_morale(unit, MORALE_DOWN[morale(unit)]))
    if not cleared and game.ctx(position).settings.holding_defender_gains:  # 5.4 read as a win
        for unit in _alive(state, combat.participants):
            state = state.with_unit(with_morale(unit, MORALE_UP[morale(unit)]))
    advance = tuple(u.id for u in _alive(state, combat.attackers)) if cleared else ()
    return game.with_combat(state, dataclasses.replace(combat, stage="advance", advance=advance))


def _advance(game: SwGame, position: Position, combat: Combat) -> tuple[State, Decision | None]:
    """11.22: the victorious attackers may move into the emptied hex, at once, within the stacking limits."""
    state = position.state
    for i, uid in enumerate(combat.advance):
        unit = state.units.get(uid)
        if unit is None or game.overstacked([*position.units_at(combat.target), unit]):
            continue
        rest = dataclasses.replace(combat, advance=combat.advance[i + 1:])
        return game.with_combat(state, rest), Decision(
            "hexes", combat.side, T("{unit} may advance into {hex}: place it there, or press done to stay",
                                    unit=uid, hex=position.label(combat.target)), "11.22", "advance",
            hexes=(combat.target,), choices=("decline",),
            subject=(uid,), target=combat.target,
        )
    return _finish(game, state, combat), None


def resume_advance(game: SwGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    if answer.choice != "decline":
        state = state.with_unit(state.units[decision.subject[0]].at(answer.hexes[0]))
        if game.ctx(position).settings.control_by_any_entry:  # 3.3 (digest A-19)
            state = game.take_hexes(position, state, game.combat(state).side, (answer.hexes[0],))
    return proceed(game, position.at(state))


def _finish(game: SwGame, state: State, combat: Combat) -> State:
    """11.5: each attacker attacks, and each defender is attacked, once a phase."""
    g = game.gstate(state)
    g = dataclasses.replace(
        g, combat=None, attacked=g.attacked + combat.attackers, defended=g.defended + combat.defenders
    )
    return state.replace(game=g)


def probes(game: SwGame, position: Position, units: list[UnitState], start: Hex) -> dict[Hex, act.Move]:
    """11.1: before any attack, units may probe: move one hex into a hex free of enemy units and next to an
    enemy-occupied hex (even from one enemy zone into another), no odds, no roll."""
    g = game.gstate(position.state)
    side = position.phasing
    def barred(u: UnitState) -> bool:
        return u.side != side or u.type not in ("corps", "hq") or u.id in g.attacked or u.has("fatigue")

    if g.declared or any(barred(u) for u in units):
        return {}
    ids = tuple(u.id for u in units)
    out: dict[Hex, act.Move] = {}
    for h in position.map.neighbors(start):
        here = position.units_at(h)
        if any(u.side != side for u in here) or game.overstacked([*here, *units]):
            continue
        if any(u.side != side for n in position.map.neighbors(h) for u in position.units_at(n)):
            out[h] = act.Move(ids, (start, h), 0)
    return out


def check_probe(game: SwGame, position: Position, move: act.Move) -> act.Move:
    units = [position.units[u] for u in move.units if u in position.units]
    if len(units) != len(move.units) or len({u.hex for u in units}) != 1 or units[0].hex is None:
        raise InvalidAction(T("name units standing together in one hex"))
    g = game.gstate(position.state)
    if g.declared:
        raise IllegalAction(T("probes come before any attack is declared"), "11.1")
    tired = [u.id for u in units if u.has("fatigue")]
    if tired:
        raise IllegalAction(T("{units} fatigued: a fatigued unit may not probe",
                              units=", ".join(tired)), "11.1")
    options = probes(game, position, units, units[0].hex)
    if len(move.path) != 2 or move.path[-1] not in options:
        raise IllegalAction(T(
            "a probe moves one hex into a hex free of enemy units next to an enemy-occupied hex; only in the "
            "Combat Phase's units that have not attacked"), "11.1")
    return options[move.path[-1]]


def probe(game: SwGame, position: Position, move: act.Move) -> State:
    """11.1: the probers simply move in; they take part in no other attack this phase."""
    state = position.state
    for uid in move.units:
        state = state.with_unit(state.units[uid].at(move.path[-1]))
    if game.ctx(position).settings.control_by_any_entry:  # 3.3 (digest A-19)
        state = game.take_hexes(position, state, position.phasing, (move.path[-1],))
    g = game.gstate(state)
    return state.replace(game=dataclasses.replace(g, attacked=g.attacked + tuple(move.units)))


def preview(game: SwGame, position: Position, attack: act.Attack) -> Resolution:
    """``Position.resolve``: the attack worked out with its die and no question asked (the two strongest
    corps-equivalents defend, no concentric roll): for ``hexmate rules resolve``."""
    assert attack.dice is not None
    defenders = [u for u in position.units_at(attack.target) if u.side != position.phasing]
    corps = sorted((u for u in defenders if u.type in CORPS_EQUIVALENTS), key=lambda u: (-combat_cf(u), u.id))
    chosen = tuple(u.id for u in corps[:2]) + tuple(u.id for u in defenders if u.type == "hq")[:1]
    combat = Combat(tuple(attack.firers), attack.target, position.phasing, tuple(u.id for u in defenders),
                    participants=chosen)
    return work_out(position, combat, SW_D6.from_values(attack.dice).total)
