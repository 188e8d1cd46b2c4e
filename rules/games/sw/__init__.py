"""Schlieffen's War: corps movement with zones of control, odds combat on the CRT, morale levels."""
