"""One snapshot per screen at a fixed size, offline engine, frozen clock, no cursor blink.

Update the baselines with `make snapshot-update` after a deliberate change, and look at the diff.
"""

from __future__ import annotations

import time

import pytest

from interviewer import transcript as tr
from interviewer.tui.widgets.answer_input import AnswerInput
from sample_transcript import sample_transcript

from .conftest import ROOT, settle, transcripts_folder

RESUME = "skills/distributed-training/sample-resume.md"  # relative, so the path shown is the same in any clone
# Answers the headline opening (the MFU baseline), so the screens show an interview that follows on.
ANSWER = ("基线是优化前同样 2048 卡、同样序列长度的 MFU 38%，按 6N 乘每秒 token 数除以峰值算；"
          "提升主要来自通信与计算重叠，暴露的 all-reduce 从 20% 降到 6%。")


@pytest.fixture(autouse=True)
def fixed_place(monkeypatch):
    """Run from the project root in UTC, so paths and dates on screen are the same everywhere."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


async def to_screen(pilot, *keys: str) -> None:
    await settle(pilot)
    for key in keys:
        await pilot.press(key)
        await settle(pilot)
    pilot.app.clear_notifications()
    await pilot.pause()


async def type_answer(pilot, text: str) -> None:
    pilot.app.screen.query_one(AnswerInput).load_text(text)
    await pilot.press("ctrl+s")
    await settle(pilot)


def test_start(snap_compare, make_test_app):
    app = make_test_app(resume=RESUME)
    assert snap_compare(app, terminal_size=(80, 24), run_before=to_screen)


def test_start_light_theme(snap_compare, make_test_app):
    app = make_test_app(resume=RESUME, theme="textual-light", lang="en", mode="copilot")
    assert snap_compare(app, terminal_size=(80, 24), run_before=to_screen)


def test_plan(snap_compare, make_test_app):
    app = make_test_app(resume=RESUME, mode="plan")

    async def run(pilot):
        await to_screen(pilot, "ctrl+s")

    assert snap_compare(app, terminal_size=(100, 30), run_before=run)


def test_interview_with_feedback(snap_compare, make_test_app):
    app = make_test_app(resume=RESUME)

    async def run(pilot):
        await to_screen(pilot, "ctrl+s")
        await type_answer(pilot, ANSWER)
        await to_screen(pilot, "ctrl+f")

    assert snap_compare(app, terminal_size=(100, 30), run_before=run)


def test_interview_at_80x24(snap_compare, make_test_app):
    app = make_test_app(resume=RESUME)

    async def run(pilot):
        await to_screen(pilot, "ctrl+s")
        await type_answer(pilot, ANSWER)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run)


def test_copilot(snap_compare, make_test_app):
    app = make_test_app(resume=RESUME, mode="copilot")

    async def run(pilot):
        await to_screen(pilot, "ctrl+s", "c")
        await type_answer(pilot, "他说基线是优化前的 MFU 38%，按 6N 乘 token 吞吐除以峰值算。")
        pilot.app.clear_notifications()

    assert snap_compare(app, terminal_size=(100, 30), run_before=run)


def test_end_confirmation(snap_compare, make_test_app):
    app = make_test_app(resume=RESUME)

    async def run(pilot):
        await to_screen(pilot, "ctrl+s", "ctrl+g")

    assert snap_compare(app, terminal_size=(80, 24), run_before=run)


def test_report(snap_compare, make_test_app):
    app = make_test_app(offer_resume=False)

    async def run(pilot):
        await settle(pilot)
        pilot.app.show_report(sample_transcript("zh"))
        await to_screen(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run)


def test_history(snap_compare, make_test_app, monkeypatch):
    folder = transcripts_folder()
    monkeypatch.chdir(folder.parent)  # the folder is shown relative to the working folder: "transcripts"
    done = sample_transcript("zh")
    tr.save(done, folder / f"{done.id}.json")
    open_one = sample_transcript("en", scorecard=False).model_copy(update={
        "id": "20250302-100000-def456", "status": "in_progress", "updated_at": "2025-03-02T10:00:00+00:00"})
    open_one.turns = open_one.turns[:4]
    tr.save(open_one, folder / f"{open_one.id}.json")
    app = make_test_app(offer_resume=False)

    async def run(pilot):
        await to_screen(pilot, "f3")

    assert snap_compare(app, terminal_size=(80, 24), run_before=run)


def test_help(snap_compare, make_test_app):
    app = make_test_app()
    assert snap_compare(app, terminal_size=(80, 24), run_before=lambda pilot: to_screen(pilot, "f1"))
