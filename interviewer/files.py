"""Reading a file the user named: only a regular file, only up to a size, never blocking on a pipe."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


class InputFileError(Exception):
    """Why a named file cannot be read; `kind` lets each caller word it ("no such transcript")."""

    def __init__(self, kind: str, reason: str) -> None:
        super().__init__(reason)
        self.kind = kind  # missing | folder | special | too_large | unreadable
        self.reason = reason


def read_limited(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; InputFileError otherwise.

    A FIFO would block open() and read() until a writer appears, and /dev/zero never ends: both are
    refused from fstat before a byte is read, and the read itself stops one byte past the limit.
    """
    try:
        fd = os.open(Path(path), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise InputFileError("missing", "no such file") from None
    except IsADirectoryError:
        raise InputFileError("folder", "is a folder, not a file") from None
    except OSError as e:
        raise InputFileError("unreadable", f"cannot read ({e.strerror or e})") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise InputFileError("folder", "is a folder, not a file")
        if not stat.S_ISREG(st.st_mode):
            raise InputFileError("special", "is not a regular file (a pipe, socket or device)")
        if st.st_size > limit:
            raise InputFileError("too_large", f"larger than {_size(limit)}")
        chunks, size = [], 0
        while size <= limit:
            try:
                chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            except BlockingIOError:  # only a special file could say so, and those were refused above
                raise InputFileError("special", "is not a regular file (a pipe, socket or device)") from None
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        if e.errno == errno.EISDIR:
            raise InputFileError("folder", "is a folder, not a file") from None
        raise InputFileError("unreadable", f"cannot read ({e.strerror or e})") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:  # the file grew between fstat and read
        raise InputFileError("too_large", f"larger than {_size(limit)}")
    return data


def _size(n: int) -> str:
    return f"{n // 2**20} MB" if n >= 2**20 else f"{n // 1024} KB"
