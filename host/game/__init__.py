"""Game sessions: a scenario and its rules Position, the phase, prompts and the tracker's oracle."""

from hexmate.host.game.session import GameSession, SessionError

__all__ = ["GameSession", "SessionError"]
