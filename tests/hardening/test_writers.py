"""One session, one writer, nothing lost: concurrent writers, symlinked and read-only transcripts, a full disk.

Concurrent writers run as real processes (`interviewer resume`); the second is refused before it reads
the file, with one line naming it. A save that fails ends the command non-zero with the path of a
rescue copy that holds every answer, while the transcript keeps its last good save.
"""

from __future__ import annotations

import errno
import io
import os
import stat
import subprocess
import sys
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from hardening.support import DATA, ROOT, assert_refused, cli, count
from interviewer import cli as cli_module
from interviewer import transcript as T
from interviewer.errors import TranscriptError
from interviewer.locks import SessionLock, lock_path

RESUME = DATA / "resume_en.md"


def answers_text(tag: str, n: int) -> list[str]:
    return [f"{tag} answer {i}: we sharded optimizer states with ZeRO-1 and ran TP=8 inside the node."
            for i in range(n)]


def script(answers: list[str]) -> str:
    return "".join(f"{a}\n---\n" for a in answers)


def candidate_texts(path: Path) -> list[str]:
    return [t.text for t in T.load(path).turns if t.role == "candidate"]


def unfinished_session(folder: Path, name: str = "s.json") -> Path:
    """A saved session with one answer and a question waiting: what a killed or stopped chat leaves."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    proc = cli(["chat", "--lang", "en", "--resume", RESUME, "--provider", "offline", "--transcript", path,
                "--max-turns", "60"], stdin=script(answers_text("first", 1)))
    assert proc.returncode == 0, proc.stderr
    assert T.load(path).status == "in_progress"
    return path


def start_resume(path: Path, *extra: str) -> subprocess.Popen:
    """`interviewer resume PATH` reading its answers from a pipe we keep open: it holds the session meanwhile."""
    return subprocess.Popen([sys.executable, "-m", "interviewer", "resume", str(path), "--provider", "offline",
                             *extra], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=ROOT)


def wait_for(predicate, timeout: float = 30.0, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def finish(proc: subprocess.Popen, answers: list[str]) -> tuple[int, str, str]:
    out, err = proc.communicate(script(answers).encode("utf-8"), timeout=60)
    return proc.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


# --------------------------------------------------------------------------- concurrent writers


def test_a_second_resume_is_refused_while_the_first_holds_the_session_and_no_answer_is_lost(tmp_path):
    path = unfinished_session(tmp_path / "t")
    before = candidate_texts(path)
    first = start_resume(path)
    mine = answers_text("holder", 3)
    first.stdin.write(script(mine[:1]).encode())
    first.stdin.flush()
    wait_for(lambda: len(candidate_texts(path)) == len(before) + 1, what="the holder's first answer on disk")

    other = tmp_path / "other.txt"
    other.write_text(script(answers_text("intruder", 2)), encoding="utf-8")
    second = cli(["resume", path, "--answers", other, "--provider", "offline"])
    assert_refused(second, str(path))
    assert "open in another interviewer" in second.stderr and f"process {first.pid}" in second.stderr
    count("writers.second_writer_refused")

    code, out, err = finish(first, mine[1:])
    assert code == 0, err
    assert candidate_texts(path) == before + mine
    assert not lock_path(path).exists(), "the lock file outlived its session"
    # Once the holder is gone, the same command goes through.
    assert cli(["resume", path, "--answers", other, "--provider", "offline"]).returncode == 0
    assert candidate_texts(path)[-2:] == answers_text("intruder", 2)


def test_of_six_writers_started_at_once_exactly_one_writes_and_the_others_are_refused(tmp_path):
    path = unfinished_session(tmp_path / "t")
    before = candidate_texts(path)
    procs = [start_resume(path) for _ in range(6)]
    wait_for(lambda: sum(p.poll() is not None for p in procs) >= 5, what="five of six writers to be refused")
    time.sleep(0.3)
    alive = [p for p in procs if p.poll() is None]
    assert len(alive) == 1, [p.returncode for p in procs]
    for p in procs:
        if p is not alive[0]:
            err = p.stderr.read().decode()
            assert p.returncode == 2 and err.count("\n") == 1 and str(path) in err and "Traceback" not in err, err
            p.stdout.close()
            p.stdin.close()
            p.stderr.close()
    mine = answers_text("winner", 4)
    code, _, err = finish(alive[0], mine)
    assert code == 0, err
    assert candidate_texts(path) == before + mine
    count("writers.second_writer_refused", 5)


def test_chat_twice_on_one_transcript_path_only_one_saves(tmp_path):
    path = tmp_path / "same.json"
    a = subprocess.Popen([sys.executable, "-m", "interviewer", "chat", "--lang", "en", "--resume", str(RESUME),
                          "--provider", "offline", "--transcript", str(path)], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    wait_for(lambda: path.exists(), what="the first chat's file")
    b = cli(["chat", "--lang", "en", "--resume", RESUME, "--provider", "offline", "--transcript", path],
            stdin=script(answers_text("b", 2)))
    assert_refused(b, str(path))
    code, _, err = finish(a, answers_text("a", 2))
    assert code == 0, err
    assert candidate_texts(path) == answers_text("a", 2)


def test_a_killed_writer_leaves_the_session_free(tmp_path):
    path = unfinished_session(tmp_path / "t")
    holder = start_resume(path)
    wait_for(lambda: lock_path(path).exists(), what="the lock")
    holder.kill()
    holder.communicate(timeout=30)
    # The kernel dropped the lock with the process; the stale sidecar does not block anyone.
    proc = cli(["resume", path, "--provider", "offline"], stdin=script(answers_text("after", 1)))
    assert proc.returncode == 0, proc.stderr
    assert candidate_texts(path)[-1] == answers_text("after", 1)[0]


def test_the_lock_refuses_a_second_holder_in_the_same_process_too(tmp_path):
    path = tmp_path / "x.json"
    with SessionLock(path):
        with pytest.raises(TranscriptError, match="open in another interviewer"):
            SessionLock(path).acquire()
    with SessionLock(path):  # released: free again
        pass
    assert not lock_path(path).exists()


# --------------------------------------------------------------------------- symlinks and read-only files


def test_resume_through_a_symlink_writes_the_target_and_keeps_the_link(tmp_path):
    path = unfinished_session(tmp_path / "real")
    link = tmp_path / "link.json"
    link.symlink_to(path)
    before = candidate_texts(path)
    proc = cli(["resume", link, "--provider", "offline"], stdin=script(answers_text("via-link", 2)))
    assert proc.returncode == 0, proc.stderr
    assert link.is_symlink() and link.resolve() == path.resolve()
    assert candidate_texts(path) == before + answers_text("via-link", 2)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    # Both names share one lock: a writer through the target refuses one through the link.
    holder = start_resume(path)
    try:
        wait_for(lambda: lock_path(path).exists(), what="the lock")
        assert_refused(cli(["resume", link, "--provider", "offline"], stdin=script(["x"])), str(path))
    finally:
        finish(holder, [])


@pytest.mark.parametrize("mode", [0o400, 0o444, 0o500])
def test_a_read_only_transcript_is_refused_and_left_as_it_is(tmp_path, mode):
    path = unfinished_session(tmp_path / "t")
    path.chmod(mode)
    raw = path.read_bytes()
    proc = cli(["resume", path, "--provider", "offline"], stdin=script(answers_text("x", 1)))
    assert_refused(proc, str(path))
    assert "read-only" in proc.stderr
    assert path.read_bytes() == raw and stat.S_IMODE(path.stat().st_mode) == mode
    count("writers.read_only_refused")


def test_a_transcript_made_read_only_mid_session_is_not_replaced(tmp_path, monkeypatch, capsys):
    path = unfinished_session(tmp_path / "t")
    saved = path.read_bytes()
    answers = iter(answers_text("late", 3))

    def after_first():
        yield next(answers)
        path.chmod(0o444)  # someone protects the file while the session runs
        yield from answers

    monkeypatch.setattr("interviewer.commands.chat_cmd._answer_source", lambda _: after_first())
    code = cli_module.main(["resume", str(path), "--provider", "offline"])
    err = capsys.readouterr().err
    assert code == 1
    assert T.load(path).turns and path.read_bytes() != saved  # the first answer was saved before
    assert stat.S_IMODE(path.stat().st_mode) == 0o444, "the read-only file was replaced and re-moded"
    rescue = rescue_path(err)
    assert candidate_texts(rescue)[-3:] == answers_text("late", 3)


# --------------------------------------------------------------------------- a full disk


def rescue_path(stderr: str) -> Path:
    line = next(ln for ln in stderr.splitlines() if "rescue copy" in ln)
    return Path(line.split("rescue copy ", 1)[1].split(" (continue", 1)[0])


def run_main(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli_module.main([str(a) for a in args])
    return code, out.getvalue(), err.getvalue()


def full_disk(monkeypatch, folder: Path, after: int, call: str = "write", code: int = errno.ENOSPC):
    """Make writes of new files in `folder` fail with `code` after the first `after` (the rest of the disk is fine).

    Returns a function that gives the disk its room back.
    """
    real_open, real_call = os.open, getattr(os, call)
    state = {"created": 0, "fds": set()}

    def opening(p, flags, *a, **k):
        fd = real_open(p, flags, *a, **k)
        if str(p).startswith(str(folder)) and flags & os.O_CREAT:
            state["created"] += 1  # the write probe, the lock file, then one temp file per save
            if state["created"] > after:
                state["fds"].add(fd)
        return fd

    def failing(fd, *a, **k):
        if fd in state["fds"]:
            state["fds"].discard(fd)
            raise OSError(code, os.strerror(code))
        return real_call(fd, *a, **k)

    monkeypatch.setattr(os, "open", opening)
    monkeypatch.setattr(os, call, failing)

    def heal() -> None:
        monkeypatch.setattr(os, "open", real_open)
        monkeypatch.setattr(os, call, real_call)

    return heal


@pytest.mark.parametrize("call, code", [("write", errno.ENOSPC), ("fsync", errno.EIO), ("write", errno.EDQUOT)])
def test_a_full_disk_ends_chat_non_zero_with_a_rescue_copy_holding_every_answer(tmp_path, monkeypatch, call, code):
    folder = tmp_path / "sessions"
    path = folder / "s.json"
    answers = tmp_path / "answers.txt"
    mine = answers_text("full", 6)
    answers.write_text(script(mine), encoding="utf-8")
    heal = full_disk(monkeypatch, folder.resolve(), after=4, call=call, code=code)
    rc, out, err = run_main(["chat", "--lang", "en", "--resume", RESUME, "--provider", "offline", "--transcript", path,
                             "--answers", answers, "--max-turns", "60"])
    assert rc == 1, err
    assert "can go on" not in out and "saved:" not in out
    lines = [ln for ln in err.splitlines() if "rescue copy" in ln]
    assert len(lines) == 1 and str(path) in lines[0] and os.strerror(code) in lines[0], err
    rescue = rescue_path(err)
    assert rescue.is_file() and stat.S_IMODE(rescue.stat().st_mode) == 0o600
    assert str(rescue).startswith(str(tmp_path / "xdg-state"))  # $XDG_STATE_HOME/interviewer/rescue
    assert candidate_texts(rescue) == mine
    # The transcript itself still holds its last good save, whole.
    on_disk = T.load(path)
    assert [t.text for t in on_disk.turns] == [t.text for t in T.load(rescue).turns][:len(on_disk.turns)]
    # And the rescue copy goes on like any session.
    more = tmp_path / "more.txt"
    more.write_text(script(["after the rescue: we checkpoint every 500 steps.", "/end"]), encoding="utf-8")
    heal()
    rc, _, err = run_main(["resume", rescue, "--answers", more, "--provider", "offline"])
    assert rc == 0, err
    assert T.load(rescue).status == "finished"
    count("writers.disk_full_rescued")


def test_a_disk_that_comes_back_mid_session_saves_everything_and_exits_0(tmp_path, monkeypatch):
    folder = tmp_path / "sessions"
    path = folder / "s.json"
    answers = tmp_path / "answers.txt"
    mine = answers_text("flaky", 6)
    answers.write_text(script(mine), encoding="utf-8")
    # Saves 3 to 5 fail, then the disk has room again.
    calls = {"n": 0}
    real_replace = os.replace

    def replace(src, dst, *a, **k):
        if str(dst) == str(path):
            calls["n"] += 1
            if 3 <= calls["n"] <= 5:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_replace(src, dst, *a, **k)

    monkeypatch.setattr(os, "replace", replace)
    rc, out, err = run_main(["chat", "--lang", "en", "--resume", RESUME, "--provider", "offline", "--transcript", path,
                             "--answers", answers, "--max-turns", "60"])
    assert rc == 0, err
    assert "could not save the session" in err  # said at the time
    assert "rescue copy" not in err
    assert candidate_texts(path) == mine


def test_when_the_state_folder_is_unusable_the_rescue_goes_to_a_temp_folder(tmp_path, monkeypatch):
    (tmp_path / "xdg-state").write_text("a file where the state folder should be")
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)  # re-read TMPDIR
    folder = tmp_path / "sessions"
    path = folder / "s.json"
    full_disk(monkeypatch, folder.resolve(), after=1)
    answers = tmp_path / "answers.txt"
    answers.write_text(script(answers_text("tmp", 3)), encoding="utf-8")
    rc, _, err = run_main(["chat", "--lang", "en", "--resume", RESUME, "--provider", "offline", "--transcript", path,
                           "--answers", answers])
    assert rc == 1
    rescue = rescue_path(err)
    assert str(rescue).startswith(str(tmp_path / "tmp"))
    assert stat.S_IMODE(rescue.parent.stat().st_mode) == 0o700 and stat.S_IMODE(rescue.stat().st_mode) == 0o600
    assert candidate_texts(rescue) == answers_text("tmp", 3)


def test_when_nothing_can_be_written_the_command_says_the_answers_are_lost(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))
    path = tmp_path / "sessions" / "s.json"
    real_replace = os.replace
    saves = {"n": 0}

    def replace(src, dst, *a, **k):
        saves["n"] += 1
        if saves["n"] > 1:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_replace(src, dst, *a, **k)

    monkeypatch.setattr(os, "replace", replace)
    answers = tmp_path / "answers.txt"
    answers.write_text(script(answers_text("lost", 2)), encoding="utf-8")
    rc, out, err = run_main(["chat", "--lang", "en", "--resume", RESUME, "--provider", "offline", "--transcript", path,
                             "--answers", answers])
    assert rc == 1 and "nor a rescue copy" in err and "can go on" not in out
