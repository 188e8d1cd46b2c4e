"""Benchmarks: ``python -m bench`` runs every bench/bench_<area>.py module's ``main()``."""
