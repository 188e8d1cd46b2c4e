"""The game log in words: an action's text form (``move ger-sq1 DK4-DK5``, rules/actions.py) said as a
sentence a player reads ("ger-sq1 move DK4 → DK5"), a ``T`` so each page says it in its own language. Unit
ids, hexes and dice stay as they are; a form this module does not know is shown as it was written."""

from __future__ import annotations

from hexmate.rules.text import T


def _path(word: str) -> str:
    return " → ".join(word.split("-"))


def sentence(text: str) -> str:
    """The log line of one action's text form (a ``T``), or the text itself when it is no known form."""
    if text.startswith("take back: "):  # a record's correction (host/tournament/exports.py)
        return taken_back(text.removeprefix("take back: "))
    if text == "set-up":
        return T("set-up")
    words = text.split()
    if not words:
        return text
    verb, rest = words[0], words[1:]
    mode = ""
    if verb in ("move", "advance") and len(rest) >= 4 and rest[-2] == "as":
        mode, rest = rest[-1], rest[:-2]
    if verb in ("move", "advance") and len(rest) in (2, 4):
        path = _path(rest[1])
        cost = rest[3] if len(rest) == 4 else ""
        if verb == "advance":
            return T("{units}: advance {path}", units=rest[0], path=path)
        if cost and mode:
            return T("{units}: move {path} ({cost} MF, as {mode})", units=rest[0], path=path, cost=cost,
                     mode=mode)
        if cost:
            return T("{units}: move {path} ({cost} MF)", units=rest[0], path=path, cost=cost)
        return T("{units}: move {path}", units=rest[0], path=path)
    if verb in ("end", "done") and len(rest) <= 1:
        return T("phase ended")
    if verb == "pass" and not rest:
        return T("passed")
    if verb in ("fire", "attack") and len(rest) in (3, 5) and rest[1] == "at":
        dice = rest[4] if len(rest) == 5 and rest[3] == "dice" else ""
        if verb == "attack":
            return (T("{units}: attack {hex}, dice {dice}", units=rest[0], hex=rest[2], dice=dice) if dice
                    else T("{units}: attack {hex}", units=rest[0], hex=rest[2]))
        return (T("{units}: fire at {hex}, dice {dice}", units=rest[0], hex=rest[2], dice=dice) if dice
                else T("{units}: fire at {hex}", units=rest[0], hex=rest[2]))
    if verb == "rally" and len(rest) in (1, 3):
        return (T("{unit} tries to rally, dice {dice}", unit=rest[0], dice=rest[2]) if len(rest) == 3
                else T("{unit} tries to rally", unit=rest[0]))
    if verb == "repair" and len(rest) in (1, 3):
        return (T("{sw}: repair attempt, dice {dice}", sw=rest[0], dice=rest[2]) if len(rest) == 3
                else T("{sw}: repair attempt", sw=rest[0]))
    if verb == "transfer" and len(rest) in (3, 5) and rest[1] == "to":
        return (T("{item} to {unit}, dice {dice}", item=rest[0], unit=rest[2], dice=rest[4]) if len(rest) == 5
                else T("{item} to {unit}", item=rest[0], unit=rest[2]))
    if verb == "drop" and len(rest) == 1:
        return T("{sw} dropped (A4.43)", sw=rest[0])
    if verb == "activate" and len(rest) in (1, 3):
        return (T("{units} activated for {mode}", units=rest[0], mode=rest[2]) if len(rest) == 3
                else T("{units} activated", units=rest[0]))
    if verb == "save" and len(rest) == 3 and rest[1] == "on":
        return T("{cp} CP saved on {unit}", cp=rest[0], unit=rest[2])
    if verb == "load" and len(rest) == 3 and rest[1] == "into":
        return T("{units}: load into {carrier}", units=rest[0], carrier=rest[2])
    if verb == "unload" and len(rest) == 1:
        return T("{carrier} unloads", carrier=rest[0])
    if verb == "smoke" and len(rest) == 3 and rest[1] == "at":
        return T("{unit} places smoke at {hex}", unit=rest[0], hex=rest[2])
    if verb == "dice" and len(rest) == 3 and rest[1] == "=":
        return T("dice rolled: {pips} = {total}", pips=rest[0], total=rest[2])
    if verb == "answer" and rest:
        return _answer(rest)
    return text


def _answer(rest: list[str]) -> str:
    by = ""
    if len(rest) >= 3 and rest[-2] == "by":
        by, rest = rest[-1], rest[:-2]
    if len(rest) == 2 and rest[0] == "dice":
        said = T("answered with dice {dice}", dice=rest[1])
    elif len(rest) == 2 and rest[0] == "units":
        said = T("answered: units {units}", units=rest[1])
    elif len(rest) == 2 and rest[0] in ("hex", "path"):
        said = T("answered: {path}", path=_path(rest[1]))
    elif len(rest) == 1:
        said = T("answered: {choice}", choice=rest[0])
    else:
        return "answer " + " ".join(rest)
    return T("{side}: {answer}", side=by, answer=said) if by else said


def taken_back(text: str) -> str:
    """The log line of an action taken back."""
    return T("taken back: {action}", action=sentence(text))


__all__ = ["sentence", "taken_back"]
