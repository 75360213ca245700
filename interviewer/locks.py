"""One session, one writer: an exclusive lock on a sidecar file beside each transcript while it is written.

Two `resume` of one file, or `resume` while the terminal UI has the session open, would each save their own
copy and the last save would drop the other's answers. The second writer is refused before it reads the file.
The lock is `flock` on `.<name>.lock`: the kernel drops it when the process dies (kill -9 included), so a
crash never leaves a session locked; the sidecar it leaves behind is dot-named and ignored by listings.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from interviewer.errors import TranscriptError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows has no flock; there the lock is not taken
    fcntl = None


def lock_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.lock")


class SessionLock:
    """An exclusive, non-blocking lock on one transcript; `acquire` raises TranscriptError naming the file."""

    def __init__(self, path: Path) -> None:
        path = Path(path)
        # Through a symlink the lock is the target's, so two names for one session share one lock.
        self.path = Path(os.path.realpath(path)) if path.is_symlink() else path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> "SessionLock":
        if self._fd is not None or fcntl is None:
            return self
        side = lock_path(self.path)
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
        for _ in range(20):
            try:
                fd = os.open(side, flags, 0o600)
            except OSError as e:
                raise TranscriptError(f"{self.path}: cannot lock the session ({e.strerror or e})") from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                holder = _read_pid(fd)
                os.close(fd)
                who = f" (process {holder})" if holder else ""
                raise TranscriptError(f"{self.path}: this session is open in another interviewer{who}; "
                                      "finish or quit it there first") from None
            # A holder that just released unlinked the file we opened: our lock is on a name nobody else sees.
            try:
                mine, named = os.fstat(fd), os.stat(side, follow_symlinks=False)
                current = (mine.st_dev, mine.st_ino) == (named.st_dev, named.st_ino)
            except OSError:
                current = False
            if current:
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, 0)
                    os.write(fd, f"{os.getpid()}\n".encode())
                self._fd = fd
                return self
            os.close(fd)
        raise TranscriptError(f"{self.path}: cannot lock the session (its lock file keeps changing)")

    def release(self) -> None:
        """Remove the sidecar, then let the lock go (unlinking first is what makes the inode check above sound)."""
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            os.unlink(lock_path(self.path))
        with contextlib.suppress(OSError):
            os.close(self._fd)
        self._fd = None

    def __del__(self) -> None:
        # A store dropped without release must not keep this process locked out of its own session.
        self.release()

    def __enter__(self) -> "SessionLock":
        return self.acquire()

    def __exit__(self, *exc) -> None:
        self.release()


def _read_pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None
