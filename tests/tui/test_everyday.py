"""Everyday use in both languages, on screen: every screen of a session in one language, counts without
commands, the co-pilot's notes and edit box, the conversation after a resize, the clock after a resume, and
a start pressed before the packs are read."""

from __future__ import annotations

import threading

import pytest
from textual.widgets import Select

from interviewer import skills, turns
from interviewer import transcript as tr
from interviewer.tui.screens.copilot import CopilotScreen
from interviewer.tui.screens.edit import EditModal
from interviewer.tui.screens.interview import InterviewScreen
from interviewer.tui.screens.report import ReportScreen
from interviewer.tui.screens.start import StartScreen
from interviewer.tui.services import Services
from interviewer.tui.widgets.answer_input import AnswerInput
from interviewer.tui.widgets.conversation_log import ConversationLog
from interviewer.tui.widgets.side_panel import SidePanel
from langcheck import foreign, svg_text

from .conftest import OUR_PACK, SAMPLE_RESUME, SAMPLE_RESUME_EN, settle, transcripts_folder

ANSWER = {"zh": "我用 py-spy dump 抓了所有 rank 的栈，发现 rank 17 卡在 all-reduce，因为它的 NCCL 超时；重启丢了 200 步。",
          "en": "py-spy dump on every rank showed rank 17 stuck in all-reduce after an NCCL timeout; we lost 200 steps."}
NOTE = {"zh": "候选人说：用 torchrun 拉起，etcd 做 rendezvous；换并行度怎么加载 checkpoint 不知道",
        "en": "Candidate said: torchrun with an etcd rendezvous; did not know how to load a checkpoint after a "
              "change of parallel degree"}
RESUME = {"zh": SAMPLE_RESUME, "en": SAMPLE_RESUME_EN}


def saved() -> list[tr.Transcript]:
    return [tr.load(p) for p in sorted(transcripts_folder().glob("*.json")) if not p.name.startswith(".")]


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def people_wrote(lang: str) -> str:
    """Everything on screen that people wrote: résumé, pack, answers, the questions that quote them, paths."""
    parts = [RESUME[lang].read_text(encoding="utf-8"), str(RESUME[lang]), str(transcripts_folder()),
             (OUR_PACK / ("SKILL.md" if lang == "zh" else "SKILL.en.md")).read_text(encoding="utf-8")]
    for t in saved():
        parts += [x.text for x in t.turns] + _strings(t.plan.model_dump()) + [t.id]
        parts += [s for x in t.turns if x.assessment for s in _strings(x.assessment.model_dump())]
        parts += _strings(t.scorecard.model_dump())
    return "\n".join(parts)


class Screens:
    """What the screens showed along the way, checked for the other language at the end."""

    def __init__(self, app, lang: str) -> None:
        self.app, self.lang, self.shown = app, lang, []

    def capture(self, where: str) -> str:
        text = svg_text(self.app.export_screenshot())
        self.shown.append((where, text))
        return text

    def check(self) -> None:
        wrote = people_wrote(self.lang)
        bad = {where: sorted(foreign(text, self.lang, wrote)) for where, text in self.shown}
        assert not any(bad.values()), {k: v for k, v in bad.items() if v}


async def press(pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


async def answer(pilot, text: str) -> None:
    pilot.app.screen.query_one(AnswerInput).load_text(text)
    await press(pilot, "ctrl+s")


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_a_practice_session_speaks_one_language_on_every_screen(make_test_app, lang):
    app = make_test_app(resume=str(RESUME[lang]), lang=lang, mode="plan")
    seen = Screens(app, lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        seen.capture("start")
        await press(pilot, "ctrl+s")
        seen.capture("plan")
        await press(pilot, "p", "ctrl+f")
        assert isinstance(app.screen, InterviewScreen)
        await answer(pilot, ANSWER[lang])
        await press(pilot, "ctrl+t")  # /hint: a clarification, not a new question
        side = app.screen.query_one(SidePanel)
        [t] = saved()
        assert side.view.questions == turns.questions(t.turns) == 2
        shown = seen.capture("interview")
        assert ("问题 2/30" if lang == "zh" else "questions 2/30") in shown
        await pilot.press("ctrl+g")
        await pilot.pause()
        seen.capture("end dialog")
        await press(pilot, "y")
        assert isinstance(app.screen, ReportScreen)
        shown = seen.capture("report")
        # /hint and /end are not answers: one answer, and it was scored.
        assert ("1/1 条回答有等级" if lang == "zh" else "1/1 answers scored") in shown
        await press(pilot, "f3")
        seen.capture("history")
        await press(pilot, "f1")
        seen.capture("help")
        await press(pilot, "escape", "ctrl+p")
        seen.capture("command palette")
    seen.check()


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_a_copilot_session_reads_notes_as_notes_and_reports_to_the_manager(make_test_app, lang):
    app = make_test_app(resume=str(RESUME[lang]), lang=lang, mode="copilot")
    seen = Screens(app, lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await press(pilot, "ctrl+s", "c")
        assert isinstance(app.screen, CopilotScreen)
        await answer(pilot, NOTE[lang])
        [t] = saved()
        note = [x for x in t.turns if x.role == "candidate"][0]
        assert note.text == NOTE[lang].split("：" if lang == "zh" else ": ", 1)[1]  # stored without the lead-in
        suggestion = t.turns[-1].text
        assert "候选人说" not in suggestion and "Candidate said" not in suggestion
        log = app.screen.query_one(ConversationLog)
        assert log.entries()[-2].text == note.text
        seen.capture("co-pilot")

        await pilot.press("ctrl+l")
        await pilot.pause()
        assert isinstance(app.screen, EditModal)
        seen.capture("edit box")
        area = app.screen.query_one("TextArea")
        assert area.soft_wrap and area.text == suggestion
        area.load_text("第一行\n第二行" if lang == "zh" else "first line\nsecond line")
        await press(pilot, "enter")  # Enter adds a line in this box; it does not save
        assert isinstance(app.screen, EditModal)
        await press(pilot, "ctrl+s")
        assert saved()[0].turns[-1].text.count("\n") >= 1
        await press(pilot, "ctrl+n")
        seen.capture("other chain")
        await press(pilot, "escape", "ctrl+g", "y")
        assert isinstance(app.screen, ReportScreen)
        shown = seen.capture("manager report")
        assert ("录用建议" if lang == "zh" else "Recommendation") in shown
        await press(pilot, "end")
        shown = seen.capture("manager report, its end")
        assert ("没有覆盖到的" if lang == "zh" else "Not covered") in shown
    seen.check()


async def test_english_start_shows_the_english_pack_and_follows_a_change_of_language(make_test_app):
    en = skills.resolve(str(OUR_PACK), "en").description
    zh = skills.resolve(str(OUR_PACK), "zh").description
    app = make_test_app(lang="en")
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        text = svg_text(app.export_screenshot()).replace("\n", " ")
        assert en.split()[0] in text and zh[:6] not in text and "Skill pack" in text
        app.screen.query_one("#lang", Select).value = "zh"
        await settle(pilot)
        text = svg_text(app.export_screenshot())
        assert "技能包" in text and zh[:6] in text.replace(" ", "") and "Skill pack" not in text
        assert app.screen.query_one("#lang", Select).value == "zh"


async def test_a_resize_keeps_the_conversation_at_its_newest_turn(make_test_app):
    app = make_test_app(resume=str(SAMPLE_RESUME))
    async with app.run_test(size=(100, 30)) as pilot:
        await press(pilot, "ctrl+s")
        for _ in range(4):
            await answer(pilot, ANSWER["zh"] * 2)
        log = app.screen.query_one(ConversationLog)
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        for size in ((80, 24), (120, 40), (70, 30)):  # narrower re-wraps longer, wider shorter
            await pilot.resize_terminal(*size)
            await settle(pilot)
            await pilot.pause(0.1)
            assert log.scroll_y == log.max_scroll_y > 0, size


async def test_elapsed_goes_on_from_the_saved_turns_after_a_resume(make_test_app):
    first = make_test_app(resume=str(SAMPLE_RESUME))
    async with first.run_test(size=(100, 30)) as pilot:
        await press(pilot, "ctrl+s")
        await answer(pilot, ANSWER["zh"])
    [t] = saved()
    t.created_at = "2025-03-01T09:00:00+00:00"
    for k, turn in enumerate(t.turns):  # a question, 3 minutes to answer it, 30 s for the reply
        turn.at = ["2025-03-01T09:00:00+00:00", "2025-03-01T09:03:00+00:00", "2025-03-01T09:03:30+00:00"][k]
    tr.save(t, next(p for p in transcripts_folder().glob("*.json") if not p.name.startswith(".")))

    again = make_test_app()
    async with again.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await press(pilot, "y")
        assert isinstance(again.screen, InterviewScreen)
        assert "用时 03:30" in again.screen.query_one("#side-time").content.plain


async def test_start_pressed_before_the_packs_are_read_starts_when_they_are(make_test_app, monkeypatch):
    gate = threading.Event()
    real = Services.packs

    def slow(self):
        gate.wait(10)
        return real(self)

    monkeypatch.setattr(Services, "packs", slow)
    app = make_test_app(resume=str(SAMPLE_RESUME))
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(20):  # until the résumé is in the box (its worker does not wait for the packs)
            await pilot.pause(0.05)
            if app.screen.query_one("#resume-text").text:
                break
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert "正在读取技能包" in app.screen.query_one("#start-status").content.plain
        assert not any("先选一个技能包" in n.message for n in app._notifications)
        gate.set()
        await settle(pilot)
        assert isinstance(app.screen, InterviewScreen)


async def test_an_english_resume_gets_the_english_interview_when_no_language_is_chosen(make_test_app):
    """With the language left on auto the Start screen follows the résumé, as `plan` and `chat` do: an English one
    turns the screen and the interview English, a Chinese one pasted over it turns them back."""
    app = make_test_app(resume=str(SAMPLE_RESUME_EN))
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        assert app.screen.query_one("#lang", Select).value == "auto"
        text = svg_text(app.export_screenshot())
        assert "Skill pack" in text and "practice — you answer" in text and "跟随" not in text
        area = app.screen.query_one("#resume-text")
        area.load_text(SAMPLE_RESUME.read_text(encoding="utf-8"))
        await settle(pilot)
        assert "技能包" in svg_text(app.export_screenshot())
        area.load_text(SAMPLE_RESUME_EN.read_text(encoding="utf-8"))
        await settle(pilot)
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, InterviewScreen)
        assert app.screen.session.pack.lang == "en"
        text = svg_text(app.export_screenshot())
        assert "questions 1/30" in text and "MFU and performance profiling" in text
