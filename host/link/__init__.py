"""Transports between the host and a table: serial, Bluetooth LE and the emulated table, one interface."""
