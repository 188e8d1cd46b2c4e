"""hexmate benchmarks: ``python -m bench`` runs every bench/bench_*.py main()."""
