"""`interviewer report TRANSCRIPT` and `interviewer transcripts list`."""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path

from interviewer import paths, transcript, transcript_index
from interviewer.commands.common import dumps, emit


def report_cmd(args) -> int:
    from interviewer import report

    path = Path(args.transcript)
    loaded = transcript.load(path)
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


def list_cmd(args) -> int:
    folder = paths.transcripts_dir(getattr(args, "transcripts", None))
    found = transcript_index.list_transcripts(folder)
    if getattr(args, "json", False):
        print(dumps([s.model_dump() for s in found]))
        return 0
    if not found:
        print(f"no saved sessions in {folder}")
        return 0
    head = ("FILE", "DATE", "PACK", "MODE", "STATUS", "ANSWERS", "LEVELS")
    rows = []
    for s in found:
        name = Path(s.path).name
        if s.error:
            rows.append((name, "-", "-", "-", "unreadable", "-", s.error))
        else:
            rows.append((name, _when(s.updated_at), s.skill, s.mode, s.status, str(s.answers), _levels(s.levels)))
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head) - 1)]
    for r in [head, *rows]:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)) + "  " + r[-1])
    print(f"\n{len(found)} in {folder}; levels: one per planned topic, in plan order, · = not assessed",
          file=sys.stderr)
    return 0
