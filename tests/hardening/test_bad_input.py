"""Bad input through the real CLI: a non-zero exit, one stderr line naming the file or field, no traceback,
and nothing saved changed. Non-UTF-8 résumés are decoded, not refused."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from hardening.support import DATA, PACK_DIR, assert_refused, cli, count, snapshot
from sample_transcript import sample_transcript

RESUME_ZH = (DATA / "resume_zh.md").read_text(encoding="utf-8")
RESUME_EN = (DATA / "resume_en.md").read_text(encoding="utf-8")
ANSWERS = DATA / "answers_zh.txt"


def refused(proc, *names):
    assert_refused(proc, *names)
    count("bad_input.refused_cleanly")


def blank_pdf() -> bytes:
    import io

    import pypdf

    w = pypdf.PdfWriter()
    w.add_blank_page(width=595, height=842)
    buf = io.BytesIO()
    w.write(buf)
    return buf.getvalue()


# name → (file name, bytes); None bytes = the path does not exist; "dir" = a folder.
BAD_RESUMES = {
    "empty": ("resume.txt", b""),
    "whitespace": ("resume.txt", " \n\t\r\n\u3000\u00a0  \n".encode("utf-8")),
    "binary": ("resume.txt", b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 16),
    "elf": ("resume.md", b"\x7fELF\x02\x01\x01\x00" + b"\x00" * 64 + bytes(range(32)) * 8),
    "corrupt-pdf": ("resume.pdf", b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer garbage\n"),
    "pdf-truncated": ("resume.pdf", "blank-pdf-truncated"),
    "pdf-no-text": ("resume.pdf", "blank-pdf"),
    "huge": ("resume.txt", ("负责千卡训练 Megatron 预训练，MFU 提升 8%。\n" * 60_000).encode("utf-8")),
    "missing": ("no-such-resume.txt", None),
    "directory": ("resume-folder", "dir"),
}


def make_resume(tmp_path: Path, case: str) -> Path:
    name, data = BAD_RESUMES[case]
    path = tmp_path / "in" / name
    path.parent.mkdir(exist_ok=True)
    if data == "dir":
        path.mkdir()
    elif data == "blank-pdf":
        path.write_bytes(blank_pdf())
    elif data == "blank-pdf-truncated":
        path.write_bytes(blank_pdf()[:200])
    elif data is not None:
        path.write_bytes(data)
    return path


def good_resume(tmp_path: Path) -> Path:
    p = tmp_path / "in" / "good.md"
    p.parent.mkdir(exist_ok=True)
    p.write_text(RESUME_ZH, encoding="utf-8")
    return p


def test_the_huge_case_is_over_2_mb():
    assert len(BAD_RESUMES["huge"][1]) > 2 * 1024 * 1024


@pytest.mark.parametrize("case", list(BAD_RESUMES))
def test_plan_refuses_a_bad_resume(tmp_path, case):
    path = make_resume(tmp_path, case)
    refused(cli(["plan", "--resume", path], cwd=tmp_path), str(path))


@pytest.mark.parametrize("case", list(BAD_RESUMES))
def test_chat_refuses_a_bad_resume_before_asking_and_saves_nothing(tmp_path, case):
    path = make_resume(tmp_path, case)
    folder = tmp_path / "saved"
    proc = cli(["chat", "--resume", path, "--answers", ANSWERS, "--transcripts", folder, "--provider", "offline"],
               cwd=tmp_path)
    refused(proc, str(path))
    assert "interviewer>" not in proc.stdout and "面试官>" not in proc.stdout
    assert not folder.exists() or not any(folder.iterdir())


@pytest.mark.parametrize("stdin", [b"", b"   \n\n", b"\x00\x01\x02binary\xff\xfe" * 50])
def test_plan_refuses_a_bad_resume_on_stdin(tmp_path, stdin):
    refused(cli(["plan", "--resume", "-"], cwd=tmp_path, stdin=stdin), "stdin", "-")


# --------------------------------------------------------------------------- packs

BAD_PACKS = {
    "no-frontmatter": "## 面试官在意什么\n\n只有正文。\n\n## 常考主题清单\n\n### 主题\n- 阶梯：a → b\n- 答实的标志：x；y\n",
    "no-sections": "---\nname: broken\ndescription: 没有任何小节\n---\n\n这里只有一段话，没有 ## 小节。\n",
    "not-utf8": "gbk",
    "empty": "",
    "binary": b"\x00\x01\x02\x03" * 100,
    "unclosed-frontmatter": "---\nname: broken\n\n## 面试官在意什么\n\n正文\n",
}


def make_pack(tmp_path: Path, case: str) -> Path:
    path = tmp_path / "packs" / case / "SKILL.md"
    path.parent.mkdir(parents=True)
    body = BAD_PACKS[case]
    if body == "gbk":
        path.write_bytes((PACK_DIR / "SKILL.md").read_text(encoding="utf-8").encode("gbk", "replace"))
    elif isinstance(body, bytes):
        path.write_bytes(body)
    else:
        path.write_text(body, encoding="utf-8")
    return path


def pack_commands(pack: str, tmp_path: Path) -> dict[str, list]:
    resume = good_resume(tmp_path)
    return {
        "plan": ["plan", "--resume", resume, "--skill", pack],
        "chat": ["chat", "--resume", resume, "--skill", pack, "--answers", ANSWERS, "--provider", "offline",
                 "--transcripts", tmp_path / "saved"],
        "skills show": ["skills", "show", pack],
    }


@pytest.mark.parametrize("command", ["plan", "chat", "skills show"])
@pytest.mark.parametrize("case", list(BAD_PACKS))
def test_a_broken_pack_is_refused(tmp_path, case, command):
    path = make_pack(tmp_path, case)
    proc = cli(pack_commands(str(path), tmp_path)[command], cwd=tmp_path)
    refused(proc, str(path))
    assert "interviewer>" not in proc.stdout and "面试官>" not in proc.stdout
    assert not (tmp_path / "saved").exists() or not any((tmp_path / "saved").iterdir())


@pytest.mark.parametrize("command", ["plan", "chat", "skills show"])
def test_an_unknown_pack_name_is_refused(tmp_path, command):
    proc = cli(pack_commands("no-such-pack", tmp_path)[command], cwd=tmp_path)
    refused(proc, "no-such-pack")
    assert "interviewer>" not in proc.stdout and "面试官>" not in proc.stdout


@pytest.mark.parametrize("command", ["plan", "chat", "skills show"])
def test_a_folder_without_a_pack_is_refused(tmp_path, command):
    folder = tmp_path / "packs" / "empty-folder"
    folder.mkdir(parents=True)
    refused(cli(pack_commands(str(folder), tmp_path)[command], cwd=tmp_path), str(folder))


# --------------------------------------------------------------------------- transcripts


def valid_raw(status: str = "in_progress") -> bytes:
    t = sample_transcript("zh")
    t.status = status
    if status == "in_progress":
        t.turns = t.turns[:-1]  # the last question is waiting for its answer
    return t.model_dump_json(indent=1).encode("utf-8")


def future_raw() -> bytes:
    data = json.loads(valid_raw())
    data["schema_version"] = 99
    data["new_field_from_the_future"] = {"x": 1}
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


BAD_TRANSCRIPTS = {
    "corrupt": lambda: b'{"schema_version": 1, "id": "x", "turns": [ {"role": oops',
    "truncated": lambda: valid_raw()[: len(valid_raw()) // 2],
    "future-version": future_raw,
    "empty": lambda: b"",
    "not-an-object": lambda: b"[1, 2, 3]",
    "not-utf8": lambda: valid_raw().decode("utf-8").encode("gbk"),
    "wrong-field": lambda: valid_raw().replace(b'"status": "in_progress"', b'"status": "paused"'),
}


def transcript_commands(path: Path, tmp_path: Path) -> dict[str, list]:
    return {
        "report": ["report", path],
        "report-html": ["report", path, "--format", "html", "-o", tmp_path / "out.html"],
        "resume": ["resume", path, "--answers", ANSWERS, "--provider", "offline"],
    }


@pytest.mark.parametrize("command", ["report", "report-html", "resume"])
@pytest.mark.parametrize("case", list(BAD_TRANSCRIPTS))
def test_a_bad_transcript_is_refused_and_never_touched(tmp_path, case, command):
    folder = tmp_path / "saved"
    folder.mkdir()
    path = folder / "session.json"
    path.write_bytes(BAD_TRANSCRIPTS[case]())
    os.utime(path, ns=(1_600_000_000_000_000_000, 1_600_000_000_000_000_000))
    before = snapshot(folder)
    proc = cli(transcript_commands(path, tmp_path)[command], cwd=tmp_path)
    refused(proc, str(path))
    assert snapshot(folder) == before
    assert "interviewer>" not in proc.stdout and "面试官>" not in proc.stdout
    assert not (tmp_path / "out.html").exists()


@pytest.mark.parametrize("command", ["report", "resume"])
def test_a_missing_or_folder_transcript_is_refused(tmp_path, command):
    for path in (tmp_path / "nope.json", tmp_path):
        refused(cli(transcript_commands(path, tmp_path)[command], cwd=tmp_path), str(path))


def test_a_transcript_with_a_lone_surrogate_escape_is_reported_or_refused_never_a_traceback(tmp_path):
    # "\ud83d" is valid JSON but no UTF-8 text can hold it: printing or saving it fails unless it is handled.
    path = tmp_path / "s.json"
    path.write_bytes(valid_raw("finished").replace("用的是默认的".encode(), b"\\ud83d" + "用的是默认的".encode()))
    for args in (["report", path], ["report", path, "--format", "html", "-o", tmp_path / "r.html"]):
        proc = cli(args, cwd=tmp_path)
        assert "Traceback" not in proc.stderr, proc.stderr[-600:]
        if proc.returncode != 0:
            refused(proc, str(path))
        else:
            count("bad_input.refused_cleanly")


def test_resuming_a_transcript_with_a_lone_surrogate_saves_every_new_answer_or_refuses(tmp_path):
    path = tmp_path / "s.json"
    path.write_bytes(valid_raw().replace("用的是默认的".encode(), b"\\ud83d" + "用的是默认的".encode()))
    before = path.read_bytes()
    proc = cli(["resume", path, "--answers", ANSWERS, "--provider", "offline"], cwd=tmp_path)
    assert "Traceback" not in proc.stderr, proc.stderr[-600:]
    if proc.returncode != 0:
        refused(proc, str(path))
        assert path.read_bytes() == before
        return
    # It said it went on: then the answers it took must be on disk, not only warned about.
    assert "could not save" not in proc.stderr, proc.stderr
    assert path.read_bytes() != before
    count("bad_input.refused_cleanly")


# --------------------------------------------------------------------------- transcripts folder


def unwritable_targets(tmp_path: Path) -> dict[str, list]:
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    a_dir = tmp_path / "a-dir"
    a_dir.mkdir()
    return {
        "--transcripts is a file": ["--transcripts", a_file],
        "--transcripts under a file": ["--transcripts", a_file / "sub"],
        "--transcript under a file": ["--transcript", a_file / "s.json"],
        "--transcript is a folder": ["--transcript", a_dir],
        "--transcripts under /proc": ["--transcripts", "/proc/version/sessions"],
    }


@pytest.mark.parametrize("case", ["--transcripts is a file", "--transcripts under a file",
                                  "--transcript under a file", "--transcript is a folder",
                                  "--transcripts under /proc"])
def test_an_unwritable_transcripts_place_is_refused_before_the_first_question(tmp_path, case):
    target = unwritable_targets(tmp_path)[case]
    resume = good_resume(tmp_path)
    proc = cli(["chat", "--resume", resume, "--answers", ANSWERS, "--provider", "offline", *target], cwd=tmp_path)
    refused(proc, str(target[1]), str(Path(target[1]).parent))
    assert "interviewer>" not in proc.stdout and "面试官>" not in proc.stdout
    assert (tmp_path / "a-file").read_text() == "not a folder"


def test_chat_does_not_overwrite_another_saved_session(tmp_path):
    path = tmp_path / "saved.json"
    path.write_bytes(valid_raw("finished"))
    before = path.read_bytes()
    proc = cli(["chat", "--resume", good_resume(tmp_path), "--answers", ANSWERS, "--provider", "offline",
                "--transcript", path], cwd=tmp_path)
    assert "Traceback" not in proc.stderr
    if proc.returncode != 0:
        refused(proc, str(path))
    assert path.read_bytes() == before, "a finished session was replaced by a new one"


# --------------------------------------------------------------------------- answers


def test_answers_on_stdin_that_are_not_utf8_do_not_crash(tmp_path):
    proc = cli(["chat", "--resume", good_resume(tmp_path), "--provider", "offline", "--transcripts",
                tmp_path / "saved"], cwd=tmp_path, stdin="我们用 BF16 训练。\n---\n/end\n".encode("gbk"))
    assert "Traceback" not in proc.stderr, proc.stderr[-800:]
    if proc.returncode != 0:
        refused(proc, "stdin", "UTF-8", "utf-8")
    else:
        count("bad_input.refused_cleanly")


@pytest.mark.parametrize("case", ["missing", "directory", "binary"])
def test_a_bad_answers_file_is_refused_before_asking(tmp_path, case):
    answers = tmp_path / "answers.txt"
    if case == "directory":
        answers.mkdir()
    elif case == "binary":
        answers.write_bytes(b"\xff\xfe\x00\x00" * 40)
    proc = cli(["chat", "--resume", good_resume(tmp_path), "--answers", answers, "--provider", "offline",
                "--transcripts", tmp_path / "saved"], cwd=tmp_path)
    refused(proc, str(answers))
    assert "interviewer>" not in proc.stdout and "面试官>" not in proc.stdout
    assert not (tmp_path / "saved").exists() or not any((tmp_path / "saved").iterdir())


# --------------------------------------------------------------------------- encodings

ENCODINGS = {
    "gbk": lambda s: s.encode("gbk"),
    "gb18030": lambda s: s.encode("gb18030"),
    "utf-8-bom": lambda s: s.encode("utf-8-sig"),
    "utf-16-le-bom": lambda s: s.encode("utf-16"),
    "utf-16-be-bom": lambda s: b"\xfe\xff" + s.encode("utf-16-be"),
    "utf-16-le": lambda s: s.encode("utf-16-le"),
    "utf-16-be": lambda s: s.encode("utf-16-be"),
    "crlf": lambda s: s.replace("\n", "\r\n").encode("utf-8"),
}


def plan_json(path, tmp_path, stdin=None) -> dict:
    proc = cli(["plan", "--resume", path, "--format", "json"], cwd=tmp_path, stdin=stdin)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@pytest.fixture(scope="module")
def twin_plans(tmp_path_factory):
    d = tmp_path_factory.mktemp("twins")
    out = {}
    for lang, text in (("zh", RESUME_ZH), ("en", RESUME_EN)):
        p = d / f"{lang}.md"
        p.write_text(text, encoding="utf-8")
        out[lang] = plan_json(p, d)
    return out


@pytest.mark.parametrize("encoding", list(ENCODINGS))
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_resume_in_another_encoding_gets_the_plan_of_its_utf8_twin(tmp_path, twin_plans, lang, encoding):
    if lang == "en" and encoding in ("gbk", "gb18030"):
        pytest.skip("ASCII text is the same bytes in GBK")
    text = RESUME_ZH if lang == "zh" else RESUME_EN
    path = tmp_path / f"resume.{encoding}.txt"
    path.write_bytes(ENCODINGS[encoding](text))
    plan = plan_json(path, tmp_path)
    assert plan["chains"], "no chains: the text was not read"
    assert plan == twin_plans[lang]
    count("bad_input.decoded")


def test_a_gbk_resume_on_stdin_gets_the_plan_of_its_utf8_twin(tmp_path, twin_plans):
    assert plan_json("-", tmp_path, stdin=RESUME_ZH.encode("gbk")) == twin_plans["zh"]
    count("bad_input.decoded")


def test_load_resume_decodes_every_encoding_to_the_same_text(tmp_path):
    from interviewer.resume import load_resume

    for text in (RESUME_ZH, RESUME_EN):
        twin = tmp_path / "twin.md"
        twin.write_text(text, encoding="utf-8")
        expected = load_resume(twin).text
        for name, enc in ENCODINGS.items():
            if text is RESUME_EN and name in ("gbk", "gb18030"):
                continue
            p = tmp_path / f"r.{name}.txt"
            p.write_bytes(enc(text))
            assert load_resume(p).text == expected, name
