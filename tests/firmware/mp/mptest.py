# Minimal test runner for MicroPython test scripts: runs every test_* function, prints PASS/FAIL lines.
import sys


def run(namespace):
    names = sorted(k for k in namespace if k.startswith("test_"))
    failed = 0
    for name in names:
        try:
            namespace[name]()
            print("PASS", name)
        except Exception as e:  # report and go on: the pytest harness asserts per test
            failed += 1
            print("FAIL", name, repr(e))
            sys.print_exception(e)
    print("DONE", len(names), failed)
