"""Fire Team indirect fire by on-board artillery [9], [9.2], [9.3], artillery smoke [10.2], and the
off-board battery's spread of fire [9.41].

A unit with ``indirect`` (the "I" of 2.33) fires indirectly at a hex it has no LOS to, as a Fire activation
[9.2]: never as Moving Fire or opportunity fire [9.3], at most twice a turn [9.31], and not at all in a turn
after it has moved [9.31]; within its range (x1/2 to twice it) and never under its ``min_range`` [9.33].
The hex must have been plotted in secret in the Preparation Phase [9.1], one hex for each of its two fires
(9.31: the same hex twice, or two), among the hexes an observer who may observe for it sees then [9.12]:
US observers and US leaders for any US artillery, a Soviet observer only for the artillery of its own
platoon (an independent one, no platoon, for off-board batteries) [9.11]; a vehicle alone never observes, an
observer riding in it does. The plot is a ``private`` decision answered by its owner alone (the host keeps
it off the opponent's and spectators' pages, the LEDs and the hall until the fire lands); each fire uses up
its plotted hex, and a unit that moves loses its plot [9.31].
At resolution [9.21]: firepower halved if no observer-capable unit has LOS to the hex now; no defilade;
woods give -1 (the translator's note on tree bursts) instead of their direct-fire DRM; every unit in the hex
is hit, vehicles check Vehicle Fear on the same roll + 2 [9.22].

Artillery smoke [10.2], [10.21]: a unit with ``smoke_pattern`` ("three": the 120 mm mortar and M106, three
hexes joined to each other, as 9.3's example reads the same words; "megahex": the SAU-122, the hex and its
six neighbours) fires smoke rounds with a ``smoke`` action at the hex, as its Fire activation (no extra
CP), within its normal range only [10.25], at a hex in its own LOS (direct) or observed as above (indirect,
then counted as one of its two fires); each unit firing smoke uses one of the side's smoke rounds
(``options.smoke_rounds``: side -> count; none, no artillery smoke) [10.24]; no observer is needed at
impact [10.23].
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex, distance, neighbors
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.fireteam.game import FireTeamGame

FIRES_PER_TURN = 2  # [9.31]
WOODS_DRM = -1  # [9.21] translator's note: tree bursts against indirect fire in woods
MAX_SPREAD = 3  # [9.41] a battery spreads its fire over at most three contiguous hexes


def is_artillery(unit: UnitState) -> bool:
    return bool(unit.values.get("indirect"))


def may_observe(observer: UnitState, artillery: UnitState | None, nationality: str) -> bool:
    """[9.11] Whether ``observer`` may observe for ``artillery`` (None: an off-board battery)."""
    if observer.type == "vehicle":
        return False  # [9.11] an observer vehicle alone does not observe
    if nationality == "us":
        return observer.type in ("observer", "leader")
    if observer.type != "observer":
        return False
    own = artillery.values.get("platoon") if artillery is not None else None
    return observer.values.get("platoon") == own


def observers(position: Position, side: str, artillery: UnitState | None,
              nationality: str) -> list[UnitState]:
    return [u for u in position.units.values()
            if u.side == side and u.hex is not None and may_observe(u, artillery, nationality)]


def sees(game: FireTeamGame, position: Position, hexes: Iterable[Hex], target: Hex) -> bool:
    return any(h == target or not game.los(position, h, target).blocked for h in hexes)


def observed_at_start(game: FireTeamGame, position: Position, artillery: UnitState | None, side: str,
                      target: Hex) -> bool:
    """[9.1], [9.12] Did an observer for this artillery see ``target`` as the turn's fire was planned?"""
    spotters = game.gstate(position.state).spotters
    nat = game.nationality(position, side)
    hexes = []
    for uid, h in spotters.items():
        setup = next(u for u in position.scenario.units if u.id == uid)  # it may be gone since
        who = UnitState(uid, setup.side, position.scenario.counters[setup.counter], h)
        if who.side == side and may_observe(who, artillery, nat):
            hexes.append(h)
    return sees(game, position, hexes, target)


def observed_now(game: FireTeamGame, position: Position, artillery: UnitState | None, side: str,
                 target: Hex) -> bool:
    """[9.21] A: does an observer-capable unit have LOS to the hex as the fire lands?"""
    nat = game.nationality(position, side)
    return sees(game, position, [u.hex for u in observers(position, side, artillery, nat) if u.hex], target)


def spotters(position: Position) -> dict[str, Hex]:
    """Where every unit that might observe stands as the Action Phase begins (the plot of 9.1)."""
    return {u.id: u.hex for u in position.units.values()
            if u.hex is not None and u.type in ("observer", "leader")}


def indirect(game: FireTeamGame, position: Position, shooters: Sequence[UnitState], target: Hex) -> bool:
    """Is this fire indirect: artillery firing at a hex it has no LOS to?"""
    return bool(shooters) and all(is_artillery(u) for u in shooters) and any(
        u.hex is not None and game.los(position, u.hex, target).blocked for u in shooters)


def check(game: FireTeamGame, position: Position, shooters: Sequence[UnitState], target: Hex,
          opportunity: bool) -> None:
    """[9.1]-[9.33] Why this indirect fire may not be made (IllegalAction), else nothing."""
    if not all(is_artillery(u) for u in shooters):
        raise IllegalAction(T("only units that fire indirectly join indirect fire"), "9.32")
    if opportunity:
        raise IllegalAction(T("indirect fire is never opportunity fire"), "9.3")
    gs = game.gstate(position.state)
    for unit in shooters:
        assert unit.hex is not None
        if unit.id in game.cp(position.state).moving_fired or unit.id in game.cp(position.state).mover:
            raise IllegalAction(T("{unit} fires indirectly only on a Fire activation", unit=unit.id), "9.3")
        if unit.id in gs.arty_moved:
            raise IllegalAction(T("{unit} has moved this turn: no more indirect fire from it",
                                  unit=unit.id), "9.31")
        if gs.barrages.get(unit.id, 0) >= FIRES_PER_TURN:
            raise IllegalAction(T("{unit} has fired twice this turn", unit=unit.id), "9.31")
        low = int(unit.values.get("min_range", 0))
        if distance(unit.hex, target) < low:
            raise IllegalAction(T("{unit} cannot fire closer than {low} hexes",
                                  unit=unit.id, low=low), "9.33")
        if not observed_at_start(game, position, unit, unit.side, target):
            raise IllegalAction(T("no observer for {unit} saw {hex} as the turn began",
                                  unit=unit.id, hex=position.label(target)),
                                "9.12")
        if target not in gs.plots.get(unit.id, ()):
            raise IllegalAction(T("{unit} fires indirectly only on a hex plotted in the Preparation Phase: "
                                  "{hex} is not plotted for it", unit=unit.id, hex=position.label(target)),
                                "9.1")
    plts = {u.values.get("platoon") for u in shooters}
    if len(plts) > 1:
        raise IllegalAction(T("indirect fire combines only within one group"), "9.32")


def fired(game: FireTeamGame, state: State, ids: Iterable[str], target: Hex) -> State:
    """[9.31] One of each unit's two fires, using up its plot of ``target`` [9.1]."""
    gs = game.gstate(state)
    count = dict(gs.barrages)
    plots = dict(gs.plots)
    for uid in ids:
        count[uid] = count.get(uid, 0) + 1
        left = list(plots.get(uid, ()))
        if target in left:
            left.remove(target)
        plots[uid] = tuple(left)
    return state.replace(game=gs.replace(barrages=count, plots=plots))


# --- the secret plot [9.1] ---
def plot_options(game: FireTeamGame, position: Position, unit: UnitState) -> tuple[Hex, ...]:
    """[9.1], [9.12], [9.33] The hexes ``unit`` may plot: seen now by an observer who may observe for it,
    within twice its range and not under its minimum range."""
    assert unit.hex is not None
    nat = game.nationality(position, unit.side)
    eyes = [u.hex for u in observers(position, unit.side, unit, nat) if u.hex is not None]
    if not eyes:
        return ()
    low, high = int(unit.values.get("min_range", 0)), 2 * int(unit.values.get("range", 0))
    at = unit.hex
    return tuple(sorted((h for h in position.map.hexes
                         if h != at and low <= distance(at, h) <= high and sees(game, position, eyes, h)),
                        key=lambda h: (h.q, h.r)))


def _plot_decision(game: FireTeamGame, position: Position, unit: UnitState, n: int) -> Decision | None:
    options = plot_options(game, position, unit)
    if not options:
        return None
    return Decision(
        "hexes", unit.side, T("{unit}: plot the target hex of its indirect fire {n} of {most} this turn, "
                              "or none", unit=unit.id, n=n, most=FIRES_PER_TURN),
        "9.1", "plot", hexes=options, choices=("none",), subject=(unit.id,), args=(("fire", str(n)),),
        private=True,
    )


def plot_decisions(game: FireTeamGame, position: Position) -> list[Decision]:
    """[9.1] The Preparation Phase: each side plots, in secret, each of its on-board artillery's fires."""
    out = []
    for unit in sorted(position.units.values(), key=lambda u: (u.side, u.id)):
        if is_artillery(unit) and unit.hex is not None and unit.carrier is None:
            first = _plot_decision(game, position, unit, 1)
            if first is not None:
                out.append(first)
    return out


def resume_plot(game: FireTeamGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The hex is written down (kept in the game state, which the host never shows the opponent); the
    second fire's plot follows [9.31]; ``none`` ends this unit's plotting."""
    state = position.state
    if answer.choice == "none":
        return state
    uid = decision.subject[0]
    gs = game.gstate(state)
    state = state.replace(game=gs.replace(plots={**gs.plots, uid: (*gs.plots.get(uid, ()), answer.hexes[0])}))
    n = int(decision.arg("fire", "1"))
    if n < FIRES_PER_TURN:
        nxt = _plot_decision(game, position.at(state), state.units[uid], n + 1)
        if nxt is not None:
            return state.push(nxt)
    return state


def contiguous(hexes: Sequence[Hex]) -> bool:
    """[9.3], [9.41] One hex, or hexes joined hex to hex: the 9.3 example allows 1511, 1512, 1513 (a line)
    and refuses 1511 and 1513 without 1512 between."""
    distinct = set(hexes)
    if not distinct:
        return False
    seen = {next(iter(distinct))}
    todo = list(seen)
    while todo:
        h = todo.pop()
        for n in distinct:
            if n not in seen and distance(h, n) == 1:
                seen.add(n)
                todo.append(n)
    return seen == distinct


def battery_spread(tubes: int, fp: int, hexes: Sequence[Hex]) -> Fraction:
    """[9.41] A battery's firepower per hex: all its tubes fire, spread evenly over at most three mutually
    adjacent hexes (30 over three hexes: 10 each; over two: 15, the translator's note)."""
    distinct = set(hexes)
    if len(distinct) != len(hexes):
        raise IllegalAction(T("a battery's target hexes are each named once"), "9.41")
    if not 1 <= len(distinct) <= MAX_SPREAD:
        raise IllegalAction(T("a battery fires on one to {max_spread} hexes", max_spread=MAX_SPREAD), "9.41")
    if not contiguous(hexes):
        raise IllegalAction(T("a battery's target hexes must join one another"), "9.41")
    return Fraction(tubes * fp, len(distinct))


def platoon_targets_ok(targets: Sequence[Hex]) -> bool:
    """[9.3] The units of one platoon fire on one hex or on hexes all adjacent to each other."""
    return contiguous(targets)


# --- artillery smoke [10.2] ---
def smoke_check(game: FireTeamGame, position: Position, unit: UnitState, where: Hex) -> bool:
    """Why this unit may not fire smoke at ``where`` (IllegalAction); True if it fires indirectly."""
    command = game.cp(position.state)
    if position.state.decision is not None or unit.side != command.active:
        raise IllegalAction(T("artillery smoke is the active side's fire"), "10.2")
    if unit.id in command.mover or unit.id in command.moving_fired:
        raise IllegalAction(T("no smoke as Moving Fire"), "10.25")
    left = game.gstate(position.state).smoke_rounds.get(unit.side, 0)
    if left <= 0:
        raise IllegalAction(T("{side} has no smoke rounds left", side=unit.side), "10.24")
    assert unit.hex is not None
    if where not in position.map.hexes or distance(unit.hex, where) > int(unit.values["range"]):
        raise IllegalAction(T("{unit} fires smoke within its normal range only", unit=unit.id), "10.25")
    direct = not game.los(position, unit.hex, where).blocked
    if not direct:
        check(game, position, [unit], where, opportunity=False)
    return not direct


def smoke_fired(game: FireTeamGame, position: Position, unit: UnitState, where: Hex) -> State:
    """The rounds land: a megahex at once; a mortar's other two hexes are the player's to name."""
    is_indirect = smoke_check(game, position, unit, where)
    _, command = game.activation_due(position, (unit.id,), "fire")
    command = command.replace(used=command.used | {unit.id})
    state = game.with_cp(position.state, command)
    gs = game.gstate(state)
    rounds = {**gs.smoke_rounds, unit.side: gs.smoke_rounds.get(unit.side, 0) - 1}
    hexes = {where}
    if unit.values.get("smoke_pattern") == "megahex":
        hexes |= {h for h in neighbors(where) if h in position.map.hexes}
    state = state.replace(game=gs.replace(smoke=gs.smoke | hexes, smoke_rounds=rounds))
    if is_indirect:
        state = fired(game, state, [unit.id], where)
    state = state.with_unit(state.units[unit.id].revealed())
    if unit.values.get("smoke_pattern") == "megahex":
        return state
    return state.push(_next_smoke(position, unit, (where,)))


def _next_smoke(position: Position, unit: UnitState, laid: tuple[Hex, ...]) -> Decision:
    near = {h for o in laid for h in neighbors(o) if h in position.map.hexes and h not in laid}
    options = tuple(sorted(near, key=lambda h: (h.q, h.r)))
    return Decision(
        "hexes", unit.side, T("{unit}'s smoke rounds: name the next of three hexes joined to each other",
                              unit=unit.id),
        "10.21", "artysmoke", hexes=options, subject=(unit.id,), target=laid[0],
        args=(("laid", " ".join(position.label(h) for h in laid)),),
    )


def resume_smoke(game: FireTeamGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    where = answer.hexes[0]
    state = position.state
    gs = game.gstate(state)
    state = state.replace(game=gs.replace(smoke=gs.smoke | {where}))
    laid = (*(position.map.parse_label(t) for t in decision.arg("laid").split()), where)
    if len(laid) < 3:
        nxt = _next_smoke(position, position.units[decision.subject[0]], laid)
        if nxt.hexes:
            return state.push(nxt)
    return state


__all__ = ["barrage", "batteries", "battery_chits", "battery_plot_decisions", "battery_spread", "check",
           "contiguous", "indirect", "is_artillery", "may_observe", "observed_at_start", "observed_now",
           "platoon_targets_ok", "plot_decisions", "plot_options", "resume_plot", "resume_plotbattery",
           "smoke_fired", "spotters"]


# --- off-board batteries [9.4]-[9.43] ---
def batteries(position: Position) -> dict[str, list[dict[str, int]]]:
    """``options.batteries``: side -> [{"id": 1-3, "tubes": N, "fp": F, "turns": [..] (all if absent)}]."""
    raw = position.scenario.options.get("batteries", {})
    out: dict[str, list[dict[str, int]]] = {}
    if not isinstance(raw, dict):
        raise DataError(f"{position.scenario.source}: options.batteries: side -> batteries (9.4)")
    for side, listed in raw.items():
        for n, entry in enumerate(listed if isinstance(listed, list) else [None]):
            ok = isinstance(entry, dict) and all(isinstance(entry.get(k), int) for k in ("id", "tubes", "fp"))
            if not ok or not 1 <= entry["id"] <= 3:
                raise DataError(f"{position.scenario.source}: options.batteries.{side}[{n}]: id 1-3, tubes "
                                "and fp as whole numbers (9.4, 9.42)")
            turns = entry.get("turns")
            if turns is None or position.turn in turns:
                out.setdefault(side, []).append({k: entry[k] for k in ("id", "tubes", "fp")})
    return out


def battery_chits(position: Position) -> list[tuple[str, int]]:
    """[9.42] One chit a battery in the cup (a negative value: -1 is battery 1)."""
    return [(side, -b["id"]) for side, listed in batteries(position).items() for b in listed]


def _observed(game: FireTeamGame, position: Position, side: str) -> tuple[Hex, ...]:
    """[9.11], [9.12] The hexes an observer for the side's off-board artillery sees now."""
    nat = game.nationality(position, side)
    eyes = [u.hex for u in observers(position, side, None, nat) if u.hex is not None]
    if not eyes:
        return ()
    return tuple(sorted((h for h in position.map.hexes if sees(game, position, eyes, h)),
                        key=lambda h: (h.q, h.r)))


def _battery_plot(position: Position, side: str, battery: int, fire: int, laid: Sequence[Hex],
                  options: tuple[Hex, ...]) -> Decision:
    if not laid:
        prompt = T("{side} battery {battery}: plot the first target hex of its fire {n} of {most}, seen by "
                   "an observer now, or none", side=side, battery=battery, n=fire, most=FIRES_PER_TURN)
    else:
        prompt = T("{side} battery {battery}: plot another hex joined to the ones of fire {n}, or done",
                   side=side, battery=battery, n=fire)
    args = (("battery", str(battery)), ("fire", str(fire)),
            ("hexes", " ".join(position.label(h) for h in laid)))
    return Decision("hexes", side, prompt, "9.41", "plotbattery", hexes=options,
                    choices=("done",) if laid else ("none",), args=args, private=True)


def battery_plot_decisions(game: FireTeamGame, position: Position) -> list[Decision]:
    """[9.41], [9.42] In the Preparation Phase each battery's two fires are plotted in secret, each on one
    to three hexes joined to each other, the first seen by an observer (9.12)."""
    out: list[Decision] = []
    for side, listed in sorted(batteries(position).items()):
        seen = _observed(game, position, side)
        if seen:
            out.extend(_battery_plot(position, side, b["id"], 1, (), seen) for b in listed)
    return out


def resume_plotbattery(game: FireTeamGame, position: Position, decision: Decision,
                       answer: act.Answer) -> State:
    side, battery, fire = decision.side, int(decision.arg("battery")), int(decision.arg("fire"))
    laid = [position.map.parse_label(t) for t in decision.arg("hexes").split()]
    state = position.state
    if answer.choice == "none":
        return state
    if answer.choice != "done":
        laid.append(answer.hexes[0])
        near = {h for o in laid for h in neighbors(o) if h in position.map.hexes and h not in laid}
        if len(laid) < MAX_SPREAD and near:
            return state.push(_battery_plot(position, side, battery, fire, laid,
                                            tuple(sorted(near, key=lambda h: (h.q, h.r)))))
    gs = game.gstate(state)
    key = f"{side} {battery}"
    plots = {**gs.battery_plots, key: (*gs.battery_plots.get(key, ()), tuple(laid))}
    state = state.replace(game=gs.replace(battery_plots=plots))
    if fire < FIRES_PER_TURN:
        seen = _observed(game, position, side)
        if seen:
            return state.push(_battery_plot(position, side, battery, fire + 1, (), seen))
    return state


def barrage(game: FireTeamGame, position: Position, side: str, battery: int) -> tuple[State, list[Decision]]:
    """[9.42] The battery's chit is drawn: it must fire on its next plotted hexes (each gets its own roll
    with an even share, 9.41); the plot is then public. No plot left: it does not fire."""
    gs = game.gstate(position.state)
    key = f"{side} {battery}"
    left = gs.battery_plots.get(key, ())
    if not left:
        return position.state, []
    laid, rest = left[0], left[1:]
    state = position.state.replace(game=gs.replace(battery_plots={**gs.battery_plots, key: rest}))
    b = _battery(position, side, battery)
    share = battery_spread(b["tubes"], b["fp"], laid)
    return state, [Decision(
        "roll", side, T("battery {n} on {hex}: roll the d10 on the IFT",
                        n=battery, hex=position.label(h)), "9.41", "barrage_roll",
        dice="d10", target=h, args=(("battery", str(battery)), ("fp", str(share))),
    ) for h in laid]


def _battery(position: Position, side: str, n: int) -> dict[str, int]:
    return next(b for b in batteries(position)[side] if b["id"] == n)


def resume_barrage_roll(game: FireTeamGame, position: Position, decision: Decision,
                        answer: act.Answer) -> State:
    """[9.21], [9.22], [9.42] The barrage hits every unit in the hex, friend or foe."""
    from hexmate.rules.dice import FT_D10
    from hexmate.rules.games.base import Line, Resolution
    from hexmate.rules.games.fireteam import fire as ft_fire

    assert decision.target is not None
    where = decision.target
    roll = FT_D10.from_values(answer.dice or ()).total
    fp = Fraction(decision.arg("fp"))
    lines = [Line(T("barrage"),
                  T("battery {battery}: {fp} FP on this hex",
                    battery=decision.arg('battery'), fp=ft_fire._fmt(fp)), "9.41")]
    if not observed_now(game, position, None, decision.side, where):
        fp /= 2
        lines.append(Line(T("no observer sees the hex"), f"x1/2 = {ft_fire._fmt(fp)}", "9.21 A"))
    column, line = ft_fire.column_of(position, fp)
    lines.append(line)
    here = [u for u in position.units_at(where) if u.carrier is None and u.type != "sw"]
    drms = ft_fire.target_drms(game, position, where, [u for u in here if u.type != "vehicle"], True)
    if game.night(position):
        drms.append((T("night"), 2, "15.4"))
    for label, value, rule in drms:
        lines.append(Line(label, f"{value:+d}", rule))
    drm = sum(v for _, v, _ in drms)
    final = max(1, min(14, roll + drm))
    lines.append(Line(T("final DR"), f"{roll} {drm:+d} -> {final}", "6.3"))
    result = ft_fire.ift(position, column, final)
    lines.append(Line(T("result"), result, "6.33"))
    results = {u.id: result for u in here if u.type != "vehicle"}
    tanks = [u for u in here if u.type == "vehicle"]
    if tanks:  # [9.22] the same roll + 2 for Vehicle Fear
        shaken = ft_fire.ift(position, column, max(1, min(14, final + 2))) != "-"
        lines.append(Line(T("vehicles"), T("final DR + 2: Vehicle Fear") if shaken else
                          T("final DR + 2: no effect"), "9.22"))
        results.update({u.id: ("VF" if shaken else "-") for u in tanks})
    resolution = Resolution(act.Fire((), where, answer.dice), "ift", position.charts.label,
                            position.charts.demo, tuple(lines), results,
                            T("battery {battery} on {hex}: {result}", battery=decision.arg("battery"),
                              hex=position.label(where), result=result),
                            hidden={u.id: u.side for u in here if u.concealed})
    state = position.state.replace(resolution=resolution)
    gs = game.gstate(state)
    state = state.replace(game=gs.replace(fired_at=gs.fired_at | frozenset(results)))
    return ft_fire.apply_results(position.at(state), resolution)
