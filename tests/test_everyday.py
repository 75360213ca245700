"""Everyday use in both languages, without a screen: the string catalogue, counts that ignore commands, co-pilot
notes, the manager's report, line mode ending on /end, and `report` finding the newest session."""

from __future__ import annotations

import io
import json
import re
import string

import pytest

from interviewer import cli, i18n, report, turns
from interviewer import transcript as T
from interviewer import transcript_index as TI
from interviewer.commands import chat_cmd
from interviewer.notes import clean_note
from interviewer.report_manager import recommend
from interviewer.transcript import Turn
from langcheck import foreign
from sample_transcript import sample_transcript

from conftest import OUR_PACK

# ------------------------------------------------------------------------------ the catalogue


def _leaves(tree, path=()):
    if isinstance(tree, dict):
        for k, v in tree.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            yield from _leaves(v, (*path, i))
    else:
        yield path, tree


PLURALS = {"s1", "s2", "s3"}  # English plural endings ("minute{s1}"); Chinese has none


def _fields(value: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(value) if f} - PLURALS


def test_both_languages_have_the_same_keys_and_the_same_fields():
    zh, en = dict(_leaves(i18n.catalogue("zh"))), dict(_leaves(i18n.catalogue("en")))
    assert zh.keys() == en.keys()
    for path in zh:
        assert _fields(zh[path]) == _fields(en[path]), path


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_no_catalogue_string_speaks_the_other_language(lang):
    for path, value in _leaves(i18n.catalogue(lang)):
        shown = re.sub(r"\{\w*\}", " ", value)  # a {field} is filled by the program, not read
        assert not foreign(shown, lang), (path, value, foreign(shown, lang))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_help_pages_speak_their_language(lang):
    from pathlib import Path

    page = Path(i18n.__file__).parent.parent / "tui" / "screens" / f"help.{lang}.md"
    assert not foreign(page.read_text(encoding="utf-8"), lang)


def test_a_missing_key_is_an_error_not_a_blank():
    with pytest.raises(KeyError):
        i18n.text("zh", "start.no_such_key")


# ------------------------------------------------------------------------------ commands are not counted


def with_commands(lang: str = "en"):
    """The sample session with a /hint (and its clarification) and a closing /end added."""
    t = sample_transcript(lang)
    hint = [Turn(index=0, role="candidate", text="/hint", chain="c1"),
            Turn(index=0, role="interviewer", text="Put concretely: how did gradient sync work?", chain="c1",
                 action="clarify", engine="offline")]
    t.turns[1:1] = hint
    t.turns[-1:-1] = [Turn(index=0, role="candidate", text="/end", chain="c2")]
    for i, turn in enumerate(t.turns):
        turn.index = i
    return t


def test_commands_are_neither_questions_nor_answers():
    t = with_commands()
    assert len(turns.answers(t.turns)) == 3 and len(turns.commands(t.turns)) == 2
    # The opening, the follow-up and the switch: not the /hint clarification, not the goodbye.
    assert turns.questions(t.turns) == 3
    view = report.build_report(t)
    assert (view.answers, view.scored_answers, view.commands, view.questions) == (3, 3, 2, 3)
    md = report.render_report(t, "md")
    assert "3 answers; 3 of them got a level" in md and "**Candidate** (c1) · command: asked for a hint" in md


def test_a_session_that_was_only_end_lists_no_answer(tmp_path, capsys):
    t = sample_transcript("en")
    t.turns = [t.turns[0], Turn(index=1, role="candidate", text="/end", chain="c1"),
               Turn(index=2, role="interviewer", text="Thanks.", chain="c1", action="end", engine="offline")]
    T.save(t, T.default_path(tmp_path, t))
    [s] = TI.list_transcripts(tmp_path)
    assert (s.answers, s.commands, s.questions, s.candidate) == (0, 1, 1, "Alex, three years on an LLM training platform")
    assert cli.main(["transcripts", "list", "--transcripts", str(tmp_path)]) == 0
    row = capsys.readouterr().out.splitlines()[1]
    assert row.split()[-8:-3] == ["en", "distributed-training", "practice", "finished", "0"]


def test_resumed_time_counts_the_gaps_between_turns_but_not_a_long_pause():
    t = sample_transcript("en")
    stamps = ["2025-03-01T09:00:00+00:00", "2025-03-01T09:01:00+00:00", "2025-03-01T09:03:00+00:00",
              "2025-03-01T11:00:00+00:00"]  # the last after two hours away
    for turn, at in zip(t.turns, stamps[1:]):
        turn.at = at
    assert turns.active_seconds(stamps[0], t.turns[:3]) == 60 + 120 + turns.MAX_GAP_SECONDS


# ------------------------------------------------------------------------------ co-pilot notes


@pytest.mark.parametrize("note,kept", [
    ("候选人说：用 torchrun + etcd 做 rendezvous", "用 torchrun + etcd 做 rendezvous"),
    ("他说用 py-spy 抓栈，rank 17 卡住", "用 py-spy 抓栈，rank 17 卡住"),
    ("她提到换并行度怎么加载…不知道", "换并行度怎么加载…不知道"),
    ("Candidate said: we used torchrun", "we used torchrun"),
    ("He said that the step took 180 ms", "the step took 180 ms"),
    ("C: ZeRO-3 with offload\nC: 38% MFU", "ZeRO-3 with offload\n38% MFU"),
    ("他说明了 bucket 的大小", "他说明了 bucket 的大小"),  # "explained", not "he said"
    ("Candidate said:", "Candidate said:"),  # nothing after the lead-in: kept as written
    ("C++ kernels for the all-reduce", "C++ kernels for the all-reduce"),
])
def test_a_note_loses_its_lead_in(note, kept):
    assert clean_note(note) == kept


# ------------------------------------------------------------------------------ the manager's report


@pytest.mark.parametrize("levels,overall,flags,expected", [
    ([3], 3.0, 0, "not_enough"), ([3, 4, 3], 3.3, 0, "strong_hire"), ([3, 4, 3], 3.3, 1, "lean_hire"),
    ([3, 2, 3], 2.7, 1, "lean_hire"), ([3, 1, 4], 2.7, 0, "lean_no"), ([2, 2], 2.0, 0, "lean_no"),
    ([1, 2], 1.5, 0, "no_hire"), ([3, 3, 3], 3.0, 3, "no_hire"),
    # The mean is the overall level, every scored answer's: topic levels 3, 2 over answers 3, 2, 2, 2 are 2.3.
    ([3, 2], 2.3, 0, "lean_no"), ([2, 2], 2.5, 0, "lean_hire"), ([2, 2], 1.9, 0, "no_hire"),
])
def test_the_recommendation_rule(levels, overall, flags, expected):
    assert recommend(levels, overall, flags) == expected


@pytest.mark.parametrize("lang,heading,rec", [("zh", "# 面试评估（面试官用）", "## 录用建议：倾向不录用"),
                                              ("en", "# Interview assessment (for the interviewer)",
                                               "## Recommendation: lean no hire")])
def test_a_copilot_report_is_a_decision_view_for_the_interviewer(lang, heading, rec):
    t = sample_transcript(lang)
    t.mode = "copilot"
    view = report.build_report(t)
    assert view.manager is not None and view.manager.recommendation == "lean_no"  # levels 3 and 1, one red flag
    assert "2" in view.manager.basis and "3" in view.manager.basis
    assert len(view.manager.not_covered) == 1 and "c3" in view.manager.not_covered[0]
    md = report.render_report(t, "md")
    assert md.startswith(heading) and rec in md
    L = i18n.section(lang, "report")
    # Not addressed to the candidate: no practice items, no "to reach the next level".
    assert L["improvements"] not in md and L["feedback"] not in md and L["m_not_covered"] in md
    html = report.render_report(t, "html")
    assert L["m_title"] in html and view.manager.recommendation_label in html
    assert json.loads(report.render_report(t, "json"))["manager"]["recommendation"] == "lean_no"


def test_a_practice_report_gives_no_recommendation():
    view = report.build_report(sample_transcript("en"))
    assert view.manager is None
    assert "Recommendation" not in report.render_report(sample_transcript("en"), "md")


def test_an_unassessed_topic_is_worded_one_way_in_its_label_and_its_how():
    t = sample_transcript("en")
    t.turns[-1] = Turn(index=t.turns[-1].index, role="interviewer", text="Where do bubbles come from?", chain="c3",
                       action="switch", engine="offline")
    t.status = "in_progress"
    t.scorecard.topics[2].how = "not assessed: never asked"  # what the scorecard says from answers alone
    topic = report.build_report(t).topics[2]
    assert topic.level_label == "not assessed — asked, but no answer that could be assessed"
    assert topic.how == "asked, but no answer that could be assessed"


def test_the_candidate_line_separates_name_and_headline():
    t = sample_transcript("en")
    t.plan.candidate = "Alex Chen\nML Infrastructure Engineer, 3 years"
    assert "**Candidate**: Alex Chen — ML Infrastructure Engineer, 3 years" in report.render_report(t, "md")
    assert "Alex Chen — ML Infrastructure Engineer, 3 years" in report.render_report(t, "html")


# ------------------------------------------------------------------------------ line mode


def session_for(lang: str, tmp_path):
    from interviewer import skills
    from interviewer.plan import build_plan
    from interviewer.resume import load_resume
    from interviewer.session import Session
    from interviewer.transcript import TranscriptStore

    pack = skills.resolve(str(OUR_PACK), lang)
    resume = load_resume(OUR_PACK / ("sample-resume.md" if lang == "zh" else "sample-resume.en.md"))
    s = Session.create(pack, resume, build_plan(pack, resume, 45, lang))
    s.store = TranscriptStore(tmp_path / "s.json")
    return s


def test_line_mode_stops_reading_at_end(tmp_path, monkeypatch):
    asked = []

    def terminal(prompt, more="... "):
        asked.append(prompt)
        yield "/end"
        asked.append(prompt)  # a second prompt after /end would wait for an answer that is dropped
        yield "this is never read"

    monkeypatch.setattr(chat_cmd, "read_terminal", terminal)
    session = session_for("en", tmp_path)
    out = io.StringIO()
    assert chat_cmd.run(session, None, feedback=False, out=out) == 0
    assert asked == ["you> "] and session.finished
    assert "this is never read" not in json.dumps(T.load(tmp_path / "s.json").model_dump())
    assert out.getvalue().rstrip().endswith(f"report: interviewer report {tmp_path / 's.json'}")


def test_scripted_answers_after_end_are_counted_not_dropped_silently(tmp_path, capsys):
    session = session_for("zh", tmp_path)
    out = io.StringIO()
    chat_cmd.run(session, iter(["我用 py-spy 抓栈，发现 rank 17 卡在 all-reduce。", "/end", "多出来的一条", "又一条"]),
                 feedback=True, out=out)
    assert "后面还有 2 条回答没有用上" in capsys.readouterr().err
    shown = out.getvalue()
    # Line mode speaks the session's language: prompts, the level with its signal in words, the closing lines.
    assert "面试官> " in shown and "已保存：" in shown and "interviewer> " not in shown
    assert re.search(r"· \d 级（[^）a-z_]+）", shown) and not re.search(r"\((?:thin|answered|not_mine)\)", shown)
    assert "未评估" not in shown  # /end is a command, not an answer to give feedback on


# ------------------------------------------------------------------------------ report finds the session


def three_sessions(folder):
    out = []
    for k, (lang, stamp) in enumerate([("en", "2025-03-01T09:00:00+00:00"), ("zh", "2025-03-03T09:00:00+00:00"),
                                       ("en", "2025-03-02T09:00:00+00:00")]):
        t = sample_transcript(lang).model_copy(update={"id": f"2025030{k + 1}-090000-abc12{k}", "updated_at": stamp})
        T.save(t, T.default_path(folder, t))
        out.append(t)
    return out


def test_report_with_no_argument_opens_the_newest_session(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("INTERVIEWER_TRANSCRIPTS", str(tmp_path))
    three_sessions(tmp_path)
    assert cli.main(["report"]) == 0
    got = capsys.readouterr()
    assert got.out.startswith("# 面试报告") and "20250302-090000-abc121" in got.err  # the zh one is newest


def test_report_list_numbers_the_sessions_and_report_n_opens_one(tmp_path, capsys):
    three_sessions(tmp_path)
    assert cli.main(["report", "--list", "--transcripts", str(tmp_path)]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].split()[:3] == ["N", "FILE", "DATE"]
    assert [r.split()[:2] for r in rows[1:]] == [["1", "20250302-090000-abc121.json"],
                                                 ["2", "20250303-090000-abc122.json"],
                                                 ["3", "20250301-090000-abc120.json"]]
    assert cli.main(["report", "2", "--transcripts", str(tmp_path), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["id"] == "20250303-090000-abc122"
    assert cli.main(["report", "9", "--transcripts", str(tmp_path)]) == 2
    assert "numbers them 1 to 3" in capsys.readouterr().err


def test_report_with_no_session_saved_says_where_it_looked(tmp_path, capsys):
    assert cli.main(["report", "--transcripts", str(tmp_path / "none")]) == 2
    err = capsys.readouterr().err
    assert "no saved sessions in" in err and err.count("\n") == 1
