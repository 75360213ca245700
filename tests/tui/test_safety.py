"""The UI never loses a session and never crashes: tiny terminals, exports that would hit a transcript, a FIFO
or a device, a disk that refuses saves (ctrl+q asks and shows the rescue copy), SIGTERM, a second writer,
and a paste over the answer limit.
"""

from __future__ import annotations

import errno
import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from interviewer import i18n
from interviewer import transcript as tr
from interviewer.session import MAX_ANSWER_CHARS
from interviewer.tui.screens.confirm import ConfirmModal
from interviewer.tui.screens.interview import InterviewScreen
from interviewer.tui.screens.plan import PlanScreen
from interviewer.tui.screens.prompt import PromptModal
from interviewer.tui.screens.start import StartScreen
from interviewer.tui.widgets.answer_input import AnswerInput
from sample_transcript import sample_transcript

from .conftest import ROOT, SAMPLE_RESUME, screen_text, settle, transcripts_folder

ANSWERS = ["我用 py-spy dump 抓了所有 rank 的栈，rank 17 卡在 all-reduce。",
           "MFU 从 38% 提到 47%：通信暴露时间占 31%，把 all-to-all 和计算重叠。",
           "checkpoint 改成异步分片保存，阻塞从 210 s 降到 11 s。"]
# Below 40×12 the text area used to raise ValueError; sizes around and far below that, and odd ones.
# Narrow but tall ones leave the answer box on screen with no room inside its border.
SIZES = [(60, 20), (45, 14), (40, 12), (39, 11), (34, 10), (30, 9), (21, 7), (12, 5), (5, 3), (2, 2), (1, 1),
         (8, 24), (5, 30), (4, 24), (3, 40), (1, 30)]


def notices(app) -> list[str]:
    return [n.message for n in app._notifications]


def sessions() -> list[Path]:
    return sorted(p for p in transcripts_folder().glob("*.json") if not p.name.startswith("."))


async def answer(pilot, text: str) -> None:
    pilot.app.screen.query_one(AnswerInput).load_text(text)
    await pilot.press("ctrl+s")
    await settle(pilot)


async def to_interview(pilot, mode: str = "practice") -> None:
    await settle(pilot)
    await pilot.press("ctrl+s")
    await settle(pilot)
    if mode != "practice":
        assert isinstance(pilot.app.screen, PlanScreen)
        await pilot.press("c")
        await settle(pilot)


async def shrink_and_grow(pilot, send: bool) -> None:
    """Every size in SIZES, an answer box emptied at each (the crash was an empty box's placeholder at width 0)."""
    app = pilot.app
    for i, (w, h) in enumerate(SIZES):
        await pilot.resize_terminal(w, h)
        await pilot.pause()
        if send:
            box = app.screen.query_one(AnswerInput)
            box.load_text(f"answer {i} at {w}x{h}: TP=8 inside the node")
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert box.text == ""
        await pilot.press("x", "enter", "backspace", "backspace")
        await pilot.pause()
        assert app.is_running and app._exception is None, (w, h, app._exception)
    await pilot.resize_terminal(100, 30)
    await pilot.pause()


@pytest.mark.parametrize("mode", ["practice", "copilot"])
async def test_shrinking_the_terminal_on_the_interview_screen_never_crashes(make_test_app, mode):
    app = make_test_app(resume=str(SAMPLE_RESUME), mode=mode)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_interview(pilot, mode)
        assert isinstance(app.screen, InterviewScreen if mode == "practice" else type(app.screen))
        await shrink_and_grow(pilot, send=True)
        await answer(pilot, ANSWERS[0])  # and the session goes on at a normal size
        [path] = sessions()
        answers = [t.text for t in tr.load(path).turns if t.role == "candidate"]
        assert answers[-1] == ANSWERS[0] and len(answers) == len(SIZES) + 1


async def test_shrinking_the_other_screens_never_crashes(make_test_app):
    app = make_test_app(offer_resume=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        app.screen.query_one("#resume-text").clear()  # the résumé box, empty, shows its placeholder
        await shrink_and_grow(pilot, send=False)
        app.show_report(sample_transcript("zh"))
        await settle(pilot)
        await shrink_and_grow(pilot, send=False)
        for key in ("f3", "f1"):
            await pilot.press("escape")
            await pilot.press(key)
            await settle(pilot)
            await shrink_and_grow(pilot, send=False)


async def test_a_narrow_terminal_hides_the_side_panel_so_the_answer_box_has_room(make_test_app):
    app = make_test_app(resume=str(SAMPLE_RESUME))
    async with app.run_test(size=(100, 30)) as pilot:
        await to_interview(pilot)
        await pilot.resize_terminal(50, 20)
        await pilot.pause()
        assert not app.screen.query_one("#side").display
        assert app.screen.query_one(AnswerInput).content_size.width >= 40
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.screen.query_one("#side").display


# --------------------------------------------------------------------------- exports


async def export_to(pilot, key: str, out: str) -> None:
    await pilot.press(key)
    await pilot.pause()
    assert isinstance(pilot.app.screen, PromptModal)
    pilot.app.screen.query_one("Input").value = out
    await pilot.press("enter")
    await settle(pilot)


async def test_report_exports_refuse_transcripts_fifos_devices_and_folders(make_test_app, tmp_path):
    t = sample_transcript("en")
    own = transcripts_folder() / f"{t.id}.json"
    tr.save(t, own)
    other = transcripts_folder() / "other.json"
    tr.save(sample_transcript("zh"), other)
    link = tmp_path / "link.md"
    link.symlink_to(other)
    fifo = tmp_path / "pipe.md"
    os.mkfifo(fifo)
    before = {p: p.read_bytes() for p in (own, other)}
    app = make_test_app(offer_resume=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.show_report(t, own)
        await settle(pilot)
        cases = {"the session's own transcript": (str(own), "transcript"),
                 "another saved transcript": (str(other), "saved transcript"),
                 "a symlink onto a transcript": (str(link), "saved transcript"),
                 "a FIFO nobody reads": (str(fifo), "not a regular file"),
                 "a device": ("/dev/null", "not a regular file"),
                 "a folder": (str(tmp_path), "folder")}
        for what, (out, reason) in cases.items():
            app._notifications.clear()
            await export_to(pilot, "m", out)  # a FIFO would block here forever if it were opened
            assert any(reason in n for n in notices(app)), (what, notices(app))
        assert all(p.read_bytes() == data for p, data in before.items())
        assert link.is_symlink() and stat.S_ISFIFO(fifo.stat().st_mode)

        good = tmp_path / "deep" / "report.md"
        await export_to(pilot, "m", str(good))
        assert stat.S_IMODE(good.stat().st_mode) == 0o600
        assert [p.name for p in good.parent.iterdir()] == ["report.md"]  # no temp file left


async def test_plan_exports_never_replace_the_resume_they_come_from(make_test_app, tmp_path):
    resume = tmp_path / "cv.md"
    resume.write_text(SAMPLE_RESUME.read_text(encoding="utf-8"), encoding="utf-8")
    app = make_test_app(resume=str(resume), mode="plan")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, PlanScreen)
        before = resume.read_bytes()
        await export_to(pilot, "m", str(resume))
        assert resume.read_bytes() == before
        assert any("résumé itself" in n for n in notices(app)), notices(app)


# --------------------------------------------------------------------------- a disk that refuses saves


def refuse_saves_of(monkeypatch, folder: Path) -> dict:
    real = os.replace
    state = {"full": True}

    def replace(src, dst, *a, **k):
        if state["full"] and Path(dst).parent == folder:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(src, dst, *a, **k)

    monkeypatch.setattr(os, "replace", replace)
    return state


async def test_ctrl_q_with_unsaved_answers_asks_and_shows_the_rescue_copy(make_test_app, monkeypatch):
    app = make_test_app(resume=str(SAMPLE_RESUME))
    async with app.run_test(size=(100, 30)) as pilot:
        await to_interview(pilot)
        refuse_saves_of(monkeypatch, transcripts_folder())
        for text in ANSWERS:
            await answer(pilot, text)
        failed = i18n.text(app.screen.session.transcript.lang, "session.save_failed", error="|").split("|")[0]
        assert any(failed in n for n in notices(app)), notices(app)
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmModal), "quit without asking while answers were unsaved"
        shown = screen_text(app)
        assert "rescue copy" in shown and "No space left on device" in shown
        rescue = Path(shown.split("rescue copy ", 1)[1].split(" (continue", 1)[0].replace("\n", ""))
        assert [t.text for t in tr.load(rescue).turns if t.role == "candidate"] == ANSWERS
        assert stat.S_IMODE(rescue.stat().st_mode) == 0o600
        await pilot.press("n")  # stay
        await settle(pilot)
        assert app.is_running and isinstance(app.screen, InterviewScreen)
        await pilot.press("ctrl+q")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
    assert app.return_code == 1


async def test_ctrl_q_saves_again_when_the_disk_came_back_and_quits_without_asking(make_test_app, monkeypatch):
    app = make_test_app(resume=str(SAMPLE_RESUME))
    async with app.run_test(size=(100, 30)) as pilot:
        await to_interview(pilot)
        state = refuse_saves_of(monkeypatch, transcripts_folder())
        await answer(pilot, ANSWERS[0])
        await answer(pilot, ANSWERS[1])
        state["full"] = False  # room again, but no answer has come since to trigger the retry
        await pilot.press("ctrl+q")
        await settle(pilot)
    assert app.return_code == 0
    [path] = sessions()
    assert [t.text for t in tr.load(path).turns if t.role == "candidate"] == ANSWERS[:2]


async def test_sigterm_secures_the_session_then_ends_the_app(make_test_app, monkeypatch):
    app = make_test_app(resume=str(SAMPLE_RESUME))
    async with app.run_test(size=(100, 30)) as pilot:
        await to_interview(pilot)
        refuse_saves_of(monkeypatch, transcripts_folder())
        await answer(pilot, ANSWERS[0])
        app.terminate(signal.SIGTERM)  # what the handler installed on a real terminal calls
        await settle(pilot)
    assert app.return_code == 128 + signal.SIGTERM
    rescues = list((Path(os.environ["XDG_STATE_HOME"]) / "interviewer" / "rescue").glob("*.json"))
    assert len(rescues) == 1
    assert [t.text for t in tr.load(rescues[0]).turns if t.role == "candidate"] == ANSWERS[:1]


async def test_an_interview_that_ends_unsaved_says_so_and_is_still_asked_about(make_test_app, monkeypatch):
    app = make_test_app(resume=str(SAMPLE_RESUME))
    async with app.run_test(size=(100, 30)) as pilot:
        await to_interview(pilot)
        refuse_saves_of(monkeypatch, transcripts_folder())
        await answer(pilot, ANSWERS[0])
        await answer(pilot, "/end")
        await settle(pilot)
        assert any("rescue copy" in n for n in notices(app)), notices(app)
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmModal)


# --------------------------------------------------------------------------- one writer


async def test_a_session_open_in_the_ui_refuses_a_resume_from_the_command_line(make_test_app, tmp_path):
    first = make_test_app(resume=str(SAMPLE_RESUME))
    async with first.run_test(size=(100, 30)) as pilot:
        await to_interview(pilot)
        await answer(pilot, ANSWERS[0])
    [path] = sessions()

    app = make_test_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("y")  # resume the unfinished session
        await settle(pilot)
        assert isinstance(app.screen, InterviewScreen)
        answers = tmp_path / "a.txt"
        answers.write_text("a second writer's answer\n---\n", encoding="utf-8")
        proc = subprocess.run([sys.executable, "-m", "interviewer", "resume", str(path), "--answers", str(answers),
                               "--provider", "offline"], capture_output=True, text=True, cwd=ROOT, timeout=60)
        assert proc.returncode == 2 and "open in another interviewer" in proc.stderr, proc.stderr
        await answer(pilot, ANSWERS[1])
    assert [t.text for t in tr.load(path).turns if t.role == "candidate"] == ANSWERS[:2]
    # Closed: the command line may have it now.
    proc = subprocess.run([sys.executable, "-m", "interviewer", "resume", str(path), "--answers", str(answers),
                           "--provider", "offline"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr


async def test_a_session_held_elsewhere_is_not_opened_in_the_ui(make_test_app):
    from interviewer.locks import SessionLock

    t = sample_transcript("en").model_copy(update={"status": "in_progress"})
    t.turns = t.turns[:2]
    path = transcripts_folder() / f"{t.id}.json"
    tr.save(t, path)
    raw = path.read_bytes()
    app = make_test_app()
    with SessionLock(path):
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            await pilot.press("y")
            await settle(pilot)
            assert not isinstance(app.screen, InterviewScreen)
            assert any("open in another interviewer" in n for n in notices(app)), notices(app)
    assert path.read_bytes() == raw


# --------------------------------------------------------------------------- a paste over the limit


async def test_an_answer_over_the_limit_stays_in_the_box_and_is_not_sent(make_test_app):
    app = make_test_app(resume=str(SAMPLE_RESUME))
    async with app.run_test(size=(100, 30)) as pilot:
        await to_interview(pilot)
        [path] = sessions()
        before = tr.load(path).turns
        long = "TP=8 " * (MAX_ANSWER_CHARS // 5) + "x"  # 20,001 characters
        assert len(long) == MAX_ANSWER_CHARS + 1
        box = app.screen.query_one(AnswerInput)
        box.load_text(long)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert box.text == long, "the paste was cleared from the box"
        assert any("20,001" in n and "20,000" in n for n in notices(app)), notices(app)  # the size and the limit
        assert tr.load(path).turns == before
        box.load_text(long[:MAX_ANSWER_CHARS])  # shortened: it goes through whole
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert [t.text for t in tr.load(path).turns if t.role == "candidate"][-1] == long[:MAX_ANSWER_CHARS].strip()
