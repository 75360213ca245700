"""Command-line entry. Only argparse is imported here: each command's module is imported when it runs."""

from __future__ import annotations

import argparse
import importlib
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


def _skill_args(p: argparse.ArgumentParser, lang: bool = True) -> None:
    p.add_argument("--skill", metavar="NAME|PATH", help="skill pack name or path (default: distributed-training)")
    p.add_argument("--skills-dir", action="append", metavar="DIR", help="extra folder of packs (repeatable)")
    if lang:
        p.add_argument("--lang", choices=["zh", "en"], help="interview language (default: the pack's)")


def _provider_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--provider", help="offline (default when no key is set), anthropic or openai")
    p.add_argument("--model", help="model name for the provider")
    p.add_argument("--base-url", help="API base URL (OpenAI-compatible servers: .../v1)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="interviewer",
        description="Mock interviews for distributed-training and ML-infrastructure roles. "
        "With no command, opens the terminal UI.",
    )
    parser.add_argument("--version", action="version", version=f"interviewer {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    sk = sub.add_parser("skills", help="list, show and lint skill packs")
    sks = sk.add_subparsers(dest="subcommand", metavar="SUBCOMMAND", required=True)
    p = sks.add_parser("list", help="packs in skills/ and in user folders")
    p.add_argument("--skills-dir", action="append", metavar="DIR", help="extra folder of packs (repeatable)")
    p.add_argument("--json", action="store_true")
    p = sks.add_parser("show", help="one pack, parsed")
    p.add_argument("pack", metavar="NAME|PATH")
    p.add_argument("--lang", choices=["zh", "en"])
    p.add_argument("--skills-dir", action="append", metavar="DIR")
    p.add_argument("--json", action="store_true")
    p = sks.add_parser("lint", help="check pack files; exit 1 with file:line messages on problems")
    p.add_argument("paths", nargs="+", metavar="PATH")

    p = sub.add_parser("plan", help="an interview plan for one résumé (for hiring managers)")
    p.add_argument("--resume", required=True, metavar="FILE|-", help="résumé file (txt, md, pdf) or - for stdin")
    _skill_args(p)
    p.add_argument("--minutes", type=int, default=45, help="time budget; decides how many chains (default 45)")
    p.add_argument("--format", choices=["md", "json", "html"], default="md")
    p.add_argument("-o", "--output", metavar="OUT", help="write to a file instead of stdout")

    p = sub.add_parser("score", help="score one answer (or a JSONL batch) against a topic")
    p.add_argument("--topic", metavar="TITLE|N")
    p.add_argument("--question", metavar="Q", default="")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--answer", metavar="A")
    g.add_argument("--answer-file", metavar="F")
    g.add_argument("--batch", metavar="FILE.jsonl", help="one {topic, question, answer} per line")
    _skill_args(p, lang=False)
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("chat", help="a line-mode interview in this terminal")
    _skill_args(p)
    p.add_argument("--resume", metavar="FILE|-", help="résumé file (default: the bundled sample)")
    _provider_args(p)
    p.add_argument("--answers", metavar="FILE", help="scripted answers separated by lines holding only ---")
    p.add_argument("--transcript", metavar="PATH", help="where to save the session")
    p.add_argument("--transcripts", metavar="DIR", help="folder for saved sessions (default ./transcripts)")
    p.add_argument("--max-turns", type=int, default=30, help="stop after this many questions (default 30)")
    p.add_argument("--minutes", type=int, default=45)
    p.add_argument("--feedback", action="store_true", help="show each answer's assessment")

    p = sub.add_parser("resume", help="continue a saved session")
    p.add_argument("transcript", metavar="TRANSCRIPT")
    p.add_argument("--answers", metavar="FILE")
    _provider_args(p)
    p.add_argument("--feedback", action="store_true")
    p.add_argument("--max-turns", type=int, default=None)

    p = sub.add_parser("report", help="the report of a saved session")
    p.add_argument("transcript", metavar="TRANSCRIPT")
    p.add_argument("--format", choices=["md", "html", "json"], default="md")
    p.add_argument("-o", "--output", metavar="OUT")

    tr = sub.add_parser("transcripts", help="saved sessions")
    trs = tr.add_subparsers(dest="subcommand", metavar="SUBCOMMAND", required=True)
    p = trs.add_parser("list", help="saved sessions, newest first")
    p.add_argument("--transcripts", metavar="DIR")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("config", help="the effective settings (keys masked)")
    _provider_args(p)
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("tui", help="the terminal UI (the default with no command)")
    _skill_args(p)
    p.add_argument("--resume", metavar="FILE", help="résumé file to prefill")
    _provider_args(p)
    p.add_argument("--mode", choices=["practice", "plan", "copilot"], default="practice")
    p.add_argument("--transcripts", metavar="DIR")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # No command means the UI, flags included: `interviewer --lang en` is `interviewer tui --lang en`.
    commands = {"skills", "plan", "score", "chat", "resume", "report", "transcripts", "config", "tui"}
    if not any(a in commands for a in argv) and not {"-h", "--help", "--version"} & set(argv):
        argv = ["tui", *argv]
    args = build_parser().parse_args(argv)
    key = args.command + (f" {args.subcommand}" if getattr(args, "subcommand", None) else "")
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
    except BrokenPipeError:
        return 0
