"""Guided prompts: what can be done now, who must act and what the last action did, for every phase and
decision of every game, read from the sequence data (``rules/SEQUENCE.md``) and the open decision.

Two verbosities: ``expert`` is one terse line; ``beginner`` explains each step with its rule. Texts are
message ids (``hexmate.host.i18n``), so a page in Japanese reads the rulebooks' terms.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hexmate.host.i18n import gettext, render_text
from hexmate.rules.decisions import BOTH, Decision
from hexmate.rules.sequence import Phase

if TYPE_CHECKING:
    from hexmate.host.game.session import GameSession

ACTION_HELP: dict[str, str] = {  # sequence.json action kinds
    "move": "Move: lift a unit or stack and put it on a lit hex; on your page, pick it on the map, then "
            "its destination.",
    "advance": "Advance: step a unit one hex, even into an enemy hex.",
    "fire": "Fire: choose the firing units, then the enemy hex (the line of sight must be clear).",
    "attack": "Attack: choose the attacking units, then an adjacent enemy hex.",
    "rally": "Rally: choose a broken unit and roll for it.",
    "repair": "Repair: the possessor of a malfunctioned support weapon rolls to repair it.",
    "transfer": "Transfer: give a support weapon to another unit of its Location, or recover one left there.",
    "end_phase": "End the phase: press done.",
    "pass": "Pass: press done; the phase ends when both sides pass in turn.",
    "activate": "Activate: name the units (and what for, where the game asks) before they act.",
    "save": "Save command points: leave some of this impulse's points on a unit for later.",
    "smoke": "Smoke: a unit lays smoke in its own hex, or fires a smoke round at a hex where the game "
             "allows it.",
    "load": "Load: infantry board a vehicle in their hex.",
    "unload": "Unload: a vehicle sets down everyone it carries.",
}
DECISION_HELP: dict[str, str] = {  # rules/decisions.py kinds
    "roll": "A roll is open: press the dice button on the table, or type answer dice and the pips.",
    "units": "Choose a unit: lift it on the table, or pick one of the answers.",
    "hexes": "Choose a hex: put the unit on a lit hex, or pick one of the answers.",
    "path": "Choose a path: move the unit along it to a lit hex.",
    "confirm": "Answer the question: pick one of the answers, or press done.",
    "react": "You may react now (fire at it), or press done to let it go on.",
    "secret": "Each side answers in secret on its own page.",
}
ACTS_HELP: dict[str, str] = {  # sequence.json "acts"
    "phasing": "The phasing side acts in this phase.",
    "non_phasing": "The side that is not phasing acts in this phase.",
    "both": "The phasing side acts, then the other.",
    "alternating": "The sides take turns.",
    "impulse": "The side whose chit was drawn acts in this impulse.",
    "engine": "Nothing to do but what the phase asks.",
}
REACTION_HELP = "The other side may react at each hex a mover enters ({rule})."
TEMPLATES = (
    "{phase} ({rule}): {side} to act.",
    "{phase} ({rule}): {side} decides ({decision_rule}).",
    "Your turn to act.",
    "Waiting for {side}.",
    "It ends when {ends}.",
    "Last action: {last}.",
    "Nothing yet.",
    "The game is over.",
    "First the board: {owed}; then press done.",
    "both sides, in secret",
)


def guide(session: GameSession, audience: str, lang: str = "en", *, owed: Sequence[str] = (),
          last: str = "") -> dict[str, Any]:
    """The guided prompt for one audience (a side, or ``shared``) in one language, now."""
    pos = session.position
    top = pos.decision
    who = session.to_act
    side = _side_name(session, who, lang) if who != BOTH else gettext(lang, "both sides, in secret")
    yours = audience == who or (top is not None and top.kind == "secret" and audience != "shared")
    if top is not None and audience != top.side:
        from hexmate.host.game.session import unsaid  # session imports this module

        top = unsaid(top)  # a private decision's secret facts are its owner's (PG 16.6)
    out = phase_guide(pos.phase, top, side, yours, lang, over=pos.state.over, owed=owed, last=last)
    out["who"] = who
    return out


def phase_guide(phase: Phase, top: Decision | None, side: str, yours: bool, lang: str = "en", *,
                over: bool = False, owed: Sequence[str] = (), last: str = "") -> dict[str, Any]:
    """The guided prompt for a phase of the sequence data and the open decision (None: the phase's own
    actions), for the side named ``side``; ``yours`` if the page's side is the one to act."""
    t = _translator(lang)
    lines: list[dict[str, str]] = []
    if over:
        expert = beginner = t("The game is over.")
    else:
        if top is None:
            head = t("{phase} ({rule}): {side} to act.").format(phase=t(phase.name), rule=phase.rule,
                                                                 side=side)
            kinds = [k for k in ACTION_HELP if phase.allows(k)]
            lines = [{"kind": k, "text": t(ACTION_HELP[k]), "rule": phase.rule} for k in kinds]
            for r in phase.reactions:
                lines.append({"kind": "reaction", "text": t(REACTION_HELP).format(rule=r.rule),
                              "rule": r.rule})
            explain = [t(phase.prompt), t(ACTS_HELP[phase.acts]), t("It ends when {ends}.").format(
                ends=t(phase.ends))]
        else:
            head = t("{phase} ({rule}): {side} decides ({decision_rule}).").format(
                phase=t(phase.name), rule=phase.rule, side=side, decision_rule=top.rule)
            lines = [{"kind": top.kind, "text": t(DECISION_HELP[top.kind]), "rule": top.rule}]
            explain = [f"{render_text(top.prompt, lang)} ({top.rule})"]
        if owed:
            lines.insert(0, {"kind": "owed", "text": t("First the board: {owed}; then press done.").format(
                owed="; ".join(owed)), "rule": ""})
        turn = t("Your turn to act.") if yours else t("Waiting for {side}.").format(side=side)
        gap = "" if lang == "ja" else " "  # Japanese sentences run on without spaces
        expert = f"{head}{gap}{turn}"
        beginner = gap.join([head, turn, *explain, *(line["text"] for line in lines)])
    return {
        "phase": t(phase.name), "phase_id": phase.id, "rule": phase.rule, "side": side,
        "yours": yours, "expert": expert, "beginner": beginner, "steps": lines,
        "last": t("Last action: {last}.").format(last=last) if last else t("Nothing yet."),
    }


def _translator(lang: str) -> Any:
    return lambda msgid: gettext(lang, msgid)


def _side_name(session: GameSession, side: str, lang: str) -> str:
    for s in session.scenario.sides:
        if s.id == side:
            return gettext(lang, s.name)
    return side


def msgids(sequences: Sequence[Any] = ()) -> list[str]:
    """Every text the guide may say, for the catalogue's completeness check: its own templates and the
    sequence data's phase names, prompts and endings."""
    out = [*ACTION_HELP.values(), *DECISION_HELP.values(), *ACTS_HELP.values(), REACTION_HELP, *TEMPLATES]
    for seq in sequences:
        for step in seq.steps:
            out += [step.phase.name, step.phase.prompt, step.phase.ends]
    return [m for m in out if m]


__all__ = ["ACTION_HELP", "DECISION_HELP", "guide", "msgids", "phase_guide"]
