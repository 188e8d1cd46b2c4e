"""The end-to-end slice on the emulated table, driven through the virtual table page in chromium.

Lifting a counter lights its legal destinations (the firmware's own LED output, drawn on /table) and the
companion page; putting it on an unlit hex turns that hex red and the page cites the rule; putting it on a
lit hex records the move (in the hash-chained record, which must verify).
"""

from __future__ import annotations

import json
import re
import time

from hexmate.host.record import verify

from .conftest import get_json

GREEN = "#00a000"  # hexmate.host.table.views.DESTINATION
RED = "#dc0000"  # views.ILLEGAL
RULE = re.compile(r"\b[A-Z]\d+(\.\d+)+")


def _firmware_leds(page) -> dict[str, str]:
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#board .cell[data-led]')]
        .map((g) => [g.dataset.label, g.dataset.led]))""")


def test_lift_lights_destinations_illegal_is_red_with_rule_legal_is_recorded(demo, browser) -> None:
    view = get_json(demo.url + "api/view")
    table = browser.new_page()
    companion = browser.new_page()
    table.goto(demo.url + "table")
    companion.goto(demo.url)
    table.wait_for_selector("#board .cell .chip")
    companion.wait_for_selector("#map .hex")
    assert companion.locator("#conn-state").inner_text() == "live"

    # pick a counter of the side to act: it lies on its cell on the virtual table
    mover = get_json(demo.url + "api/movable")
    start_label = mover["cell_label"]
    table.locator(f'#board .cell[data-label="{start_label}"] .chip[data-uid="{mover["uid"]}"]').click()

    # the page names the destinations; the firmware lights them (read back from its neopixel lines, which
    # arrive in several lines of at most 32 cells, so wait until all of them are in before comparing)
    companion.wait_for_function("() => document.querySelector('#lit-text').dataset.count !== '0'")
    assert "lifted from" in companion.locator("#prompt").inner_text()
    found = re.search(r"green \(legal destinations, (\d+)\)", companion.locator("#lit-text").inner_text())
    assert found, companion.locator("#lit-text").inner_text()
    expected = int(found.group(1))
    table.wait_for_function(f"""() => [...document.querySelectorAll('#board .cell[data-led="{GREEN}"]')]
        .length === {expected}""", timeout=5000)
    fw = _firmware_leds(table)
    lit_cells = {label for label, colour in fw.items() if colour == GREEN}
    assert lit_cells and start_label not in lit_cells
    assert len(lit_cells) == expected

    # an unlit, empty hex far away: red under it, and the page says why with the rule
    cells = table.evaluate("""() => [...document.querySelectorAll('#board .cell')]
        .filter((g) => !g.dataset.led && !g.querySelector('.chip')).map((g) => g.dataset.label)""")
    bad = cells[len(cells) // 2]
    table.locator(f'#board .cell[data-label="{bad}"]').click()
    table.wait_for_function(f"""() => document.querySelector('#board .cell[data-label="{bad}"]')
        .dataset.led === "{RED}" """, timeout=5000)
    companion.wait_for_function("() => document.querySelector('#notice').dataset.level === 'error'")
    notice = companion.locator("#notice").inner_text()
    assert "may not be placed" in notice and RULE.search(notice), notice

    # pick it up again and put it on a lit hex: the move is recorded
    table.locator(f'#board .cell[data-label="{bad}"] .chip').click()
    dest = sorted(lit_cells)[0]
    table.wait_for_function(f"""() => document.querySelector('#board .cell[data-label="{dest}"]')
        .dataset.led === "{GREEN}" """, timeout=5000)
    table.locator(f'#board .cell[data-label="{dest}"]').click()
    companion.wait_for_function("() => document.querySelectorAll('#last-actions li').length > 0",
                                timeout=5000)
    assert "→" in companion.locator("#last-actions li").first.inner_text()
    # the destinations go dark (a hex only Double Time reaches leaves a CX marker to place: its change light)
    green = f"#board .cell[data-led='{GREEN}']"
    table.wait_for_function(f"() => document.querySelectorAll(\"{green}\").length === 0", timeout=5000)
    after = get_json(demo.url + "api/view")
    assert after["counters"] != view["counters"]

    lines = [json.loads(x) for x in demo.record.read_text().splitlines()]
    assert any(e["kind"] == "action" and e["data"]["kind"] == "move" for e in lines)
    assert any(e["kind"] == "illegal" for e in lines)
    assert verify(demo.record).entries == len(lines)
    # the page shows the record's head hash (refreshed with the next heartbeat): players can note it
    for _ in range(50):
        if companion.locator("#record").get_attribute("title") == verify(demo.record).head:
            break
        time.sleep(0.1)
    else:
        raise AssertionError("the page's record hash never matched the file")


def test_keyboard_only_dice_roll_and_counter_placement(demo, browser) -> None:
    table = browser.new_page()
    companion = browser.new_page()
    table.goto(demo.url + "table")
    companion.goto(demo.url)
    table.wait_for_selector("#dice button")
    companion.wait_for_selector("#map .hex")

    # dice by keyboard with no roll open (the Movement Phase): the press reaches the host through the
    # firmware, which says so and changes nothing (issue 8: a die pressed when no roll is open)
    assert table.locator("#armed").inner_text() == "No roll open: the dice are not armed."
    table.locator("#dice button").first.focus()
    table.keyboard.press("Enter")
    companion.wait_for_function("() => document.querySelector('#notice').dataset.level === 'error'",
                                timeout=5000)
    notice = companion.locator("#notice").inner_text()
    assert notice.startswith("dice-a pressed, but no roll is open now") and "nothing was changed" in notice

    # a counter from the tray, put on a hex by keyboard: the tray empties of it, the hex holds it
    first = table.locator("#tray button").first
    uid = first.get_attribute("data-uid")
    first.focus()
    table.keyboard.press("Enter")
    assert "Holding" in table.locator("#hand").inner_text()
    table.locator("#goto").fill("GG10")
    table.keyboard.press("Enter")
    table.keyboard.press("Enter")  # focus moved to hex GG10: put the counter down
    table.wait_for_selector(f'#board .cell[data-label="GG10"] .chip[data-uid="{uid}"]', timeout=5000)
    assert table.locator(f'#tray button[data-uid="{uid}"]').count() == 0
    # the companion page answers "what is in this hex" from the keyboard too
    companion.locator("#find").fill(start := get_json(demo.url + "api/movable")["cell_label"])
    companion.keyboard.press("Enter")
    answer = companion.locator("#find-result").inner_text()
    assert answer.startswith(f"D{start},") and "holds" in answer
    lines = [json.loads(x) for x in demo.record.read_text().splitlines()]
    assert any(e["kind"] == "button" and (e["data"]["button"], e["data"]["pressed"]) == (0, True)
               and e["data"]["seq"] for e in lines)
    assert not any(e["kind"] == "dice" or e["kind"] == "action" for e in lines)
