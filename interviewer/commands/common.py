"""Helpers the command modules share: output files and JSON printing."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Iterable

from interviewer.errors import InterviewerError
from interviewer.exports import check_output, write_output


def emit(text: str, output: str | None, inputs: Iterable[tuple[str | Path | None, str]] = ()) -> None:
    """Print `text`, or write it to `output` (0600; never over an input in `inputs` (path, what) or a transcript)."""
    text = text if text.endswith("\n") else text + "\n"
    # A lone surrogate (a stray byte pasted into an answer) must not crash printing the report.
    text = text.encode("utf-8", "replace").decode("utf-8")
    if not output or output == "-":
        sys.stdout.write(text)
        return
    check_output(output, inputs)
    try:
        write_output(Path(output), text.encode("utf-8"), output)
    except OSError as e:
        raise InterviewerError(f"{output}: cannot write ({e.strerror or e})") from None
    print(f"wrote {output}", file=sys.stderr)


def dumps(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=2)
