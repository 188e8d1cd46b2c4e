"""The end of a game: a player records the result from a page, each player signs it from their own page
(host/tournament/signatures.py), and the record page shows the result, the signatures, the dice statistics
and the replay. The signatures are checked here before they are recorded; the record keeps everything."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from hexmate.host.record import canonical, read
from hexmate.host.service.logtext import sentence
from hexmate.host.table.views import SHARED
from hexmate.host.tournament import signatures
from hexmate.host.tournament.exports import map_svg, steps
from hexmate.host.tournament.stats import dice_stats
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.host.service.core import PageAction, Service

_MAX_NAME = 60
_MAX_TEXT = 120


def sides(service: Service) -> list[str]:
    return sorted({u.side for u in service.session.position.units.values()})


def handle(service: Service, action: PageAction) -> None:
    if action.kind == "result":
        _result(service, action.data)
    elif action.kind == "paired":
        _paired(service, action.data)
    else:
        _sign(service, action.data)


def _paired(service: Service, data: Any) -> None:
    """A player's page paired for a side with its public key (its proof checked by the web front): the key
    is registered for that side in the record; a new pairing for the side replaces it."""
    side, key, code, proof = (str(data[k]) for k in ("side", "public_key", "code", "proof"))
    service._log("paired", {"side": side, "public_key": key, "signed": signatures.pairing_statement(code),
                            "proof": proof})
    service.player_keys[side] = key


def key_problem(service: Service, side: str, key: str) -> T | None:
    """Why ``key`` may not sign for ``side`` (None if it may): only the key registered when that side's
    player paired."""
    registered = service.player_keys.get(side)
    if registered is None:
        return T("no key was registered when the {side} player paired: pair that player's page again with "
                 "the side's code", side=side)
    if registered != key:
        return T("this is not the key registered when the {side} player paired", side=side)
    return None


def _text(data: Any, key: str, limit: int) -> str:
    value = str(data.get(key) or "").strip()
    if len(value) > limit or not value.isprintable():
        raise ValueError(T("{field} must be printable text of at most {limit} characters", field=key,
                           limit=limit))
    return value


def _result(service: Service, data: Any) -> None:
    known = sides(service)
    try:
        winner = _text(data, "winner", _MAX_NAME)
        if winner not in [*known, "draw"]:
            raise ValueError(T("the winner must be one of {sides} or draw", sides=", ".join(known)))
        players = {s: _text(data.get("players") or {}, s, _MAX_NAME) for s in known}
        result = {"winner": winner, "text": _text(data, "text", _MAX_TEXT) or
                  ("draw" if winner == "draw" else f"{winner} win"), "players": players,
                  "tournament": _text(data, "tournament", _MAX_NAME),
                  "round": _text(data, "round", _MAX_NAME),
                  "turn": service.session.position.turn, "phase": service.session.phase}
    except (ValueError, AttributeError) as e:
        service.say("result-bad", why=e.args[0] if isinstance(e, ValueError) and e.args else e)
        return
    if service.record is None:
        service.say("result-bad", why=T("this game has no record"))
        return
    service.result = (service.record.append("result", result), result)
    service.signed = {}
    service.say("result-recorded", result=result["text"])


def statement(service: Service, side: str) -> str | None:
    """The exact text the ``side`` player signs (None before a result is recorded)."""
    if service.result is None or service.record is None:
        return None
    at, result = service.result
    return canonical(signatures.statement(service.record.first, at, result, side))


def _sign(service: Service, data: Any) -> None:
    side = str(data.get("side", ""))
    text = statement(service, side) if side in sides(service) else None
    if text is None:
        service.say("sign-bad", why=T("record the result first, and sign for one of the sides"))
        return
    key, sig = str(data.get("public_key", "")), str(data.get("signature", ""))
    problem = key_problem(service, side, key)
    if problem is not None:
        service.say("sign-bad", why=problem)
        return
    if not signatures.valid(key, text, sig):
        service.say("sign-bad", why=T("the signature does not match the result (sign again from your page)"))
        return
    assert service.result is not None
    service._log("signature", {"side": side, "public_key": key, "signature": sig,
                               "signed": signatures.statement(service.record.first if service.record else "",
                                                              service.result[0], service.result[1], side)})
    service.signed[side] = signatures.fingerprint(key)
    service.say("signed", side=side, fingerprint=service.signed[side])


def record_view(service: Service) -> dict[str, Any]:
    """What the record page shows: result, what each side signs, who signed, dice statistics."""
    stats: list[dict[str, Any]] = []
    if service.record is not None:
        service.record.commit()
        stats = [{**fc.as_dict(), "svg": fc.svg()} for fc in dice_stats(read(service.record.path))]
    return {"type": "record", "sides": sides(service),
            "result": service.result[1] if service.result is not None else None,
            "statements": {s: statement(service, s) for s in sides(service)},
            "signed": dict(service.signed), "stats": stats,
            "keys": {s: signatures.fingerprint(k) for s, k in service.player_keys.items()},
            "replay": service.result is not None,
            "path": str(service.record.path) if service.record is not None else None}


def replay_step(service: Service, k: int) -> dict[str, Any]:
    """The position after step ``k`` of the record (0: set-up), drawn as the shared page sees the map."""
    if service.record is None:
        raise LookupError(T("this game has no record"))
    service.record.commit()
    entries = read(service.record.path)
    last = None
    for st in steps(entries):
        last = st
        if st.k == k:
            return {"k": k, "text": sentence(st.text), "turn": st.turn, "phase": st.phase, "entry": st.entry,
                    "svg": map_svg(st.session, f"step {k}"), "last": False}
    if last is None or k < 0:
        raise LookupError(T("no step {k}", k=k))
    raise LookupError(T("no step {k}: the game has {steps} steps", k=k, steps=last.k))


def history_step(service: Service, k: int, audience: str) -> dict[str, Any]:
    """The position after step ``k`` of the record during play, for a page's game log: folded from the
    record's actions (as the replay is), drawn as the shared page sees the map (every concealed unit only a
    '?'), its text with any unit hidden from ``audience`` then or now shown as '?'. ``k`` < 0 counts from
    the last step (-1: the position now)."""
    if service.record is None:
        raise LookupError(T("this game has no record"))
    service.record.commit()
    entries = read(service.record.path)
    last = sum(1 for e in entries if e.kind in ("action", "takeback"))
    at = last + 1 + k if k < 0 else k
    if not 0 <= at <= last:
        raise LookupError(T("no step {k}: the game has {steps} steps", k=k, steps=last))
    # the fold stops at the step asked for: a Step's session is the one being folded, so it must be read
    # before the next entry moves it on
    st = next(s for s in steps(entries) if s.k == at)
    hidden = st.session.hidden_units(audience) | service.session.hidden_units(audience)
    text = sentence(_unnamed(st.text, hidden))
    if st.secret_of and audience != st.secret_of and not service.session.position.state.over:
        text = sentence(st.secret_line)  # another side's secret plot (FT 9.1), until the end
    counters: dict[str, list[str]] = {}
    for unit, h in sorted(st.session.expected().items()):
        summary = st.session.unit_summary(unit, audience=SHARED)
        counters.setdefault(st.session.label(h), []).append(str(summary["label"]))
    return {"k": at, "steps": last, "text": text, "turn": st.turn, "phase": st.phase,
            "svg": map_svg(st.session, f"step {at}"), "counters": counters}


def _unnamed(text: str, hidden: frozenset[str]) -> str:
    for unit in sorted(hidden, key=len, reverse=True):
        text = re.sub(rf"(?<![\w-]){re.escape(unit)}(?![\w-])", "?", text)
    return text


def step_count(service: Service) -> int:
    if service.record is None:
        return 0
    service.record.commit()
    entries = read(service.record.path)
    return sum(1 for e in entries if e.kind in ("action", "takeback"))


def restore(service: Service) -> None:
    """After a resume: the last result recorded and who signed it come back."""
    if service.record is None:
        return
    for e in service.record.found or read(service.record.path):
        if e.kind == "result":
            service.result = (_hash_of(service, e.n), e.data)
            service.signed = {}
        elif e.kind == "paired":
            service.player_keys[str(e.data["side"])] = str(e.data["public_key"])
        elif e.kind == "signature" and service.result is not None:
            service.signed[str(e.data["side"])] = signatures.fingerprint(str(e.data["public_key"]))


def _hash_of(service: Service, n: int) -> str:
    import json

    assert service.record is not None
    with service.record.path.open(encoding="utf-8") as f:
        for i, line in enumerate(f):
            if i == n:
                return str(json.loads(line)["hash"])
    raise LookupError(n)
