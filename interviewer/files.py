"""Reading a file the user named: only a regular file, only up to a size, never blocking on a pipe."""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from pathlib import Path


class InputFileError(Exception):
    """Why a named file cannot be read; `kind` lets each caller word it ("no such transcript")."""

    def __init__(self, kind: str, reason: str, code: int | None = None) -> None:
        super().__init__(reason)
        self.kind = kind  # missing | folder | special | too_large | unreadable
        self.reason = reason
        self.errno = code  # for "unreadable": lets a caller say "permission denied" in its own words


def read_limited(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; InputFileError otherwise.

    A FIFO would block open() until a writer appears, and /dev/zero never ends: both are refused from
    stat before the file is opened, again from fstat once it is, and the read stops one byte past the limit.
    """
    path = path if isinstance(path, Path) else Path(path)  # listing 1,000 transcripts calls this 1,000 times
    try:
        _check(os.stat(path), limit)
        # stat before open, because opening a FIFO blocks until a writer appears; a file swapped for a FIFO
        # between the two would still block, which only someone racing the user's own command could arrange.
        with path.open("rb", buffering=0) as f:
            _check(os.fstat(f.fileno()), limit)  # swapped for something else since the stat
            chunks, size = [], 0
            while size <= limit:
                chunk = f.read(min(1 << 20, limit + 1 - size))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
    except FileNotFoundError:
        raise InputFileError("missing", "no such file") from None
    except IsADirectoryError:
        raise InputFileError("folder", "is a folder, not a file") from None
    except OSError as e:
        raise InputFileError("unreadable", f"cannot read ({e.strerror or e})", e.errno) from None
    data = b"".join(chunks)
    if len(data) > limit:  # the file grew between fstat and read
        raise InputFileError("too_large", f"larger than {_size(limit)}")
    return data


def _check(st: os.stat_result, limit: int) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise InputFileError("folder", "is a folder, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise InputFileError("special", "is not a regular file (a pipe, socket or device)")
    if st.st_size > limit:
        raise InputFileError("too_large", f"larger than {_size(limit)}")


def _size(n: int) -> str:
    return f"{n // 2**20} MB" if n >= 2**20 else f"{n // 1024} KB"


def temp_name(path: Path) -> Path:
    # Dot-prefixed so listings skip it; the pid lets a later run remove what a killed process left.
    return path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")


def write_private(path: Path, data: bytes) -> None:
    """Write `data` to `path` as mode 0600 through a temp file renamed over it: a crash leaves no half file."""
    tmp = temp_name(path)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600)
    try:
        try:
            os.fchmod(fd, 0o600)  # the résumé and the answers are in it, and a umask like 0o277 would leave 0400
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
