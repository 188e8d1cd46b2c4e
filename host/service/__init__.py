"""The host service: one asyncio loop owning table state, the game session and the outputs."""

from hexmate.host.service.core import PageAction, Service, WorldLine, parse_leds_line

__all__ = ["PageAction", "Service", "WorldLine", "parse_leds_line"]
