"""The companion page and the virtual table page (FastAPI + WebSocket)."""
