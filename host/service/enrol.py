"""Enrolment: binding an unknown tag read on the table to a scenario unit (or re-tagging a unit whose tag
was lost), saving the registry file atomically, and what the page may offer (concealed units never named).
The loop calls these from ``Service``; the tracker then reads the table again."""

from __future__ import annotations

import contextlib
import os
import tempfile
from typing import TYPE_CHECKING, Any

from hexmate.host.service import views as pages
from hexmate.host.table.registry import Counter, RegistryError, normalise_uid
from hexmate.host.table.views import SHARED

if TYPE_CHECKING:
    from hexmate.host.service.core import Service


def enrol(service: Service, raw_uid: str, unit: str) -> None:
    """Bind an unknown tag on the table to a scenario unit (or re-tag a unit whose tag was lost), save the
    registry file if there is one, and let the tracker read the table again."""
    try:
        uid = normalise_uid(raw_uid)
    except RegistryError as e:
        service.say("enrol-bad-uid", why=e)
        return
    if uid not in service.tracker.unknown:
        service.say("enrol-not-unknown", uid=uid)
        return
    choice = next((c for c in choices(service) if c["unit"] == unit), None)
    if choice is None:
        service.say("enrol-not-offered", uid=uid, unit=unit or "no unit")
        return
    old_uid = service.registry.uid_of_unit(unit)
    old = service.registry.counter_of_unit(unit)
    counter = old if old is not None else counter_for(service, unit)
    try:
        service.registry.enroll(uid, counter, replace=old is not None)
        save_registry(service)
    except (RegistryError, OSError) as e:
        with contextlib.suppress(RegistryError):
            service.registry.remove(uid)
        if old_uid is not None and old is not None:
            service.registry.enroll(old_uid, old, replace=True)
        why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        service.say("enrol-failed", uid=uid, why=why)
        return
    hex_ = service.tracker.unknown[uid][0]
    where = service.session.label(hex_) if hex_ is not None else f"cell {service.tracker.unknown[uid][1]}"
    service._log("enroll", {"uid": uid, "unit": unit, "replaces": old_uid,
                         "saved": str(service.registry_path) if service.registry_path else None})
    service.tray = tray(service)
    service._send(service.board_data())
    service._publish_table()
    service._table_events(service.tracker.reread(service._fw_now()))
    saved = f" and saved in {service.registry_path}" if service.registry_path else " for this session only"
    retag = f" (its old tag {old_uid} is forgotten)" if old_uid else ""
    warned = service.notice["level"] in ("warn", "error") and service.notice["text"]
    more = f" {service.notice['text']}" if warned else ""
    service.say("enrolled", uid=uid, unit=service._unit_name(unit), retag=retag, saved=saved, where=where,
             more=more)

def save_registry(service: Service) -> None:
    """Write the whole registry (every earlier entry too) to a temporary file, then rename it over."""
    if service.registry_path is None:
        return
    path = service.registry_path
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        service.registry.save(tmp)
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise

def counter_for(service: Service, unit: str) -> Counter:
    u = service.session.position.units[unit]
    kind = getattr(u, "counter", None)
    values = dict(getattr(kind, "values", {}) or {})
    printed = getattr(kind, "name", "")
    if printed:
        values["printed"] = printed
    game = str(getattr(service.session.game, "name", "") or "")
    return Counter(counter_id=f"{game or 'game'}-{unit}", game=game or "game", side=str(u.side),
                   unit_type=str(getattr(kind, "type", "")), values=values, unit_id=unit)

def choices(service: Service) -> list[dict[str, Any]]:
    """What an unknown tag may be enrolled as: scenario units with no tag first, then re-tagging a unit.
    Concealed units are left out: the shared page must not name them (their owner re-tags them)."""
    out: list[dict[str, Any]] = []
    for unit in sorted(service.session.position.units):
        summary = service.session.unit_summary(unit, audience=SHARED)
        if summary["label"] == "?" or service.views.hidden_from([unit], SHARED):
            continue
        tag = service.registry.uid_of_unit(unit)
        out.append({"unit": unit, "label": f"{unit} ({summary['label']}, {summary['side']})",
                    "side": summary["side"], "retag": tag is not None})
    out.sort(key=lambda c: (c["retag"], c["unit"]))
    return out

def tray(service: Service) -> list[dict[str, Any]]:
    return [
        {"uid": uid, "unit": c.unit_id or "", "label": c.unit_id or c.counter_id, "side": c.side,
         "kind": c.kind, "name": c.describe(), "short": pages.short(c)}
        for uid, c in service.registry
        if c.kind != "calibration"
    ]

