"""A pack's vocabulary file: loading, its errors, lint, and who reads with it."""

from __future__ import annotations

import pytest

from interviewer import lexicon, skills, vocabulary
from interviewer.errors import SkillError
from interviewer.resume import match_rules, resume_from_text

from conftest import OUR_PACK

PACK = """---
name: tiny
description: a tiny pack
---

## 面试官在意什么
机制。

## 项目 / 实习怎么深挖
- 简历出现 Kafka 消费组 → 追分区怎么分配

## 常见失守与危险信号
- 消费组：说不出再均衡

## 常考主题清单
### 消费组
- 阶梯：分区分配 → 再均衡
- 答实的标志：能说清再均衡的触发条件
"""


def _pack(tmp_path, vocab: str | None = None):
    d = tmp_path / "tiny"
    d.mkdir(exist_ok=True)
    (d / "SKILL.md").write_text(PACK, encoding="utf-8")
    if vocab is not None:
        (d / "vocabulary.toml").write_text(vocab, encoding="utf-8")
    return d / "SKILL.md"


def test_our_pack_reads_with_its_vocabulary_in_both_languages():
    zh, en = skills.load_pack(OUR_PACK / "SKILL.md"), skills.load_pack(OUR_PACK / "SKILL.en.md")
    assert zh.vocabulary is en.vocabulary and zh.vocabulary.source.endswith("vocabulary.toml")
    assert zh.topics[0].vocabulary is zh.vocabulary  # a topic reads with its pack's words
    v = zh.vocabulary
    assert "zero" in v.closed(v.find("we used fsdp2 with zero-3")[0]) and "zero" in v.closed(v.find("用了 fsdp 做分片")[0])
    assert v.closure("zero") >= {"zero", "sharding"} and v.kind("allreduce") == "mech"


def test_a_pack_without_a_file_has_no_vocabulary_and_matches_triggers_literally(tmp_path):
    pack = skills.load_pack(_pack(tmp_path))
    assert pack.vocabulary is vocabulary.EMPTY
    m = match_rules(pack, resume_from_text("负责 Kafka 消费组的扩容\n写过 Flink"))
    assert [x.evidence[0].line for x in m] == [1]


def test_a_vocabulary_teaches_the_matcher_new_words(tmp_path):
    vocab = """
[concepts.rebalance]
kind = "mech"
forms = ["再均衡", "rebalance", "rebalancing"]

[[resume.concepts]]
name = "kafka_group"
triggers = ["Kafka 消费组"]
patterns = ['Kafka\\s*(?:消费组|consumer\\s+groups?)']
"""
    pack = skills.load_pack(_pack(tmp_path, vocab))
    assert pack.vocabulary.find("the consumer group was rebalancing")[0] == ["rebalance"]
    m = match_rules(pack, resume_from_text("Owned Kafka consumer groups at 2M msg/s"))
    assert m and m[0].evidence[0].line == 1
    assert lexicon.concept_for("Kafka 消费组", pack.vocabulary).name == "kafka_group"


@pytest.mark.parametrize("vocab, message", [
    ("[concepts.x\nkind = 1", "not valid TOML"),
    ('[concepts.x]\nkind = "verb"\nforms = ["x"]', "kind must be one of"),
    ('[concepts.x]\nforms = ["x"]\nparents = ["y"]', "unknown concept 'y'"),
    ('[concepts.x]\nkind = "term"', "[concepts.x] has no forms"),
    ('[[resume.concepts]]\nname = "a"\ntriggers = ["a"]\npatterns = ["${nope}"]', "unknown fragment"),
    ('[[facts]]\nzh = "a"\nen = "a"\nfigure = ["bits"]\nsubjects = [{ range = [1, 2] }]', "needs a group for the number"),
    ('[[facts]]\nzh = "a"\nen = "a"\nfigure = ["(\\\\d+) bits"]\nsubjects = [{ forms = ["x"] }]', "[[facts]] #1 subjects #1: range"),
    ('[[facts]]\nfigure = ["(\\\\d+) bits"]\nsubjects = [{ range = [1, 2] }]', "[[facts]] #1 needs zh, en and figure with subjects, or claim"),
    ('[concepts.x]\nkind = "term"\nforms = ["x"]\n[[composites]]\ngives = "x"\nalso = ["y"]\nunits = ["formula"]',
     "unknown concept or unit 'y'"),
])
def test_a_broken_vocabulary_is_refused_naming_the_file(tmp_path, vocab, message):
    path = _pack(tmp_path, vocab)
    with pytest.raises(SkillError) as e:
        skills.load_pack(path)
    assert "vocabulary.toml" in e.value.message and message in e.value.message
    problems = [str(p) for p in skills.lint(path)]
    assert any("vocabulary.toml:" in p and message in p for p in problems), problems


def test_lint_reports_the_line_of_a_toml_error_and_a_bad_regular_expression(tmp_path):
    path = _pack(tmp_path, '[concepts.a]\nforms = ["a"]\n\n[concepts.b\n')
    assert any(str(p).startswith(f"{path.with_name('vocabulary.toml')}:4:") for p in skills.lint(path))
    path = _pack(tmp_path, '[[resume.concepts]]\nname = "a"\ntriggers = ["a"]\npatterns = ["(unclosed"]\n')
    assert any("not a valid regular expression" in str(p) for p in skills.lint(path))
    assert skills.lint(OUR_PACK / "SKILL.md") == []


def test_listing_packs_does_not_need_their_vocabulary(tmp_path):
    _pack(tmp_path, "this is not toml [")
    names = [p.name for p, _ in skills.list_packs([str(tmp_path)])]
    assert "tiny" in names


def test_a_shared_head_word_is_read_for_both_words_it_follows():
    vocab = skills.resolve(None, "en").vocabulary
    assert set(vocab.find("context and sequence parallelism")[0]) == {"cp", "sp"}
    assert set(vocab.find("data or tensor parallel")[0]) == {"dp", "tp"}
    assert vocab.find("data and the model")[0] == ["data"]


def test_a_facts_pattern_is_folded_to_lower_case_but_for_its_escapes(tmp_path):
    # Patterns are matched against lower-cased answers, so they are lower-cased too; "\W" (not a word character) had
    # been folded into "\w" (a word character) with them, silently meaning the opposite.
    vocab = '[[facts]]\nzh = "a"\nen = "a"\nfigure = ["(\\\\d+)\\\\W*Mantissa"]\nsubjects = [{ range = [7, 8] }]\n'
    rx = skills.load_pack(_pack(tmp_path, vocab)).vocabulary.facts[0].figure[0]
    assert rx.search("bf16 has 7 mantissa bits") and not rx.search("7xmantissa")


def test_a_data_cleaning_pipeline_is_no_pipeline_parallelism():
    vocab = skills.resolve(None, "en").vocabulary
    for text in ("we built a dedup pipeline with minhash", "搭了一条 minhash 的去重流水线"):
        assert "pp" not in vocab.find(text)[0], text
    assert "pp" in vocab.find("pipeline parallel across nodes")[0] and "pp" in vocab.find("流水线跨机切层")[0]


def test_a_composite_needs_every_concept_it_also_names():
    # A throughput worked with FLOPs in a formula is MFU worked out; a step time divided into is a share, and FLOPs over
    # bytes an arithmetic intensity (both were read as MFU, "how MFU was computed" recorded as told).
    vocab = skills.resolve(str(OUR_PACK), "en").vocabulary
    from interviewer.scoring_read import read

    def shows_mfu(text):
        return any("mfu" in cl.concepts for cl in read(text, vocab).clauses)

    assert shows_mfu("The 41% is tokens/s times 6N divided by GPU count times 989 TFLOPS.")
    assert not shows_mfu("We timed how long each step spent getting its batch, divided by step time: 15%.")
    assert not shows_mfu("强度也就两三 FLOP/byte，每个元素十来次浮点运算除以 4 字节。")


@pytest.mark.parametrize("text, found, not_found", [
    # Chinese between two Latin words ends a run of words: "stage … 3 层" is no ZeRO "stage 3" (an answer on
    # interleaving's virtual stages answered "分片级别是怎么选的" through it).
    ("每个虚拟 stage 只剩 3 层，通信盖不住", "pp", "zero_stage"),
    ("we used ZeRO stage 3 with offload", "zero_stage", None),
    # nor does a clause break: "…per stage, 3 of them…"
    ("a micro batch per stage, 3 of them in flight", "pp", "zero_stage"),
])
def test_a_concept_of_several_latin_words_is_read_only_within_one_run_of_words(text, found, not_found):
    concepts = skills.load_pack(OUR_PACK / "SKILL.md").vocabulary.find(text.casefold())[0]
    assert found in concepts and (not_found is None or not_found not in concepts), concepts
