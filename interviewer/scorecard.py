"""The session's Scorecard: per topic the level the candidate showed consistently, with its best and weakest answers.

A topic's level is the median of its assessed answers, not the best one: one strong answer among weak ones (or one
over-scored answer) does not set the headline, and an honest beginner's card stays below a candidate who knows the
names. With an even number of answers the median falls between two levels; it takes the upper one only when an
answer at that level showed a sign of a solid answer with its quote (a level needs evidence), else the lower.

The card's overall level is the mean of every assessed answer's level, to one decimal. Whole topic levels over two
or three topics tie often, and a tie hides which of two candidates did better; the mean of all answers keeps that
order where the topic levels tie, and one over-scored answer among a dozen moves it by a fraction of a level.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from interviewer.textutil import found_in, normalize_key

if TYPE_CHECKING:  # pragma: no cover
    from interviewer.scoring import Assessment


class AnswerRef(BaseModel):
    """One answer of a topic, as the scorecard shows it: its level and a quote of it."""

    level: int
    quote: str = Field(default="", description="a verified quote: a point it showed, else a red flag, else its opening")
    position: int = Field(description="1-based position among the topic's assessed answers")


class TopicScore(BaseModel):
    topic: str
    level: int | None = Field(description="the level shown consistently; None = not assessed (never asked, skipped)")
    evidence: list[str] = Field(default=[], description="quotes that support the level")
    how: str = Field(default="", description="how the level was computed, in words")
    levels: list[int] = Field(default=[], description="every assessed answer's level, in the order given")
    best: AnswerRef | None = Field(default=None, description="the strongest answer on the topic")
    weakest: AnswerRef | None = Field(default=None, description="the weakest answer on the topic")


class ScoredDanger(BaseModel):
    topic: str
    signal: str
    evidence: str


class Scorecard(BaseModel):
    """The session's result: per-topic levels with quotes, red flags, strengths and improvements."""

    topics: list[TopicScore] = []
    overall: float | None = Field(default=None, description="the mean level of every assessed answer, one decimal; "
                                                            "None = no answer assessed")
    danger_signals: list[ScoredDanger] = []
    summary: str = ""
    strengths: list[str] = []
    improvements: list[str] = Field(default=[], description="each with one concrete practice item")


def topic_level(scored: list[Assessment]) -> int:
    """The median level; between two middle levels, the upper one only when an answer there quotes a marker."""
    levels = sorted(a.level for a in scored if a.level is not None)
    n = len(levels)
    if n % 2:
        return levels[n // 2]
    low, high = levels[n // 2 - 1], levels[n // 2]
    backed = any(a.level is not None and a.level >= high and a.markers for a in scored)
    return high if backed else low


def overall_level(assessed: list[Assessment]) -> float | None:
    """The mean level of the assessed answers, to one decimal (None when no answer has a level)."""
    levels = [a.level for a in assessed if a.level is not None]
    return round(sum(levels) / len(levels), 1) if levels else None


def overall_text(overall: float | None, n: int, zh: bool) -> str:
    """The overall level in words, with how it was computed ("" when no answer was assessed)."""
    if overall is None:
        return ""
    return (f"总体 {overall:.1f} 级：全部 {n} 条已评回答等级的平均。" if zh else
            f"Overall level {overall:.1f}: the mean of all {n} assessed answers' levels. ")


def _quote(a: Assessment) -> str:
    if a.markers:
        return a.markers[0].evidence
    if a.danger_signals:
        # A flag's clause the opening words already hold ("吞吐。" of "吞吐。基线是最早那版…") is shown in them.
        said = a.danger_signals[0].evidence
        return a.excerpt if len(a.excerpt) > len(said) and found_in(said, a.excerpt) else said
    return a.excerpt


def _practice(title: str, level: int, point: str, zh: bool) -> str:
    item = point or title
    if level <= 2:
        return (f"{title}（{level} 级）：练习——用两分钟讲清「{item}」，带一个数字并说明它从哪来。" if zh else
                f"{title} (level {level}): practice explaining \"{item}\" in two minutes, with one number "
                f"and where it came from.")
    if level == 3:
        return (f"{title}（{level} 级）：练习——围绕「{item}」准备一次真实经历：当时的数字、你做的取舍、怎么验证的。" if zh else
                f"{title} (level {level}): practice one real story around \"{item}\": the numbers, the trade-off "
                f"you made and how you verified it.")
    return (f"{title}（{level} 级）：补上「{item}」，讲到和其他要点一样扎实。" if zh else
            f"{title} (level {level}): add \"{item}\" to the points you already cover well.")


def _flag_practice(title: str, flag: str, quote: str, zh: bool) -> str:
    return (f"{title}：回答里出现了危险信号「{flag}」（原话：“{quote}”）；练习——换成机制和依据来回答这一点。" if zh else
            f"{title}: the answers raised the red flag \"{flag}\" (\"{quote}\"); practice answering that point with "
            f"the mechanism and its evidence instead.")


def _missing(a: Assessment) -> str:
    """The point the feedback named, else the first missed marker."""
    for mark in ("「", "\""):
        if mark in a.feedback:
            rest = a.feedback.split(mark, 1)[1]
            return rest.split("」" if mark == "「" else "\"", 1)[0]
    return a.missed_markers[0] if a.missed_markers else ""


def build_scorecard(topics: list[str], assessed: list[Assessment], lang: str = "zh") -> Scorecard:
    """Scorecard over the plan's topics (in plan order) from every assessment of the session."""
    zh = lang == "zh"
    order = list(dict.fromkeys(topics)) + [a.topic for a in assessed if a.topic not in topics]
    card = Scorecard(overall=overall_level(assessed))
    # Grouped once: the session rebuilds the card after every turn, so a per-topic scan grew quadratically.
    by_topic: dict[str, list[Assessment]] = {}
    for a in assessed:
        by_topic.setdefault(normalize_key(a.topic), []).append(a)
    for title in dict.fromkeys(order):
        mine = by_topic.get(normalize_key(title), [])
        scored = [a for a in mine if a.level is not None]
        flags: list[ScoredDanger] = []
        for a in mine:
            for d in a.danger_signals:
                if not any(x.signal == d.signal and x.evidence == d.evidence for x in flags):
                    flags.append(ScoredDanger(topic=title, signal=d.signal, evidence=d.evidence))
        card.danger_signals += flags
        if not scored:
            skipped = len(mine)
            how = ((f"未评估：{skipped} 次回答都没有可评的内容（跳过、请求澄清或未作答）" if skipped else "未评估：没有问到")
                   if zh else (f"not assessed: {skipped} turn(s) with nothing to assess (skipped, clarification "
                               f"or no answer)" if skipped else "not assessed: never asked"))
            card.topics.append(TopicScore(topic=title, level=None, how=how))
            continue
        levels = [a.level for a in scored]
        level = topic_level(scored)
        top = max(range(len(scored)), key=lambda i: (scored[i].level, len(scored[i].markers), -i))
        low = min(range(len(scored)), key=lambda i: (scored[i].level, len(scored[i].markers), i))
        best = AnswerRef(level=scored[top].level, quote=_quote(scored[top]), position=top + 1)
        weakest = AnswerRef(level=scored[low].level, quote=_quote(scored[low]), position=low + 1)
        at_level = [a for a in scored if a.level == level] or scored
        quotes = list(dict.fromkeys(h.evidence for a in at_level for h in a.markers))
        # A quote inside a longer one of the same answer says nothing more (two points credited on one sentence).
        evidence = [q for q in quotes if not any(q != o and q in o for o in quotes)][:3]
        nums = "、".join(map(str, levels)) if zh else ", ".join(map(str, levels))
        if len(levels) == 1:
            how = f"1 个已评回答：{nums}" if zh else f"1 assessed answer: {nums}"
        else:
            how = (f"{len(levels)} 个已评回答（{nums}）取中位数 {level} 级；最好一题 {best.level} 级，最弱一题 "
                   f"{weakest.level} 级" if zh else
                   f"median of {len(levels)} assessed answers ({nums}): level {level}; best answer level "
                   f"{best.level}, weakest level {weakest.level}")
            if len(levels) % 2 == 0 and sorted(levels)[len(levels) // 2 - 1] != sorted(levels)[len(levels) // 2]:
                how += ("（两个中间值之间取有要点原话支撑的那一级）" if zh else
                        " (between the two middle levels, the one backed by a quoted point)")
        if len(mine) > len(scored):
            how += (f"（另有 {len(mine) - len(scored)} 次未计入：跳过或请求澄清）" if zh else
                    f" ({len(mine) - len(scored)} more not counted: skipped or clarification)")
        card.topics.append(TopicScore(topic=title, level=level, evidence=evidence, how=how, levels=levels,
                                      best=best, weakest=weakest))
        if level >= 3 and evidence:
            card.strengths.append(f"{title}（{level} 级）：「{evidence[0]}」" if zh else
                                  f"{title} (level {level}): \"{evidence[0]}\"")
        if level < 4:
            card.improvements.append(_practice(title, level, _missing(scored[low]), zh))
        # A red flag is always something to improve, whatever the level.
        if flags:
            card.improvements.append(_flag_practice(title, flags[0].signal, flags[0].evidence, zh))
    done = [t for t in card.topics if t.level is not None]
    n = sum(a.level is not None for a in assessed)
    if zh:
        levels_text = "，".join(f"{t.topic} {t.level} 级" for t in done) or "无"
        card.summary = (f"共 {len(card.topics)} 个主题，评估了 {len(done)} 个（{levels_text}）；"
                        f"{len(card.topics) - len(done)} 个未评估。{overall_text(card.overall, n, zh)}"
                        f"每个主题的级别取该主题各回答等级的中位数"
                        f"（1 说不出、2 知道名词、3 讲清机制并有数字、4 有取舍、验证或真实事故），反映稳定的表现而不是最好的一题；"
                        f"危险信号 {len(card.danger_signals)} 条，均附原话。")
    else:
        levels_text = ", ".join(f"{t.topic} {t.level}" for t in done) or "none"
        card.summary = (f"{len(done)} of {len(card.topics)} topics assessed ({levels_text}); "
                        f"{len(card.topics) - len(done)} not assessed. {overall_text(card.overall, n, zh)}"
                        f"Each topic's level is the median of its answers' "
                        f"levels (1 can't, 2 knows the names, 3 mechanism with numbers, 4 judgement: trade-offs, "
                        f"validation, a real incident), the consistent performance rather than the best answer; "
                        f"{len(card.danger_signals)} red flag(s), each with a quote.")
    return card
