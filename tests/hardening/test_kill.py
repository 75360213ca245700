"""kill -9 at random moments: the transcript always parses, finished turns survive, `resume` completes it.

And a full or refusing disk while saving: the session goes on in memory, warns, and a later save has
every turn.
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import random
import signal
import stat
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from hardening.support import DATA, ROOT, count
from interviewer import i18n
from interviewer import transcript as T

RESUME = DATA / "resume_zh.md"
BASE_ANSWERS = [a for a in (DATA / "answers_zh.txt").read_text(encoding="utf-8").split("\n---\n")
                if a.strip() and not a.strip().startswith("/")]


def script(n: int) -> list[str]:
    """`n` distinct answers (numbered, so a survivor can be matched to what was sent)."""
    return [f"{BASE_ANSWERS[i % len(BASE_ANSWERS)]}（第 {i + 1} 条）" for i in range(n)]


def answers_file(path: Path, answers: list[str]) -> Path:
    path.write_text("\n---\n".join(answers) + "\n", encoding="utf-8")
    return path


def temp_leftovers(folder: Path, name: str = "") -> list[str]:
    """Temp files in `folder` (only those of the transcript `name` when given: sessions may share a folder)."""
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp") and p.name.startswith(f".{name}")]


class KillResult:
    def __init__(self, path: Path, printed: int, sent: list[str]) -> None:
        self.path, self.printed, self.sent = path, printed, sent


def check_survivor(path: Path, at_least_turns: int, sent: list[str]) -> T.Transcript | None:
    """The file after a kill: absent (killed before the first save) or a transcript holding what was saved."""
    if not path.exists():
        assert at_least_turns == 0, f"{path}: {at_least_turns} turns reported saved, but no file"
        return None
    t = T.load(path)  # raises on a torn file
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert len(t.turns) >= at_least_turns, (len(t.turns), at_least_turns)
    answers = [x.text for x in t.turns if x.role == "candidate"]
    assert answers == [a.strip() for a in sent[:len(answers)]], "a saved answer differs from what was sent"
    assert [x.index for x in t.turns] == list(range(len(t.turns)))
    return t


def resume_to_the_end(path: Path, before: T.Transcript, rest: list[str], subprocess_cli: bool) -> T.Transcript:
    rest_file = answers_file(path.with_suffix(".rest.txt"), [*rest, "/end"])
    args = ["resume", str(path), "--answers", str(rest_file), "--provider", "offline"]
    if subprocess_cli:
        proc = subprocess.run([sys.executable, "-m", "interviewer", *args], capture_output=True, text=True,
                              timeout=60, cwd=path.parent)
        assert proc.returncode == 0, proc.stderr
        assert "Traceback" not in proc.stderr
    else:
        from interviewer import cli

        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as err:
            assert cli.main(args) == 0, err.getvalue()
    after = T.load(path)
    assert after.status == "finished"
    assert len(after.turns) > len(before.turns)
    for old, new in zip(before.turns, after.turns):
        assert (old.role, old.text, old.index) == (new.role, new.text, new.index)
    assert temp_leftovers(path.parent, path.name) == [], "a killed save left its temp file behind"
    return after


# --------------------------------------------------------------------------- the real CLI


def one_cli_kill(folder: Path, seed: int) -> dict:
    rng = random.Random(seed)
    folder.mkdir()
    path = folder / "session.json"
    sent = script(14)
    proc = subprocess.Popen([sys.executable, "-m", "interviewer", "chat", "--resume", str(RESUME), "--provider",
                             "offline", "--transcript", str(path), "--max-turns", "60"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=folder)

    def feed():
        with contextlib.suppress(OSError, ValueError):
            for a in sent:
                time.sleep(rng.uniform(0.0, 0.06))
                proc.stdin.write((a + "\n---\n").encode("utf-8"))
                proc.stdin.flush()

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    if seed % 6 == 0:
        time.sleep(rng.uniform(0.05, 1.5))  # anywhere, start-up included
    else:
        # Start-up time varies with the machine: aim at the session itself, from its first save on.
        deadline = time.monotonic() + 20
        while not path.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.005)
        time.sleep(rng.uniform(0.0, 0.7))
    proc.send_signal(signal.SIGKILL)
    out, _ = proc.communicate(timeout=30)
    feeder.join(timeout=5)
    # chat flushes after each answer is saved, so every question we saw is on disk.
    shown = out.decode("utf-8", "replace")
    printed = shown.count("interviewer>") + shown.count("面试官>")  # line mode's prompt is in the session's language
    before = check_survivor(path, printed, sent)
    if before is None:
        return {"kill": "before the first save", "resumed": False}
    if before.status == "finished":
        return {"kill": "after the end", "resumed": False}
    n = sum(x.role == "candidate" for x in before.turns)
    resume_to_the_end(path, before, sent[n:], subprocess_cli=True)
    return {"kill": "mid-session", "resumed": True, "turns": len(before.turns)}


def cli_kill_campaign(root: Path, kills: int, seed: int = 7, workers: int = 2) -> list[dict]:
    with ThreadPoolExecutor(workers) as pool:
        return list(pool.map(lambda i: one_cli_kill(root / f"k{i:02d}", seed * 1000 + i), range(kills)))


def test_kill_minus_9_during_real_chat_sessions(tmp_path):
    results = cli_kill_campaign(tmp_path, 30)
    count("kill.cli", len(results))
    count("kill.cli_mid_session", sum(r["kill"] == "mid-session" for r in results))
    # The random moments must land inside sessions, not only during start-up.
    assert sum(r["kill"] == "mid-session" for r in results) >= 10, results


# --------------------------------------------------------------------------- forked sessions, many kills


def fork_kill_campaign(root: Path, rounds: int, seed: int = 11, max_delay: float = 2.0) -> list[dict]:
    sent = script(40)
    answers = answers_file(root / "answers.txt", sent)
    out = subprocess.run([sys.executable, str(Path(__file__).with_name("kill_driver.py")), str(root), str(rounds),
                          str(seed), str(RESUME), str(answers), str(max_delay)],
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-2000:]
    results = []
    for line in out.stdout.splitlines():
        rec = json.loads(line)
        path = Path(rec["path"])
        before = check_survivor(path, rec["reported"], sent)
        rec["kill"] = ("before the first save" if before is None else "after the end" if before.status == "finished"
                       else "mid-session")
        if rec["kill"] == "mid-session":
            n = sum(x.role == "candidate" for x in before.turns)
            resume_to_the_end(path, before, sent[n:n + 2], subprocess_cli=False)
        results.append(rec)
    return results


def test_kill_minus_9_inside_forked_sessions(tmp_path):
    results = fork_kill_campaign(tmp_path, 120)
    assert len(results) == 120
    count("kill.forked", len(results))
    count("kill.forked_mid_session", sum(r["kill"] == "mid-session" for r in results))
    assert sum(r["kill"] == "mid-session" for r in results) >= 60


# --------------------------------------------------------------------------- a full or refusing disk


@pytest.fixture
def session_factory(tmp_path):
    from interviewer import skills
    from interviewer.plan import build_plan
    from interviewer.resume import load_resume
    from interviewer.session import Session

    pack = skills.resolve(None, "zh")
    resume = load_resume(RESUME)
    plan = build_plan(pack, resume, 45, "zh")

    def make(path: Path):
        return Session.create(pack, resume, plan, store=T.TranscriptStore(path), max_turns=60)

    return make


FAULTS = {
    "ENOSPC on rename": ("replace", OSError(errno.ENOSPC, "No space left on device")),
    "EACCES on open": ("open", PermissionError(errno.EACCES, "Permission denied")),
    "EIO on fsync": ("fsync", OSError(errno.EIO, "Input/output error")),
    "EDQUOT on write": ("write", OSError(errno.EDQUOT, "Disk quota exceeded")),
}


@pytest.mark.parametrize("fault", list(FAULTS))
def test_a_failing_disk_keeps_the_session_in_memory_warns_and_a_later_save_has_every_turn(
        tmp_path, monkeypatch, session_factory, fault):
    name, error = FAULTS[fault]
    path = tmp_path / "s.json"
    session = session_factory(path)
    real = getattr(os, name)
    broken = {"on": False}

    def flaky(*args, **kwargs):
        if broken["on"]:
            raise error
        return real(*args, **kwargs)

    monkeypatch.setattr(os, name, flaky)
    session.start()
    # The warning's words before the error, in the session's language ("面试没能保存（" / "could not save the session (").
    failed = i18n.text(session.transcript.lang, "session.save_failed", error="|").split("|")[0]
    answers = script(8)
    warned = []
    for i, text in enumerate(answers):
        broken["on"] = i in (2, 3, 4)
        before_on_disk = len(T.load(path).turns)
        result = session.answer(text)
        assert result.interviewer is not None, "the session stopped on a save error"
        if broken["on"]:
            warned.append(result.notices)
            assert any(n.startswith(failed) for n in result.notices), result.notices
            assert len(T.load(path).turns) == before_on_disk, "a failed save changed the file"
        else:
            assert not any(n.startswith(failed) for n in result.notices), result.notices
    broken["on"] = False
    session.close()
    saved = T.load(path)
    assert [t.text for t in saved.turns] == [t.text for t in session.transcript.turns]
    assert sum(t.role == "candidate" for t in saved.turns) == len(answers)
    assert temp_leftovers(tmp_path) == []
    count("kill.disk_faults_survived")
