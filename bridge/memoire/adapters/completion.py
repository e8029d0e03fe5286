"""`memoire completion SHELL`: a tab-completion script generated from the CLI's own parser,
so it always offers exactly the commands and options this version has."""

from __future__ import annotations

import argparse

SHELLS = ("bash", "zsh", "tcsh")


def completion_script(parser: argparse.ArgumentParser, shell: str) -> str:
    import shtab  # only this command needs it; every other command's start would pay for it

    return str(shtab.complete(parser, shell=shell))
