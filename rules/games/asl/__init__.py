"""Advanced Squad Leader, the digest's minimum viable subset: infantry squads and leaders (A1), the Player
Turn phases (A3), movement with MF (A4) and stacking (A5), concealment as hidden information (A12), and fire
resolved on the IFT from a chart pack (A7), with morale checks (A10.1) as dice facts.
"""

from hexmate.rules.games.asl.game import AslGame

__all__ = ["AslGame"]
