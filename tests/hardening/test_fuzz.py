"""Property-based fuzzing of the pack parser, the résumé reader and the transcript loader.

Derandomized, so CI sees the same inputs every run. The only exceptions allowed out of these
functions are the project's InterviewerError family; every generated input is counted for the bench.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hardening.support import count, pack_files
from interviewer import report, skills
from interviewer import transcript as T
from interviewer import transcript_index as TI
from interviewer.errors import InterviewerError, ResumeError, SkillError, TranscriptError
from interviewer.resume import load_resume, resume_from_text
from sample_transcript import sample_transcript

FUZZ = settings(derandomize=True, database=None, deadline=None, print_blob=False,
                suppress_health_check=list(HealthCheck))


def fuzz(n: int):
    return settings(FUZZ, max_examples=n)


PACK_TEXTS = [p.read_text(encoding="utf-8") for p in pack_files()]
OUR_TEXTS = PACK_TEXTS[:2]
FRAGMENTS = sorted({line for text in PACK_TEXTS for line in text.splitlines()})
CJK = sorted({c for text in OUR_TEXTS for c in text if "\u4e00" <= c <= "\u9fff"})[:600]
SPICE = ["→", "->", "：", ":", "；", ";", "、", "/", " / ", "---", "## ", "### ", "- ", "* ", "阶梯：", "答实的标志：",
         "Ladder: ", "Signs of a solid answer: ", "简历出现", "Resume mentions ", "\ufeff", "\r", "\t", "\x00",
         "\u200b", "\u2028", "“", "”", "「", "」"]


# --------------------------------------------------------------------------- mutations


def mutate_text(text: str, ops: list[tuple[int, float, float, str]]) -> str:
    """Apply line- and character-level edits; positions are fractions so any text takes any op."""
    for kind, a, b, payload in ops:
        lines = text.split("\n")
        i, j = sorted((int(a * len(lines)), int(b * len(lines))))
        k = int(a * len(text))
        if kind == 0:
            del lines[i:j + 1]
        elif kind == 1 and lines:
            lines.insert(j, lines[min(i, len(lines) - 1)])
        elif kind == 2 and lines and j < len(lines):
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == 3:
            text = text[:k] + payload + text[k:]
            continue
        elif kind == 4:
            text = text[:k]
            continue
        elif kind == 5:
            text = text[:k] + payload + text[k + 1 + int(b * 40):]
            continue
        elif kind == 6:
            lines = [re.sub(r"→|->|：|；|、", payload[:1], s) if n % 3 == int(b * 3) else s for n, s in enumerate(lines)]
        elif kind == 7:
            lines = [s.replace("## ", "#" * (1 + int(b * 4)) + " ", 1) if n == i else s for n, s in enumerate(lines)]
        text = "\n".join(lines)
    return text


payloads = st.one_of(st.sampled_from(SPICE), st.sampled_from(FRAGMENTS), st.text(max_size=30))
edit_ops = st.lists(st.tuples(st.integers(0, 7), st.floats(0, 1), st.floats(0, 1), payloads), min_size=1, max_size=8)


def check_pack_result(text: str, path: str = "<fuzz>") -> None:
    pack, problems = skills.parse_text(text, path)
    n_lines = max(len(text.splitlines()), 1)
    for pr in problems:
        assert isinstance(pr.line, int) and 1 <= pr.line <= n_lines + 1, (pr, n_lines)
        assert str(pr).startswith(f"{path}:{pr.line}: ")
        assert "\n" not in pr.message
    if pack is not None:
        assert pack.name.strip()
        assert [r.index for r in pack.rules] == list(range(1, len(pack.rules) + 1))
        assert [t.index for t in pack.topics] == list(range(1, len(pack.topics) + 1))
        assert all(r.triggers and r.probes for r in pack.rules)
        titles = {t.title for t in pack.topics}
        assert all(d.topic is None or d.topic in titles for d in pack.danger_areas)


def check_pack_file(path, data: bytes) -> None:
    path.write_bytes(data)
    for pr in skills.lint(path):
        assert str(pr).startswith(f"{path}:")
    try:
        pack = skills.load_pack(path)
    except SkillError as e:
        assert "\n" not in e.message and str(path) in e.message, e.message
    else:
        assert pack.rules or pack.topics


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz")


# --------------------------------------------------------------------------- skill packs


@fuzz(700)
@given(st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.sampled_from(SPICE), st.text(max_size=20)), max_size=80),
       st.sampled_from(["", "---\nname: fuzz\n---\n", "---\nname: fuzz\ndescription: x\n"]))
def test_pack_parser_on_texts_built_from_real_fragments(lines, head):
    count("fuzz.pack_parser")
    check_pack_result(head + "\n".join(lines))


@fuzz(350)
@given(st.integers(0, 1), edit_ops)
def test_pack_parser_on_mutated_bundled_packs(which, ops):
    count("fuzz.pack_parser")
    check_pack_result(mutate_text(OUR_TEXTS[which % len(OUR_TEXTS)], ops))


@fuzz(600)
@given(st.data())
def test_pack_parser_on_mutated_public_packs(upstream_skills, data):
    texts = [p.read_text(encoding="utf-8") for p in sorted(upstream_skills.glob("*/SKILL*.md"))]
    text = data.draw(st.sampled_from(texts))
    count("fuzz.pack_parser")
    check_pack_result(mutate_text(text, data.draw(edit_ops)))


@fuzz(300)
@given(st.one_of(
    st.binary(max_size=400),
    st.tuples(st.sampled_from(OUR_TEXTS), st.sampled_from(["gbk", "utf-16", "utf-16-be", "latin-1", "utf-8-sig"]),
              st.floats(0, 1)).map(lambda x: x[0][:int(x[2] * len(x[0]))].encode(x[1], "replace")),
    st.tuples(st.sampled_from(OUR_TEXTS), st.binary(min_size=1, max_size=8), st.floats(0, 1)).map(
        lambda x: x[0].encode()[:int(x[2] * len(x[0].encode()))] + x[1] + x[0].encode()[int(x[2] * len(x[0])):])))
def test_pack_linter_and_loader_on_raw_bytes(scratch, data):
    count("fuzz.pack_parser")
    check_pack_file(scratch / "SKILL.md", data)


# --------------------------------------------------------------------------- résumés

ENCODINGS = ["utf-8", "utf-8-sig", "gbk", "gb18030", "utf-16", "utf-16-le", "utf-16-be", "big5", "shift_jis",
             "latin-1", "cp1252", "utf-32"]
resume_chars = st.one_of(st.sampled_from(CJK), st.characters(codec="ascii"), st.sampled_from(list("，。：、（）%·—\n\n ")))
resume_texts = st.text(resume_chars, max_size=300)


def check_resume(r) -> None:
    assert r.text.strip()
    assert len(r.sha256) == 64
    r.text.encode("utf-8")  # a résumé that cannot be encoded could never be saved in a transcript
    for line in r.lines:
        line.encode("utf-8")


@fuzz(500)
@given(st.one_of(resume_texts, st.text(max_size=200), st.text(st.characters(exclude_categories=()), max_size=60)))
def test_resume_from_text_on_any_text(text):
    count("fuzz.resume_reader")
    try:
        r = resume_from_text(text)
    except ResumeError as e:
        assert "\n" not in e.message
    else:
        check_resume(r)


@fuzz(700)
@given(st.one_of(
    st.binary(max_size=500),
    st.tuples(resume_texts, st.sampled_from(ENCODINGS)).map(lambda x: x[0].encode(x[1], "replace")),
    st.tuples(st.sampled_from([b"%PDF-1.4\n", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", b"\xff\xfe", b"\xfe\xff",
                               b"\xef\xbb\xbf", b"PK\x03\x04", b"\x89PNG\r\n"]), st.binary(max_size=300)).map(
        lambda x: x[0] + x[1])))
def test_load_resume_on_random_bytes_in_many_encodings(scratch, data):
    count("fuzz.resume_reader")
    for suffix in (".txt", ".pdf"):
        path = scratch / f"resume{suffix}"
        path.write_bytes(data)
        try:
            r = load_resume(path)
        except ResumeError as e:
            assert "\n" not in e.message and str(path) in e.message, e.message
        else:
            check_resume(r)


@fuzz(300)
@given(resume_texts.filter(lambda s: sum("\u4e00" <= c <= "\u9fff" for c in s) >= 10),
       st.sampled_from(["utf-8-sig", "utf-16", "gbk", "gb18030"]))
def test_a_resume_in_another_encoding_reads_like_its_utf8_twin(scratch, text, encoding):
    count("fuzz.resume_reader")
    twin, other = scratch / "twin.txt", scratch / f"other.{encoding}.txt"
    twin.write_bytes(text.encode("utf-8"))
    other.write_bytes(text.encode(encoding))
    try:
        expected = load_resume(twin).text
    except ResumeError:
        with pytest.raises(ResumeError):
            load_resume(other)
        return
    assert load_resume(other).text == expected


# --------------------------------------------------------------------------- transcripts

BASES = [json.loads(sample_transcript(lang, scorecard=sc).model_dump_json()) for lang in ("zh", "en")
         for sc in (True, False)]


def paths_of(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths_of(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths_of(v, (*prefix, i))


BASE_PATHS = [list(paths_of(b)) for b in BASES]
json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False, allow_infinity=False),
              st.text(max_size=20), st.sampled_from(["", "finished", "in_progress", "interviewer", "candidate",
                                                     "c1", "c9", "zh", "en", "probe", "end", "answered"])),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=10)
tree_ops = st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 3), json_values), min_size=1, max_size=6)


def mutate_tree(doc, ops):
    for pick, kind, value in ops:
        paths = list(paths_of(doc))
        path = paths[pick % len(paths)]
        if not path:
            doc = value if kind == 0 else doc
            continue
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        if kind == 0:
            parent[key] = value
        elif kind == 1:
            del parent[key]
        elif kind == 2 and isinstance(parent, list):
            parent.insert(key, json.loads(json.dumps(parent[key])))
        elif kind == 3:
            parent[key] = str(parent[key]) if not isinstance(parent[key], str) else len(parent[key])
    return doc


def check_transcript_bytes(raw: bytes) -> None:
    try:
        t = T.parse(raw, "fuzz.json")
    except TranscriptError as e:
        assert "\n" not in e.message and "fuzz.json" in e.message, e.message
        return
    # A transcript that loads must save, summarize and report; `interviewer report` prints UTF-8.
    again = T.parse(t.model_dump_json().encode("utf-8"), "again.json")
    assert again == t
    TI.summarize(t, "fuzz.json")
    for fmt in ("md", "html", "json"):
        try:
            report.render_report(t, fmt).encode("utf-8")
        except InterviewerError:
            pass


@fuzz(500)
@given(st.integers(0, len(BASES) - 1), tree_ops)
def test_transcript_loader_on_structurally_mutated_json(which, ops):
    count("fuzz.transcript_loader")
    doc = mutate_tree(json.loads(json.dumps(BASES[which])), ops)
    check_transcript_bytes(json.dumps(doc, ensure_ascii=False).encode("utf-8"))


byte_ops = st.lists(st.tuples(st.integers(0, 5), st.floats(0, 1), st.binary(min_size=1, max_size=6)),
                    min_size=1, max_size=5)


def mutate_bytes(raw: bytes, ops) -> bytes:
    for kind, at, payload in ops:
        k = int(at * len(raw))
        if kind == 0:
            raw = raw[:k]
        elif kind == 1:
            raw = raw[:k] + payload + raw[k:]
        elif kind == 2:
            raw = raw[:k] + payload + raw[k + len(payload):]
        elif kind == 3:
            raw = raw[:k] + raw[k + 1 + payload[0]:]
        elif kind == 4:
            raw = raw.replace(b'"schema_version": 1', b'"schema_version": ' + str(payload[0] - 100).encode(), 1)
        elif kind == 5:
            # A JSON escape that decodes to a lone surrogate: valid JSON, not encodable as UTF-8.
            quote = raw.find(b'"text": "', k)
            if quote >= 0:
                raw = raw[:quote + 9] + b"\\ud83d" + raw[quote + 9:]
    return raw


@fuzz(600)
@given(st.integers(0, len(BASES) - 1), byte_ops)
def test_transcript_loader_on_mutated_bytes(which, ops):
    count("fuzz.transcript_loader")
    check_transcript_bytes(mutate_bytes(json.dumps(BASES[which], ensure_ascii=False, indent=1).encode(), ops))


@fuzz(40)
@given(st.lists(st.tuples(st.integers(0, len(BASES) - 1), byte_ops), min_size=1, max_size=12))
def test_listing_a_folder_of_mutated_transcripts(scratch, files):
    folder = scratch / "listing"
    if folder.exists():
        for p in folder.iterdir():
            p.unlink()
    folder.mkdir(exist_ok=True)
    for n, (which, ops) in enumerate(files):
        count("fuzz.transcript_loader")
        raw = json.dumps(BASES[which], ensure_ascii=False, indent=1).encode()
        (folder / f"s{n:02d}.json").write_bytes(mutate_bytes(raw, ops))
    listed = TI.list_transcripts(folder)
    assert len(listed) == len(files)
    assert all(s.error is None or "\n" not in s.error for s in listed)
