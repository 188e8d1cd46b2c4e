"""The narrator: every sentence the table says to its players, in one place.

The loop names what happened (a key and its facts); the narrator turns it into a ``Notice`` for an audience.
All texts live in ``TEXTS``; each English text is the message id of its translations (``hexmate.host.i18n``),
and a notice keeps its facts so each page says it again in its own language (``render``): a page, the
record's readers and speech say the same thing. Facts that could betray
hidden units are filtered before they get here (``host/table/views.py``, ``views.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hexmate.host.i18n import gettext, render_text
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.host.game.session import GameSession

LEVELS = ("info", "ok", "warn", "error")
SHARED_AUDIENCE = "shared"  # hexmate.host.table.views.SHARED: what everyone at the table hears

TEXTS: dict[str, tuple[str, str]] = {  # key -> (level, text with {facts})
    "played": ("ok", "Played: {action}."),
    "played-changes": ("ok", "Played: {action}. Now on the board: {changes}."),
    "refused": ("error", "Not accepted: {why}. Nothing was changed."),
    "owed-first": ("error",
        "Not accepted: first make the change on the board, then press done: {changes}. "
        "Nothing was changed."),
    "dice-unused": ("error",
        "{rolled}: no roll is open now, so these dice answer nothing; nothing was changed."),
    "button-no-roll": ("error",
        "{button} pressed, but no roll is open now: the dice were not rolled and nothing was "
        "changed."),
    "confirmed": ("ok", "Done on the board: {changes}."),
    "result-recorded": ("ok", "Result recorded: {result}. Each player now signs it from their own page "
                               "(/record)."),
    "result-bad": ("error", "Result not recorded: {why}."),
    "signed": ("ok", "The {side} player signed the result (key {fingerprint})."),
    "sign-bad": ("error", "Signature not recorded: {why}."),
    "resumed": ("ok", "Game resumed from its record ({entries} entries, {actions} actions played); the board "
                       "is read again and compared with the position."),
    "taken-back": ("ok", "Taken back: {action}. Put the counters back where the lit hexes show."),
    "markers-made": ("ok", "Seen on the board: {changes}."),
    "marker-wrong": ("error", "Not accepted: a {marker} marker is on {hex}, but no unit there is {marker} "
                              "now. Take it off or put it on the stack the page names."),
    "selected": ("info", "To fire together: {units}. Tap an enemy unit to fire at its hex (where no fire is "
                         "allowed now, the table shows the line of sight instead)."),
    "deselected": ("info", "No unit chosen to fire."),
    "nothing-to-confirm": ("error", "no change to confirm{for_unit}"),
    "owed-prompt": ("info", "On the board: {changes}. Then press done (or confirm on the page)."),
    "los": ("info", "Line of sight {a} to {b}: {verdict}. {reason}{rule}"),
    "los-no-fire": ("info", "Line of sight {a} to {b}: {verdict}. {reason}{rule} No fire now: {why}."),
    "los-bad": ("error", "line of sight {a} to {b}: {why}"),
    "los-refused": ("error", "no line of sight check now: {why}"),
    "shown": ("info", "{what} lit on the board: {summary}"),
    "show-bad": ("error", "cannot show {what}: {why}"),
    "lifted": ("info", "{units} lifted from {hex}: {where}."),
    "move-recorded": ("ok", "Move recorded: {line}"),
    "move-recorded-ask": ("ok", "Move recorded: {line}. {ask}"),
    "put-back": ("info", "{units} put back on {hex}."),
    "illegal": ("error", "{units} may not be placed on {hex}: {why}"),
    "illegal-prompt": ("info", "Put the unit on a green hex, or back where it started."),
    "out-of-sync": ("warn", "The table differs from the game: {lines}"),
    "in-sync": ("ok", "The table matches the game."),
    "setup-complete": ("ok", "Set-up complete: every counter is on its hex. Play begins."),
    "setup-prompt": ("info",
        "Set-up: put each counter on its white pulsing hex; the page lists what is still to "
        "place."),
    "setup-wrong": ("warn", "Not part of the set-up here: {lines}. {left}."),
    "setup-placed": ("ok", "In place: {names}. {left}."),
    "setup-left": ("info", "Set-up: {left}."),
    "unknown-tag": ("warn",
        "Unknown counter tag {uid} on {where}: enrol it below, or take it off the table."),
    "uncertain": ("warn", "Cannot read the stack on {where}; spread it out."),
    "wrong-board": ("error",
        "the table ({board}) has {cells} cells but board definition {definition} has "
        "{expected}: start hexmate with the right --board"),
    "reader-fault": ("error", "reader fault at cell {cell} (code {code})"),
    "internal": ("error", "internal error; see the host log"),
    "virtual-only": ("error", "the virtual table works only with an emulated table"),
    "no-cell": ("error", "no cell {cell} on board {board}"),
    "enrol-bad-uid": ("error", "cannot enrol: {why}"),
    "enrol-not-unknown": ("error",
        "cannot enrol tag {uid}: it is not an unknown tag on the table now (put it on a hex "
        "first)"),
    "enrol-not-offered": ("error",
        "cannot enrol tag {uid}: {unit} is not a unit of this scenario that the page offers"),
    "enrol-failed": ("error", "tag {uid} not enrolled: {why}"),
    "enrolled": ("ok", "Tag {uid} enrolled as {unit}{retag}{saved}; it is on {where}.{more}"),
    "not-your-turn": ("error", "Not accepted: the {side} page plays for its own side, and {acting} is to "
                               "act now. Nothing was changed."),
    "page-host-only": ("error", "Not accepted: {what} is for the table's host page, not a player's."),
}

# Unit states and markers as players name them (the rules' marker ids), for counters and speech.
TERMS: dict[str, str] = {
    "broken": "broken", "pin": "pinned", "pinned": "pinned", "concealed": "concealed", "dm": "DM",
    "first_fire": "First Fire", "final_fire": "Final Fire", "prep_fire": "Prep Fire", "cx": "CX",
    "moved": "moved", "fired": "fired", "disrupted": "disrupted", "demoralized": "demoralized",
    "reduced": "reduced", "routed": "routed", "berserk": "berserk", "ammo_low": "ammo low",
}


# A line of sight's verdict (the ``verdict`` fact of "los" notices): its own message ids, as "clear" alone is
# also a terrain's name in the catalogue.
SIGHT_VERDICTS: dict[str, str] = {"clear": "clear (line of sight)", "hindered": "hindered (line of sight)",
                                  "blocked": "blocked (line of sight)"}


@dataclass(frozen=True)
class Notice:
    key: str
    level: str
    text: str
    facts: dict[str, str] = field(default_factory=dict, compare=False)  # a rules sentence stays a T

    def as_dict(self) -> dict[str, str]:
        return {"level": self.level, "text": self.text}


def say(key: str, **facts: Any) -> Notice:
    """The notice for ``key`` with its facts (KeyError names a key that has no text: a bug, not input)."""
    level, text = TEXTS[key]
    return Notice(key, level, text.format(**facts), {k: _fact(v) for k, v in facts.items()})


def _fact(value: Any) -> str:
    """A fact as the notice keeps it: a rules sentence (``T``, or a rules error's message) keeps its template
    so each page says it in its own language; anything else is its English text."""
    if isinstance(value, T):
        return value
    said = getattr(value, "said", None)  # a RulesError
    if isinstance(said, T):
        return said
    args = getattr(value, "args", None)  # another error raised with a T (a bad hex label, a facing's name)
    if isinstance(value, Exception) and args and len(args) == 1 and isinstance(args[0], T):
        return args[0]
    return str(value)


def render(notice: Notice, lang: str) -> Notice:
    """The same notice in another language: its text from the catalogue, each rules sentence among its facts
    said in that language too (``hexmate.host.i18n.render_text``). Rendered per page at the last moment,
    from facts the views have already filtered."""
    if lang == "en":
        return notice
    level, text = TEXTS[notice.key]
    facts = {k: render_text(v, lang) if isinstance(v, T) else v for k, v in notice.facts.items()}
    if notice.key in ("los", "los-no-fire") and facts.get("verdict") in SIGHT_VERDICTS:
        facts["verdict"] = gettext(lang, SIGHT_VERDICTS[facts["verdict"]])
    return Notice(notice.key, level, gettext(lang, text).format(**facts), notice.facts)


def term(state: str, lang: str = "en") -> str:
    """A unit state or marker as players name it."""
    return gettext(lang, TERMS.get(state, state.replace("_", " ")))


def side_name(session: GameSession, side: str, lang: str = "en") -> str:
    """A side's name from the scenario ('German'), in the page's language."""
    for s in session.scenario.sides:
        if s.id == side:
            return gettext(lang, s.name)
    return side


__all__ = ["LEVELS", "SIGHT_VERDICTS", "TERMS", "TEXTS", "Notice", "render", "say", "side_name", "term"]
