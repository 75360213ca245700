"""SIGTERM and SIGHUP to the real program in a real terminal (tmux): the terminal is given back as it was
(echo and line editing on, the alternate screen and mouse reporting off) and the session is on disk.
"""

from __future__ import annotations

import os
import shlex
import signal
import time
from pathlib import Path

import pytest

from .conftest import ROOT, SAMPLE_RESUME, transcripts_folder
from .test_tmux import EXE, ANSWERS, Terminal, pytestmark, wait_answers  # noqa: F401 - pytestmark skips without tmux


def launch_in_shell(term: Terminal, modes: Path, *argv: str) -> None:
    """The program under a shell that outlives it, then reports its exit code and the terminal's modes."""
    env = {"TERM": "xterm-256color", "INTERVIEWER_TRANSCRIPTS": str(transcripts_folder()),
           "INTERVIEWER_CONFIG": os.environ["INTERVIEWER_CONFIG"], "XDG_CONFIG_HOME": os.environ["XDG_CONFIG_HOME"],
           "XDG_DATA_HOME": os.environ["XDG_DATA_HOME"], "XDG_STATE_HOME": os.environ["XDG_STATE_HOME"],
           "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
    program = "env -u COLUMNS -u LINES {} {} {}".format(
        " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items()), shlex.quote(str(EXE)),
        " ".join(shlex.quote(a) for a in argv))
    after = f'echo "EXIT=$?"; stty -a > {shlex.quote(str(modes))}; sleep 60'
    term.tmux("new-session", "-d", "-s", "t", "-x", str(term.width), "-y", str(term.height),
              f"cd {shlex.quote(str(ROOT))} && {program}; {after}")


def program_pid(term: Terminal) -> int:
    """The interviewer process: the child of the pane's shell."""
    shell = int(term.tmux("display", "-p", "-t", "t", "#{pane_pid}").strip())
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                if int(fields[1]) == shell:
                    return int(entry.name)
        time.sleep(0.1)
    raise AssertionError("the program's process was not found")


@pytest.fixture
def term(tmp_path):
    t = Terminal(tmp_path / "tmux.sock")
    yield t
    t.kill()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_signal_mid_interview_restores_the_terminal_and_keeps_the_session(term, sig, tmp_path):
    modes_file = tmp_path / "stty.txt"
    launch_in_shell(term, modes_file, "tui", "--resume", str(SAMPLE_RESUME))
    term.wait_for("已读入 sample-resume.md", "离线面试官")  # a Chinese résumé and pack: a Chinese session
    term.keys("C-s")
    term.wait_for("面试官", "问题 1/")
    term.type(ANSWERS[0])
    term.keys("C-s")
    wait_answers(1)
    term.wait_for("问题 2/")
    assert term.tmux("display", "-p", "-t", "t", "#{alternate_on}").strip() == "1"

    os.kill(program_pid(term), sig)
    shown = term.wait_for("EXIT=")
    assert f"EXIT={128 + sig}" in shown, shown
    deadline = time.monotonic() + 10
    while not (modes_file.exists() and modes_file.read_text()) and time.monotonic() < deadline:
        time.sleep(0.05)
    modes = modes_file.read_text()
    flags = set(modes.replace(";", " ").split())
    assert {"echo", "icanon", "isig"} <= flags and not {"-echo", "-icanon"} & flags, modes
    assert term.tmux("display", "-p", "-t", "t", "#{alternate_on}").strip() == "0"
    assert term.tmux("display", "-p", "-t", "t", "#{mouse_any_flag}").strip() == "0"
    t = wait_answers(1)
    assert [x.text for x in t.turns if x.role == "candidate"] == ANSWERS[:1]


def test_a_closed_terminal_leaves_no_program_running(term):
    # Killed tmux sessions used to leave `interviewer` processes behind, wedged in Textual's shutdown (its output
    # thread had died on the hung-up terminal). That hang is a race; whatever the exit does, the process must end.
    term.launch("tui", "--resume", str(SAMPLE_RESUME))
    term.wait_for("离线面试官")
    term.keys("C-s")
    term.wait_for("问题 1/")
    pid = int(term.tmux("display", "-p", "-t", "t", "#{pane_pid}").strip())  # exec'd: the program itself
    term.kill()
    deadline = time.monotonic() + 15
    while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not Path(f"/proc/{pid}").exists() or "Z" in (Path(f"/proc/{pid}") / "stat").read_text().split()[2]


def test_a_wedged_exit_after_a_signal_still_ends_the_process(tmp_path):
    # The app is asked to exit but never does (as when the shutdown waits on a dead output thread): the sessions were
    # secured first, so the process ends with the signal's code once the grace is over.
    import subprocess
    import sys

    code = ("import time\n"
            "from interviewer.tui import leaving\n"
            "leaving.EXIT_GRACE = 0.5\n"
            "class App:\n"
            "    def terminate(self, signum): print('secured', signum, flush=True)\n"
            "leaving._on_signal(App(), 1)\n"
            "time.sleep(30)\n")
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=20, cwd=ROOT)
    assert done.stdout.strip() == "secured 1" and done.returncode == 128 + 1, (done.returncode, done.stderr)
    assert time.monotonic() - started < 15
