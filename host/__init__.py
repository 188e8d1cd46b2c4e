"""hexmate host service: links, protocol, table tracking, game sessions and outputs."""
