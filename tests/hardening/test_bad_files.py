"""Files that are not what they claim: FIFOs, /dev/zero and oversized files named as résumé, pack or transcript,
and transcripts whose JSON parses but whose values would brick a resume. Each is refused in one line, the
exit is non-zero, there is no traceback, and a transcript refused is left byte for byte and mtime as it was."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from hardening.support import DATA, PACK_DIR, UPSTREAM_SKILLS, assert_refused, count, refusal_problem, snapshot
from interviewer import skills
from interviewer import transcript as T
from interviewer import transcript_index as TI
from interviewer.errors import ResumeError, SkillError, TranscriptError
from interviewer.files import InputFileError, read_limited
from interviewer.resume import MAX_BYTES as RESUME_MAX
from interviewer.resume import load_resume
from sample_transcript import sample_transcript

RESUME = DATA / "resume_zh.md"
ANSWERS = DATA / "answers_zh.txt"
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this platform")
needs_dev_zero = pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero on this platform")
OLD = 1_600_000_000_000_000_000  # a fixed mtime, so "unchanged" is not a same-second accident


def _cap_memory() -> None:
    # A regression that reads /dev/zero whole must fail with MemoryError, not take the machine's memory.
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))


def run(args: list, cwd: Path) -> subprocess.CompletedProcess:
    """`python -m interviewer ARGS` like support.cli, with stdin closed and address space capped (Linux)."""
    proc = subprocess.run([sys.executable, "-m", "interviewer", *map(str, args)], cwd=cwd, stdin=subprocess.DEVNULL,
                          capture_output=True, env=dict(os.environ), timeout=60,
                          preexec_fn=_cap_memory if sys.platform.startswith("linux") else None)
    proc.stdout = proc.stdout.decode("utf-8", "replace")
    proc.stderr = proc.stderr.decode("utf-8", "replace")
    return proc


def refused(proc: subprocess.CompletedProcess, *names: str) -> str:
    assert_refused(proc, *names)
    count("bad_input.refused_cleanly")
    return proc.stderr.strip()


def fifo(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    os.mkfifo(path)
    return path


def sparse(path: Path, size: int) -> Path:
    """A file that reports `size` bytes without taking them on disk."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as f:
        f.truncate(size)
    return path


# --------------------------------------------------------------------------- special files through the CLI


def resume_commands(path: Path, tmp_path: Path) -> dict[str, list]:
    return {"plan": ["plan", "--resume", path],
            "chat": ["chat", "--resume", path, "--answers", ANSWERS, "--provider", "offline",
                     "--transcripts", tmp_path / "saved"]}


def pack_commands(path: Path, tmp_path: Path) -> dict[str, list]:
    return {"plan": ["plan", "--resume", RESUME, "--skill", path],
            "chat": ["chat", "--resume", RESUME, "--skill", path, "--answers", ANSWERS, "--provider", "offline",
                     "--transcripts", tmp_path / "saved"],
            "skills show": ["skills", "show", path]}


def transcript_commands(path: Path, tmp_path: Path) -> dict[str, list]:
    return {"report": ["report", path],
            "report-html": ["report", path, "--format", "html", "-o", tmp_path / "out.html"],
            "resume": ["resume", path, "--answers", ANSWERS, "--provider", "offline"]}


def nothing_saved(tmp_path: Path, proc) -> None:
    assert "interviewer>" not in proc.stdout and "面试官>" not in proc.stdout
    assert not (tmp_path / "saved").exists() or not any((tmp_path / "saved").iterdir())
    assert not (tmp_path / "out.html").exists()


def special_files(tmp_path: Path) -> dict[str, Path]:
    found = {}
    if hasattr(os, "mkfifo"):
        found["fifo"] = fifo(tmp_path, "named-pipe")
    if Path("/dev/zero").exists():
        found["dev-zero"] = Path("/dev/zero")
    if not found:
        pytest.skip("neither named pipes nor /dev/zero on this platform")
    return found


@pytest.mark.parametrize("command", ["plan", "chat"])
def test_a_special_file_as_resume_is_refused_with_the_stdin_hint(tmp_path, command):
    for path in special_files(tmp_path).values():
        proc = run(resume_commands(path, tmp_path)[command], tmp_path)
        line = refused(proc, str(path))
        assert "not a regular file" in line and "use --resume - to read from stdin" in line
        nothing_saved(tmp_path, proc)


@pytest.mark.parametrize("command", ["plan", "chat", "skills show"])
def test_a_special_file_as_pack_is_refused(tmp_path, command):
    for path in special_files(tmp_path).values():
        proc = run(pack_commands(path, tmp_path)[command], tmp_path)
        assert "not a regular file" in refused(proc, str(path))
        nothing_saved(tmp_path, proc)


def test_skills_lint_reports_a_special_file_as_one_problem(tmp_path):
    for path in special_files(tmp_path).values():
        proc = run(["skills", "lint", path], tmp_path)
        lines = proc.stdout.strip().splitlines()
        assert proc.returncode == 1 and "Traceback" not in proc.stderr + proc.stdout, proc.stderr[-600:]
        assert lines == [f"{path}:1: is not a regular file (a pipe, socket or device)"]
        count("bad_input.refused_cleanly")


@pytest.mark.parametrize("command", ["report", "report-html", "resume"])
def test_a_special_file_as_transcript_is_refused(tmp_path, command):
    for path in special_files(tmp_path).values():
        proc = run(transcript_commands(path, tmp_path)[command], tmp_path)
        assert "is not a transcript (not a regular file" in refused(proc, str(path))
        nothing_saved(tmp_path, proc)


@needs_fifo
def test_a_fifo_in_the_transcripts_folder_does_not_hang_the_listing(tmp_path):
    folder = tmp_path / "saved"
    folder.mkdir()
    T.save(sample_transcript("zh"), folder / "real.json")
    os.mkfifo(folder / "pipe.json")
    os.mkfifo(folder / TI.INDEX_NAME)  # the listing cache: read on every listing
    proc = run(["transcripts", "list", "--transcripts", folder, "--json"], tmp_path)
    assert proc.returncode == 0, proc.stderr[-600:]
    assert [s["id"] for s in json.loads(proc.stdout)] == ["20250301-090000-abc123"]


# --------------------------------------------------------------------------- oversized files


def test_the_pack_cap_is_well_above_every_real_pack():
    sizes = [p.stat().st_size for p in [*PACK_DIR.glob("SKILL*.md"), *UPSTREAM_SKILLS.glob("*/SKILL*.md")]]
    assert sizes and max(sizes) * 10 < skills.MAX_PACK_BYTES


def test_an_oversized_pack_is_refused_before_it_is_read(tmp_path):
    path = sparse(tmp_path / "packs" / "huge" / "SKILL.md", 13 * 2**20)
    for command in ("plan", "skills show"):
        assert "larger than 1 MB" in refused(run(pack_commands(path, tmp_path)[command], tmp_path), str(path))


def test_a_pack_just_over_the_cap_is_refused_and_one_at_it_is_read(tmp_path):
    text = (PACK_DIR / "SKILL.md").read_text(encoding="utf-8")
    at_cap = tmp_path / "at" / "SKILL.md"
    at_cap.parent.mkdir()
    at_cap.write_bytes(text.encode() + b"\n" * (skills.MAX_PACK_BYTES - len(text.encode())))
    assert skills.load_pack(at_cap).name == skills.load_pack(PACK_DIR / "SKILL.md").name
    over = tmp_path / "over" / "SKILL.md"
    over.parent.mkdir()
    over.write_bytes(at_cap.read_bytes() + b"\n")
    with pytest.raises(SkillError, match=r"SKILL\.md: larger than 1 MB; a skill pack is a few pages of Markdown$"):
        skills.load_pack(over)
    count("bad_input.refused_cleanly")


def test_an_oversized_transcript_is_refused_and_untouched(tmp_path):
    folder = tmp_path / "kept"
    path = sparse(folder / "huge.json", T.MAX_BYTES + 1)
    os.utime(path, ns=(OLD, OLD))
    before = snapshot(folder)
    for command in ("report", "resume"):
        line = refused(run(transcript_commands(path, tmp_path)[command], tmp_path), str(path))
        assert line.endswith(f"{path} is not a transcript (over 64 MB)")
    assert snapshot(folder) == before


def test_an_oversized_resume_names_its_size(tmp_path):
    path = sparse(tmp_path / "cv.txt", 3 * 2**20)
    line = refused(run(["plan", "--resume", path], tmp_path), str(path))
    assert line.endswith(f"{path}: larger than 2 MB (3.0 MB); a résumé is a few pages of text")


# --------------------------------------------------------------------------- the readers, called directly


def test_read_limited_says_what_kind_of_file_it_refused(tmp_path):
    (tmp_path / "ok").write_bytes(b"x" * 10)
    assert read_limited(tmp_path / "ok", 10) == b"x" * 10
    cases = {"missing": tmp_path / "nope", "folder": tmp_path, "too_large": tmp_path / "ok"}
    if hasattr(os, "mkfifo"):
        cases["special"] = fifo(tmp_path, "p")
    for kind, path in cases.items():
        with pytest.raises(InputFileError) as e:
            read_limited(path, 9)
        assert e.value.kind == kind and "\n" not in e.value.reason


def test_read_limited_keeps_the_errno_of_an_unreadable_file(tmp_path, monkeypatch):
    path = tmp_path / "locked"
    path.write_text("x")

    def denied(self, *a, **k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "open", denied)
    with pytest.raises(InputFileError) as e:
        read_limited(path, 10)
    assert (e.value.kind, e.value.errno, e.value.reason) == ("unreadable", 13, "cannot read (Permission denied)")


@needs_fifo
def test_every_reader_refuses_a_fifo_in_its_own_words(tmp_path):
    path = fifo(tmp_path, "p")
    with pytest.raises(ResumeError, match=r"p: is not a regular file \(a pipe, socket or device\); use --resume -"):
        load_resume(path)
    with pytest.raises(SkillError, match=r"p: is not a regular file \(a pipe, socket or device\)$"):
        skills.load_pack(path)
    assert skills.lint(path)[0].message == "is not a regular file (a pipe, socket or device)"
    with pytest.raises(TranscriptError, match=r"p is not a transcript \(not a regular file: a pipe, socket or device\)$"):
        T.load(path)
    count("bad_input.refused_cleanly", 4)


def test_existing_wording_is_kept_for_missing_and_folder_files(tmp_path):
    checks = [(load_resume, ResumeError, ": no such file", ": is a folder, not a résumé file"),
              (skills.load_pack, SkillError, ": no such skill pack file", ": is a folder, not a SKILL.md file"),
              (T.load, TranscriptError, ": no such transcript", " is a folder, not a transcript")]
    for reader, error, missing, folder in checks:
        for path, words in ((tmp_path / "nope", missing), (tmp_path, folder)):
            with pytest.raises(error) as e:
                reader(path)
            assert str(e.value) == f"{path}{words}"
    assert load_resume(RESUME).text  # a regular file still reads


# --------------------------------------------------------------------------- transcripts that parse but are wrong


def in_progress() -> dict:
    t = sample_transcript("zh")
    t.status = "in_progress"
    t.turns = t.turns[:-1]  # the last question is waiting for its answer
    return json.loads(t.model_dump_json())


def edited(change) -> bytes:
    data = in_progress()
    change(data)
    return json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")


def first_strength(token: str) -> bytes:
    """The first chain's strength written as a bare JSON token (json.dumps would only ever write NaN/Infinity)."""
    raw = json.dumps(in_progress(), ensure_ascii=False, indent=1)
    return re.sub(r'"strength": [-0-9.eE]+', f'"strength": {token}', raw, count=1).encode("utf-8")


def chains(data: dict) -> list:
    return data["plan"]["chains"]


# name → (bytes, the field the message must name)
WRONG = {
    "strength NaN": (lambda: first_strength("NaN"), "plan.chains.0.strength"),
    "strength Infinity": (lambda: first_strength("Infinity"), "plan.chains.0.strength"),
    "strength -Infinity": (lambda: first_strength("-Infinity"), "plan.chains.0.strength"),
    "strength 1e999": (lambda: first_strength("1e999"), "plan.chains.0.strength"),
    "schema_version twice": (lambda: edited(lambda d: None).replace(
        b'"schema_version": 1,', b'"schema_version": 1, "schema_version": 7,', 1), "schema 7"),
    "lang fr": (lambda: edited(lambda d: d.update(lang="fr")), "lang"),
    "plan.lang fr": (lambda: edited(lambda d: d["plan"].update(lang="fr")), "plan.lang"),
    "max_turns -5": (lambda: edited(lambda d: d.update(max_turns=-5)), "max_turns"),
    "max_turns 0": (lambda: edited(lambda d: d.update(max_turns=0)), "max_turns"),
    "max_turns 10**30": (lambda: edited(lambda d: d.update(max_turns=10**30)), "max_turns"),
    "created_at not a date": (lambda: edited(lambda d: d.update(created_at="not a date")), "created_at"),
    "updated_at empty": (lambda: edited(lambda d: d.update(updated_at="")), "updated_at"),
    "turn names c999": (lambda: edited(lambda d: d["turns"][2].update(chain="c999")), "turns.2.chain"),
    "plan.chains empty, turns name them": (lambda: edited(lambda d: chains(d).clear()), "turns.0.chain"),
    "two chains c1": (lambda: edited(lambda d: chains(d)[1].update(id="c1")), "plan.chains.1.id"),
    "chain_pos past the plan": (lambda: edited(lambda d: d["state"].update(chain_pos=99)), "state.chain_pos"),
    "chain_pos negative": (lambda: edited(lambda d: d["state"].update(chain_pos=-1)), "state.chain_pos"),
    "skipped c999": (lambda: edited(lambda d: d["state"].update(skipped=["c999"])), "state.skipped"),
    "steps c999": (lambda: edited(lambda d: d["state"].update(steps={"c999": 1})), "state.steps"),
    "steps negative": (lambda: edited(lambda d: d["state"].update(steps={"c1": -3})), "state.steps.c1"),
    "a turn at level 99": (lambda: edited(lambda d: assessed(d)[1]["assessment"].update(level=99)),
                           "turns.1.assessment.level"),
    "a turn at level 0": (lambda: edited(lambda d: assessed(d)[1]["assessment"].update(level=0)),
                          "turns.1.assessment.level"),
    "a scorecard level 5": (lambda: edited(lambda d: d["scorecard"]["topics"][0].update(level=5)),
                            "scorecard.topics.0.level"),
    "an overall level 9.5": (lambda: edited(lambda d: d["scorecard"].update(overall=9.5)), "scorecard.overall"),
}


def assessed(data: dict) -> tuple[int, dict]:
    """The first turn holding an assessment, with its index (the sample session has one)."""
    return next((i, t) for i, t in enumerate(data["turns"]) if t.get("assessment"))


@pytest.mark.parametrize("command", ["report", "report-html", "resume"])
@pytest.mark.parametrize("case", list(WRONG))
def test_a_transcript_that_would_brick_a_resume_is_refused_and_untouched(tmp_path, case, command):
    make, field = WRONG[case]
    folder = tmp_path / "kept"
    folder.mkdir()
    path = folder / "session.json"
    path.write_bytes(make())
    os.utime(path, ns=(OLD, OLD))
    before = snapshot(folder)
    proc = run(transcript_commands(path, tmp_path)[command], tmp_path)
    line = refused(proc, str(path))
    assert field in line
    assert snapshot(folder) == before
    nothing_saved(tmp_path, proc)


def test_the_refusals_name_the_field_in_the_usual_form(tmp_path):
    for case, (make, field) in WRONG.items():
        with pytest.raises(TranscriptError) as e:
            T.parse(make(), "t.json")
        msg = e.value.message
        if field.startswith("schema"):
            assert msg == "t.json was written by a newer interviewer (schema 7; this one reads 1)"
        else:
            assert msg.startswith(f"t.json is not a valid transcript ({field}: "), (case, msg)
        assert "\n" not in msg


def test_the_version_a_repeated_key_ends_with_is_the_one_checked():
    raw = edited(lambda d: None)
    assert T.parse(raw.replace(b'"schema_version": 1,', b'"schema_version": 7, "schema_version": 1,', 1)).schema_version == 1


def test_a_finished_session_keeps_whatever_max_turns_it_ran_with():
    # Before --max-turns was range-checked, `chat --max-turns 0` ended at once and saved 0: its report must open.
    data = json.loads(sample_transcript("zh").model_dump_json())
    data["max_turns"] = 0
    assert T.parse(json.dumps(data).encode()).max_turns == 0


# --------------------------------------------------------------------------- a plan without chains


def empty_plan(status: str) -> bytes:
    data = json.loads(sample_transcript("zh").model_dump_json())
    data["status"] = status
    data["plan"]["chains"] = []
    data["scorecard"] = {}
    data["turns"] = [] if status == "in_progress" else data["turns"]
    for turn in data["turns"]:
        turn["chain"] = None
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


def test_a_finished_session_with_an_empty_plan_is_still_reported(tmp_path):
    path = tmp_path / "s.json"
    path.write_bytes(empty_plan("finished"))
    proc = run(["report", path], tmp_path)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr[-600:]
    assert "distributed-training" in proc.stdout


def test_an_unfinished_session_with_an_empty_plan_loads_but_is_not_resumable(tmp_path):
    path = tmp_path / "s.json"
    path.write_bytes(empty_plan("in_progress"))
    t = T.load(path)
    with pytest.raises(TranscriptError) as e:
        T.check_resumable(t, str(path))
    assert e.value.message == (f"{path}: cannot resume a session whose plan has no chains (plan.chains is empty); "
                               f"read it with: interviewer report {path}")
    T.check_resumable(T.parse(edited(lambda d: None)), "t.json")  # a normal session passes
    count("bad_input.refused_cleanly")


def test_resume_refuses_an_unfinished_session_with_an_empty_plan(tmp_path):
    path = tmp_path / "s.json"
    path.write_bytes(empty_plan("in_progress"))
    os.utime(path, ns=(OLD, OLD))
    before = snapshot(tmp_path)
    proc = run(transcript_commands(path, tmp_path)["resume"], tmp_path)
    assert refusal_problem(proc, str(path)) is None and "plan.chains is empty" in proc.stderr, proc.stderr[-600:]
    assert snapshot(tmp_path) == before
    count("bad_input.refused_cleanly")
