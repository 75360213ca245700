"""The offline interviewer's own turns: presses, clarifications and pick-ups read as one natural question."""

from __future__ import annotations

import re

import pytest

from interviewer import skills
from interviewer.paths import PROJECT_ROOT
from interviewer.providers import offline_speech as speech
from test_plan import assert_spoken

OUR_PACK = PROJECT_ROOT / "skills" / "distributed-training"
# The old "On “X” — On “Y”, …" and "关于「用了多久」，它底层…": an anchor twice, or a question used as a noun.
DOUBLED = re.compile(r"(?:On “[^”]*”[^?]*){2}|(?:关于「[^」]*」[^？]*){2}|关于「[^」]*(?:多久|多少|怎么|为什么|哪)[^」]*」")


@pytest.fixture(params=["zh", "en"])
def pack(request):
    return skills.resolve(str(OUR_PACK), request.param)


def phrases(pack) -> list[str]:
    return [p for r in pack.rules for p in r.probes] + [rung for t in pack.topics for rung in t.ladder]


@pytest.mark.parametrize("kind", sorted(speech.PRESS))
def test_every_press_on_every_pack_phrase_is_one_question_with_one_anchor(pack, kind):
    lead = speech.lead("我们在 2,048 张 H800 上训练" if pack.lang == "zh" else "we trained on 2,048 GPUs", pack.lang, 2)
    for phrase in phrases(pack):
        for text in (speech.press(kind, phrase, "", pack.lang), speech.press(kind, phrase, lead, pack.lang)):
            assert_spoken(text)
            assert not DOUBLED.search(text), text


def test_a_press_after_a_pick_up_names_nothing_else(pack):
    lead = speech.lead("ZeRO-3 分片参数" if pack.lang == "zh" else "ZeRO-3 sharded the parameters", pack.lang, 2)
    assert speech.press("numbers", pack.topics[0].ladder[0], lead, pack.lang) == lead + speech.PRESS["numbers"][
        speech.lang_of(pack.lang)]


def test_clarifications_ask_the_point_itself_once(pack):
    for phrase in phrases(pack):
        for text in (speech.clarify(phrase, pack.lang), speech.clarify_easier(phrase, pack.lang)):
            assert_spoken(text)
            assert not DOUBLED.search(text), text


@pytest.mark.parametrize("answer, expected", [
    ("我们在 2,048 张 H800 上训练，MFU 从 38% 提到 47%", "我们在 2,048 张 H800 上"),
    ("We trained on 2,048 GPUs, and it was slow.", "We trained on 2,048 GPUs"),
    ("每次保存 1.5 TB。后来改成异步", "每次保存 1.5 TB"),
    ("先用一千二百张卡跑通了流程再上H800集群", "先用一千二百张卡跑通了流程再上"),
])
def test_a_pick_up_keeps_numbers_and_words_whole(answer, expected):
    assert speech.pickup(answer) == expected


def test_a_pick_up_is_never_a_pasted_blob():
    assert speech.pickup("a" * 5_000_000) is None
    assert speech.pickup("We hashed it to 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 then") == "We hashed it to"
