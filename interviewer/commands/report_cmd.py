"""`interviewer report [TRANSCRIPT|N] [--list]` and `interviewer transcripts list`."""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path

from interviewer import i18n, paths, transcript, transcript_index
from interviewer.transcript_index import cells, clipped
from interviewer.commands.common import dumps, emit
from interviewer.errors import InterviewerError

# Past this (in terminal cells) a name column would push LEVELS off an 80-column terminal.
NAME_WIDTH = 20


def _pick(args) -> tuple[Path | None, bool]:
    """(the transcript `report` renders, whether it was picked from the saved sessions rather than named).

    A path is used as given; a number N is the Nth of `report --list`; nothing is the newest session. The
    path is None when `--list` was shown and nothing chosen.
    """
    listing = getattr(args, "list", False)
    wanted = None if listing else getattr(args, "transcript", None)
    if wanted and (Path(wanted).exists() or not wanted.isdigit()):
        return Path(wanted), False
    folders = paths.transcripts_dirs(getattr(args, "transcripts", None))  # a legacy ./transcripts too
    found = [s for s in transcript_index.list_sessions(folders) if not s.error]
    folder = " and ".join(map(str, folders))
    if not found:
        raise InterviewerError(f"no saved sessions in {folder}: give a transcript path, or --transcripts DIR")
    if listing:
        _table(found, numbered=True)
        print(f"\n{len(found)} in {folder}; open one with: interviewer report N", file=sys.stderr)
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            return None, True
        try:
            wanted = input("open which one? (a number, Enter for none) ").strip()
        except EOFError:
            wanted = ""
        if not wanted:
            return None, True
    if wanted:
        if not wanted.isdigit() or not 1 <= int(wanted) <= len(found):
            raise InterviewerError(f"{wanted}: no such session; `interviewer report --list` numbers them 1 to {len(found)}")
        return Path(found[int(wanted) - 1].path), True
    return Path(found[0].path), True


def report_cmd(args) -> int:
    from interviewer import report

    path, picked = _pick(args)
    if path is None:
        return 0
    loaded = transcript.load(path)
    if picked:
        print(f"interviewer: {i18n.text(loaded.lang, 'report.which', path=path)}", file=sys.stderr)
    # The transcript is the only copy of the session: neither it nor another saved one may be replaced.
    emit(report.render_report(loaded, getattr(args, "format", None) or "md"), getattr(args, "output", None),
         [(path, "transcript")])
    return 0


def _when(stamp: str) -> str:
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp[:16] or "-"


def _levels(levels: dict[str, int | None]) -> str:
    return " ".join("·" if v is None else str(v) for v in levels.values()) or "-"


def _table(found, numbered: bool = False) -> None:
    """One row per session; the last column (levels or the error) is left unpadded."""
    head = ("FILE", "DATE", "CANDIDATE", "LANG", "PACK", "MODE", "STATUS", "ANSWERS", "LEVELS")
    rows = []
    for s in found:
        name = Path(s.path).name
        if s.error:
            rows.append((name, "-", "-", "-", "-", "-", "unreadable", "-", s.error))
        else:
            rows.append((name, _when(s.updated_at), clipped(s.candidate, NAME_WIDTH) or "-", s.lang, s.skill, s.mode, s.status,
                         str(s.answers), _levels(s.levels)))
    if numbered:
        head = ("N", *head)
        rows = [(str(i), *r) for i, r in enumerate(rows, 1)]
    # Pad by display width, not length: a Chinese name takes two cells a character.
    widths = [max(cells(r[i]) for r in [head, *rows]) for i in range(len(head) - 1)]
    for r in [head, *rows]:
        print("  ".join(c + " " * (w - cells(c)) for c, w in zip(r, widths)) + "  " + r[-1])


def list_cmd(args) -> int:
    folders = paths.transcripts_dirs(getattr(args, "transcripts", None))
    found = transcript_index.list_sessions(folders)
    folder = " and ".join(map(str, folders))  # the legacy ./transcripts is listed beside the default folder
    if getattr(args, "json", False):
        print(dumps([s.model_dump() for s in found]))
        return 0
    if not found:
        print(f"no saved sessions in {folder}")
        return 0
    _table(found)
    print(f"\n{len(found)} in {folder}; levels: one per planned topic, in plan order, · = not assessed; "
          "answers do not count /skip, /hint, /repeat or /end", file=sys.stderr)
    return 0
