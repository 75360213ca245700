"""Reports: golden Markdown in zh and en, "not assessed" for unasked topics, escaped HTML, the JSON view model,
and the `report` / `transcripts list` commands."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from interviewer import cli, report, scoring
from interviewer import transcript as T
from interviewer.transcript import Turn
from sample_transcript import sample_scorecard, sample_transcript

GOLDEN = Path(__file__).parent / "golden"
VERDICT = re.compile(r"\bhire\b|\bhiring\b|no-hire|录用|淘汰|通过面试|recommend", re.I)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_markdown_matches_golden(lang):
    text = report.render_report(sample_transcript(lang), "md")
    golden = GOLDEN / f"report_{lang}.md"
    if os.environ.get("INTERVIEWER_UPDATE_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


@pytest.mark.parametrize("lang,heading,not_assessed", [("zh", "## 各主题的表现", "未评估 — 没有问到"),
                                                        ("en", "## Topics", "not assessed — never asked")])
def test_report_speaks_the_transcript_language_and_never_scores_unasked_topics(lang, heading, not_assessed):
    view = report.build_report(sample_transcript(lang))
    assert [t.level for t in view.topics] == [3, 1, None]
    assert view.topics[2].level_label == not_assessed and view.topics[2].answers == 0
    assert (view.assessed_topics, view.total_topics, view.answers, view.scored_answers) == (2, 3, 3, 3)
    assert all(t.how for t in view.topics) and len(view.method) >= 5
    md = report.render_report(sample_transcript(lang), "md")
    assert heading in md and not VERDICT.search(md)


def test_an_asked_but_unanswered_question_is_not_assessed_and_the_report_says_unfinished():
    t = sample_transcript("en")
    t.turns[-1] = Turn(index=t.turns[-1].index, role="interviewer", text="Where do bubbles come from?", chain="c3",
                       action="switch", engine="offline")
    t.status = "in_progress"
    t.scorecard.topics[2].how = ""
    view = report.build_report(t)
    assert view.topics[2].level is None
    assert view.topics[2].level_label == "not assessed — asked, but no answer that could be assessed"
    assert view.topics[2].how == "asked, but no answer that could be assessed"
    assert "the last, unanswered question is not counted" in report.render_report(t, "md")


def test_an_empty_scorecard_is_computed_by_the_scorer(monkeypatch):
    seen = {}

    def fake(topics, assessed, lang="zh"):
        seen.update(topics=topics, levels=[a.level for a in assessed], lang=lang)
        return sample_scorecard("zh")

    monkeypatch.setattr(scoring, "build_scorecard", fake)
    view = report.build_report(sample_transcript("zh", scorecard=False))
    assert seen == {"topics": ["数据并行与梯度同步", "混合精度与数值稳定", "流水线并行与气泡"],
                    "levels": [3, 2, 1], "lang": "zh"}
    assert view.scorecard_source == "computed" and [t.level for t in view.topics] == [3, 1, None]
    assert "转录里没有保存评分表" in view.method[-1]


def test_json_view_model():
    data = json.loads(report.render_report(sample_transcript("en"), "json"))
    assert {"id", "skill", "provider", "lang", "topics", "danger_signals", "strengths", "improvements", "summary",
            "method"} <= set(data)
    first = data["topics"][0]
    assert first["level"] == 3 and first["how"] and first["evidence"][0]["verified"] is True
    assert data["danger_signals"] == [{"topic": "Mixed precision and numerical stability",
                                       "signal": "NaN → just lower the learning rate",
                                       "evidence": "when I see NaN I usually just lower the learning rate and rerun",
                                       "verified": True}]
    assert data["topics"][2]["level"] is None and data["skill"]["name"] == "distributed-training"


def test_a_quote_not_in_any_answer_is_marked():
    t = sample_transcript("en")
    t.scorecard.topics[0].evidence.append("I wrote NCCL myself")
    view = report.build_report(t)
    assert [q.verified for q in view.topics[0].evidence] == [True, True, True, False]
    assert '"I wrote NCCL myself" (not found in the answers)' in report.render_report(t, "md")


def test_html_is_self_contained_and_escapes_candidate_and_resume_text():
    t = sample_transcript("en")
    evil = "<script>alert('x')</script>"
    t.turns[1].text = evil + " " + t.turns[1].text
    t.turns[1].assessment.markers[0].evidence = evil
    t.scorecard.topics[0].evidence.append(evil)
    t.plan.candidate = '<img src=x onerror="alert(1)">'
    t.plan.chains[0].evidence[0].quote = evil + " DDP"
    t.scorecard.strengths.append("<b>bold</b>")
    html = report.render_report(t, "html")
    assert "<script" not in html.lower() and "<img" not in html and "<b>" not in html
    assert html.count("&lt;script&gt;") >= 4 and "&lt;img src=x onerror=&#34;alert(1)&#34;&gt;" in html
    clean = report.render_report(sample_transcript("zh"), "html")
    assert "<style>" in clean and not re.search(r"https?://|<link|<script|\bsrc=", clean)
    assert clean.count('class="seg on l3"') >= 3 and '<html lang="zh-CN">' in clean and not VERDICT.search(clean)


def _run(argv, capsys):
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_report_command_writes_formats_and_refuses_to_overwrite_the_transcript(tmp_path, capsys):
    path = tmp_path / "s.json"
    T.save(sample_transcript("zh"), path)
    before = path.read_bytes()
    code, out, _ = _run(["report", str(path)], capsys)
    assert code == 0 and out.startswith("# 面试报告")
    out_file = tmp_path / "r.html"
    assert _run(["report", str(path), "--format", "html", "-o", str(out_file)], capsys)[0] == 0
    assert out_file.read_text(encoding="utf-8").startswith("<!doctype html>")
    code, _, err = _run(["report", str(path), "-o", str(path)], capsys)
    assert code == 2 and "that is the transcript itself" in err and path.read_bytes() == before


@pytest.mark.parametrize("content,message", [("{", "is not a transcript (bad JSON at line 1)"),
                                             ('{"schema_version": 9}', "was written by a newer interviewer")])
def test_report_of_a_bad_transcript_is_one_line_and_leaves_it_alone(tmp_path, capsys, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    mtime = path.stat().st_mtime_ns
    code, out, err = _run(["report", str(path), "--format", "html"], capsys)
    assert code == 2 and out == "" and message in err and err.count("\n") == 1 and "Traceback" not in err
    assert path.read_text() == content and path.stat().st_mtime_ns == mtime


def test_transcripts_list_table_and_json(tmp_path, capsys):
    folder = tmp_path / "saved"
    t = sample_transcript("en")
    T.save(t, T.default_path(folder, t))
    (folder / "broken.json").write_text("nope")
    code, out, err = _run(["transcripts", "list", "--transcripts", str(folder)], capsys)
    lines = out.splitlines()
    assert code == 0 and lines[0].split() == ["FILE", "DATE", "CANDIDATE", "LANG", "PACK", "MODE", "STATUS",
                                              "ANSWERS", "LEVELS"]
    row = next(x for x in lines if x.startswith("20250301"))
    # The candidate's name (clipped to its column), then language, pack, mode, status, answers, levels.
    assert "Alex, three years o…" in row
    assert row.split()[-8:] == ["en", "distributed-training", "practice", "finished", "3", "3", "1", "·"]
    assert any("broken.json" in x and "unreadable" in x for x in lines)
    code, out, _ = _run(["transcripts", "list", "--transcripts", str(folder), "--json"], capsys)
    data = json.loads(out)
    assert {d["status"] for d in data} == {"finished", "unreadable"}
    done = next(d for d in data if d["status"] == "finished")
    # The fields scripts already read stay; the new ones are added beside them.
    assert {"id", "path", "created_at", "updated_at", "skill", "mode", "status", "lang", "answers", "levels",
            "error"} <= set(done)
    assert (done["candidate"], done["lang"], done["answers"], done["questions"], done["commands"]) == (
        "Alex, three years on an LLM training platform", "en", 3, 3, 0)
    # With no --transcripts the folder comes from INTERVIEWER_TRANSCRIPTS (conftest points it at tmp_path).
    code, out, _ = _run(["transcripts", "list"], capsys)
    assert code == 0 and out.startswith("no saved sessions in ")


def test_markdown_carries_no_raw_html_link_or_terminal_escape_from_what_people_wrote():
    t = sample_transcript("en")
    hostile = "<script>alert(1)</script> [site](javascript:alert(1)) `x` \x1b]52;c;ZXZpbA==\x07\x1b[2J done"
    cand = next(turn for turn in t.turns if turn.role == "candidate")
    cand.text = hostile
    t.plan.chains[0].evidence[0].quote = hostile
    t.plan.candidate = hostile
    if cand.assessment and cand.assessment.markers:
        cand.assessment.markers[0].evidence = hostile
    md = report.render_report(t, "md")
    assert not re.search(r"(?<!\\)<script|(?<!\\)\]\(javascript|(?<!\\)`x", md)
    assert "\x1b" not in md and "\x07" not in md
    assert r"\<script\>" in md and "done" in md


def test_html_printed_to_a_terminal_carries_no_escape_sequence_of_an_old_transcript():
    t = sample_transcript("en")
    cand = next(turn for turn in t.turns if turn.role == "candidate")
    cand.text = "TP=8\x1b]52;c;ZXZpbA==\x07 inside the node\x1b[2J"
    t.plan.candidate = "Lin\x1b]0;pwned\x07"
    html = report.render_report(t, "html")
    assert "\x1b" not in html and "\x07" not in html and "TP=8 inside the node" in html


def test_what_lifts_a_topic_is_the_feedback_of_an_answer_at_its_level():
    # Seen in an en session: a topic at 1 (answers 1, 2, 1) told "The choice is clear; now back it with numbers",
    # the feedback of its one level-2 answer.
    t = sample_transcript("en")
    first = t.scorecard.topics[0].topic
    answers = [turn.assessment for turn in t.turns if turn.assessment and turn.assessment.topic == first]
    assert [a.level for a in answers] == [3, 2] and answers[0].feedback != answers[1].feedback
    t.scorecard.topics[0].level = 2
    assert report.build_report(t).topics[0].feedback == answers[1].feedback
    t.scorecard.topics[0].level = 3
    assert report.build_report(t).topics[0].feedback == answers[0].feedback
