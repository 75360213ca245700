"""Units of the UI: CJK-aware wrapping, level bars, the paste route on Start, the settings loader of `tui`."""

from __future__ import annotations

import argparse

import pytest
from rich.cells import cell_len
from rich.text import Text
from textual import events

from interviewer.commands import tui_cmd
from interviewer.tui.screens.start import StartScreen
from interviewer.tui.services import Services
from interviewer.tui.widgets.level_bar import level_text
from interviewer.tui.widgets.wrap_text import break_offsets, wrap

from .conftest import SAMPLE_RESUME_EN, settle, transcripts_folder

MIXED = "「我用 py-spy dump 抓了所」——顺着这个往下问。关于「怎么发现与用时」，能讲一次你亲身处理过的真实情况吗？"


@pytest.mark.parametrize("text", [
    MIXED,
    "all-reduce 的通信量约为 2(N-1)/N 倍梯度大小，在 64 张 A100 上实测一步约 180ms。",
    "plain English words that need wrapping at spaces only, like any other terminal text",
    "一二三四五六七八九十" * 6,
    "averyveryverylongwordwithoutanyspacesatallthatmustbefolded 然后中文",
])
@pytest.mark.parametrize("width", [7, 20, 33, 46])
def test_wrap_fits_the_width_and_keeps_every_character(text, width):
    lines = wrap(Text(text), width).plain.split("\n")
    assert all(cell_len(line) <= width for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_wrap_fills_lines_after_a_latin_word_instead_of_jumping():
    lines = wrap(Text(MIXED), 33).plain.split("\n")
    assert lines[0] == "「我用 py-spy dump 抓了所」——顺着"
    assert all(cell_len(line) >= 28 for line in lines[:-1])


@pytest.mark.parametrize("width", [9, 12, 21])  # narrower than a clause folds it anywhere
def test_closing_punctuation_never_starts_a_line_and_opening_never_ends_one(width):
    for line in wrap(Text(MIXED), width).plain.split("\n"):
        assert line[:1] not in "，。」；：？！、"
        assert line[-1:] not in "「（《“"


def test_break_offsets_respects_explicit_newlines_and_styles():
    t = Text("第一行很长很长很长很长\n第二行")
    t.stylize("bold", 0, 3)
    out = wrap(t, 8)
    assert out.plain.split("\n") == ["第一行很", "长很长很", "长很长", "第二行"]
    assert out.spans and out.spans[0].style == "bold"
    assert break_offsets("short", 80) == []


@pytest.mark.parametrize("level,bar,label", [(None, "········", "not assessed"), (1, "██░░░░░░", "1/4"),
                                             (3, "██████░░", "3/4"), (4, "████████", "4/4")])
def test_level_text_never_draws_zero_for_not_assessed(level, bar, label):
    plain = level_text(level).plain
    assert plain.startswith(bar) and plain.endswith(label)


async def test_a_paste_on_start_goes_into_the_resume_box(make_test_app):
    app = make_test_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        assert app.focused is app.screen.query_one("#packs")
        text = SAMPLE_RESUME_EN.read_text(encoding="utf-8")
        app.focused.post_message(events.Paste(text))
        await pilot.pause()
        area = app.screen.query_one("#resume-text")
        assert area.text == text and app.focused is area


def _tui_args(**kw) -> argparse.Namespace:
    base = dict(skill=None, skills_dir=None, lang=None, resume=None, provider=None, model=None, base_url=None,
                mode="practice", transcripts=None)
    return argparse.Namespace(**{**base, **kw})


def test_a_provider_without_its_key_falls_back_to_offline_with_the_reason():
    settings, error = tui_cmd._settings(_tui_args(provider="anthropic"))
    assert settings.provider == "offline"
    assert "ANTHROPIC_API_KEY" in error


def test_settings_are_read_once_by_the_loader_and_describe_what_to_set():
    calls = []

    def loader():
        calls.append(1)
        return tui_cmd._settings(_tui_args())

    services = Services(transcripts=transcripts_folder(), settings_loader=loader)
    assert services.provider_text()[0] == "reading the settings…"
    services.resolve_settings()
    services.resolve_settings()
    used, how = services.provider_text()
    assert calls == [1] and "offline" in used and "ANTHROPIC_API_KEY" in how
    engine, scorer = services.engines()
    assert engine.name == "offline" and scorer.name == "offline"


def test_tui_needs_a_terminal(capsys):
    assert tui_cmd.tui_cmd(_tui_args()) == 2
    assert "interviewer chat" in capsys.readouterr().err


def test_delete_refuses_files_outside_the_transcripts_folder(tmp_path):
    from interviewer.errors import TranscriptError

    other = tmp_path / "elsewhere.json"
    other.write_text("{}")
    with pytest.raises(TranscriptError):
        Services(transcripts=transcripts_folder()).delete(other)
    assert other.exists()
