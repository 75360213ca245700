"""Pilot tests of the main flow: start → interview → report → history → resume, on the offline engine."""

from __future__ import annotations

from interviewer import transcript as tr
from interviewer.tui.screens.confirm import ConfirmModal
from interviewer.tui.screens.history import HistoryScreen
from interviewer.tui.screens.interview import InterviewScreen
from interviewer.tui.screens.report import ReportScreen
from interviewer.tui.screens.start import StartScreen
from interviewer.tui.widgets.answer_input import AnswerInput
from interviewer.tui.widgets.conversation_log import ConversationLog
from interviewer.tui.widgets.side_panel import SidePanel

from .conftest import SAMPLE_RESUME, screen_text, settle, transcripts_folder

ANSWERS = [
    "我用 py-spy dump 抓了所有 rank 的栈，发现 rank 17 卡在 all-reduce，因为它的 NCCL 超时；"
    "重启丢了 200 步，之后加了 NCCL flight recorder 做防线。",
    "MFU 从 38% 提到 47%：先用 nsys 看到通信暴露时间占 31%，再把 all-to-all 和计算重叠。",
    "checkpoint 改成异步分片保存，先落本地 NVMe 再上传，阻塞从 210 s 降到 11 s。",
]


def saved() -> list[tr.Transcript]:
    return [tr.load(p) for p in sorted(transcripts_folder().glob("*.json")) if not p.name.startswith(".")]


async def answer(pilot, text: str) -> None:
    pilot.app.screen.query_one(AnswerInput).load_text(text)
    await pilot.press("ctrl+s")
    await settle(pilot)


async def start_practice(pilot) -> None:
    await settle(pilot)
    assert isinstance(pilot.app.screen, StartScreen)
    await pilot.press("ctrl+s")
    await settle(pilot)
    assert isinstance(pilot.app.screen, InterviewScreen)


async def test_practice_interview_saves_every_turn_and_ends_in_the_report(make_test_app):
    app = make_test_app(resume=str(SAMPLE_RESUME))
    async with app.run_test(size=(100, 30)) as pilot:
        await start_practice(pilot)
        log = app.screen.query_one(ConversationLog)
        opening = log.entries()[0]
        assert opening.role == "interviewer" and "？" in opening.text
        [t] = saved()
        assert t.status == "in_progress" and t.turns[0].text == opening.text

        await pilot.press("ctrl+f")
        for n, text in enumerate(ANSWERS, 1):
            await answer(pilot, text)
            [t] = saved()
            answers = [x.text for x in t.turns if x.role == "candidate"]
            assert answers == ANSWERS[:n]
            # What the screen shows is what was saved: every turn, in order, word for word.
            assert [e.text for e in log.entries()] == [x.text for x in t.turns]
            assert app.screen.query_one(AnswerInput).text == ""

        side = app.screen.query_one(SidePanel)
        feedback = side.query_one("#side-feedback").content.plain
        for n in (1, 2, 3):
            assert f"答{n} " in feedback  # a zh session numbers answers in Chinese
        last = t.turns[-2].assessment
        assert last is not None and last.level is not None
        assert f"{last.level}/4" in feedback
        for hit in last.markers:
            assert hit.evidence in feedback.replace("\n", "")

        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, ReportScreen)
        [t] = saved()
        assert t.status == "finished"
        text = screen_text(app)
        for topic in t.scorecard.topics:
            assert topic.topic in text
        assert "未评估" in text  # five planned topics, at most three were asked about

        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


async def test_answer_box_takes_several_lines_and_enter_does_not_send(make_test_app):
    app = make_test_app(resume=str(SAMPLE_RESUME))
    async with app.run_test(size=(100, 30)) as pilot:
        await start_practice(pilot)
        await pilot.press(*"first", "enter", *"second")
        await settle(pilot)
        box = app.screen.query_one(AnswerInput)
        assert box.text == "first\nsecond"
        assert len(app.screen.query_one(ConversationLog).entries()) == 1
        await pilot.press("ctrl+s")
        await settle(pilot)
        [t] = saved()
        assert t.turns[1].text == "first\nsecond"


async def test_skip_hint_and_repeat_keys(make_test_app):
    app = make_test_app(resume=str(SAMPLE_RESUME))
    async with app.run_test(size=(100, 30)) as pilot:
        await start_practice(pilot)
        log = app.screen.query_one(ConversationLog)
        first = log.entries()[-1].text
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert log.entries()[-1].label == "面试官（重复）" and log.entries()[-1].text == first
        await pilot.press("ctrl+t")
        await settle(pilot)
        await pilot.press("ctrl+n")
        await settle(pilot)
        [t] = saved()
        assert [x.text for x in t.turns if x.role == "candidate"] == ["/hint", "/skip"]
        assert t.turns[-1].action == "switch" and t.turns[-1].chain != t.turns[0].chain
        assert t.turns[0].chain in t.state.skipped
        assert app.screen.query_one(SidePanel).view.chain_id == t.turns[-1].chain


async def test_history_opens_the_report_and_deletes_after_confirming(make_test_app):
    app = make_test_app(resume=str(SAMPLE_RESUME))
    async with app.run_test(size=(100, 30)) as pilot:
        await start_practice(pilot)
        await answer(pilot, ANSWERS[0])
        await answer(pilot, "/end")
        assert isinstance(app.screen, ReportScreen)
        await pilot.press("f3")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        table = app.screen.query_one("#sessions")
        assert table.row_count == 1
        row = [str(getattr(c, "plain", c)) for c in table.get_row_at(0)]
        # Candidate, language, pack, mode, status in the session's words; /end is not an answer.
        assert row[1:6] + row[7:] == ["林子航", "中文", "练习", "已结束", "1", "distributed-training"]

        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ReportScreen)
        await pilot.press("escape")
        await settle(pilot)

        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("n")
        await settle(pilot)
        assert len(saved()) == 1
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await settle(pilot)
        assert saved() == []
        assert table.row_count == 0
        assert "还没有保存的面试" in screen_text(app)


async def test_an_unfinished_session_is_offered_and_resumes_with_every_answer(make_test_app):
    first = make_test_app(resume=str(SAMPLE_RESUME))
    async with first.run_test(size=(100, 30)) as pilot:
        await start_practice(pilot)
        await answer(pilot, ANSWERS[0])
        await answer(pilot, ANSWERS[1])
    # The app went away mid-interview, as a closed terminal would leave it.

    again = make_test_app()
    async with again.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, ConfirmModal)
        assert "没有结束的面试" in screen_text(again) and "林子航" in screen_text(again)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(again.screen, InterviewScreen)
        shown = [e.text for e in again.screen.query_one(ConversationLog).entries()]
        assert ANSWERS[0] in shown and ANSWERS[1] in shown
        await answer(pilot, ANSWERS[2])
        [t] = saved()
        assert [x.text for x in t.turns if x.role == "candidate"] == ANSWERS


async def test_not_now_leaves_the_unfinished_session_for_history(make_test_app):
    first = make_test_app(resume=str(SAMPLE_RESUME))
    async with first.run_test(size=(100, 30)) as pilot:
        await start_practice(pilot)
        await answer(pilot, ANSWERS[0])

    again = make_test_app()
    async with again.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(again.screen, StartScreen)
        await pilot.press("f3")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(again.screen, InterviewScreen)
        assert ANSWERS[0] in [e.text for e in again.screen.query_one(ConversationLog).entries()]
