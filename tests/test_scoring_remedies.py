"""Issue 12: the pack's naive remedy is seen for what it is however it is worded, with its escalations ("if it still
spikes, drop it another notch") counted as more of the same remedy rather than as a story or a point."""

from __future__ import annotations

import pytest

from test_scoring_points import credited, ours, score  # noqa: F401


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "简历上写你负责过 13B 预训练的稳定性。训练中途 loss 突然尖峰，你的排查顺序是什么？",
     "这个我们遇到过挺多次的。一般第一步就是把 learning rate 降一半，比如从 3e-4 降到 1.5e-4，然后从最近一个 checkpoint 重新拉起来跑，"
     "大部分情况降完就稳了。如果还是 spike，就再降一档，同时把 warmup 拉长一点，比如从 2000 步拉到 4000 步。基本上 lr 这块调好了 loss "
     "就不会再飞了，实在不行就换个 seed 重跑一遍。"),
    ("en", "Your résumé says you owned stability for a 13B pretraining run. Loss suddenly spikes mid-training: what's your "
     "order of checks?",
     "We hit this quite a lot. Usually step one is to halve the learning rate, say from 3e-4 to 1.5e-4, and restart from "
     "the latest checkpoint; most of the time it settles after that. If it still spikes, drop it another notch and "
     "stretch the warmup, like from 2000 steps to 4000. Once the lr is tuned right the loss basically won't blow up "
     "again, and worst case we change the seed and rerun."),
])
def test_a_lower_learning_rate_escalated_is_still_the_naive_answer(ours, lang, question, answer):  # noqa: F811
    # heldout31 h31_47 (labelled 1) read as a 4: "把 learning rate 降一半" was no form of the remedy (code-switched), the
    # "从 3e-4 降到 1.5e-4" in its sentence read as a practice improved on, and "如果还是 spike，就再降一档，同时把 warmup
    # 拉长" was credited as the record of a loss spike. The English twin was already a 1.
    a = score(ours, lang, 1, answer, question)
    assert a.level == 1, a
    assert not a.markers, a.markers
    assert any("learning rate" in d.signal or "学习率" in d.signal for d in a.danger_signals), a.danger_signals
