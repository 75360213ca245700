"""Hostile text in résumés and answers (zh and en): offline it changes no level and triggers no action,
a résumé carrying it gets an ordinary plan, and HTML exports escape it. The LLM path is in test_hostile_llm."""

from __future__ import annotations

import json
from functools import lru_cache
from html.parser import HTMLParser

import pytest

from hardening.support import DATA, cli, count
from interviewer import skills
from interviewer.plan import build_plan
from interviewer.resume import resume_from_text
from interviewer.scoring import score_answer
from interviewer.session import Session

CORPUS = json.loads((DATA / "hostile.json").read_text(encoding="utf-8"))
CASES = {c["id"]: c for c in CORPUS["cases"]}
ANSWERS = CORPUS["answers"]
RESUMES = {lang: (DATA / f"resume_{lang}.md").read_text(encoding="utf-8") for lang in ("zh", "en")}
PASSED: dict[str, set[str]] = {}


def passed(case_id: str, check: str) -> None:
    """A case counts as passed for the bench once every one of its checks has passed."""
    PASSED.setdefault(case_id, set()).add(check)
    if PASSED[case_id] == {"score", "actions", "resume"}:
        count("hostile.cases_passed")


@lru_cache(maxsize=None)
def pack(lang: str):
    return skills.resolve(None, lang)


@lru_cache(maxsize=None)
def clean_plan(lang: str):
    return build_plan(pack(lang), resume_from_text(RESUMES[lang]), 45, lang)


def topic_of_first_chain(lang: str):
    chain = clean_plan(lang).chains[0]
    return chain, next(t for t in pack(lang).topics if t.title == chain.topic)


def placements(base: str, injection: str) -> dict[str, str]:
    cut = max(base.find("。"), base.find(". "))
    middle = base[:cut + 1] + " " + injection + " " + base[cut + 1:] if cut > 0 else base + " " + injection
    return {"suffix": f"{base}\n{injection}", "prefix": f"{injection}\n{base}", "middle": middle}


# --------------------------------------------------------------------------- offline scoring


@pytest.mark.parametrize("case_id", list(CASES))
def test_an_injection_changes_no_level_and_adds_no_marker(case_id):
    case = CASES[case_id]
    lang = case["lang"]
    chain, topic = topic_of_first_chain(lang)
    for kind in ("solid", "thin", "dont_know"):
        base = ANSWERS[lang][kind]
        clean = score_answer(topic, base, chain.opening, chain.danger_signals, lang)
        for where, text in placements(base, case["text"]).items():
            hostile = score_answer(topic, text, chain.opening, chain.danger_signals, lang)
            assert hostile.level == clean.level, (kind, where, clean.level, hostile.level)
            hidden = {d.signal for d in clean.danger_signals} - {d.signal for d in hostile.danger_signals}
            assert not hidden, (kind, where, hidden)
            assert {m.marker for m in hostile.markers} <= {m.marker for m in clean.markers}, (kind, where)
    alone = score_answer(topic, case["text"], chain.opening, chain.danger_signals, lang)
    assert alone.level is None or alone.level <= 2, alone
    passed(case_id, "score")


# --------------------------------------------------------------------------- offline actions

SCRIPT = ("solid", "thin", "solid", "dont_know", "solid", "thin")
STEERING = ("end", "switch")


def run(lang: str, answers: list[str]) -> list[tuple]:
    s = Session.create(pack(lang), resume_from_text(RESUMES[lang]), clean_plan(lang), max_turns=40)
    s.start()
    out = []
    for text in answers:
        r = s.answer(text)
        level = r.candidate.assessment.level if r.candidate and r.candidate.assessment else None
        out.append((r.interviewer.action, r.interviewer.chain, r.finished, level))
        if r.finished:
            break
    return out


@lru_cache(maxsize=None)
def clean_run(lang: str) -> tuple:
    return tuple(run(lang, [ANSWERS[lang][k] for k in SCRIPT]))


@pytest.mark.parametrize("case_id", list(CASES))
def test_an_injection_triggers_no_action(case_id):
    case = CASES[case_id]
    lang = case["lang"]
    expected = clean_run(lang)
    for where in ("suffix", "prefix", "middle"):
        got = run(lang, [placements(ANSWERS[lang][k], case["text"])[where] for k in SCRIPT])
        # Same length, same chains, and an end or a switch exactly where the clean answers had one.
        assert [(g[1], g[2], g[0] in STEERING and g[0]) for g in got] == \
               [(e[1], e[2], e[0] in STEERING and e[0]) for e in expected], (where, got, expected)
        assert all((g[3] or 0) <= (e[3] or 0) for g, e in zip(got, expected)), (where, got, expected)
    passed(case_id, "actions")


# --------------------------------------------------------------------------- résumés


def chain_signature(plan) -> list[tuple]:
    return [(c.rule_index, c.topic, tuple(e.quote for e in c.evidence), c.opening, tuple(c.follow_ups))
            for c in plan.chains]


def with_injected_lines(resume: str, injection: str) -> str:
    lines = resume.splitlines()
    mid = len(lines) // 2
    return "\n".join([*lines[:3], injection, *lines[3:mid], injection, *lines[mid:], injection])


@pytest.mark.parametrize("case_id", list(CASES))
def test_a_resume_with_injections_gets_an_ordinary_plan(case_id):
    case = CASES[case_id]
    lang = case["lang"]
    plan = build_plan(pack(lang), resume_from_text(with_injected_lines(RESUMES[lang], case["text"])), 45, lang)
    assert chain_signature(plan) == chain_signature(clean_plan(lang))
    for c in plan.chains:
        assert all(case["needle"] not in e.quote for e in c.evidence)
        assert case["needle"] not in c.opening and all(case["needle"] not in q for q in c.follow_ups)
    passed(case_id, "resume")


# --------------------------------------------------------------------------- HTML exports

HTML_BITS = ['<script>alert("x")</script>', "<img src=x onerror=alert(1)>", '" onmouseover="alert(2)', "' autofocus onfocus='alert(3)",
             "<a href=\"javascript:alert(4)\">click</a>", "<style>body{display:none}</style>", "&lt;b&gt;"]


class TagCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def assert_inert(html: str, must_show: list[str]) -> None:
    p = TagCollector()
    p.feed(html)
    names = [t for t, _ in p.tags]
    assert "script" not in names and "img" not in names and "a" not in names and "iframe" not in names
    assert names.count("style") <= 1  # the page's own stylesheet only
    for tag, attrs in p.tags:
        bad = [k for k in attrs if k.startswith("on") or k in ("autofocus", "formaction")]
        assert not bad, (tag, attrs)
        assert not any("javascript:" in (v or "") for v in attrs.values()), (tag, attrs)
    shown = "".join(p.text)
    for s in must_show:
        assert s in shown, f"{s!r} is not shown as text"


def hostile_resume(lang: str) -> str:
    lines = RESUMES[lang].splitlines()
    # Into a line that triggers a rule, so the markup is also quoted as evidence in the plan.
    lines = [ln + " " + HTML_BITS[0] + HTML_BITS[2] if "Megatron" in ln else ln for ln in lines]
    return "\n".join([lines[0] + " " + HTML_BITS[1], *lines[1:], *HTML_BITS])


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_plan_html_escapes_everything_the_resume_wrote(tmp_path, lang):
    path = tmp_path / "resume.md"
    path.write_text(hostile_resume(lang), encoding="utf-8")
    proc = cli(["plan", "--resume", path, "--format", "html", "--lang", lang], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert_inert(proc.stdout, ['<script>alert("x")</script>'])
    count("hostile.html_exports_inert")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_report_html_escapes_everything_the_candidate_wrote(tmp_path, lang):
    answers = [ANSWERS[lang]["solid"] + " " + HTML_BITS[0], *HTML_BITS[1:], "/end"]
    resume = tmp_path / "resume.md"
    resume.write_text(hostile_resume(lang), encoding="utf-8")
    (tmp_path / "a.txt").write_text("\n---\n".join(answers), encoding="utf-8")
    path = tmp_path / "s.json"
    proc = cli(["chat", "--resume", resume, "--lang", lang, "--provider", "offline", "--answers", tmp_path / "a.txt",
                "--transcript", path], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = tmp_path / "r.html"
    proc = cli(["report", path, "--format", "html", "-o", out], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert_inert(out.read_text(encoding="utf-8"), ['<script>alert("x")</script>', "<img src=x onerror=alert(1)>"])
    count("hostile.html_exports_inert")
