"""The hexmate command: every sub-command has help, and a closed pipe is not a traceback."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from hexmate.host import cli


def test_every_subcommand_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    parser = cli.build_parser()
    actions = [a for a in parser._actions if a.dest == "command"]
    names = list(actions[0].choices)  # type: ignore[arg-type]
    assert {"demo", "rules", "table"} <= set(names)
    for name in names:
        with pytest.raises(SystemExit) as exit_info:
            cli.main([name, "--help"])
        assert exit_info.value.code == 0
        assert "usage: hexmate " + name in capsys.readouterr().out


def test_output_into_a_closed_pipe_ends_quietly() -> None:
    # The reading end is closed before the command writes a byte, so its first write must fail with EPIPE.
    read_end, write_end = os.pipe()
    os.close(read_end)
    script = (
        "import sys; from hexmate.host import cli; "
        "sys.exit(cli.main(['rules', 'visibility', '--map', 'rules/maps/demo-asl.json', 'DA1']))"
    )
    try:
        done = subprocess.run(
            [sys.executable, "-c", script], stdout=write_end, stderr=subprocess.PIPE, timeout=60, check=False
        )
    finally:
        os.close(write_end)
    assert b"Traceback" not in done.stderr
    assert done.returncode == 0
