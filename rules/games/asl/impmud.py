"""ASL platoon impulses in mud and deep snow (D8.23 with D14.21); impulse.py plays the impulses.

D8.23 gives a vehicle one bog DR for all its MP, rolled in secret by the opponent with a secret dr naming the
entry (a bypassed hexside too) off a paved road in which it bogs; D14.21 gives a platoon one DR for each
situation calling for one, applied to every AFV subject to it, each with its own DRM, and Random Selection
when it falls on several. Read together here: each such entry counts for its AFV (vmud's count in the game
state, -1 while the DR is not rolled); at the first impulse end after one, the opponent rolls one secret DR
for the AFVs then subject to it (every AFV its own DRM, ``vmud.drm``; a mate whose first such entry comes in
a later impulse, or that comes on later, gets its own then), then, if it bogs any, one secret dr; an AFV the
DR falls on bogs at the impulse end its count reaches the dr (one entry an impulse: in the hex it entered);
several at once, Random Selection names one, and the DR is spent for the others (D14.21).
D8.23 with A2.51: an AFV coming on counts its off-board hexes crossed and its entry hex at once, in that
impulse (``came_on``; a dr reached within them is due at the impulse's end, ``due``); one naming an off-board
hex bogs it there, off the map again (``bog_off``, as vmudoff.py bogs a lone vehicle).
"""

from __future__ import annotations

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import armour, vmud
from hexmate.rules.games.asl import vmove as vm
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

MUD, MUD_DR = "vimp_mud", "vimp_mud_dr"  # the secret DR and dr (game.resume_vimp_mud, resume_vimp_mud_dr)


def entry(position: Position, state: State, uid: str, a: Hex, b: Hex) -> State:
    """An AFV's entry of b from a in an impulse: counted when it is off a paved road in mud or deep snow."""
    unit = state.units[uid]
    if not vmud.ground(state.game)[0] or vmud.paved(position, a, b) or \
            armour.vtype(unit).movement == "motorcycle":  # D15.47: a motorcycle never bogs
        return state
    have = vmud.entry_of(state.game, uid)
    at, count = have if have is not None else (-1, 0)
    return state.replace(game=vmud.with_entry(state.game, uid, at, count + 1))


OFF = "imp_mudoff:"  # imp_mudoff:N:q,r;q,r: its count before it came on, the off-board hexes it crossed
OFF_AT = "imp_mudoff_at:"  # imp_mudoff_at:q,r: the secret dr fell on that off-board hex (``bog_off``)


def came_on(position: Position, state: State, uid: str, crossed: tuple[Hex, ...],
            entry_counts: bool) -> State:
    """D8.23 with A2.51 (vmudoff.py): an AFV coming on by impulses counts, as a lone vehicle does, each
    off-board hex its way across the off-board board entered off a paved road, then the entry hex (but along
    a paved or plowed edge road, impentry.mud_hexes); the off-board hexes are kept on it, so a dr falling on
    one of them bogs it there (``due``, ``bog_off``)."""
    unit = state.units[uid]
    n = len(crossed) + (1 if entry_counts else 0)
    if not vmud.ground(state.game)[0] or not n or armour.vtype(unit).movement == "motorcycle":  # D15.47
        return state
    have = vmud.entry_of(state.game, uid)
    at, count = have if have is not None else (-1, 0)
    state = state.replace(game=vmud.with_entry(state.game, uid, at, count + n))
    if crossed:
        hexes = ";".join(f"{h.q},{h.r}" for h in crossed)
        state = state.with_unit(unit.mark(f"{OFF}{count}:{hexes}"))
    return state


def _off_hex(unit: UnitState, at: int) -> Hex | None:
    """The off-board hex its ``at``-th counted entry was (``came_on``'s record), or None: a map hex."""
    for m in unit.markers:
        if m.startswith(OFF):
            before, _, hexes = m[len(OFF):].partition(":")
            crossed = [Hex(*(int(v) for v in h.split(","))) for h in hexes.split(";") if h]
            k = at - int(before)
            return crossed[k - 1] if 1 <= k <= len(crossed) else None
    return None


def bog_off(state: State, uid: str) -> State | None:
    """D8.23 with A2.51: the dr fell on an off-board hex it crossed coming on: bogged there (D8.21: its MPh
    over), so it never came on: off the map again, set up in that hex (vmudoff.MARK says why), its
    passengers and riders with it. None: it bogs where it is, on the map."""
    from hexmate.rules.games.asl import offboard, vmudoff

    unit = state.units[uid]
    marks = tuple(m for m in unit.markers if m.startswith(OFF_AT))
    if not marks:
        return None
    q, r = marks[0][len(OFF_AT):].split(",")
    gone = tuple(m for m in unit.markers if m.startswith(OFF))
    stuck = offboard.moved_to(unit.at(None), Hex(int(q), int(r)))
    state = state.with_unit(stuck.mark("bogged", vmudoff.MARK, remove=(*marks, *gone)))
    for u in [u for u in state.units.values() if u.carrier == uid]:
        state = state.with_unit(u.at(None))
    return state


def check(position: Position, members: list[UnitState]) -> Decision | None:
    """The platoon's secret DR, due at the first impulse end after such an entry, for the AFVs whose DR is
    still to roll (None: not due)."""
    mud, deep = vmud.ground(position.state.game)
    if not mud or not members:
        return None
    gs = position.state.game
    subject = [u for u in members if (c := vmud.entry_of(gs, u.id)) is not None and c[0] == -1]
    if not subject:
        return None
    drms = {u.id: vmud.drm(u, deep=deep) for u in subject}  # D14.21: the AFVs subject to it in this impulse
    prompt = T("the ground is {ground}: roll the platoon's one bog DR for its MPh in secret ({units}; 12 or "
               "more bogs), then a secret dr (D8.23, D14.21)", ground=T("deep snow") if deep else T("mud"),
               units=", ".join(f"{k} {v:+d}" for k, v in sorted(drms.items())))
    return Decision("roll", position.enemy_of(members[0].side), prompt, "D8.23", MUD, dice="DR",
                    subject=tuple(sorted(drms)), private=True,
                    args=(("crew", ",".join(u.id for u in members)),
                          *((f"drm:{k}", str(v)) for k, v in sorted(drms.items()))))


def hit_by(decision: Decision, answer: act.Answer) -> tuple[str, ...]:
    """The AFVs the secret DR would bog (D8.21: 12 or more with its own DRM)."""
    assert answer.dice is not None
    dr = sum(answer.dice)
    return tuple(u for u in decision.subject if vm.bogged(dr, int(decision.arg(f"drm:{u}", "0"))))


def ask_dr(position: Position, decision: Decision, hit: tuple[str, ...]) -> State:
    prompt = T("now the secret dr: the entry in which one of {units} bogs (D8.23)", units=", ".join(hit))
    return position.state.push(Decision("roll", decision.side, prompt, "D8.23", MUD_DR, dice="dr",
                                        subject=hit, private=True, args=decision.args))


def rolled_for(decision: Decision) -> tuple[str, ...]:
    """The AFVs the platoon's secret DR was rolled for (its ``drm:`` args; the dr's decision keeps them)."""
    return tuple(k[len("drm:"):] for k, _ in decision.args if k.startswith("drm:"))


def record(state: State, ids: tuple[str, ...], hit: set[str], at: int) -> State:
    """The secret result for each AFV the DR was rolled for (``rolled_for``): the entry it bogs in, or 0.
    D14.21 applies the one DR to the AFVs subject to it at that impulse's end only: a mate that had made no
    such entry yet (say, still off the map) keeps no result, so its first such entry, in a later impulse,
    calls for a DR of its own at that impulse's end (``check``), or its own DR by itself once it has left
    the platoon (vmud.entered)."""
    for uid in ids:
        have = vmud.entry_of(state.game, uid)
        count = have[1] if have else 0
        state = state.replace(game=vmud.with_entry(state.game, uid, at if uid in hit else 0, count))
    return state


def due(state: State, ids: str) -> tuple[State, list[str]]:
    """The AFVs whose count has reached the secret dr (none while the DR is still to roll); the DR is spent
    for them all (their ``at`` becomes 0), as one of them bogs."""
    if any((have := vmud.entry_of(state.game, u)) is not None and have[0] == -1 for u in ids.split(",")):
        return state, []
    out = [u for u in ids.split(",") if u in state.units and not state.units[u].has("bogged")
           and (have := vmud.entry_of(state.game, u)) is not None and 0 < have[0] <= have[1]]
    for uid in out:  # several entries in one impulse (coming on across the off-board board): reached
        have = vmud.entry_of(state.game, uid)
        assert have is not None
        x = _off_hex(state.units[uid], have[0])  # D8.23 with A2.51: one of its off-board hexes
        if x is not None:
            state = state.with_unit(state.units[uid].mark(f"{OFF_AT}{x.q},{x.r}"))
        state = state.replace(game=vmud.with_entry(state.game, uid, 0, have[1]))
    return state, out


__all__ = ["MUD", "MUD_DR", "OFF", "OFF_AT", "ask_dr", "bog_off", "came_on", "check", "due", "entry",
           "hit_by", "record", "rolled_for"]
