"""Leaving the app without losing answers: ctrl+q, SIGTERM and SIGHUP look at every open session first.

Every turn is saved as it happens, so usually there is nothing to do. When the last save failed (a full
disk, a folder made read-only) the save is tried once more, then the session goes to a rescue copy, and
the user is told where it is before the app ends (ctrl+q asks; a signal ends the app with the message).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import threading
import time

from textual.message import Message


class QuitChecked(Message):
    """The open sessions were checked before quitting; `problems` are what the user must be told (empty: all saved)."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__()
        self.problems = problems


def open_sessions(app) -> list:
    """The sessions of the interview screens on the stack (practice or co-pilot), and those that ended unsaved."""
    found = list(app.ended_unsaved)
    for screen in app.screen_stack:
        session = getattr(screen, "session", None)
        if session is not None and getattr(session, "store", None) is not None and session not in found:
            found.append(session)
    return found


def unsaved(app) -> list:
    return [s for s in open_sessions(app) if s.store.unsaved]


def secure(sessions: list) -> list[str]:
    """Save each unsaved session once more, else write its rescue copy; one line per session still not in its file.

    Blocking (it writes files): call it from a thread worker, or from a signal handler that is about to exit.
    """
    problems = []
    for session in sessions:
        store = session.store
        if not store.unsaved or store.save(session.transcript):
            continue
        store.rescue(session.transcript)
        problems.append(store.failure_message())
    return problems


SIGNALS = tuple(s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s is not None)


def catch_signals(app) -> None:
    """SIGTERM and SIGHUP (a closed terminal) end the app through App.exit, which restores the terminal.

    Python's default for both ends the process at once, leaving the terminal raw (no echo, the alternate
    screen, mouse reporting on) and an unsaved session unsaved.
    """
    loop = asyncio.get_running_loop()
    for sig in SIGNALS:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, _on_signal, app, int(sig))


# After a signal the sessions are secured at once; the orderly exit then gets this long to end the process.
EXIT_GRACE = 5.0


def _on_signal(app, signum: int) -> None:
    """Secure the sessions and ask the app to exit, then make sure the process ends.

    After the terminal hangs up, Textual's shutdown can block for good: `interviewer` processes were left running
    after tmux sessions were killed, their main thread waiting in LinuxDriver.close on the output thread's queue
    (py-spy). Nothing is left to save by then, so after EXIT_GRACE seconds the process ends with the signal's code.
    """
    app.terminate(signum)
    threading.Thread(target=_end_after, args=(EXIT_GRACE, 128 + signum), name="interviewer-exit", daemon=True).start()


def _end_after(seconds: float, code: int) -> None:
    time.sleep(seconds)
    os._exit(code)


def release_signals() -> None:
    with contextlib.suppress(RuntimeError):
        loop = asyncio.get_running_loop()
        for sig in SIGNALS:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.remove_signal_handler(sig)
