"""The console entry point builds the parser of the command it runs alone
(``make_parser(only)``): the same arguments, defaults, help and errors as the whole parser."""
from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from cardsmith import cli


def _subparser(p: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    action = next(a for a in p._actions if isinstance(a, argparse._SubParsersAction))
    return action.choices[name]  # type: ignore[no-any-return]


def test_commands_lists_every_subcommand() -> None:
    source = Path(cli.__file__).read_text(encoding="utf-8")
    assert tuple(re.findall(r'sub\.add_parser\("(\w+)"', source)) == cli.COMMANDS


@pytest.mark.parametrize("name", cli.COMMANDS)
def test_a_command_alone_parses_and_helps_as_in_the_whole_parser(name: str) -> None:
    whole, alone = cli.make_parser(), cli.make_parser(name)
    assert _subparser(alone, name).format_help() == _subparser(whole, name).format_help()
    samples = {"text": ["Grizzly Bears"], "replay": ["log.json"], "new": ["Grizzly Bears"],
               "examples": ["draw a card"], "simulate": ["a.deck", "b.deck"]}
    argv = [name, *samples.get(name, [])]
    assert vars(alone.parse_args(argv)) == vars(whole.parse_args(argv))


def test_a_bad_argument_is_refused_the_same_way(capsys: pytest.CaptureFixture[str]) -> None:
    messages = []
    for p in (cli.make_parser(), cli.make_parser("build")):
        with pytest.raises(SystemExit) as e:
            p.parse_args(["build", "--jobs", "many"])
        assert e.value.code == 2
        messages.append(capsys.readouterr().err)
    assert messages[0] == messages[1] and "invalid int value: 'many'" in messages[0]


def test_every_option_of_every_command_has_help_text() -> None:
    import argparse

    from cardsmith.cli import make_parser

    parser = make_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    missing = [f"{name} {'/'.join(action.option_strings) or action.dest}"
               for name, sub in [("cardsmith", parser), *subparsers.choices.items()]
               for action in sub._actions
               if not isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)) and not action.help]
    assert missing == []
