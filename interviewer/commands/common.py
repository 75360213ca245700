"""Helpers the command modules share: output files and JSON printing."""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from pathlib import Path
from typing import Iterable

from interviewer import files
from interviewer.errors import InterviewerError

# What transcript.save writes starts like this (a BOM or spaces before it are still ours).
_TRANSCRIPT_HEAD = re.compile(rb'^(?:\xef\xbb\xbf)?\s*\{\s*"schema_version"\s*:')


def same_file(a: Path, b: Path) -> bool:
    """True when `a` and `b` name one file (the same path, a symlink or a hard link)."""
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and os.path.samefile(a, b))
    except OSError:
        return False


def looks_like_transcript(path: Path) -> bool:
    """True when `path` is a regular file whose first bytes are a saved transcript's."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False
    try:
        return stat.S_ISREG(os.fstat(fd).st_mode) and bool(_TRANSCRIPT_HEAD.match(os.read(fd, 512)))
    except OSError:
        return False
    finally:
        os.close(fd)


def check_output(output: str, inputs: Iterable[tuple[str | Path | None, str]] = ()) -> None:
    """Refuse an output file that is one of the command's inputs or a saved transcript (its only copy)."""
    out = Path(output)
    for path, what in inputs:
        if path and str(path) != "-" and same_file(out, Path(path)):
            raise InterviewerError(f"{output}: that is the {what} itself; choose another output file")
    if looks_like_transcript(out):
        raise InterviewerError(f"{output}: a saved transcript is there and would be replaced; "
                               "choose another output file")


def write_output(out: Path, data: bytes, name: str | None = None) -> None:
    """Write an export to `out`: a regular file via files.write_private (0600, atomic), a device or FIFO as is."""
    name = name or str(out)
    try:
        st = os.stat(out)
    except OSError:
        st = None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise InterviewerError(f"{name}: is a folder, not a file")
    if st is not None and not stat.S_ISREG(st.st_mode):
        # /dev/stdout, /dev/null or a FIFO: there is nothing to rename over, so write to it as a shell would.
        with open(out, "wb") as f:
            f.write(data)
        return
    # Through a symlink to a file, the file it names is replaced, not the link.
    target = Path(os.path.realpath(out)) if st is not None and out.is_symlink() else out
    if not target.parent.is_dir():
        raise InterviewerError(f"{name}: cannot write (no folder {target.parent})")
    files.write_private(target, data)


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
