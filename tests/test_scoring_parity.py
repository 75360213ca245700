"""The same answer in Chinese and in English reaches the same level with the same credit. Each case was heard in a
whole session run in both languages (the two-year fine-tuning candidate of tests/test_plan.py) and read aloud."""

from __future__ import annotations

from test_scoring_points import ours, score  # noqa: F401 - ours is a fixture


RECOMPUTE = {
    "zh": ("你提到「用的是全量重计算」，重计算多花了多少算力？", "大概多一次前向，计算量从 3 倍前向变成 4 倍，实测 step 时间慢了 25% 左右。"),
    "en": ("You mentioned “Full recomputation”. Can you tell me how much extra compute recomputation cost?",
           "About one extra forward: compute goes from 3 forwards to 4, and measured step time was about 25% slower."),
}
FP32 = {
    "zh": ("哪些计算保留了 FP32？", "softmax 和 layernorm 在 fp32 里算，优化器的主权重也是 fp32。"),
    "en": ("Which computations stayed in FP32?", "Softmax and LayerNorm run in fp32, and so do the optimizer's master weights."),
}


def test_one_extra_forward_is_credited_in_both_languages(ours):
    """Heard: zh 3 with the recomputation marker, en 2 with it listed as missed. The marker's closing brackets
    ("(compute goes from about 3 forwards to about 4)") spell its point out; they were read as a premise, like
    "在 H100（稠密 BF16 约 989 TFLOPS）上", and English says the rest in fewer of the whole's words."""
    got = {lang: score(ours, lang, 2, RECOMPUTE[lang][1], RECOMPUTE[lang][0]) for lang in ("zh", "en")}
    for lang, a in got.items():
        assert any("3" in h.marker and "4" in h.marker and ("前向" in h.marker or "forward" in h.marker)
                   for h in a.markers), (lang, a.markers)
    assert got["zh"].level == got["en"].level == 3


def test_and_so_do_is_too_not_a_reason(ours):
    """Heard: en 3, zh 2 for the same FP32 list; "and so do the optimizer's master weights" was read as a reason."""
    got = {lang: score(ours, lang, 1, FP32[lang][1], FP32[lang][0]) for lang in ("zh", "en")}
    assert got["zh"].level == got["en"].level == 2, {k: v.level for k, v in got.items()}
