"""Enrolment and set-up mode end to end: ``hexmate demo`` (real firmware, pty, service, uvicorn) driven
through the virtual table in chromium, checked on the companion page."""

from __future__ import annotations

import json

import pytest
from hexmate.host.table.registry import Registry, load_demo

from .conftest import Demo, get_json


@pytest.fixture
def setup_demo(tmp_path):
    d = Demo(tmp_path, "--setup")
    try:
        d.wait_live()
        yield d
    finally:
        d.output = d.stop()


def test_blank_tag_is_announced_enrolled_and_named_on_its_hex(demo, browser, tmp_path) -> None:
    table = browser.new_page()
    companion = browser.new_page()
    table.goto(demo.url + "table")
    companion.goto(demo.url)
    table.wait_for_selector("#board .cell .chip")
    companion.wait_for_selector("#map .hex")
    assert companion.locator("#unknown").is_hidden()

    # a new blank tag from the tray, put on an empty hex
    table.locator("#blank-tag").click()
    assert "Holding tag" in table.locator("#hand").inner_text()
    empty = table.evaluate("""() => [...document.querySelectorAll('#board .cell')]
        .filter((g) => !g.querySelector('.chip')).map((g) => g.dataset.label)""")
    target = empty[len(empty) // 3]
    table.locator(f'#board .cell[data-label="{target}"]').click()

    # the companion page announces it (aria-live) with its hex and offers the enrolment form
    companion.wait_for_selector("#unknown:not([hidden])", timeout=10000)
    announcement = companion.locator("#unknown-text")
    assert announcement.get_attribute("aria-live") in ("polite", "assertive")
    text = announcement.inner_text()
    assert text.startswith("Unknown tag 04") and text.endswith(f"D{target}.")
    uid = companion.locator("#enrol-uid").input_value()
    assert uid in text
    units = companion.locator("#enrol-unit option").evaluate_all("(os) => os.map((o) => o.value)")
    view = get_json(demo.url + "api/view")
    concealed = {c["id"] for cs in view["counters"].values() for c in cs if c["label"] == "?"}
    assert "ger-sq1" in units and not concealed & set(units)

    companion.locator("#enrol-unit").select_option("ger-sq1")
    companion.locator("#enrol-form button").click()
    companion.wait_for_function("() => document.querySelector('#notice').textContent.includes('enrolled')",
                                timeout=10000)
    notice = companion.locator("#notice").inner_text()
    assert f"Tag {uid} enrolled as ger-sq1" in notice and f"on D{target}" in notice
    # every demo unit had a tag: this re-tags ger-sq1, so its old tag (still on its hex) is now the unknown
    # one, and the counter standing on the wrong hex is the normal out-of-sync flow
    assert f"take ger-sq1 off D{target}" in notice
    old = load_demo().uid_of_unit("ger-sq1")
    companion.wait_for_function(f"() => document.querySelector('#unknown-text').innerText.includes('{old}')")
    assert uid not in companion.locator("#unknown-text").inner_text()
    # the virtual table now names the counter on its hex, and the registry file kept every entry
    table.wait_for_function(f"""() => document.querySelector('#board .cell[data-label="{target}"]')
        .getAttribute('aria-label').includes('ger-sq1')""", timeout=10000)
    saved = Registry.load(tmp_path / "data" / "hexmate" / "registry.json")
    assert saved.unit_of(uid) == "ger-sq1" and len(saved) == len(load_demo())
    lines = [json.loads(x) for x in demo.record.read_text().splitlines()]
    assert any(e["kind"] == "enroll" and e["data"]["uid"] == uid for e in lines)


def test_setup_mode_remaining_list_shrinks_as_counters_are_placed(setup_demo, browser) -> None:
    d = setup_demo
    table = browser.new_page()
    companion = browser.new_page()
    table.goto(d.url + "table")
    companion.goto(d.url)
    table.wait_for_selector("#tray button")
    companion.wait_for_selector("#setup:not([hidden]) .setup-list li", timeout=10000)
    assert table.locator("#board .cell .chip").count() == 0  # the demo's table starts empty
    assert companion.locator("#prompt").inner_text().startswith("Set-up:")
    items = companion.locator("#setup-sides li")
    total = items.count()
    assert total == sum(len(cs) for cs in get_json(d.url + "api/view")["counters"].values())

    # place the first two listed German units where the list says
    wanted = [li for li in items.evaluate_all("(ls) => ls.map((l) => [l.textContent, l.dataset.hex])")
              if li[0].startswith("ger-")][:2]
    for n, (line, hex_label) in enumerate(wanted, start=1):
        unit = line.split(" ")[0]
        table.locator(f'#tray button[data-uid]:text-matches("· {unit}$")').click()
        table.locator(f'#board .cell[data-label="{hex_label[1:]}"]').click()
        left = total - n
        companion.wait_for_function(f"() => document.querySelectorAll('#setup-sides li').length === {left}",
                                    timeout=10000)
        assert unit not in companion.locator("#setup-sides").inner_text()
        assert companion.locator("#notice").inner_text().startswith("In place:")
    assert "Set-up:" in companion.locator("#prompt").inner_text()
