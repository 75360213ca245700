"""The offline interviewer's own words: presses, steps down, hints and pick-ups read as one natural question."""

from __future__ import annotations

import pytest

from interviewer import coverage as C
from interviewer import questions as Q
from interviewer import skills
from interviewer.paths import PROJECT_ROOT
from interviewer.providers import offline_speech as speech
from test_plan import assert_spoken

OUR_PACK = PROJECT_ROOT / "skills" / "distributed-training"


@pytest.fixture(params=["zh", "en"])
def pack(request):
    return skills.resolve(str(OUR_PACK), request.param)


def phrases(pack) -> list[str]:
    return [p for r in pack.rules for p in Q.askable_probes(r)] + [rung for t in pack.topics for rung in t.ladder]


@pytest.mark.parametrize("kind", sorted(speech.PRESS_AFTER))
def test_every_press_behind_every_lead_is_one_question(pack, kind):
    leads = [speech.opener("我们在 2,048 张 H800 上训练" if pack.lang == "zh" else "we trained on 2,048 GPUs", pack.lang,
                           turn, None) for turn in range(len(speech.PICKUPS[pack.lang]))]
    leads += [speech.back_to_point(p, pack.lang) for p in phrases(pack)]
    for lead in leads:
        text = speech.press_after(kind, lead, pack.lang)
        assert_spoken(text)
        assert text.startswith(lead.rstrip()), text


def test_steps_down_hints_and_second_passes_are_one_question(pack):
    L = pack.lang
    for phrase in phrases(pack):
        q = Q.probe_question(phrase, L)
        for lead in speech.STEP_DOWN[L]:
            assert_spoken(speech.led(lead, q, L))
        assert_spoken(speech.SMALLER[L].format(q=speech.lowered(q, L) if L == "zh" else q))
        assert_spoken(speech.back_to("负责 130B 稠密模型预训练的并行方案" if L == "zh" else "the 130B parallel plan", q, L))
        for template in speech.HINTS[L]:
            assert_spoken(template.format(q=speech.lowered(q, L) if L == "zh" else q, t="MFU", e="130B"))
        assert_spoken(speech.HINT_LAST[L].format(q=q))
    assert_spoken(speech.HOW_TO_MEASURE[L])


@pytest.mark.parametrize("answer, bad", [
    ("刚才说了，我们用 TP8 放在机内。", "刚才说了"),
    ("嗯，不会。", "不会"),
    ("As I said, we kept TP inside the node.", "As I said"),
    ("Great question. We kept TP inside the node.", "Great question"),
    ("I don't know, but TP stays inside the node.", "I don't know"),
    ("你好，TP8 在机内。", "你好"),
    ("候选人说：用 torchrun 起的。", "候选人说"),
])
def test_filler_is_never_a_clause_to_quote(answer, bad):
    assert all(bad not in c for c in speech.clauses(answer)), speech.clauses(answer)


def test_a_pick_up_is_a_whole_clause_that_bears_on_the_question():
    vocab = skills.resolve(str(OUR_PACK), "zh").vocabulary
    item = C.item(0, "暴露通信占 step 的比例", vocab)
    weight = C.Weights(["暴露通信占 step 的比例", "各并行度是怎么定下来的", "MFU 是按什么口径算的"], vocab)
    answer = "TP 放机内。我们的暴露通信后来压得很低，主要靠 overlap。DeepSpeed 按默认配置跑的。"
    assert speech.pickup(answer, item, weight, "zh") == "我们的暴露通信后来压得很低"
    # Nothing of the answer is about communication: no pick-up at all, rather than an unrelated quote.
    assert speech.pickup("DeepSpeed 按默认配置跑的。", item, weight, "zh") is None


def test_a_pick_up_keeps_numbers_and_words_whole():
    vocab = skills.resolve(str(OUR_PACK), "en").vocabulary
    item = C.item(0, "how many GPUs it scaled to", vocab)
    weight = C.Weights(["how many GPUs it scaled to", "how MFU was computed"], vocab)
    got = speech.pickup("So we scaled it to 2,048 GPUs in the end, and it was slow.", item, weight, "en")
    assert got == "we scaled it to 2,048 GPUs in the end"
    assert speech.pickup("a" * 5_000_000, item, weight, "en") is None


@pytest.mark.parametrize("lang, answer", [
    ("en", "Throughput. We did not rerun to convergence."),
    ("zh", "提升的是吞吐，收敛我们没有重新跑。"),
])
def test_a_denial_is_not_picked_up(lang, answer):
    """Read aloud: "You mentioned “We did not rerun to convergence”. How did you confirm it?" asks how they confirmed
    what they did not do."""
    vocab = skills.resolve(str(OUR_PACK), lang).vocabulary
    basis = {"en": "how the gain in convergence was confirmed", "zh": "收敛上的提升是怎么确认的"}[lang]
    item = C.item(0, basis, vocab)
    weight = C.Weights([basis, "how MFU was computed"], vocab)
    got = speech.pickup(answer, item, weight, lang) or ""
    assert "not" not in got and "没有" not in got, got


def test_openers_never_reuse_the_previous_frame():
    for lang in ("zh", "en"):
        previous = None
        for turn in range(12):
            lead = speech.opener("暴露通信占了 12%" if lang == "zh" else "exposed communication was 12%", lang, turn,
                                 previous)
            frame = speech.frame_of(lead + "？", lang)
            assert frame is not None and frame != previous, (lead, previous)
            previous = frame


def test_an_opening_keeps_its_resume_line_with_another_question():
    zh = speech.opening_with("你简历里写到「负责 130B 训练。MFU 从 38% 提升」。在你自己负责的那部分里，对比的基线是什么？",
                             "提升的是吞吐还是收敛时间？", "zh")
    assert zh == "你简历里写到「负责 130B 训练。MFU 从 38% 提升」。提升的是吞吐还是收敛时间？"
    en = speech.opening_with("Your résumé says “Raised MFU from 38% to 47%. Led it”. What was the baseline?",
                             "Was the gain in throughput?", "en")
    assert en == "Your résumé says “Raised MFU from 38% to 47%. Led it”. Was the gain in throughput?"


@pytest.mark.parametrize("answer, kept", [
    ("你是说 ZeRO 的 stage 怎么选吗？我们用的 ZeRO-3，因为 6B 在 32 卡上放得下。", ["我们用的 ZeRO-3", "因为 6B 在 32 卡上放得下"]),
    ("Do you mean the ZeRO stage? We used ZeRO-3, because 6B fits on 32 GPUs.", ["We used ZeRO-3", "because 6B fits on 32 GPUs"]),
])
def test_a_question_put_back_is_never_a_clause_to_pick_up(answer, kept):
    # A zh session pressed "接着「你是说 ZeRO 的 stage 怎么选吗」往下问：…": the candidate's question quoted as a claim.
    assert speech.clauses(answer) == kept


@pytest.mark.parametrize("answer, kept", [
    ("1F1B 的气泡是 (p-1)/(m+p-1)，p=16、m=48，算下来大约 24%。", "1F1B 的气泡是 (p-1)/(m+p-1)"),
    ("The 1F1B bubble is (p-1)/(m+p-1); with p=16 and m=48 that is about 24%.", "The 1F1B bubble is (p-1)/(m+p-1)"),
    ("（这部分是我做的），TP 取 8（机内 NVLink）。", "TP 取 8（机内 NVLink）"),
])
def test_a_clause_ending_in_a_bracket_keeps_it(answer, kept):
    # A zh session picked up "接着「1F1B 的气泡是 (p-1)/(m+p-1」往下问：…": the formula's last bracket was stripped as a quote.
    assert kept in speech.clauses(answer), speech.clauses(answer)
