"""The CLI layer's contract through the real CLI: argparse errors are one line, bounds are enforced, outputs
never replace an input or a saved transcript and are written 0600, URLs are shown without passwords, answers
are decoded like résumés, every argument has help, and messages say what is actually wrong."""

from __future__ import annotations

import argparse
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from hardening.support import DATA, PACK_DIR, ROOT, assert_refused, cli, count, snapshot
from sample_transcript import sample_transcript

ANSWERS = DATA / "answers_zh.txt"
RESUME = DATA / "resume_zh.md"
SECRET = "pw-5f3a9c1e7b2d"


def refused(proc, *names, code: int = 2):
    assert_refused(proc, *names)
    assert proc.returncode == code, (proc.returncode, proc.stderr)
    count("bad_input.refused_cleanly")


def saved_transcript(path: Path, status: str = "finished") -> bytes:
    from interviewer import transcript as T

    t = sample_transcript("zh")
    t.status = status
    if status == "in_progress":
        t.turns = t.turns[:-1]
    T.save(t, path)
    os.utime(path, ns=(1_600_000_000_000_000_000, 1_600_000_000_000_000_000))
    return path.read_bytes()


def candidate_answers(path: Path) -> list[str]:
    return [t["text"] for t in json.loads(path.read_text(encoding="utf-8"))["turns"] if t["role"] == "candidate"]


# --------------------------------------------------------------------------- argparse errors: one line, exit 2

USAGE_ERRORS = {
    "plan --lang fr": (["plan", "--resume", RESUME, "--lang", "fr"], "interviewer plan: argument --lang"),
    "plan --format xml": (["plan", "--resume", RESUME, "--format", "xml"], "interviewer plan: argument --format"),
    "report --format pdf": (["report", "x.json", "--format", "pdf"], "interviewer report: argument --format"),
    "plan --minutes abc": (["plan", "--resume", RESUME, "--minutes", "abc"], "argument --minutes"),
    "plan --minutes 45.5": (["plan", "--resume", RESUME, "--minutes", "45.5"], "argument --minutes"),
    "plan --minutes 1e309": (["plan", "--resume", RESUME, "--minutes", "1e309"], "argument --minutes"),
    "plan --minutes inf": (["plan", "--resume", RESUME, "--minutes", "inf"], "argument --minutes"),
    "plan --minutes 0": (["plan", "--resume", RESUME, "--minutes", "0"], "argument --minutes"),
    "plan --minutes huge": (["plan", "--resume", RESUME, "--minutes", "9" * 5000], "argument --minutes"),
    "chat --minutes inf": (["chat", "--minutes", "inf"], "interviewer chat: argument --minutes"),
    "chat --max-turns abc": (["chat", "--max-turns", "abc"], "interviewer chat: argument --max-turns"),
    "plan without --resume": (["plan"], "interviewer plan: the following arguments are required: --resume"),
    "a stray argument": (["plan", "--resume", RESUME, "extra"], "interviewer plan: unrecognized arguments"),
    "a stray argument with a newline": (["report", "x.json", "a\nb"], "interviewer report: unrecognized"),
    "an unknown subcommand": (["skills", "frobnicate"], "interviewer skills: argument SUBCOMMAND"),
    "a flag without its value": (["chat", "--resume"], "interviewer chat: argument --resume"),
    "the UI with a bad --lang": (["--lang", "fr"], "interviewer tui: argument --lang"),
}


@pytest.mark.parametrize("case", list(USAGE_ERRORS))
def test_a_usage_error_is_one_line_naming_the_command_and_flag(tmp_path, case):
    argv, expected = USAGE_ERRORS[case]
    proc = cli(argv, cwd=tmp_path)
    refused(proc, expected)
    assert "usage:" not in proc.stderr and proc.stdout == ""
    assert proc.stderr.rstrip().endswith("--help")


def test_main_returns_the_usage_error_code_instead_of_raising(capsys):
    from interviewer import cli as entry

    assert entry.main(["plan", "--lang", "fr"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    assert entry.main(["--version"]) == 0


# --------------------------------------------------------------------------- bounds and empty values


@pytest.mark.parametrize("value", ["0", "-1", "501", "1000000", "abc", "2.5", "inf"])
def test_chat_refuses_a_max_turns_outside_1_to_500_before_saving_anything(tmp_path, value):
    folder = tmp_path / "saved"
    proc = cli(["chat", "--resume", RESUME, "--answers", ANSWERS, "--provider", "offline", "--transcripts", folder,
                "--max-turns", value], cwd=tmp_path)
    refused(proc, "--max-turns")
    assert "interviewer>" not in proc.stdout and "面试官>" not in proc.stdout and not folder.exists()


@pytest.mark.parametrize("value", ["0", "-1", "501", "abc"])
def test_resume_refuses_a_max_turns_outside_1_to_500_and_leaves_the_session_alone(tmp_path, value):
    path = tmp_path / "s.json"
    saved_transcript(path, "in_progress")
    before = snapshot(tmp_path)
    proc = cli(["resume", path, "--answers", ANSWERS, "--provider", "offline", "--max-turns", value], cwd=tmp_path)
    refused(proc, "--max-turns")
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("value", ["1", "500"])
def test_the_max_turns_bounds_themselves_are_accepted_and_saved(tmp_path, value):
    path = tmp_path / "s.json"
    proc = cli(["chat", "--resume", RESUME, "--answers", ANSWERS, "--provider", "offline", "--transcript", path,
                "--max-turns", value], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(path.read_text(encoding="utf-8"))["max_turns"] == int(value)


EMPTY_VALUES = {
    "--skill ''": (["chat", "--skill", ""], "--skill"),
    "--skill ' '": (["plan", "--resume", RESUME, "--skill", " "], "--skill"),
    "--provider ''": (["chat", "--provider", ""], "--provider"),
    "config --provider ''": (["config", "--provider", ""], "--provider"),
    "--model ''": (["chat", "--model", ""], "--model"),
    "--resume ''": (["plan", "--resume", ""], "--resume"),
    "-o ''": (["plan", "--resume", RESUME, "-o", ""], "--output"),
    "skills show ''": (["skills", "show", ""], "NAME|PATH"),
    "--skills-dir missing": (["chat", "--skills-dir", "/nonexistent/packs"], "/nonexistent/packs"),
    "skills list --skills-dir missing": (["skills", "list", "--skills-dir", "/nonexistent/packs"], "/nonexistent/packs"),
    "--skills-dir a file": (["plan", "--resume", RESUME, "--skills-dir", RESUME], str(RESUME)),
}


@pytest.mark.parametrize("case", list(EMPTY_VALUES))
def test_an_empty_value_or_a_missing_skills_folder_is_refused(tmp_path, case):
    argv, name = EMPTY_VALUES[case]
    proc = cli(argv, cwd=tmp_path)
    refused(proc, name)
    assert "interviewer>" not in proc.stdout and "面试官>" not in proc.stdout and not (tmp_path / "transcripts").exists()


def test_an_existing_skills_folder_is_still_searched(tmp_path):
    packs = tmp_path / "packs"
    (packs / "mine").mkdir(parents=True)
    (packs / "mine" / "SKILL.md").write_bytes((PACK_DIR / "SKILL.md").read_bytes().replace(
        b"name: distributed-training", b"name: mine-pack", 1))
    proc = cli(["skills", "list", "--skills-dir", packs, "--json"], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "mine-pack" in [p["name"] for p in json.loads(proc.stdout)]


# --------------------------------------------------------------------------- outputs never replace saved data


def test_report_refuses_to_write_over_another_saved_transcript(tmp_path):
    a, b = tmp_path / "re" / "a.json", tmp_path / "re" / "b.json"
    a.parent.mkdir()
    saved_transcript(a)
    saved_transcript(b, "in_progress")
    before = snapshot(a.parent)
    for fmt in ("md", "html", "json"):
        refused(cli(["report", a, "--format", fmt, "-o", b], cwd=tmp_path), str(b))
    assert snapshot(a.parent) == before


def test_report_refuses_its_own_transcript_through_a_symlink_or_a_hard_link(tmp_path):
    path = tmp_path / "s.json"
    saved_transcript(path)
    (tmp_path / "link.json").symlink_to(path)
    os.link(path, tmp_path / "hard.md")
    before = path.read_bytes()
    for out in ("link.json", "hard.md", "./s.json"):
        refused(cli(["report", path, "-o", out], cwd=tmp_path), out)
    assert path.read_bytes() == before and path.stat().st_mtime_ns == 1_600_000_000_000_000_000


def test_plan_refuses_to_write_over_its_resume_or_its_pack(tmp_path):
    resume = tmp_path / "r.md"
    resume.write_bytes(RESUME.read_bytes())
    pack = tmp_path / "pack" / "SKILL.md"
    pack.parent.mkdir()
    pack.write_bytes((PACK_DIR / "SKILL.md").read_bytes())
    (tmp_path / "alias.md").symlink_to(resume)
    before = snapshot(tmp_path)
    refused(cli(["plan", "--resume", resume, "-o", resume], cwd=tmp_path), str(resume))
    refused(cli(["plan", "--resume", "alias.md", "-o", "r.md"], cwd=tmp_path), "r.md")
    refused(cli(["plan", "--resume", resume, "--skill", pack, "-o", pack], cwd=tmp_path), str(pack))
    assert snapshot(tmp_path) == before


def test_plan_refuses_to_write_over_a_saved_transcript_whatever_its_name(tmp_path):
    session = tmp_path / "notes.md"
    saved_transcript(session)
    before = session.read_bytes()
    refused(cli(["plan", "--resume", RESUME, "-o", session], cwd=tmp_path), str(session))
    assert session.read_bytes() == before


def test_an_output_over_an_ordinary_file_still_replaces_it(tmp_path):
    out = tmp_path / "plan.md"
    out.write_text("an older plan\n")
    proc = cli(["plan", "--resume", RESUME, "-o", out], cwd=tmp_path)
    assert proc.returncode == 0 and proc.stderr.strip() == f"wrote {out}", proc.stderr
    assert out.read_text(encoding="utf-8").startswith("# ")


# --------------------------------------------------------------------------- exports are private and whole


def run_with_umask(args: list, cwd: Path, umask: int) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "interviewer", *map(str, args)], cwd=cwd, capture_output=True,
                          text=True, preexec_fn=lambda: os.umask(umask), timeout=60)


@pytest.mark.parametrize("umask", [0o022, 0o000])
def test_exports_are_written_0600_without_leaving_temp_files(tmp_path, umask):
    session = tmp_path / "s.json"
    saved_transcript(session)
    out = tmp_path / "out"
    out.mkdir()
    (out / "old.md").write_text("old\n")
    os.chmod(out / "old.md", 0o644)
    runs = [["plan", "--resume", RESUME, "--format", fmt, "-o", out / f"plan.{fmt}"] for fmt in ("md", "json", "html")]
    runs += [["report", session, "--format", fmt, "-o", out / f"report.{fmt}"] for fmt in ("md", "json", "html")]
    runs.append(["plan", "--resume", RESUME, "-o", out / "old.md"])
    for args in runs:
        proc = run_with_umask(args, tmp_path, umask)
        assert proc.returncode == 0, (args, proc.stderr)
    modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in out.iterdir()}
    assert modes == dict.fromkeys(modes, 0o600) and len(modes) == 7, modes
    assert json.loads((out / "report.json").read_text(encoding="utf-8"))["id"]
    count("secrets.private_exports", len(modes))


def test_an_output_to_a_device_is_written_straight_to_it(tmp_path):
    proc = cli(["plan", "--resume", RESUME, "-o", "/dev/stdout"], cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout.startswith("# "), proc.stderr


@pytest.mark.parametrize("case", ["no folder", "a folder"])
def test_an_unwritable_output_is_one_line(tmp_path, case):
    out = tmp_path / "nope" / "plan.md" if case == "no folder" else tmp_path
    refused(cli(["plan", "--resume", RESUME, "-o", out], cwd=tmp_path), str(out))
    assert [p.name for p in tmp_path.iterdir()] == []


# --------------------------------------------------------------------------- URLs without passwords


@pytest.mark.parametrize("where", ["flag", "env"])
def test_config_never_shows_a_password_in_the_base_url(tmp_path, where):
    url = f"http://user:{SECRET}@127.0.0.1:9/v1?api_key={SECRET}"
    flag = ["--base-url", url] if where == "flag" else []
    env = {**os.environ, "OPENAI_API_KEY": "sk-test-0000000000000000"}
    if where == "env":
        env["OPENAI_BASE_URL"] = url
    table = cli(["config", "--provider", "openai", *flag], cwd=tmp_path, env=env)
    data = cli(["config", "--provider", "openai", "--json", *flag], cwd=tmp_path, env=env)
    assert table.returncode == data.returncode == 0, table.stderr + data.stderr
    for proc in (table, data):
        assert SECRET not in proc.stdout + proc.stderr
    assert "http://user:***@127.0.0.1:9/v1?api_key=***" in table.stdout
    assert json.loads(data.stdout)["base_url"]["value"] == "http://user:***@127.0.0.1:9/v1?api_key=***"
    count("secrets.masked_urls")


@pytest.mark.parametrize("url, shown", [
    ("http://user:pw@127.0.0.1:9/v1", "http://user:***@127.0.0.1:9/v1"),
    ("https://TOKEN@api.example.com/v1", "https://***@api.example.com/v1"),
    ("http://a:b@c@host/v1", "http://a:***@host/v1"),
    ("user:pw@host:9/v1", "user:***@host:9/v1"),
    ("http://host/v1?x=1&access_token=t", "http://host/v1?x=1&access_token=***"),
    ("http://localhost:11434/v1", "http://localhost:11434/v1"),
    ("http://host/v1?q=a@b", "http://host/v1?q=a@b"),
    ("http://u:SECRET/PW@h/v1", "http://u:***@h/v1"),
    ("http://u:SECRET PW@h/v1", "http://u:***@h/v1"),
    ("http://u:SECRET#PW@h/v1", "http://u:***@h/v1"),
    ("http://u:SECRET?PW@h/v1", "http://u:***@h/v1"),
    (None, None),
])
def test_redact_url(url, shown):
    from interviewer.config import redact_url

    assert redact_url(url) == shown


# --------------------------------------------------------------------------- answers are decoded like résumés


@pytest.fixture(scope="module")
def utf8_answers(tmp_path_factory) -> list[str]:
    d = tmp_path_factory.mktemp("utf8")
    proc = cli(["chat", "--resume", RESUME, "--answers", ANSWERS, "--provider", "offline", "--transcript",
                d / "s.json"], cwd=d)
    assert proc.returncode == 0, proc.stderr
    return candidate_answers(d / "s.json")


ANSWER_ENCODINGS = {
    "gbk": lambda s: s.encode("gbk"),
    "gb18030": lambda s: s.encode("gb18030"),
    "utf-8-bom": lambda s: s.encode("utf-8-sig"),
    "utf-16": lambda s: s.encode("utf-16"),
    "crlf": lambda s: s.replace("\n", "\r\n").encode("utf-8"),
}


@pytest.mark.parametrize("via", ["stdin", "--answers"])
@pytest.mark.parametrize("encoding", list(ANSWER_ENCODINGS))
def test_answers_in_another_encoding_are_saved_as_their_utf8_twin(tmp_path, utf8_answers, encoding, via):
    data = ANSWER_ENCODINGS[encoding](ANSWERS.read_text(encoding="utf-8"))
    path = tmp_path / "s.json"
    args = ["chat", "--resume", RESUME, "--provider", "offline", "--transcript", path]
    if via == "stdin":
        proc = cli(args, cwd=tmp_path, stdin=data)
    else:
        (tmp_path / "answers.txt").write_bytes(data)
        proc = cli([*args, "--answers", tmp_path / "answers.txt"], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert candidate_answers(path) == utf8_answers
    assert not any("?" * 3 in a or "\ufffd" in a for a in candidate_answers(path))
    count("bad_input.decoded")


def test_a_non_text_answer_on_stdin_stops_with_one_line_and_keeps_what_was_said(tmp_path):
    path = tmp_path / "s.json"
    stdin = "我们用 BF16 训练，master weights 保留 FP32。\n---\n".encode() + b"\x00\x01\x02\x03\xff" * 40 + b"\n---\n"
    proc = cli(["chat", "--resume", RESUME, "--provider", "offline", "--transcript", path], cwd=tmp_path, stdin=stdin)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    last = proc.stderr.strip().splitlines()[-1]
    assert "<stdin>: answer 2" in last and f"interviewer resume {path}" in last, last
    assert candidate_answers(path) == ["我们用 BF16 训练，master weights 保留 FP32。"]
    count("bad_input.refused_cleanly")


def bad_answers(tmp_path: Path, case: str) -> tuple[Path, str]:
    p = tmp_path / "answers.txt"
    if case == "folder":
        p.mkdir()
        return p, "is a folder"
    if case == "fifo":
        os.mkfifo(p)
        return p, "not a regular file"
    if case == "device":
        return Path("/dev/zero"), "not a regular file"
    if case == "too large":
        p.write_bytes(b"x" * (2 * 1024 * 1024 + 1))
        return p, "larger than 2 MB"
    if case == "missing":
        return p, "no such answers file"
    if case == "gbk-less binary":
        p.write_bytes(b"\x81\x20\xff" * 100)
        return p, "not text"
    p.write_bytes(b"\xef\xbb\xbf \n---\n\xe2\x80\x8b\n")  # a BOM, spaces, a zero-width space: no answer
    return p, "no answer text"


@pytest.mark.parametrize("case", ["folder", "fifo", "device", "too large", "missing", "gbk-less binary", "blank"])
def test_a_bad_answers_file_is_named_with_what_is_wrong(tmp_path, case):
    path, reason = bad_answers(tmp_path, case)
    folder = tmp_path / "saved"
    proc = cli(["chat", "--resume", RESUME, "--answers", path, "--provider", "offline", "--transcripts", folder],
               cwd=tmp_path, timeout=30)
    refused(proc, str(path))
    assert reason in proc.stderr, proc.stderr
    assert "interviewer>" not in proc.stdout and "面试官>" not in proc.stdout and not folder.exists()


# --------------------------------------------------------------------------- help text


def every_parser(parser: argparse.ArgumentParser, name: str = "interviewer"):
    yield name, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub, child in action.choices.items():
                yield from every_parser(child, f"{name} {sub}")


def test_every_argument_of_every_command_has_help():
    from interviewer.cli import build_parser

    missing = [f"{name} {a.option_strings or a.metavar or a.dest}" for name, p in every_parser(build_parser())
               for a in p._actions if not a.help and not isinstance(a, argparse._SubParsersAction)]
    assert missing == []


@pytest.mark.parametrize("command, words", [
    (["resume"], ["TRANSCRIPT", "--answers", "--feedback", "--max-turns", "1–500"]),
    (["report"], ["TRANSCRIPT", "--format", "0600"]),
    (["chat"], ["--minutes", "1–600", "--max-turns"]),
    (["transcripts", "list"], ["--transcripts", "--json"]),
    (["score"], ["--topic", "--answer-file", "--json"]),
    (["skills", "show"], ["NAME|PATH", "--lang", "--skills-dir"]),
])
def test_help_describes_the_arguments(command, words):
    proc = cli([*command, "--help"], cwd=ROOT)
    assert proc.returncode == 0 and proc.stderr == ""
    text = " ".join(proc.stdout.split())
    assert all(w in text for w in words), [w for w in words if w not in text]


# --------------------------------------------------------------------------- messages that say what is wrong


@pytest.mark.parametrize("content", [b'{"schema_version": 1, "id": "x", "turns": [', b"my notes\n", b""])
def test_chat_over_an_unreadable_file_says_it_is_not_a_transcript(tmp_path, content):
    path = tmp_path / "s.json"
    path.write_bytes(content)
    proc = cli(["chat", "--resume", RESUME, "--answers", ANSWERS, "--provider", "offline", "--transcript", path],
               cwd=tmp_path)
    refused(proc, str(path))
    assert "is not a transcript" in proc.stderr and "interviewer resume" not in proc.stderr, proc.stderr
    assert path.read_bytes() == content


@pytest.mark.parametrize("status, advice", [("in_progress", "interviewer resume"), ("finished", "interviewer report")])
def test_chat_over_a_saved_session_points_to_the_command_that_works(tmp_path, status, advice):
    path = tmp_path / "s.json"
    before = saved_transcript(path, status)
    proc = cli(["chat", "--resume", RESUME, "--answers", ANSWERS, "--provider", "offline", "--transcript", path],
               cwd=tmp_path)
    refused(proc, str(path))
    assert advice in proc.stderr and path.read_bytes() == before


def test_an_unknown_config_setting_is_called_unknown_and_the_known_ones_are_listed(tmp_path):
    cfg = tmp_path / "config.toml"
    cfg.write_text('keyboard = "vi"\nhotkey = 1\napi_key = "sk-x"\n[openai]\ntemperature = 0.2\n', encoding="utf-8")
    proc = cli(["config"], cwd=tmp_path, env={**os.environ, "INTERVIEWER_CONFIG": str(cfg)})
    assert proc.returncode == 0, proc.stderr
    lines = proc.stderr.splitlines()
    for key, line in (("keyboard", 1), ("hotkey", 2), ("openai.temperature", 5)):
        [msg] = [x for x in lines if f"'{key}'" in x]
        assert f"config.toml:{line}: unknown setting" in msg and "API key" not in msg, msg
        assert "known: provider, model, base_url, timeout, max_retries, stream" in msg, msg
    assert any("config.toml:3: api_key ignored: API keys are read only from" in x for x in lines)


def test_score_reads_an_answer_file_like_a_resume(tmp_path):
    answer = "我们用 BF16 训练，master weights 保留 FP32，softmax 和 layernorm 用 FP32 算。"
    (tmp_path / "utf8.txt").write_text(answer, encoding="utf-8")
    (tmp_path / "gbk.txt").write_bytes(answer.encode("gbk"))
    runs = [cli(["score", "--topic", "1", "--answer-file", tmp_path / n, "--json"], cwd=tmp_path)
            for n in ("utf8.txt", "gbk.txt")]
    assert [r.returncode for r in runs] == [0, 0], [r.stderr for r in runs]
    assert json.loads(runs[0].stdout) == json.loads(runs[1].stdout)
    count("bad_input.decoded")
    for bad, reason in (("/dev/zero", "not a regular file"), (tmp_path / "nope.txt", "no such file")):
        proc = cli(["score", "--topic", "1", "--answer-file", bad], cwd=tmp_path, timeout=30)
        refused(proc, str(bad))
        assert reason in proc.stderr


def test_on_a_terminal_only_a_command_is_sent_at_once(monkeypatch):
    from interviewer.commands import chat_cmd

    typed = iter(["/dev/shm holds the shards", "so restarts are fast", "", "/end"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    answers = chat_cmd.read_terminal("you> ")
    assert next(answers) == "/dev/shm holds the shards\nso restarts are fast"
    assert next(answers) == "/end"


def test_a_huge_scripted_answer_is_refused_and_the_next_one_is_answered(tmp_path):
    answers = tmp_path / "answers.txt"
    answers.write_text("x" * 1_500_000 + "\n---\n我们 TP=8 放在机内走 NVLink，PP=8 跨机。\n---\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "interviewer", "chat", "--answers", str(answers),
                           "--transcripts", str(tmp_path / "t")], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr + proc.stdout
    assert "回答太长" in proc.stdout + proc.stderr  # a Chinese session (the default) says so in Chinese
    [saved] = list((tmp_path / "t").glob("*.json"))
    cands = [t for t in json.loads(saved.read_text(encoding="utf-8"))["turns"] if t["role"] == "candidate"]
    assert [c["text"] for c in cands] == ["我们 TP=8 放在机内走 NVLink，PP=8 跨机。"]


def test_a_broken_user_pack_is_named_by_skills_list_and_hides_the_bundled_pack_it_shadows(tmp_path):
    packs = tmp_path / "packs"
    (packs / "distributed-training").mkdir(parents=True)
    (packs / "distributed-training" / "SKILL.md").write_text("not a pack\n", encoding="utf-8")
    proc = cli(["skills", "list", "--skills-dir", packs, "--json"], cwd=tmp_path)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
    # plan would pick the broken one, so list must not offer the bundled pack under that name
    assert "distributed-training" not in [p["name"] for p in json.loads(proc.stdout)]
    assert proc.stderr.strip().splitlines() == [
        f"interviewer: skipped distributed-training: {packs / 'distributed-training' / 'SKILL.md'}:1: "
        "no frontmatter (the file must start with a '---' line)"]
    plan = cli(["plan", "--resume", RESUME, "--skills-dir", packs], cwd=tmp_path)
    assert plan.returncode != 0 and "distributed-training" in plan.stderr


@pytest.mark.parametrize("stdin", [b"", b"\xff\xfe" + b"\x00" * 3_000_000], ids=["empty", "utf-16 flood"])
def test_a_resume_whose_answers_cannot_be_read_leaves_the_file_as_it_was(tmp_path, stdin):
    answers = tmp_path / "one.txt"
    answers.write_text("我们 TP=8 放在机内走 NVLink，PP=8 跨机。\n---\n", encoding="utf-8")
    folder = tmp_path / "t"
    assert cli(["chat", "--answers", answers, "--transcripts", folder], cwd=tmp_path).returncode == 0
    [path] = list(folder.glob("*.json"))
    before = snapshot(folder)
    proc = cli(["resume", path], cwd=tmp_path, stdin=stdin)
    assert "Traceback" not in proc.stderr + proc.stdout
    assert snapshot(folder) == before and before  # bytes and mtime of every file there
