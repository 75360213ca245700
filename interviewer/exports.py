"""Writing an export to a path the user named (the CLI's -o, every TUI export): one safe writer for both.

Never over one of the command's inputs or a saved transcript (its only copy), atomic (temp file, fsync,
rename) and readable only by the user (0600); through a symlink the file it names is replaced, not the link.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Iterable

from interviewer import files
from interviewer.errors import InterviewerError

Inputs = Iterable[tuple["str | Path | None", str]]

# What transcript.save writes starts like this (a BOM or spaces before it are still ours).
_TRANSCRIPT_HEAD = re.compile(rb'^(?:\xef\xbb\xbf)?\s*\{\s*"schema_version"\s*:')


def same_file(a: Path, b: Path) -> bool:
    """True when `a` and `b` name one file (the same path, a symlink or a hard link)."""
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and os.path.samefile(a, b))
    except OSError:
        return False


def looks_like_transcript(path: Path) -> bool:
    """True when `path` (or the file a symlink there names) is a regular file starting like a saved transcript."""
    try:
        # O_NONBLOCK: opening a FIFO to look at it must not wait for a writer.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False
    try:
        return stat.S_ISREG(os.fstat(fd).st_mode) and bool(_TRANSCRIPT_HEAD.match(os.read(fd, 512)))
    except OSError:
        return False
    finally:
        os.close(fd)


def check_output(output: str | Path, inputs: Inputs = ()) -> None:
    """Refuse an output file that is one of the command's inputs or a saved transcript (its only copy)."""
    out = Path(output)
    for path, what in inputs:
        # "-" is stdin, "<pasted>" a résumé typed into the UI: no file to collide with.
        if path and str(path) != "-" and not str(path).startswith("<") and same_file(out, Path(path)):
            raise InterviewerError(f"{output}: that is the {what} itself; choose another output file")
    if looks_like_transcript(out):
        raise InterviewerError(f"{output}: a saved transcript is there and would be replaced; "
                               "choose another output file")


def write_output(out: Path, data: bytes, name: str | None = None, special: bool = True) -> None:
    """Write `data` to `out`: a regular file through files.write_private (0600, atomic).

    With `special`, a device or FIFO already there (the CLI's `-o /dev/stdout`) is written to as a shell
    would; without it (the TUI, which must never wait on a FIFO nobody reads) it is refused.
    """
    name = name or str(out)
    try:
        st = os.stat(out)
    except OSError:
        st = None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise InterviewerError(f"{name}: is a folder, not a file")
    if st is not None and not stat.S_ISREG(st.st_mode):
        if not special:
            raise InterviewerError(f"{name}: is not a regular file (a pipe, socket or device); choose a file")
        with open(out, "wb") as f:
            f.write(data)
        return
    # Through a symlink to a file, the file it names is replaced, not the link.
    target = Path(os.path.realpath(out)) if st is not None and out.is_symlink() else out
    if not target.parent.is_dir():
        raise InterviewerError(f"{name}: cannot write (no folder {target.parent})")
    files.write_private(target, data)


def export(path: str | Path, text: str, inputs: Inputs = (), make_folder: bool = False) -> Path:
    """The TUI's exports: `text` to `path` (~ expanded) like `-o`, refusing FIFOs and devices; InterviewerError."""
    out = Path(path).expanduser()
    check_output(out, inputs)
    try:
        if make_folder:
            out.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        write_output(out, text.encode("utf-8", "replace"), str(out), special=False)
    except OSError as e:
        raise InterviewerError(f"{out}: cannot write ({e.strerror or e})") from None
    return out
