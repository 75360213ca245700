"""The plan as a hiring manager reads it: Markdown, one printable HTML file, or the JSON contract.

The printed sheet is for a person: a follow-up that repeats an earlier question is left out, the "asks
about" note appears only when it says more than the question, and two chains on one topic are told apart
by the résumé line each comes from.
"""

from __future__ import annotations

import re

from interviewer import i18n
from interviewer import questions as Q
from interviewer.errors import InterviewerError
from interviewer.plan import InterviewPlan, _plain, _tokens
from interviewer.skills import SkillPack
from interviewer.textutil import md_escape

# The words a question wraps its subject in ("can you tell me", "能具体讲讲…吗", "是怎么…的") say nothing
# about what is asked; without them "Pod 里 RDMA 网络的配置" and "…网络是怎么配置的？" read the same.
_WRAPPING = re.compile(r"can you (?:tell me|walk me through|explain)|whether|能具体讲讲|能讲讲|能说说|大概|具体|"
                       r"是怎么|怎么|是什么|什么|有哪些|哪些|多少|[的是了吗呢有？?]", re.I)
_SAME_QUESTION = 0.7  # share of words two questions have in common (of all their words) to count as one
_BASIS_ADDS = 2  # words the basis names that the question does not, for the "asks about" note to be printed


def _words(text: str) -> set[str]:
    return _tokens(_WRAPPING.sub(" ", text))


def near_same(a: str, b: str) -> bool:
    """Two questions that ask the same thing: most of their words shared."""
    x, y = _words(a), _words(b)
    if not x or not y:
        return a.strip() == b.strip()
    return len(x & y) / len(x | y) >= _SAME_QUESTION


def basis_adds(question: str, basis: str) -> bool:
    """True when the basis names something the question does not ("…(slow nodes, dropped GPUs)", "；ZeRO 的三级")."""
    return len(_words(basis) - _words(question)) >= _BASIS_ADDS


def sheet_follow_ups(chain, printed: list[str]) -> list[tuple[str, str]]:
    """(question, basis worth printing or "") for the follow-ups of `chain` a reader has not seen yet.

    follow_ups[0] is what the opening already asks; a question near one in `printed` (the openings and
    follow-ups shown before it) is left out. `printed` grows with what this chain shows.
    """
    pairs = list(zip(chain.follow_ups, chain.follow_up_basis))
    if pairs and pairs[0][1] == chain.opening_basis:
        pairs = pairs[1:]
    printed.append(chain.opening)
    out = []
    for q, b in pairs:
        if any(near_same(q, seen) for seen in printed):
            continue
        printed.append(q)
        out.append((q, b if basis_adds(q, b) else ""))
    return out


def chain_titles(plan: InterviewPlan) -> dict[str, str]:
    """chain id → its title: the topic, with the résumé line when another chain has the same topic."""
    lang = i18n.lang_of(plan.lang)
    shared = {c.topic for c in plan.chains if sum(d.topic == c.topic for d in plan.chains) > 1}
    out = {}
    for c in plan.chains:
        if c.topic in shared and c.evidence:
            quote = Q.clip(_plain(c.evidence[0].quote), 32)
            out[c.id] = i18n.text(lang, "plan_doc.title_from", topic=c.topic, quote=quote)
        else:
            out[c.id] = c.topic
    return out


def _md(text: str) -> str:
    """Résumé text is untrusted: no raw HTML, links or emphasis may come through into the Markdown."""
    return md_escape(re.sub(r"\s+", " ", text).strip())


def _view(plan: InterviewPlan, pack: SkillPack | None, esc) -> dict:
    t = i18n.section(plan.lang, "plan_doc")
    titles = chain_titles(plan)
    printed: list[str] = []  # every question already on the sheet, so none is printed twice
    chains = []
    for c in plan.chains:
        follow_ups = [{"q": esc(q), "basis": esc(b) if b else ""} for q, b in sheet_follow_ups(c, printed)]
        chains.append({
            "id": c.id, "topic": esc(titles[c.id]), "on_resume": c.on_resume,
            "evidence": [{"quote": esc(_plain(e.quote)), "line": t["line"].format(n=e.line)} for e in c.evidence],
            "basis": ", ".join(t["line"].format(n=e.line) for e in c.evidence) if c.on_resume else t["not_on_resume"],
            "opening": esc(c.opening), "opening_basis": esc(c.opening_basis),
            "follow_ups": follow_ups,
            "markers": [esc(m) for m in c.markers], "danger": [esc(d) for d in c.danger_signals],
        })
    per = plan.minutes // max(1, len(plan.chains))
    area = plan.skill.name + (f" — {pack.description}" if pack is not None and pack.description else "")
    return {
        "t": t, "lang": plan.lang,
        "candidate": [esc(x) for x in plan.candidate.splitlines() if x.strip()],
        "area": esc(area),
        "time": t["time_value"].format(minutes=plan.minutes, n=len(plan.chains), per=per,
                                       **{f"s{i}": "" if v == 1 else "s"
                                          for i, v in enumerate((plan.minutes, len(plan.chains), per), 1)}),
        "resume": t["resume_value"].format(lines=plan.resume.lines, sha=plan.resume.sha256[:12]),
        "chains": chains,
        "boxes": "　".join(f"☐ {n} {lv}" for n, lv in enumerate(t["levels"], 1)),
        "legend": " · ".join(f"{n} = {lv}" for n, lv in enumerate(t["levels"], 1)),
    }


def render_plan(plan: InterviewPlan, fmt: str, pack: SkillPack | None = None) -> str:
    """The plan as `md`, `html` (one printable self-contained file) or `json` (the contract)."""
    if fmt == "json":
        import json

        return json.dumps(plan.contract_dict(), ensure_ascii=False, indent=2) + "\n"
    from interviewer.render import render

    if fmt == "md":
        return render("plan.md.j2", **_view(plan, pack, _md))
    if fmt == "html":
        return render("plan.html.j2", **_view(plan, pack, lambda s: re.sub(r"\s+", " ", s).strip()))
    raise InterviewerError(f"unknown plan format {fmt!r} (md, json or html)")
