"""The tournament hall: tables publish what spectators may see to an MQTT broker (Mosquitto); ``hexmate hall``
stores it in PostgreSQL, verifies finished records and serves the director's dashboard (docs/HALL.md)."""
