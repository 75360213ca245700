"""Command-line entry. Only argparse is imported here: each command's module is imported when it runs."""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from interviewer import __version__

# command → "module:function" in interviewer.commands; imported only when the command runs.
HANDLERS = {
    "skills list": "skills_cmd:list_cmd",
    "skills show": "skills_cmd:show_cmd",
    "skills lint": "skills_cmd:lint_cmd",
    "plan": "plan_cmd:plan_cmd",
    "score": "score_cmd:score_cmd",
    "chat": "chat_cmd:chat_cmd",
    "resume": "chat_cmd:resume_cmd",
    "report": "report_cmd:report_cmd",
    "transcripts list": "report_cmd:list_cmd",
    "config": "config_cmd:config_cmd",
    "tui": "tui_cmd:tui_cmd",
}

# A 45-minute interview asks 15–30 questions and the 300-turn load test is the longest session we measure;
# 500 leaves room for marathon practice while a typo like 30000 is caught instead of silently accepted.
MAX_TURNS = 500
# A working day: chain_budget gives one chain per 8 minutes, so this already exceeds any pack's topics.
MAX_MINUTES = 600


class Parser(argparse.ArgumentParser):
    """argparse whose errors are one line naming the command, as every bad input must be."""

    commands: dict[str, argparse.ArgumentParser]  # "plan", "skills list" → its parser (set on the top one)

    def _print_message(self, message: str, file=None) -> None:
        # argparse drops a failed write of --help or a usage line (a full disk, /dev/full) and exits 0;
        # main() reports it instead.
        if message:
            (file or sys.stderr).write(message)

    def error(self, message: str) -> None:
        # An argument holding a newline (an unrecognized one is echoed back) must not split the line.
        one = message.replace("\r", "\\r").replace("\n", "\\n")
        self.exit(2, f"{self.prog}: {one} — see {self.prog} --help\n")


def whole_number(lo: int, hi: int):
    """An argparse type: an integer from lo to hi (so 'inf', '1e309', '45.5' and 0 are refused)."""

    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number from {lo} to {hi}, got {text[:40]!r}") from None
        if not lo <= n <= hi:
            raise argparse.ArgumentTypeError(f"expected a whole number from {lo} to {hi}, got {n}")
        return n

    return parse


def text(value: str) -> str:
    """An argparse type: any string but an empty one (an empty --skill must not mean the default pack)."""
    if not value.strip():
        raise argparse.ArgumentTypeError("must not be empty")
    return value


def folder(value: str) -> str:
    """An argparse type: an existing folder (a mistyped --skills-dir must not be silently skipped)."""
    path = os.path.expanduser(text(value))
    if not os.path.exists(path):
        raise argparse.ArgumentTypeError(f"{value}: no such folder")
    if not os.path.isdir(path):
        raise argparse.ArgumentTypeError(f"{value}: not a folder")
    return value


def _skill_args(p: argparse.ArgumentParser, lang: bool = True) -> None:
    p.add_argument("--skill", type=text, metavar="NAME|PATH",
                   help="skill pack name or path (default: distributed-training)")
    p.add_argument("--skills-dir", type=folder, action="append", metavar="DIR",
                   help="extra folder of packs (repeatable)")
    if lang:
        p.add_argument("--lang", choices=["zh", "en"], help="interview language (default: the pack's)")


def _provider_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--provider", type=text, help="offline (default when no key is set), anthropic or openai")
    p.add_argument("--model", type=text, help="model name for the provider")
    p.add_argument("--base-url", type=text, help="API base URL (OpenAI-compatible servers: .../v1)")


def _max_turns(p: argparse.ArgumentParser, default: int | None, help: str) -> None:
    p.add_argument("--max-turns", type=whole_number(1, MAX_TURNS), default=default, metavar="N", help=help)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="interviewer",
        description="Mock interviews for distributed-training and ML-infrastructure roles. "
        "With no command, opens the terminal UI.",
    )
    parser.add_argument("--version", action="version", version=f"interviewer {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    minutes = whole_number(1, MAX_MINUTES)
    parser.commands = {}

    sk = sub.add_parser("skills", help="list, show and lint skill packs")
    sks = sk.add_subparsers(dest="subcommand", metavar="SUBCOMMAND", required=True)
    p = sks.add_parser("list", help="packs in skills/ and in user folders")
    p.add_argument("--skills-dir", type=folder, action="append", metavar="DIR",
                   help="extra folder of packs (repeatable)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p = sks.add_parser("show", help="one pack, parsed")
    p.add_argument("pack", type=text, metavar="NAME|PATH", help="pack name, SKILL.md file or pack folder")
    p.add_argument("--lang", choices=["zh", "en"], help="which language file of the pack (default: SKILL.md)")
    p.add_argument("--skills-dir", type=folder, action="append", metavar="DIR",
                   help="extra folder of packs to find NAME in (repeatable)")
    p.add_argument("--json", action="store_true", help="print the parsed pack as JSON")
    p = sks.add_parser("lint", help="check pack files; exit 1 with file:line messages on problems")
    p.add_argument("paths", nargs="+", type=text, metavar="PATH", help="SKILL*.md files or folders holding them")

    p = sub.add_parser("plan", help="an interview plan for one résumé (for hiring managers)")
    p.add_argument("--resume", required=True, type=text, metavar="FILE|-",
                   help="résumé file (txt, md, pdf) or - for stdin")
    _skill_args(p)
    p.add_argument("--minutes", type=minutes, default=45, metavar="N",
                   help=f"time budget, 1–{MAX_MINUTES}; decides how many chains (default 45)")
    p.add_argument("--format", choices=["md", "json", "html"], default="md", help="output format (default md)")
    p.add_argument("-o", "--output", type=text, metavar="OUT",
                   help="write to this file (mode 0600) instead of stdout; never an input or a transcript")

    p = sub.add_parser("score", help="score one answer (or a JSONL batch) against a topic")
    p.add_argument("--topic", type=text, metavar="TITLE|N", help="topic title, or its 1-based number in the pack")
    p.add_argument("--question", metavar="Q", default="", help="the question that was asked (optional context)")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--answer", metavar="A", help="the answer text")
    g.add_argument("--answer-file", type=text, metavar="F", help="read the answer from this file (- for stdin)")
    g.add_argument("--batch", type=text, metavar="FILE.jsonl", help="one {topic, question, answer} per line")
    _skill_args(p)
    p.add_argument("--json", action="store_true", help="print the assessment as JSON")

    p = sub.add_parser("chat", help="a line-mode interview in this terminal")
    _skill_args(p)
    p.add_argument("--resume", type=text, metavar="FILE|-", help="résumé file (default: the bundled sample)")
    _provider_args(p)
    p.add_argument("--answers", type=text, metavar="FILE",
                   help="scripted answers separated by lines holding only --- (default: stdin when piped)")
    p.add_argument("--transcript", type=text, metavar="PATH", help="where to save the session (a new file)")
    p.add_argument("--transcripts", type=text, metavar="DIR",
                   help="folder for saved sessions (default $XDG_DATA_HOME/interviewer/transcripts)")
    _max_turns(p, 30, f"stop after this many questions, 1–{MAX_TURNS} (default 30)")
    p.add_argument("--minutes", type=minutes, default=45, metavar="N",
                   help=f"time budget, 1–{MAX_MINUTES}; decides how many chains (default 45)")
    p.add_argument("--feedback", action="store_true", help="show each answer's assessment")

    p = sub.add_parser("resume", help="continue a saved session")
    p.add_argument("transcript", type=text, metavar="TRANSCRIPT", help="the saved session (.json) to continue")
    p.add_argument("--answers", type=text, metavar="FILE",
                   help="scripted answers separated by lines holding only --- (default: stdin when piped)")
    _provider_args(p)
    p.add_argument("--feedback", action="store_true", help="show each answer's assessment")
    _max_turns(p, None, f"new question limit, 1–{MAX_TURNS} (default: the session's own)")

    p = sub.add_parser("report", help="the report of a saved session (the newest when none is named)")
    p.add_argument("transcript", nargs="?", type=text, metavar="TRANSCRIPT|N",
                   help="the saved session (.json), or its number in `report --list` (default: the newest)")
    p.add_argument("--list", action="store_true",
                   help="number the saved sessions, newest first (on a terminal, then ask which one to open)")
    p.add_argument("--transcripts", type=text, metavar="DIR", help="folder of saved sessions (default ./transcripts)")
    p.add_argument("--format", choices=["md", "html", "json"], default="md", help="output format (default md)")
    p.add_argument("-o", "--output", type=text, metavar="OUT",
                   help="write to this file (mode 0600) instead of stdout; never a transcript")

    tr = sub.add_parser("transcripts", help="saved sessions")
    trs = tr.add_subparsers(dest="subcommand", metavar="SUBCOMMAND", required=True)
    p = trs.add_parser("list", help="saved sessions, newest first")
    p.add_argument("--transcripts", type=text, metavar="DIR",
                   help="folder of saved sessions (default $XDG_DATA_HOME/interviewer/transcripts)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")

    p = sub.add_parser("config", help="the effective settings (keys masked)")
    _provider_args(p)
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")

    p = sub.add_parser("tui", help="the terminal UI (the default with no command)")
    _skill_args(p)
    p.add_argument("--resume", type=text, metavar="FILE", help="résumé file to prefill")
    _provider_args(p)
    p.add_argument("--mode", choices=["practice", "plan", "copilot"], default="practice",
                   help="the screen to open on (default practice)")
    p.add_argument("--transcripts", type=text, metavar="DIR",
                   help="folder for saved sessions (default $XDG_DATA_HOME/interviewer/transcripts)")
    # argparse keeps no public list of nested subparsers; its choices dicts are the stable part of that API.
    for name, command in sub.choices.items():
        parser.commands[name] = command
        nested = [a for a in command._actions if isinstance(a, argparse._SubParsersAction)]
        parser.commands.update({f"{name} {n}": c for a in nested for n, c in a.choices.items()})
    return parser


def _tolerant_streams() -> None:
    """Output that cannot be encoded is escaped, input that cannot be decoded replaced, instead of a traceback.

    PYTHONIOENCODING=ascii (or a C locale without UTF-8) makes the help's "résumé" and every Chinese question
    unencodable; a terminal can also send bytes that are not in its declared encoding.
    """
    for stream, errors in ((sys.stdout, "backslashreplace"), (sys.stderr, "backslashreplace"), (sys.stdin, "replace")):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors=errors)
            except (ValueError, OSError):  # a closed or detached stream: nothing to protect
                pass


def _silence_stdout() -> None:
    """Point fd 1 at /dev/null, so the interpreter's final flush of a broken stdout adds no second error."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: list[str] | None = None) -> int:
    _tolerant_streams()
    try:
        code = _main(argv)
        sys.stdout.flush()  # a full disk behind `> file` shows here, where it can still be reported
        return code
    except BrokenPipeError:  # `interviewer report … | head`: the reader has all it wanted
        _silence_stdout()
        return 0
    except OSError as e:
        # Whatever the handlers did not turn into an error of their own: writing to stdout (a full disk,
        # /dev/full, a closed terminal) or a file the command had to read or write.
        _silence_stdout()
        where = f"{e.filename}: " if e.filename else "cannot write the output: "
        try:
            print(f"interviewer: {where}{e.strerror or e}", file=sys.stderr)
        except OSError:
            pass
        return 1


def _main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # No command means the UI, flags included: `interviewer --lang en` is `interviewer tui --lang en`.
    commands = {"skills", "plan", "score", "chat", "resume", "report", "transcripts", "config", "tui"}
    if not any(a in commands for a in argv) and not {"-h", "--help", "--version"} & set(argv):
        argv = ["tui", *argv]
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        key = args.command + (f" {args.subcommand}" if getattr(args, "subcommand", None) else "")
        if extra:  # named by the command they were given to, not by the top-level parser
            parser.commands.get(key, parser).error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as e:  # --help, --version, or a usage error already printed as one line
        return e.code if isinstance(e.code, int) else 0 if e.code is None else 2
    module, func = HANDLERS[key].split(":")
    from interviewer.errors import InterviewerError

    try:
        handler = getattr(importlib.import_module(f"interviewer.commands.{module}"), func)
        return int(handler(args) or 0)
    except InterviewerError as e:
        print(f"interviewer: {e.message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interviewer: interrupted", file=sys.stderr)
        return 130
