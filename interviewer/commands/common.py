"""Helpers the command modules share: output files and JSON printing."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from interviewer.errors import InterviewerError


def emit(text: str, output: str | None) -> None:
    """Print `text`, or write it to `output` (the folder must exist; the error names the file)."""
    text = text if text.endswith("\n") else text + "\n"
    # A lone surrogate (a stray byte pasted into an answer) must not crash printing the report.
    text = text.encode("utf-8", "replace").decode("utf-8")
    if not output or output == "-":
        sys.stdout.write(text)
        return
    out = Path(output)
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as e:
        raise InterviewerError(f"{out}: cannot write ({e.strerror})") from None
    print(f"wrote {out}", file=sys.stderr)


def dumps(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=2)
