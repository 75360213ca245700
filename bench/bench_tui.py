"""Time from launching `interviewer tui` to the first painted Start screen, in a pseudo-terminal (median of runs).

The program runs as a user starts it (the installed script, offline, TERM=xterm-256color, 100×30); the
clock stops when the Start screen's "Skill pack" label has been written to the terminal. Target: under 1 s.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXE = Path(sys.executable).with_name("interviewer")
MARKER = b"Skill pack"
TARGET_MS = 1000.0


def first_paint(transcripts: str, timeout: float = 20.0) -> float:
    """Seconds from fork to the marker appearing on the terminal."""
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env.update(TERM="xterm-256color", INTERVIEWER_TRANSCRIPTS=transcripts, INTERVIEWER_PROVIDER="offline")
    t0 = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: become the program
        os.chdir(ROOT)
        os.execve(str(EXE), [str(EXE), "tui", "--lang", "en"], env)  # English, so the marker below is shown
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    seen = b""
    elapsed = None
    try:
        deadline = t0 + timeout
        while time.perf_counter() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
            if MARKER in seen:
                elapsed = time.perf_counter() - t0
                break
        if elapsed is None:
            raise RuntimeError(f"no first screen within {timeout} s; the terminal got {seen[-300:]!r}")
        os.write(fd, b"\x11")  # ctrl+q
        _reap(pid, fd)
    finally:
        try:
            os.close(fd)
        except OSError:
            pass
    return elapsed


def _reap(pid: int, fd: int, grace: float = 5.0) -> None:
    deadline = time.perf_counter() + grace
    while time.perf_counter() < deadline:
        try:
            select.select([fd], [], [], 0.05) and os.read(fd, 65536)
        except OSError:
            pass
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            return
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)


def main(runs: int = 7) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        first_paint(tmp)  # warm the file cache so every measured run starts alike
        times = [first_paint(tmp) for _ in range(runs)]
    median = statistics.median(times) * 1000
    verdict = "under" if median < TARGET_MS else "OVER"
    print(f"   first paint of the Start screen  median {median:7.1f} ms  (min {min(times) * 1000:.0f}, "
          f"max {max(times) * 1000:.0f}, {runs} runs) — {verdict} the {TARGET_MS:.0f} ms target")
    return {"first_paint_ms": median, "first_paint_min_ms": min(times) * 1000,
            "first_paint_max_ms": max(times) * 1000, "runs": runs, "target_ms": TARGET_MS}


if __name__ == "__main__":
    main()
