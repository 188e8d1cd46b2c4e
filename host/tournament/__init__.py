"""Tournament records: board keys and roll authentication, the full audit of a record, exports, dice
statistics (docs/RECORD.md)."""
