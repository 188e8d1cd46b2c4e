"""ASL Search, Mopping Up and Search Casualties (A12.152-A12.154); HIP or "?" given up (A12.14, A12.32).

Each is an ``activate`` action with its word (``activate ger-sq1,ger-81 for search``):

- ``search`` (A12.152), in the MPh: a Good Order stack with an MMC, none pinned nor Assault Moving, at the end
  of its movement (the stack that moved last, with 1 MF left; or a stack that has not moved) spends 1 MF and
  rolls a dr: -1 per stealthy searcher, -1 per HS-equivalent beyond the first HS, the best participating
  leader's modifier, +1 per Lax and +1 per CX searcher. Every searcher is TI for the Player Turn (A4.8). The
  Final dr is the number of Accessible hexes (its own and the adjacent ones it could advance into) left
  unsearched, which the searcher names (never its own). Searching, like Mopping Up, is an action: in the
  sight of a Good Order enemy within 16 hexes it costs the searchers' "?" (A12.141). In a searched hex every
  concealed enemy loses its "?" (a dummy is removed) and HIP units are placed there under a "?" (the text's
  words, A12.152).
- ``mop-up`` (A12.153), in the PFPh: armed, unpinned, Good Order MMC in a building of more than one hex or
  level (a building named in the scenario's victory conditions, else the building hexes joined to theirs)
  declare TI, once per Player Turn, if the building holds no non-concealed unbroken enemy; unless their side
  controls it (A26.14), every hex of it must be within 2 hexes of one of them. Enemy HIP units there are
  placed under "?", enemy dummies are removed, other "?" stay. With no concealed enemy left, the building is
  secured (controlled) and its broken enemy units surrender to a mopping unit the phasing player names (A20).
  A side that refused quarter or massacred (A20.3, A20.4) never mops up.
- After either, when a searched Location holds an armed Good Order enemy or a Residual FP counter, the
  non-phasing player may roll a Search Casualty dr (A12.154): -1 per concealed stealthy unit, -1 per concealed
  HS-equivalent beyond the first, the best concealed leader's modifier (not a leader alone), +1 per concealed
  Lax unit, all as they were at the search dr; Final 1 or less: Random Selection picks a searcher for Casualty
  Reduction.
- ``reveal`` (A12.14, A12.32): at any time, a unit gives up its "?" (a dummy is removed) or its HIP (placed on
  its hex, fully Known); ``conceal`` (A12.32): a HIP unit is placed on its hex under a "?".

Leak discipline: an action naming a HIP or concealed unit is listed on its owner's page only (``owner_of``);
the searcher's questions use only what the shared state shows, and no prompt names the searchers (a stack
under a "?" may search). Not built: minefields, fortified Locations,
booby traps and HE FFE (A12.154's other causes), Japanese (+2), rowhouses, rubble and burning Locations, and a
dr of Random Selection hitting several searchers.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision, Moving
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import concealment as asl_concealment
from hexmate.rules.games.asl import hip as asl_hip
from hexmate.rules.games.asl import locations as loc
from hexmate.rules.games.asl import prisoners, recnow
from hexmate.rules.games.asl import residual as asl_residual
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl import victory as asl_victory
from hexmate.rules.games.asl.aftermath import _reduce, _wound_decision
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.common import group_of, stack_groups
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

SEARCH, MOP, REVEAL, CONCEAL = "search", "mop-up", "reveal", "conceal"
MODES = (SEARCH, MOP, REVEAL, CONCEAL)
MMC = ("squad", "hs", "crew")
INFANTRY = (*MMC, "leader", "hero")
BUILDINGS = ("wooden-building", "stone-building")


def claims(action: act.Action) -> bool:
    return isinstance(action, act.Activate) and action.mode in MODES


def owner_of(position: Position, action: act.Action) -> str:
    """A12.3, A12.11: an action naming a HIP or concealed unit would tell who is under the "?": its owner's
    page only lists it."""
    if not claims(action):
        return ""
    assert isinstance(action, act.Activate)
    for uid in action.units:
        unit = position.units.get(uid)
        if unit is not None and (unit.concealed or unit.hex is None):
            return unit.side
    return ""


def _key(h: Hex) -> str:
    return f"{h.q},{h.r}"


def _hex(text: str) -> Hex:
    q, r = (int(v) for v in text.split(","))
    return Hex(q, r)


def _hs_equivalents(units: Iterable[UnitState]) -> int:
    """A12.152, A12.154: a squad is 2 HS-equivalents, a HS or crew 1, an SMC none."""
    return sum(2 if u.type == "squad" else 1 if u.type in ("hs", "crew") else 0 for u in units)


def _lax(unit: UnitState, stack: Sequence[UnitState]) -> bool:
    # A11.18, A19.36: a unit under the Inexperienced restrictions is Lax (A19.3: not a Green one stacked with
    # a leader not broken; an Unarmed one always)
    return unit.has("lax") or au.restricted(unit, stack) or au.lax_class(unit)  # A25.64


def _stealthy(unit: UnitState, stack: Sequence[UnitState]) -> bool:
    return au.stealthy(unit, stack)  # A11.17, A19.2


def search_drm(units: list[UnitState]) -> tuple[int, list[str]]:
    """A12.152: the Search dr's drm and its parts."""
    parts: list[str] = []
    drm = 0
    for unit in units:
        if _stealthy(unit, units):
            drm -= 1
            parts.append(T("{unit} stealthy -1", unit=unit.id))
    extra = max(0, _hs_equivalents(units) - 1)
    if extra:
        drm -= extra
        parts.append(T("{n} HS-equivalent(s) beyond the first -{n}", n=extra))
    best = min((au.leadership_of(u) for u in units if u.type == "leader"), default=0)  # A17.3
    if best:
        drm += best
        parts.append(T("leader {drm:+d}", drm=best))
    for unit in units:
        if _lax(unit, units):
            drm += 1
            parts.append(T("{unit} Lax +1", unit=unit.id))
        if unit.has("cx"):
            drm += 1
            parts.append(T("{unit} CX +1", unit=unit.id))
    return drm, parts


def casualty_drm(concealed: list[UnitState]) -> int:
    """A12.154: from the non-phasing units concealed (or HIP) at the search dr."""
    drm = -sum(1 for u in concealed if _stealthy(u, concealed) and u.type != "dummy")
    real = [u for u in concealed if u.type != "dummy"]
    drm -= max(0, _hs_equivalents(real) - 1)
    leaders = [u for u in real if u.type == "leader"]
    if leaders and any(u.type != "leader" for u in real):  # A10.7: not a leader alone
        drm += min(au.leadership_of(u) for u in leaders)  # A17.3: one worse when wounded
    return drm + sum(1 for u in real if _lax(u, real))


def accessible(position: Position, h: Hex) -> list[Hex]:
    """A12.152: the hex itself and each adjacent hex infantry could advance into (A4.7)."""
    cost = asl_terrain.infantry_cost_fn(position)
    out = [h] + [n for n in position.map.neighbors(h) if n in position.map.hexes
                 and cost(position.map, h, n) is not None]
    return out


def building_of(position: Position, h: Hex) -> frozenset[Hex]:
    """The building a hex belongs to: the scenario's named victory building holding it (A26.14), else the
    building hexes joined to it (the map has no building artwork: joined building hexes are one building)."""
    for cells in asl_victory.buildings(position).values():
        if h in cells:
            return frozenset(cells)
    if position.map.terrain(h) not in BUILDINGS:
        return frozenset()
    seen = {h}
    todo = [h]
    while todo:
        for n in position.map.neighbors(todo.pop()):
            if n not in seen and n in position.map.hexes and position.map.terrain(n) in BUILDINGS:
                seen.add(n)
                todo.append(n)
    return frozenset(seen)


# --- the checks ---


def check(game: AslGame, position: Position, action: act.Activate) -> act.Activate:
    if action.mode in (REVEAL, CONCEAL):
        _check_drop(game, position, action)
    elif action.mode == SEARCH:
        _check_search(game, position, action)
    else:
        _check_mop(game, position, action)
    return action


def _check_drop(game: AslGame, position: Position, action: act.Activate) -> None:
    hidden = dict(game.gstate(position.state).hip)
    for uid in action.units:
        unit = position.units.get(uid)
        if unit is None:
            raise IllegalAction(T("no unit {ref} in this game", ref=repr(uid)))
        if uid in hidden:
            if hidden[uid] is None:
                raise IllegalAction(T("{unit} has not been set up yet", unit=uid), "A12.3")
        elif action.mode == CONCEAL:
            raise IllegalAction(T("{unit} is not HIP: only a HIP unit is placed under a ? at will", unit=uid),
                                "A12.32")
        elif not unit.concealed:
            raise IllegalAction(T("{unit} is neither HIP nor concealed", unit=uid), "A12.14")


def _searchers(position: Position, action: act.Activate, rule: str) -> list[UnitState]:
    units = [position.units[u] for u in action.units if u in position.units]
    if len(units) != len(action.units) or not units:
        raise IllegalAction(T("name the searching units"), rule)
    for unit in units:
        if unit.side != position.phasing:
            raise IllegalAction(T("only the ATTACKER searches or mops up"), rule)
        if unit.type not in INFANTRY or unit.has("broken") or unit.has("prisoner") or unit.has("berserk"):
            raise IllegalAction(T("{unit} is not Good Order infantry", unit=unit.id), rule)
        if unit.has("pinned"):
            raise IllegalAction(T("{unit} is pinned", unit=unit.id), rule)
        if unit.has("ti"):
            raise IllegalAction(T("{unit} is already TI this Player Turn", unit=unit.id), "A4.8")
    if not any(u.type in MMC for u in units):
        raise IllegalAction(T("a search needs an MMC"), rule)
    return units


def _check_search(game: AslGame, position: Position, action: act.Activate) -> None:
    if position.phase.id != "MPh" or position.state.decision is not None or position.state.moving is not None:
        raise IllegalAction(T("a search is made at the end of a unit's movement in its MPh"), "A12.152")
    units = _searchers(position, action, "A12.152")
    group_of(position, action.units, "A12.152", place="Location")
    if any(u.has("assault") for u in units):
        raise IllegalAction(T("a unit Assault Moving may not search"), "A12.152")
    moved = [u for u in units if u.id in position.state.moved]
    if moved:
        gs = game.gstate(position.state)
        if set(action.units) - set(gs.last_move) or Fraction(gs.last_move_left or "0") < 1:
            raise IllegalAction(T("a search costs 1 MF at the end of the stack's own move, made last: "
                                  "this stack has no MF left for it"), "A12.152")


def _check_mop(game: AslGame, position: Position, action: act.Activate) -> frozenset[Hex]:
    if position.phase.id != "PFPh" or position.state.decision is not None:
        raise IllegalAction(T("Mopping Up is declared in the PFPh"), "A12.153")
    units = _searchers(position, action, "A12.153")
    gs = game.gstate(position.state)
    side = position.phasing
    if side in gs.no_quarter:
        raise IllegalAction(T("{side} refused quarter or massacred and may never mop up again", side=side),
                            "A12.153")
    if gs.mopped == _turn_key(position):
        raise IllegalAction(T("Mopping Up is once per Player Turn"), "A12.153")
    if any(u.type not in MMC for u in units):
        raise IllegalAction(T("only MMC mop up"), "A12.153")
    if any(not prisoners.armed(u) for u in units):
        raise IllegalAction(T("only armed units mop up"), "A12.153")
    first = units[0].hex
    assert first is not None
    building = building_of(position, first)
    if not building or any(u.hex not in building for u in units):
        raise IllegalAction(T("the mopping units must all be in one building"), "A12.153")
    if len(building) < 2 and not any(len(loc.levels(position.map, h)) > 1 for h in building):
        raise IllegalAction(T("only a building of more than one hex or level is mopped up"), "A12.153")
    for enemy in position.units.values():
        if enemy.side != side and enemy.hex in building and not enemy.concealed and enemy.type != "sw" \
                and not enemy.has("broken") and not enemy.has("prisoner"):
            raise IllegalAction(T("{hex} holds a known unbroken enemy unit", hex=position.label(enemy.hex)),
                                "A12.153")
    names = [n for n, cells in asl_victory.buildings(position).items() if frozenset(cells) == building]
    controlled = bool(names) and dict(gs.control).get(names[0]) == side
    if not controlled:
        far = [h for h in building if all(distance(h, u.hex) > 2 for u in units if u.hex is not None)]
        if far:
            raise IllegalAction(
                T("{hex} is more than 2 hexes from every mopping unit, and {side} does not control the "
                  "building", hex=position.label(sorted(far, key=lambda h: (h.q, h.r))[0]), side=side),
                "A12.153")
    return building


def _turn_key(position: Position) -> str:
    return f"{position.turn}:{position.phasing}"


# --- applying them ---


def apply(game: AslGame, position: Position, action: act.Activate) -> State:
    if action.mode in (REVEAL, CONCEAL):
        return _drop(game, position, action)
    if action.mode == SEARCH:
        return _declare_search(game, position, action)
    return _mop(game, position, action)


def _drop(game: AslGame, position: Position, action: act.Activate) -> State:
    """A12.32: HIP given up, placed Known (reveal) or under a "?" (conceal); A12.14: a "?" given up (a dummy
    that loses it is removed)."""
    state = position.state
    hidden = dict(game.gstate(state).hip)
    for uid in action.units:
        if uid in hidden:
            state = asl_hip.reveal(game, state, (uid,), keep_concealed=action.mode == CONCEAL)
        elif state.units[uid].type == "dummy":
            state = state.without_unit(uid)
        else:
            state = state.with_unit(state.units[uid].revealed())
    return state


def _declare_search(game: AslGame, position: Position, action: act.Activate) -> State:
    state = position.state
    units = [state.units[u] for u in action.units]
    here = units[0].hex
    assert here is not None
    seen = asl_concealment.seen_by_good_order(position, position.phasing, here)
    for unit in units:  # A12.152: TI for the Player Turn, their move over (A4.2); A12.141: an action in sight
        state = state.with_unit(unit.mark("ti").revealed() if seen else unit.mark("ti"))
    gs = game.gstate(state)
    state = state.replace(moved=state.moved + tuple(u for u in action.units if u not in state.moved),
                          game=gs.replace(last_move=(), last_move_left=""))
    drm, parts = search_drm(units)
    hexes = accessible(position, here)
    return state.push(Decision(
        "roll", position.phasing,
        T("{side} searches from {hex} ({n} Accessible hexes): roll the Search dr, drm {drm:+d}",
          side=position.phasing, hex=position.label(here), n=len(hexes), drm=drm),
        "A12.152", "search", dice="dr", subject=tuple(action.units), target=here,
        args=(("drm", str(drm)), ("parts", "; ".join(str(p) for p in parts))),
    ))


def resume_search(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The Final dr is the number of Accessible hexes left unsearched (never the searchers' own)."""
    assert decision.target is not None and answer.dice is not None
    here = decision.target
    hexes = accessible(position, here)
    final = answer.dice[-1] + int(decision.arg("drm", "0"))
    skip = min(max(0, final), len(hexes) - 1)
    if skip == 0:
        return _search(game, position, position.state, decision.subject, hexes)
    return position.state.push(_skip_question(position, decision.subject, here, hexes, (), skip, final))


def _skip_question(position: Position, searchers: tuple[str, ...], here: Hex, hexes: list[Hex],
                   skipped: tuple[Hex, ...], left: int, final: int) -> Decision:
    options = tuple(h for h in hexes if h != here and h not in skipped)
    return Decision(
        "hexes", position.state.units[searchers[0]].side,
        T("Search: Final dr {final}: name a hex to leave unsearched ({n} more)", final=final, n=left),
        "A12.152", "search_skip", hexes=options, subject=searchers, target=here,
        args=(("skipped", ";".join(_key(h) for h in skipped)), ("left", str(left)), ("final", str(final))),
    )


def resume_search_skip(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    assert decision.target is not None
    h = answer.hexes[0]
    if h not in decision.hexes:
        raise IllegalAction(T("name an Accessible hex other than the searchers' own"), "A12.152")
    skipped = (*[_hex(x) for x in decision.arg("skipped").split(";") if x], h)
    left = int(decision.arg("left", "1")) - 1
    hexes = accessible(position, decision.target)
    if left > 0:
        return position.state.push(_skip_question(position, decision.subject, decision.target, hexes, skipped,
                                                  left, int(decision.arg("final", "0"))))
    return _search(game, position, position.state, decision.subject, [x for x in hexes if x not in skipped])


def _search(game: AslGame, position: Position, state: State, searchers: tuple[str, ...],
            hexes: list[Hex]) -> State:
    """A12.152: every concealed enemy in the searched hexes loses its "?" (a dummy is removed); HIP units
    there are placed under "?"."""
    side = state.units[searchers[0]].side
    view = position.at(state)
    hip_ids = [uid for h in hexes for uid in asl_hip.at(game, view, h, side)]
    before = _concealed(view, side, hexes, hip_ids)
    state = asl_hip.reveal(game, state, hip_ids, keep_concealed=True)
    for unit in [u for u in state.units.values() if u.side != side and u.hex in hexes and u.concealed
                 and u.id not in hip_ids]:
        state = state.without_unit(unit.id) if unit.type == "dummy" else state.with_unit(unit.revealed())
    return _casualty_offer(position.at(state), searchers, hexes, before, "A12.154")


def _concealed(position: Position, side: str, hexes: Iterable[Hex], hip_ids: list[str]) -> list[UnitState]:
    cells = set(hexes)
    return [u for u in position.units.values() if u.side != side and (
        u.id in hip_ids or (u.hex in cells and u.concealed))]


def _casualty_offer(position: Position, searchers: tuple[str, ...], hexes: Iterable[Hex],
                    before: list[UnitState], rule: str) -> State:
    """A12.154: the non-phasing player may roll a Search Casualty dr when a searched Location holds an armed
    Good Order unit of his or a Residual FP counter."""
    state = position.state
    cells = set(hexes)
    side = state.units[searchers[0]].side if searchers[0] in state.units else position.phasing
    enemy = position.enemy_of(side)
    armed = [u for u in state.units.values() if u.side == enemy and u.hex in cells
             and u.type not in ("dummy", "sw") and not u.has("broken") and prisoners.armed(u)]
    residual = [r for r in asl_residual.residuals(state) if r.hex in cells]
    if not armed and not residual:
        return state
    drm = casualty_drm(before)
    return state.push(Decision(
        "roll", enemy,
        T("{side} may roll a Search Casualty dr against the searchers, drm {drm:+d} (1 or less: Casualty "
          "Reduction)", side=enemy, drm=drm),
        rule, "search_casualty", dice="dr", choices=("decline",), subject=searchers,
        args=(("drm", str(drm)),),
    ))


def resume_search_casualty(game: AslGame, position: Position, decision: Decision,
                           answer: act.Answer) -> State:
    state = position.state
    if answer.choice == "decline" or answer.dice is None:
        return state
    alive = tuple(u for u in decision.subject if u in state.units)
    if not alive or answer.dice[-1] + int(decision.arg("drm", "0")) > 1:
        return state
    return state.push(Decision(
        "units", state.units[alive[0]].side,
        T("Search Casualty: name the searcher Random Selection picks for Casualty Reduction"),
        "A12.154", "search_cr", units=alive, subject=alive,
    ))


def resume_search_cr(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A12.154, A7.302: the unit picked is Casualty Reduced: a squad to its HS, a HS or crew eliminated, an
    SMC wounded."""
    state = position.state
    unit = state.units[answer.units[0]]
    before = unit.has("wounded")
    held = [sw.id for sw in au.possessed(state, unit.id)]
    state, reduced = _reduce(position.scenario.counters, state, unit)
    if reduced is None:  # A4.44: its SW to an SMC there at once (a searcher with it may try)
        return recnow.lost(position.at(state), unit, held)
    if reduced.type in ("leader", "hero"):
        return state.push(_wound_decision(reduced, "A17.11", before))
    return state


def _mop(game: AslGame, position: Position, action: act.Activate) -> State:
    """A12.153: TI declared; enemy HIP placed under "?", enemy dummies removed; with no concealed enemy left
    the building is secured and its broken enemies surrender."""
    building = _check_mop(game, position, action)
    state = position.state
    side = position.phasing
    for uid in action.units:  # A12.141: declaring it in Good Order enemy sight costs the "?"
        unit = state.units[uid]
        seen = unit.hex is not None and asl_concealment.seen_by_good_order(position, side, unit.hex)
        state = state.with_unit(unit.mark("ti").revealed() if seen else unit.mark("ti"))
    state = state.replace(game=game.gstate(state).replace(mopped=_turn_key(position)))
    view = position.at(state)
    cells = sorted(building, key=lambda h: (h.q, h.r))
    hip_ids = [uid for h in cells for uid in asl_hip.at(game, view, h, side)]
    before = _concealed(view, side, building, hip_ids)
    state = asl_hip.reveal(game, state, hip_ids, keep_concealed=True)
    for unit in [u for u in state.units.values() if u.side != side and u.hex in building
                 and u.type == "dummy"]:
        state = state.without_unit(unit.id)
    hidden = [u for u in state.units.values() if u.side != side and u.hex in building and u.concealed]
    asks: list[Decision] = []
    if not hidden:  # secured: every Location controlled, the broken enemies surrender (A20)
        names = [n for n, cells in asl_victory.buildings(position).items() if frozenset(cells) == building]
        gained = [label for label, h in asl_victory.hexes(position).items() if h in building]  # and its hexes
        state = asl_victory.gain(game, state, names[:1] + gained, side)  # A26.11
        view = position.at(state)
        broken = tuple(sorted(u.id for u in state.units.values() if u.side != side and u.hex in building
                              and u.has("broken") and prisoners.may_surrender(game, view, u)))
        guards = tuple(sorted(u.id for u in state.units.values() if u.side == side and u.hex in building
                              and u.type in MMC and prisoners.armed(u) and not u.has("broken")))
        if broken and guards:
            asks.append(Decision(
                "units", side, T("{units} surrender: name the guard, or refuse (No Quarter)",
                                 units=", ".join(broken)),
                "A12.153", "surrender", units=guards, choices=("refuse",), subject=broken,
                target=state.units[broken[0]].hex))
    state = state.push(*asks)
    return _casualty_offer(position.at(state), tuple(action.units), building, before, "A12.154")


def moved(game: AslGame, state: State, moving: Moving, left: Fraction | int) -> State:
    """The last stack to move and its MF left: it may still search with 1 of them (A12.152)."""
    gs = game.gstate(state)
    return state.replace(game=gs.replace(last_move=tuple(moving.units), last_move_left=str(Fraction(left))))


def generate(game: AslGame, position: Position) -> Iterator[act.Activate]:
    """What the page lists: each HIP unit's drop (its owner's page only, ``owner_of``), the last mover's
    search, and the Mopping Up of each building stack of the PFPh."""
    gs = game.gstate(position.state)
    for uid, h in sorted(gs.hip):
        if h is not None and uid in position.units:
            yield act.Activate((uid,), CONCEAL)
            yield act.Activate((uid,), REVEAL)
    phase = position.phase.id
    if phase == "MPh" and gs.last_move:
        cand = act.Activate(tuple(sorted(u for u in gs.last_move if u in position.units)), SEARCH)
        if cand.units and cand in position.legal_actions:
            yield cand
    if phase == "PFPh":
        for group in stack_groups(position, lambda u: u.side == position.phasing and u.type in MMC):
            cand = act.Activate(tuple(sorted(group)), MOP)
            if cand in position.legal_actions:
                yield cand
