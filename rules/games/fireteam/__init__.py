"""Fire Team: infantry skirmish with alternating impulses, opportunity fire at each hex a mover enters,
AP fire on the IFT with a d10, Fear, panic, steps, leader casualties and rallies, on the decision stack."""
