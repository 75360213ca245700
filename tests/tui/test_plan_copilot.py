"""Pilot tests of the hiring manager's side: the plan screen, its exports, and the co-pilot interview."""

from __future__ import annotations

from interviewer import transcript as tr
from interviewer.cli import main as cli_main
from interviewer.tui.fmt import unbullet
from interviewer.tui.screens.choice import ChoiceModal
from interviewer.tui.screens.copilot import CopilotScreen
from interviewer.tui.screens.edit import EditModal
from interviewer.tui.screens.plan import PlanScreen
from interviewer.tui.screens.prompt import PromptModal
from interviewer.tui.screens.report import ReportScreen
from interviewer.tui.widgets.answer_input import AnswerInput
from interviewer.tui.widgets.conversation_log import ConversationLog
from interviewer.tui.widgets.side_panel import SidePanel

from .conftest import SAMPLE_RESUME, SAMPLE_RESUME_EN, screen_text, settle, transcripts_folder


def saved() -> list[tr.Transcript]:
    return [tr.load(p) for p in sorted(transcripts_folder().glob("*.json")) if not p.name.startswith(".")]


async def open_plan(pilot) -> PlanScreen:
    await settle(pilot)
    await pilot.press("ctrl+s")
    await settle(pilot)
    assert isinstance(pilot.app.screen, PlanScreen)
    return pilot.app.screen


async def test_plan_screen_shows_chains_with_quotes_questions_markers_and_red_flags(make_test_app):
    app = make_test_app(resume=str(SAMPLE_RESUME), mode="plan")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_plan(pilot)
        text = screen_text(app)
        assert screen.plan.chains
        for chain in screen.plan.chains:
            assert chain.topic in text and chain.opening.replace("\n", "") in text.replace("\n", "")
            for e in chain.evidence:
                assert unbullet(e.quote) in text.replace("\n", "")
            for m in chain.markers:
                assert m in text.replace("\n", "") or m.replace(" ", "") in text.replace("\n", "").replace(" ", "")
        assert "答得扎实的表现" in text and "危险信号" in text


async def test_plan_markdown_and_html_exports_match_the_plan_command(make_test_app, tmp_path):
    for lang, resume in (("zh", SAMPLE_RESUME), ("en", SAMPLE_RESUME_EN)):
        app = make_test_app(resume=str(resume), mode="plan", lang=lang)
        async with app.run_test(size=(100, 30)) as pilot:
            await open_plan(pilot)
            for fmt, key in (("md", "m"), ("html", "h")):
                await pilot.press(key)
                await pilot.pause()
                prompt = app.screen
                assert isinstance(prompt, PromptModal)
                out = tmp_path / f"tui-{lang}.{fmt}"
                prompt.query_one("Input").value = str(out)
                await pilot.press("enter")
                await settle(pilot)
                cli_out = tmp_path / f"cli-{lang}.{fmt}"
                assert cli_main(["plan", "--resume", str(resume), "--lang", lang, "--format", fmt,
                                 "-o", str(cli_out)]) == 0
                assert out.read_bytes() == cli_out.read_bytes()


async def test_plan_export_default_path_is_in_the_exports_folder(make_test_app):
    app = make_test_app(resume=str(SAMPLE_RESUME), mode="plan")
    async with app.run_test(size=(100, 30)) as pilot:
        await open_plan(pilot)
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        [written] = list((transcripts_folder() / "exports").glob("plan-*.md"))
        assert written.read_text(encoding="utf-8").startswith("# ")
        assert saved() == []  # an export is not a session


async def test_copilot_edit_pick_another_chain_and_score(make_test_app):
    app = make_test_app(resume=str(SAMPLE_RESUME), mode="copilot")
    async with app.run_test(size=(120, 36)) as pilot:
        plan = (await open_plan(pilot)).plan
        await pilot.press("c")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CopilotScreen)
        log = screen.query_one(ConversationLog)
        assert log.entries()[-1].label == "建议的问题"

        await pilot.press("ctrl+l")
        await pilot.pause()
        assert isinstance(app.screen, EditModal)  # several lines, wrapped: a long question stays in view
        app.screen.query_one("TextArea").load_text("你们的 hang 是怎么发现的？")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert log.entries()[-1].text == "你们的 hang 是怎么发现的？"
        [t] = saved()
        assert t.turns[-1].text == "你们的 hang 是怎么发现的？" and t.turns[-1].engine == "manager"

        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceModal)
        await pilot.press("down", "enter")  # the second other chain
        await settle(pilot)
        [t] = saved()
        target = plan.chains[2]
        assert t.turns[-1].chain == target.id and t.turns[-1].text == target.opening
        assert log.entries()[-1].text == target.opening
        assert screen.query_one(SidePanel).view.chain_id == target.id

        await pilot.press("ctrl+o")
        assert log.entries()[-1].label == "已问"
        screen.query_one(AnswerInput).load_text(
            "他说异步分片保存：每卡一个分片先写本地 NVMe 再传对象存储，阻塞从 210 s 降到 11 s，因为不再等上传。")
        await pilot.press("ctrl+s")
        await settle(pilot)
        [t] = saved()
        cand = [x for x in t.turns if x.role == "candidate"]
        assert len(cand) == 1 and cand[0].chain == target.id and cand[0].assessment is not None
        grid = screen.query_one("#side-grid").content.plain
        assert target.topic in grid.replace("\n", "")
        assert log.entries()[-1].label == "建议的问题"
        assert log.entries()[-3].label == "已问"

        await pilot.press("ctrl+g")
        await pilot.pause()
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, ReportScreen)
        [t] = saved()
        assert t.mode == "copilot" and t.status == "finished"
