"""Hand-to-Hand Close Combat where a nationality allows it (A25.43, Gurkhas; the procedure itself is J2.31,
which is not among hexmate's texts, so only what A25.43 states is worked out here).

- A Close Combat or Melee may be made Hand-to-Hand, at the choice of the side whose nationality has the
  ``hand_to_hand`` trait (data/nationalities.json), when at least one of its infantry units there is not
  broken and that side is the phasing side or has just ambushed the enemy there (A11.4);
- the choice is barred when every such unit there is withdrawing from the Melee (A11.2), pinned or ambushed
  this phase, and where a vehicle is in the Location (``cc.locations`` already leaves those out, A11.1);
- every attack in a Hand-to-Hand CC reads its Kill Number from the red numbers of the owner's CC Table (the
  chart ``cct_hth``; hexmate's demo pack has demo values); a chart pack without that chart never offers it;
- each attack by that side's infantry has an extra -1 DRM, unless every one of its attacking units is pinned
  or Unarmed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.aftermath import _side_nationality
from hexmate.rules.games.base import Line, Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame


def _here(position: Position, h: Hex) -> list[UnitState]:
    """The units in the Location being fought at ``h``: its level only (A2.8, ``cc.here``)."""
    from hexmate.rules.games.asl import cc

    return cc.here(position, h)


CHART = "cct_hth"  # the red Kill Numbers of the CC Table (J2.31)
CHOICES = ("hand-to-hand", "ordinary")


def trained(position: Position, unit: UnitState) -> bool:
    """Infantry of a nationality with the Hand-to-Hand trait (A25.43)."""
    if unit.type in ("vehicle", "dummy", "sw") or unit.values.get("vehicle"):
        return False
    return au.nationality_of(unit, _side_nationality(position, unit.side)).flag("hand_to_hand")


def chooser(game: AslGame, position: Position, h: Hex) -> str:
    """The side that may make the Close Combat at ``h`` Hand-to-Hand now, or "" (A25.43)."""
    if CHART not in position.charts.charts:
        return ""
    gs = game.gstate(position.state)
    for side in (position.phasing, position.enemy_of(position.phasing)):
        own = [u for u in _here(position, h) if u.side == side and trained(position, u)]
        if not any(not u.has("broken") for u in own):
            continue
        if side != position.phasing and gs.cc_ambusher != side:
            continue
        ambushed = bool(gs.cc_ambusher) and gs.cc_ambusher != side
        if all(ambushed or u.has("pinned") or u.id in gs.cc_withdraw for u in own):
            continue
        return side
    return ""


def offer(game: AslGame, position: Position) -> State | None:
    """The choice pushed for the side that may make this CC Hand-to-Hand, once per Location; None if none."""
    gs = game.gstate(position.state)
    h = gs.cc_hex
    if h is None or gs.cc_hth_asked:
        return None
    side = chooser(game, position, h)
    if not side:
        return None
    state = position.state.replace(game=gs.replace(cc_hth_asked=True))
    return state.push(
        Decision(
            "confirm",
            side,
            T("{side}: make the Close Combat at {hex} Hand-to-Hand (red Kill Numbers, -1 to your attacks) or "
              "fight it as ordinary Close Combat", side=side, hex=position.label(h)),
            "A25.43",
            "cc_hth",
            choices=CHOICES,
            target=h,
        )
    )


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    gs = game.gstate(position.state)
    return position.state.replace(game=gs.replace(cc_hth=answer.choice == CHOICES[0]))


def kill_number_lines(position: Position, attacking: list[UnitState], side: str) -> tuple[int, list[Line]]:
    """The DRM and lines a Hand-to-Hand attack adds for the side's trained infantry (A25.43)."""
    lines = [Line(T("Hand-to-Hand"), T("red Kill Numbers"), "A25.43")]
    own = [u for u in attacking if trained(position, u)]
    if own and not all(u.has("pinned") or au.is_unarmed(u) for u in own):
        lines.append(Line(T("Hand-to-Hand attack by trained infantry"), "-1", "A25.43"))
        return -1, lines
    return 0, lines
