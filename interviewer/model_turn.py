"""How a model takes an interviewer turn and how far its score counts: the session's LLM path.

The model decides the turn, or (wording-only) words code's decision; code checks the result; a refusal is
asked again once with its exact fix; after that, or on any failure, the offline engine takes the turn.
Two refusals in one turn switch a deciding session to wording-only for good (kept in the transcript).
"""

from __future__ import annotations

import re
import re
from typing import TYPE_CHECKING

from interviewer import progress, wording
from interviewer.providers.base import Decision, TurnContext, TurnFailed
from interviewer.scoring import Assessment
from interviewer.textutil import normalize_key
from interviewer.transcript import Usage

if TYPE_CHECKING:
    from interviewer.session import Session

NO_QUESTION = "ask exactly one question: your reply has no question mark"
OFF_TARGET = "your reply does not ask what this turn is about"
COPIES = "your reply repeats the candidate's words"
FIELDS_SHOWN = "your reply holds the JSON fields: put only the question in \"reply\""
SPEAKS_AS_CANDIDATE = "you are the interviewer: your reply tells your own work as if you were the candidate"
# The interviewer claiming the work ("我是负责 130B 配置的 MFU 的。"): a small model slipping into the candidate's role.
# Or introducing itself with the candidate's biography ("你好！我叫林子航，毕业于某理工大学，有7年……经验。").
OWN_WORK = re.compile(r"我(?:们)?(?:是)?(?:负责|做了|用了|实现了|搭了|改了)|我叫(?![^。.!！]*面试官)|我(?:毕业于|有\s*\d+\s*年)|"
                      r"\bI (?:was responsible|owned|built|implemented|did|used|wrote|graduated)\b|\bmy name is\b|"
                      r"\bI(?:'ve| have) \d+ years\b|\bwe (?:built|implemented|did|used)\b", re.I)
# A decision's field names with their colon: the object's own syntax written into the words the candidate sees.
FIELDS = re.compile(r'"?\b(?:signal|action|chain|target|notes|reply)\b"?\s*[:：]\s*"')


def take_turn(session: Session, ctx: TurnContext, notices: list[str]) -> tuple[Decision, str, list[Usage]]:
    """The engine's turn, checked; (decision, engine name or "offline-fallback", every call's usage)."""
    usage: list[Usage] = []
    name = session.engine.name
    say = session._say
    word_mode = session._role() == "word"
    code: Decision | None = None
    if any(t.worded for t in ctx.history):
        # Turns code decided and a model worded are the offline policy's own: it reads their targets.
        ctx = ctx.model_copy(update={"history": [t.model_copy(update={"engine": "offline"}) if t.worded else t
                                                 for t in ctx.history]})
    try:
        if word_mode:
            code, _ = session.offline.decide(ctx)
            ctx = ctx.model_copy(update={"word": code, "wording": True})
        for attempt in range(2):
            d, u = session.engine.decide(ctx)
            usage += u
            d = ends_on_its_question(d, first=ctx.wording)
            problem = session.validate(d, ctx)
            if problem == COPIES:
                d, problem = question_alone(session, d, ctx)
            if problem is None:
                return d, name, usage
            if usage:
                usage[-1] = usage[-1].model_copy(update={"error": f"refused: {problem}"})
            if attempt == 0:
                # A decision whose words broke a rule is decided again with the exact fix; one whose signal,
                # action or chain broke one is replaced by code's, which the model then only words.
                word = ctx.word
                if word is None and session._structure_problem(d, ctx) is not None:
                    code = code or session.offline.decide(ctx)[0]
                    word = code
                ctx = ctx.model_copy(update={"word": word, "violation": fix(session, problem, d, ctx, word)})
        notices.append(say("rules_twice", name=name, problem=problem))
        if not word_mode:
            session.transcript.state.interviewer_role = "word"
            notices.append(say("word_from_now", name=name))
    except TurnFailed as e:
        usage += e.usage
        notices.append(say("call_failed", name=name, error=e))
    except Exception as e:  # noqa: BLE001 - a provider bug must cost one turn, never the session
        notices.append(say("unexpected", name=name, kind=type(e).__name__))
    finally:
        take = getattr(session.engine, "take_notices", None)
        notices += take() if take else []
    if code is None or ctx.forced_action:
        code, _ = session.offline.decide(ctx.model_copy(update={"violation": None, "word": None}))
    return code, "offline-fallback", usage

# Sentence ends: Chinese and Latin full stops, exclamation and question marks ("2.5" is not one).
_SENTENCES = re.compile(r"(?<=[。！？!?])|(?<=\.)\s+")


def the_question(text: str) -> str:
    """The one sentence of `text` that asks, when exactly one does; else ""."""
    asks = [p.strip() for p in _SENTENCES.split(text) if p and ("?" in p or "？" in p)]
    return asks[0] if len(asks) == 1 else ""


# What may follow a question and still belong to it: a closing quote or bracket.
_AFTER_QUESTION = re.compile(r"[?？][\"”」』)）]*")


def ends_on_its_question(d: Decision, first: bool = False) -> Decision:
    """A question turn ends on its question: what a model adds after the one question mark is cut.

    Small models go on after asking ("你可以分享一下……这样我就可以更好地理解你，并对你进行评估。"): more
    for the candidate to read, nothing to answer, and talk of assessing them. With no question mark, or more
    than one, the reply is left for the checks to refuse; wording code's decision (`first`), the first
    question is the one code asked for, and a model that asks on and on is cut after it.
    """
    marks = list(_AFTER_QUESTION.finditer(d.reply))
    if d.action == "end" or not marks or (len(marks) > 1 and not first):
        return d
    cut = d.reply[:marks[0].end()].strip()
    return d if cut == d.reply.strip() else d.model_copy(update={"reply": cut})


def question_alone(session: Session, d: Decision, ctx: TurnContext) -> tuple[Decision, str | None]:
    """A reply that recites the candidate's answer around its question: the question alone, if that passes.

    Small models often read the answer back before or after asking; the recitation tells the candidate
    nothing, the question may be fine. Nothing is shown before this check, so nothing is retracted.
    """
    question = the_question(d.reply)
    if not question or question == d.reply.strip():
        return d, COPIES
    alone = d.model_copy(update={"reply": question})
    problem = session.validate(alone, ctx)
    return (alone, None) if problem is None else (d, COPIES)

def fix(session: Session, problem: str, d: Decision, ctx: TurnContext, word: Decision | None) -> str:
    """The re-ask: what was wrong and exactly what to do instead."""
    from interviewer.providers.llm_prompts import about, example_question

    if word is not None and ctx.word is None:
        what = "end the interview" if word.action == "end" else f"{word.action} on {word.chain}"
        return f"{problem}. The software chose this turn: {what}" + (
            f"; ask one question about {about(ctx, word)}" if word.action != "end" else "")
    if d.action == "end":
        return f"{problem}: say goodbye in one sentence, with no question"
    topic = about(ctx, word if word is not None else (d if d.step is not None else None))
    if problem == NO_QUESTION:
        mark = "？" if ctx.lang == "zh" else "?"
        return f"{problem}: ask one question about {topic}, ending with {mark}"
    if problem == OFF_TARGET and word is not None:
        return f"{problem} ({topic}): ask this in your own words: \"{example_question(ctx, word)}\""
    if problem == COPIES:
        return f"{problem}: quote a few of their words at most and ask one question about {topic}"
    return f"{problem}: ask one question about {topic}"


def wording_problem(d: Decision, ctx: TurnContext) -> str | None:
    """What a model's words get wrong beyond the floor rules every engine keeps: an echo, the wrong language,
    or (wording code's decision) a question about something else."""
    from interviewer.providers.llm_prompts import about, example_question

    reply = d.reply.strip()
    if FIELDS.search(reply):
        return FIELDS_SHOWN
    if OWN_WORK.search(reply) and not (ctx.candidate_text and _quotes_candidate(reply, ctx.candidate_text)):
        return SPEAKS_AS_CANDIDATE
    if wording.copies(reply, ctx.candidate_text, ctx.lang):
        return COPIES
    if not wording.in_language(reply, ctx.lang):
        return f"your reply is not in {wording.language_name(ctx.lang)}"
    if ctx.word is not None and d.action != "end":
        if not wording.asks_about(reply, f"{about(ctx, ctx.word)} {example_question(ctx, ctx.word)}"):
            return OFF_TARGET
    return None


def _quotes_candidate(reply: str, answer: str) -> bool:
    """The reply's first-person words are inside a quote of the candidate's answer ("你说「我负责调度」，…")."""
    quoted = re.findall(r"[「“\"]([^」”\"]+)[」”\"]", reply)
    return any(OWN_WORK.search(q) and q.strip() in answer for q in quoted)


def bounded(raw: Assessment, checked: Assessment, reading: Assessment, lang: str) -> Assessment:
    """A model's assessment as far as code can back it, bounded both ways; ValueError when its level is off the 1-4 scale.

    A level of 9 or -3 is not a rating to clamp but a broken or steered output, so the offline reading
    stands. Up: levels 3-4 claim mechanism and judgement; with no verified quote of a marker to show for it,
    the model's level may not rise above the offline reading ("rate me level 4" quotes nothing). Down: the
    model may not erase what the offline reading found: a null level where the reading has one, or a "help",
    "refuse" or "dont_know" on an answer the reading found substance in, keeps the reading's signal and
    level (with the markers it rests on), and the reading's danger signals (each with a verified quote)
    stay. A miss the interview already acted on ("不知道", "another team did that") stays a miss: the next
    turns counted it. Feedback in another language than the interview's is replaced by the reading's.
    """
    if raw.level is not None and not 1 <= raw.level <= 4:
        raise ValueError(f"level {raw.level} is off the 1-4 scale")
    out = checked
    if out.level is not None and out.level >= 3 and not out.markers:
        out = out.model_copy(update={"level": max(min(out.level, reading.level or 1), 2)})
    substantive = reading.level is not None and reading.signal in ("answered", "thin")
    if (out.level is None and reading.level is not None) or (substantive and out.signal in progress.UNANSWERED):
        # The reading's level stands, and with it the quotes it rests on.
        shown = {normalize_key(m.marker) for m in out.markers}
        out = out.model_copy(update={"signal": reading.signal, "level": reading.level, "markers": [
            *out.markers, *(m for m in reading.markers if normalize_key(m.marker) not in shown)]})
    if reading.signal in progress.MISSES and out.signal != reading.signal:
        # The interview already answered this miss (a step down, or a switch after two): a later score
        # may not turn it into an answer, or the miss count the next turns rest on changes under them.
        level = out.level if out.markers else reading.level
        out = out.model_copy(update={"signal": reading.signal, "level": level})
    seen = {(normalize_key(x.signal), normalize_key(x.evidence)) for x in out.danger_signals}
    dangers = [*out.danger_signals, *(d for d in reading.danger_signals
                                      if (normalize_key(d.signal), normalize_key(d.evidence)) not in seen)]
    shown = {normalize_key(m.marker) for m in out.markers}
    missed = [m for m in out.missed_markers if normalize_key(m) not in shown]
    feedback = out.feedback if out.feedback and wording.in_language(out.feedback, lang) else reading.feedback
    return out.model_copy(update={"danger_signals": dangers, "missed_markers": missed, "feedback": feedback})

