"""The service's side of the sealed record (host/sealed.py): what a running game seals (the units its rules
keep hidden now, their tags' UIDs, the words its rules seal besides, private answers), the public set-up its
header shows, and the reveal when the game ends (its rules' outcome, or a result recorded at the table)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hexmate.host.sealed import Sealer

if TYPE_CHECKING:
    from hexmate.host.game import GameSession
    from hexmate.host.record import Record
    from hexmate.host.service.core import Service


def public_setup(session: GameSession) -> tuple[str, bool]:
    """The position's one-line text as anyone may read it: each unit the rules seal only a '?' on its hex
    (none when the game keeps hidden units' hexes secret too, or for a placement off the map), listed by
    hex; and whether anything was sealed."""
    pos = session.position
    sealed = pos.game.sealed_units(pos)
    head = str(pos).partition(" | ")[0]
    shown = [f"{u.id}@{pos.label(u.hex)}" + ("?" if u.concealed else "") + "".join(f"+{m}" for m in
                                                                                  sorted(u.markers))
             for u in sorted(pos.units.values(), key=lambda u: u.id) if u.id not in sealed]
    if not pos.game.sealed_hexes:  # where a '?' stands is public (ASL A12.1); not so a written set-up
        shown += sorted(f"?@{pos.label(u.hex)}" for u in pos.units.values()
                        if u.id in sealed and u.hex is not None)
    return f"{head} | {' '.join(shown)}", bool(sealed)


def sealer_for(path: Any, header: dict[str, Any], session: GameSession) -> Sealer:
    """A new record's sealer: its header shows the public set-up and commits to the whole one (when the
    rules seal anything at the start)."""
    public, any_sealed = public_setup(session)
    return Sealer(path, public_header={**header, "position": public} if any_sealed else None)


def attach(service: Service, record: Record | None) -> None:
    """Every entry the service writes is searched for what the rules hide now; a record opened without a
    sealer gets one (its header, already written, stays as it is)."""
    if record is None:
        return
    if record.sealer is None:
        record.sealer = Sealer(record.path)
    cache: list[Any] = [None, frozenset()]

    def words() -> frozenset[str]:
        pos = service.session.position
        if cache[0] is not pos.state:  # once per rules state: every entry of a burst asks
            units = pos.game.sealed_units(pos)
            uids = {uid for u in units if (uid := service.registry.uid_of_unit(u)) is not None}
            cache[:] = [pos.state, frozenset(units) | frozenset(uids) | pos.game.sealed_words(pos)]
        words_now: frozenset[str] = cache[1]
        return words_now

    record.sealer.hidden = words


def reveal_if_over(service: Service, *, ended: bool = False) -> None:
    """The game is over (its rules' outcome, or ``ended`` at the table): the reveal entry opens what was
    sealed, before anything that follows it (the result, the players' signatures)."""
    record = service.record
    if record is None or record.sealer is None or not record.sealer.pending:
        return
    if ended or service.session.position.outcome() is not None:
        record.reveal()
