"""End to end: the real program in a real terminal (tmux), driven by keys as a new user would.

Skipped when tmux is not installed. Each test runs its own tmux server on a private socket.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from interviewer import transcript as tr

from .conftest import ROOT, SAMPLE_RESUME, SAMPLE_RESUME_EN, transcripts_folder

EXE = Path(sys.executable).with_name("interviewer")
pytestmark = [
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
    pytest.mark.skipif(not EXE.exists(), reason="the interviewer script is not installed in this environment"),
]

ANSWERS = [
    "py-spy dump on every rank showed rank 3 stuck in all-reduce",
    "we lost 200 steps because the last checkpoint was 30 min old",
    "afterwards we added the NCCL flight recorder and a watchdog",
]


class Terminal:
    """One tmux server and session running the program."""

    def __init__(self, sock: Path, width: int = 100, height: int = 30) -> None:
        self.sock, self.width, self.height = sock, width, height

    def tmux(self, *args: str, check: bool = True) -> str:
        return subprocess.run(["tmux", "-f", "/dev/null", "-S", str(self.sock), *args], capture_output=True,
                              text=True, check=check, timeout=10).stdout

    def launch(self, *argv: str) -> None:
        env = {"TERM": "xterm-256color", "INTERVIEWER_TRANSCRIPTS": str(transcripts_folder()),
               "INTERVIEWER_CONFIG": os.environ["INTERVIEWER_CONFIG"], "XDG_CONFIG_HOME": os.environ["XDG_CONFIG_HOME"],
               "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
        # COLUMNS/LINES inherited from the test run would override the pane's real size.
        cmd = "cd {} && exec env -u COLUMNS -u LINES {} {} {}".format(
            shlex.quote(str(ROOT)), " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items()),
            shlex.quote(str(EXE)), " ".join(shlex.quote(a) for a in argv))
        self.tmux("new-session", "-d", "-s", "t", "-x", str(self.width), "-y", str(self.height), cmd)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "t", check=False)

    def wait_for(self, *texts: str, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        shown = ""
        while time.monotonic() < deadline:
            shown = self.screen()
            if all(t in shown for t in texts):
                return shown
            time.sleep(0.1)
        raise AssertionError(f"{texts!r} not on screen after {timeout} s; the screen was:\n{shown}")

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "t", *keys)

    def type(self, text: str) -> None:
        self.tmux("send-keys", "-t", "t", "-l", text)

    def paste(self, path: Path) -> None:
        """Paste a file as a terminal paste (bracketed, as the program asked the terminal for)."""
        self.tmux("load-buffer", "-b", "resume", str(path))
        self.tmux("paste-buffer", "-p", "-d", "-b", "resume", "-t", "t")

    def kill(self) -> None:
        self.tmux("kill-server", check=False)


@pytest.fixture
def term(tmp_path):
    t = Terminal(tmp_path / "tmux.sock")
    yield t
    t.kill()


def sessions() -> list[tr.Transcript]:
    return [tr.load(p) for p in sorted(transcripts_folder().glob("*.json")) if not p.name.startswith(".")]


def wait_answers(n: int, timeout: float = 20.0) -> tr.Transcript:
    """The saved session once it holds `n` answers and the question that follows the last one."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = sessions()
        if found:
            t = found[0]
            if sum(x.role == "candidate" for x in t.turns) == n and t.turns[-1].role == "interviewer":
                return t
        time.sleep(0.1)
    raise AssertionError(f"the saved session never reached {n} answers")


def test_practice_interview_report_and_history(term):
    term.launch("tui", "--resume", str(SAMPLE_RESUME))
    term.wait_for("loaded sample-resume.md", "offline interviewer")
    term.keys("C-s")
    term.wait_for("Interviewer", "questions 1/")
    term.keys("C-f")
    for n, text in enumerate(ANSWERS, 1):
        term.type(text)
        term.keys("C-s")
        t = wait_answers(n)
        term.wait_for(f"questions {n + 1}/", f"A{n} ")
    assert [x.text for x in t.turns if x.role == "candidate"] == ANSWERS
    term.keys("C-g")
    term.wait_for("End the interview now")
    term.keys("y")
    term.wait_for("面试报告", "topics assessed")
    [t] = sessions()
    assert t.status == "finished"
    term.keys("F3")
    shown = term.wait_for("saved sessions", "finished")
    assert "distributed-training" in shown and "practice" in shown
    term.keys("Enter")
    term.wait_for("面试报告", "topics assessed")
    term.keys("C-q")


def test_killed_mid_interview_then_resumed_with_every_answer(term):
    term.width, term.height = 140, 40
    term.launch("tui", "--lang", "en")
    term.wait_for("distributed-training", "Résumé")
    term.paste(SAMPLE_RESUME_EN)  # with the pack list focused: a paste on Start goes to the résumé box
    term.wait_for("Languages: Python")  # the box scrolls to the end of what was pasted
    term.keys("C-s")
    term.wait_for("Interviewer", "questions 1/")
    for n, text in enumerate(ANSWERS[:2], 1):
        term.type(text)
        term.keys("C-s")
        wait_answers(n)
        term.wait_for(f"questions {n + 1}/")
    term.kill()  # the terminal goes away mid-interview

    again = Terminal(term.sock.with_name("tmux2.sock"), 140, 40)
    try:
        again.launch()
        again.wait_for("An unfinished session", "Resume")
        again.keys("y")
        shown = again.wait_for("questions 3/")
        for text in ANSWERS[:2]:
            assert text in shown
        again.type(ANSWERS[2])
        again.keys("C-s")
        t = wait_answers(3)
        assert [x.text for x in t.turns if x.role == "candidate"] == ANSWERS
        assert t.lang == "en" and t.status == "in_progress"
        again.keys("C-q")
    finally:
        again.kill()
