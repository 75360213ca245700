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

    def screen(self, scrollback: bool = False) -> str:
        return self.tmux("capture-pane", "-p", "-t", "t", *(["-S", "-"] if scrollback else []), check=False)

    def wait_for(self, *texts: str, timeout: float = 20.0, scrollback: bool = False) -> str:
        deadline = time.monotonic() + timeout
        shown = ""
        while time.monotonic() < deadline:
            shown = self.screen(scrollback)
            if all(t in shown for t in texts):
                return shown
            time.sleep(0.1)
        raise AssertionError(f"{texts!r} not on screen after {timeout} s; the screen was:\n{shown}")

    def wait_gone(self, text: str, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            shown = self.screen()
            if text not in shown:
                return shown
            time.sleep(0.1)
        raise AssertionError(f"{text!r} still on screen after {timeout} s")

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
    term.launch("tui", "--resume", str(SAMPLE_RESUME))  # a Chinese résumé and pack: a Chinese session
    term.wait_for("已读入 sample-resume.md", "离线面试官")
    term.keys("C-s")
    term.wait_for("面试官", "问题 1/")
    term.keys("C-f")
    for n, text in enumerate(ANSWERS, 1):
        term.type(text)
        term.keys("C-s")
        t = wait_answers(n)
        term.wait_for(f"问题 {n + 1}/", f"答{n} ")
    assert [x.text for x in t.turns if x.role == "candidate"] == ANSWERS
    term.keys("C-g")
    term.wait_for("现在结束面试")
    term.keys("y")
    term.wait_for("面试报告", "个主题")
    [t] = sessions()
    assert t.status == "finished"
    term.keys("F3")
    shown = term.wait_for("保存的面试", "已结束")
    assert "林子航" in shown and "中文" in shown and "练习" in shown
    term.keys("Enter")
    term.wait_for("面试报告", "个主题")
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
        again.wait_for("An unfinished session", "Resume")  # asked in the language of the session it is about
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


# ------------------------------------------------------------------ one language, counts, co-pilot, line mode


def people_wrote(resume: Path, pack_file: str) -> str:
    """What a session may show that people wrote: résumé, pack, every turn and the plan, saved paths."""
    parts = [resume.read_text(encoding="utf-8"), str(resume), str(transcripts_folder()),
             (ROOT / "skills" / "distributed-training" / pack_file).read_text(encoding="utf-8")]
    for t in sessions():
        parts += [x.text for x in t.turns] + [t.id, t.plan.candidate]
        parts += [str(v) for c in t.plan.chains for v in (c.topic, c.opening, *c.follow_ups, *c.markers,
                                                           *c.danger_signals, *(e.quote for e in c.evidence))]
        parts += [str(v) for x in t.turns if x.assessment for v in x.assessment.model_dump().values()]
        parts += [str(v) for v in t.scorecard.model_dump().values()]
    return "\n".join(parts)


def test_a_chinese_session_shows_no_english_interface_and_counts_no_commands(term):
    from langcheck import foreign

    term.launch("tui", "--resume", str(SAMPLE_RESUME))
    shown = [term.wait_for("已读入 sample-resume.md")]
    term.keys("C-s")
    shown.append(term.wait_for("面试官", "问题 1/30"))
    term.keys("C-f")
    term.type(ANSWERS[0])
    term.keys("C-s")
    wait_answers(1)
    shown.append(term.wait_for("问题 2/30", "答1 "))
    term.keys("C-t")  # /hint: the question again, more concretely; not a new question, not an answer
    shown.append(term.wait_for("/hint", "问题 2/30"))
    wait_answers(2)  # the hint given and saved before ending: ctrl+g while it is on its way is another case
    term.keys("C-g")
    shown.append(term.wait_for("现在结束面试"))
    term.keys("y")
    shown.append(term.wait_for("面试报告", "1/1 条回答有等级"))
    term.keys("F3")
    shown.append(term.wait_for("保存的面试", "林子航"))
    [t] = sessions()
    assert [x.text for x in t.turns if x.role == "candidate"] == [ANSWERS[0], "/hint", "/end"]
    wrote = people_wrote(SAMPLE_RESUME, "SKILL.md")
    assert all(not foreign(screen, "zh", wrote) for screen in shown), [foreign(x, "zh", wrote) for x in shown]
    term.keys("C-q")


def test_an_english_copilot_session_reads_notes_and_reports_to_the_manager(term):
    from langcheck import foreign

    term.launch("tui", "--lang", "en", "--mode", "copilot", "--resume", str(SAMPLE_RESUME_EN))
    shown = [term.wait_for("loaded sample-resume.en.md", "Deep probing")]  # the pack's English description
    term.keys("C-s")
    shown.append(term.wait_for("Interview plan", "c1"))
    term.keys("c")
    shown.append(term.wait_for("Suggested question", "scoring grid"))
    term.type("Candidate said: we launched with torchrun and an etcd rendezvous, 38% MFU measured with nsys")
    term.keys("C-s")
    t = wait_answers(1)
    note = [x for x in t.turns if x.role == "candidate"][0]
    assert note.text.startswith("we launched with torchrun")
    assert "Candidate said" not in t.turns[-1].text  # the suggestion quotes the note, not its lead-in
    shown.append(term.wait_for("Candidate said", "A1 "))
    term.keys("C-l")
    shown.append(term.wait_for("Edit the question before you ask it", "ctrl+s saves"))
    term.keys("Escape")
    term.wait_gone("Edit the question before you ask it")
    term.keys("C-g")
    term.wait_for("End the interview now")
    term.keys("y")
    shown.append(term.wait_for("Interview assessment (for the interviewer)", "Recommendation"))
    wrote = people_wrote(SAMPLE_RESUME_EN, "SKILL.en.md")
    assert all(not foreign(screen, "en", wrote) for screen in shown), [foreign(x, "en", wrote) for x in shown]
    term.keys("C-q")


def test_line_mode_ends_on_end_and_report_opens_the_latest_session(term):
    term.launch("chat", "--lang", "en")
    term.tmux("set-option", "-t", "t", "remain-on-exit", "on")
    term.wait_for("interviewer> ", "you>")
    term.type("/end")
    term.keys("Enter")
    shown = term.wait_for("saved: ", "report: interviewer report")
    deadline = time.monotonic() + 10
    while term.tmux("display-message", "-p", "-t", "t", "#{pane_dead}").strip() != "1":  # the program ends
        assert time.monotonic() < deadline, "line mode was still running after /end"
        time.sleep(0.1)
    after = shown[shown.rindex("/end"):]
    assert "you>" not in after  # no prompt after /end for an answer that would be dropped
    [t] = sessions()
    assert t.status == "finished" and [x.text for x in t.turns if x.role == "candidate"] == ["/end"]

    again = Terminal(term.sock.with_name("tmux3.sock"))
    try:
        again.launch("report")
        again.tmux("set-option", "-t", "t", "remain-on-exit", "on")
        shown = again.wait_for("# Interview report", t.id, "command: ended the interview", scrollback=True)
        assert f"the report of {transcripts_folder() / (t.id + '.json')}" in shown.replace("\n", "")
    finally:
        again.kill()
