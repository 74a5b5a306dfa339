"""The README's two set-up commands stay true: CI runs the test command verbatim, and the run
command names commands that exist."""
import re
import shlex
from pathlib import Path

from almanac.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]


def _commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Set up", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", section)


def test_readme_has_exactly_two_setup_commands():
    cmds = _commands()
    assert len(cmds) == 2 and all("\n" not in c for c in cmds)


def test_ci_runs_the_readme_test_command_verbatim():
    test_cmd = _commands()[1]
    assert "pytest" in test_cmd
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test_cmd in ci


def test_run_command_uses_existing_subcommands():
    run_cmd = _commands()[0]
    subs = build_parser()._subparsers._group_actions[0].choices
    used = [shlex.split(part)[1] for part in run_cmd.split("&&") if part.strip().startswith("almanac ")]
    assert used and all(u in subs for u in used)
