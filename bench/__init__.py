"""Benchmarks: `python -m bench` runs every bench/bench_*.py main() and prints its figures."""
