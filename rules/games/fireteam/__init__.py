"""Fire Team: infantry skirmish with alternating impulses, AP fire on the IFT with a d10, Fear and steps."""
