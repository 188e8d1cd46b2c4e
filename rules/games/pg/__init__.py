"""Panzer Grenadier 4th edition: initiative, alternating action segments, direct fire on the DFT, morale."""
