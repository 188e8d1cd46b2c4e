"""The LED pictures in docs/PLAYING.md are drawn from the lights the host sends: they must be current."""

from __future__ import annotations

from pathlib import Path

from hexmate.host.table import led_pictures
from hexmate.host.table.views import CHOOSE_HEX

DOCS = Path(__file__).parents[3] / "docs" / "leds"


def test_the_guide_pictures_match_the_lights() -> None:
    assert led_pictures.main([str(DOCS), "--check"]) == 0


def test_every_picture_is_in_the_guide() -> None:
    guide = (DOCS.parent / "PLAYING.md").read_text(encoding="utf-8")
    assert all(f"(leds/{name}.svg)" in guide for name in led_pictures.SITUATIONS)


def test_a_picture_shows_the_lights_colour_and_says_how_it_lights(tmp_path: Path) -> None:
    picture = led_pictures.svg("choose-hex")
    assert "#{:02x}{:02x}{:02x}".format(*CHOOSE_HEX.rgb) in picture and "green (pulse 1000 ms)" in picture
    (tmp_path / "choose-hex.svg").write_text("stale")
    assert led_pictures.main([str(tmp_path), "--check"]) == 1
