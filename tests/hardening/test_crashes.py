"""Crashes and hangs, each re-tried with inputs of its own: an ASCII output encoding, stdout on a full disk, a
config file that cannot be read while offline was asked for, absurd retry counts and a server that says
"retry after 300 s", encrypted PDFs, and bidirectional controls in answers, résumés, transcripts and exports.
"""

from __future__ import annotations

import io
import json
import os
import pty
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hardening.support import DATA, ROOT, assert_refused, cli, count
from interviewer import transcript as T
from sample_transcript import sample_transcript

RESUME_ZH = DATA / "resume_zh.md"
RESUME_EN = DATA / "resume_en.md"
BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f",
        "\u061c"]


@pytest.fixture
def saved_zh(tmp_path) -> Path:
    path = tmp_path / "zh.json"
    T.save(sample_transcript("zh"), path)
    return path


def answers_file(tmp_path: Path, *answers: str) -> Path:
    f = tmp_path / "answers.txt"
    f.write_text("".join(f"{a}\n---\n" for a in answers), encoding="utf-8")
    return f


# --------------------------------------------------------------------------- an output that cannot encode


def commands(tmp_path: Path, saved: Path) -> dict[str, list]:
    return {
        "help": ["--help"],
        "chat help": ["chat", "--help"],
        "skills list": ["skills", "list"],
        "skills show": ["skills", "show", "distributed-training"],
        "plan zh": ["plan", "--resume", RESUME_ZH],
        "report md": ["report", saved],
        "report html": ["report", saved, "--format", "html"],
        "report json": ["report", saved, "--format", "json"],
        "transcripts list": ["transcripts", "list", "--transcripts", saved.parent],
        "config": ["config"],
        "chat zh": ["chat", "--resume", RESUME_ZH, "--provider", "offline", "--feedback", "--answers",
                    answers_file(tmp_path, "我们用 TP=8，rank 3 卡在 all-reduce。", "/end")],
    }


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "ascii:strict"])
def test_an_output_encoding_without_chinese_escapes_instead_of_crashing(tmp_path, saved_zh, encoding):
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    for name, args in commands(tmp_path, saved_zh).items():
        proc = subprocess.run([sys.executable, "-m", "interviewer", *map(str, args)], cwd=tmp_path, env=env,
                              capture_output=True, timeout=60)
        assert proc.returncode == 0, (name, proc.stderr.decode("latin-1")[-800:])
        assert b"Traceback" not in proc.stderr, (name, proc.stderr.decode("latin-1")[-800:])
        proc.stdout.decode("latin-1" if encoding == "latin-1" else "ascii")  # nothing else was written
        if name in ("plan zh", "report md", "chat zh"):
            assert b"\\u" in proc.stdout, name  # the Chinese is there, escaped, not dropped
        count("crashes.ascii_output_commands")


def test_the_terminal_ui_refuses_an_output_encoding_it_cannot_draw_with(tmp_path):
    main, child = pty.openpty()
    try:
        env = {**os.environ, "PYTHONIOENCODING": "ascii", "TERM": "xterm-256color"}
        proc = subprocess.run([sys.executable, "-m", "interviewer", "tui"], stdin=child, stdout=child, stderr=child,
                              cwd=tmp_path, env=env, timeout=60)
        os.close(child)
        child = -1
        out = b""
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
    finally:
        os.close(main)
        if child >= 0:
            os.close(child)
    text = out.decode("utf-8", "replace")
    assert proc.returncode == 2 and "needs UTF-8 output" in text and "Traceback" not in text, text
    assert "\x1b[?1049h" not in text  # the alternate screen was never entered


# --------------------------------------------------------------------------- stdout on a full disk


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_output_to_a_full_disk_is_one_line_and_a_non_zero_exit(tmp_path, saved_zh):
    for name, args in commands(tmp_path, saved_zh).items():
        with open("/dev/full", "wb") as full:
            proc = subprocess.run([sys.executable, "-m", "interviewer", *map(str, args)], cwd=tmp_path,
                                  stdout=full, stderr=subprocess.PIPE, timeout=60)
        err = proc.stderr.decode("utf-8", "replace")
        assert proc.returncode == 1, (name, err)
        assert "Traceback" not in err and "Exception ignored" not in err, (name, err)
        assert err.strip().splitlines()[-1] == "interviewer: cannot write the output: No space left on device", err
        count("crashes.full_disk_stdout")
    # -o onto a full device is the same kind of failure, named by its path.
    proc = cli(["report", saved_zh, "-o", "/dev/full"])
    assert_refused(proc, "/dev/full")


def test_a_reader_that_goes_away_is_not_an_error(saved_zh):
    proc = subprocess.Popen([sys.executable, "-m", "interviewer", "report", str(saved_zh), "--format", "html"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.read(10)
    proc.stdout.close()  # `| head -c 10`
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert proc.returncode == 0 and err == "", err


# --------------------------------------------------------------------------- config files and offline


def bad_configs(tmp_path: Path) -> dict[str, Path]:
    out = {}
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    out["fifo"] = fifo
    (tmp_path / "dir.toml").mkdir()
    out["folder"] = tmp_path / "dir.toml"
    out["device"] = Path("/dev/zero")
    for name, data in {"not utf-8": b"provider = \"openai\"\n\xff\xfe\x00", "bad toml": b"[openai\nmodel =",
                       "retries 1000": b"max_retries = 1000\n", "timeout -1": b"timeout = -1\n",
                       "huge": b"# " + b"x" * 70_000}.items():
        f = tmp_path / f"{name.replace(' ', '_')}.toml"
        f.write_bytes(data)
        out[name] = f
    return out


def test_offline_starts_whatever_the_config_file_holds(tmp_path):
    answers = answers_file(tmp_path, "We kept TP=8 inside the node.", "/end")
    for name, config in bad_configs(tmp_path).items():
        env = {**os.environ, "INTERVIEWER_CONFIG": str(config)}
        for how, extra, env2 in (("flag", ["--provider", "offline"], env),
                                 ("env", [], {**env, "INTERVIEWER_PROVIDER": "offline"})):
            proc = cli(["chat", "--lang", "en", "--resume", RESUME_EN, "--answers", answers, *extra],
                       cwd=tmp_path, env=env2)
            assert proc.returncode == 0, (name, how, proc.stderr)
            assert "Traceback" not in proc.stderr
            warning = [ln for ln in proc.stderr.splitlines() if "warning" in ln or "ignored" in ln]
            assert warning and str(config) in warning[0], (name, how, proc.stderr)
            count("crashes.offline_with_bad_config")
        # Asked for nothing in particular, the same file is an error that names it (it may set the provider).
        proc = cli(["chat", "--lang", "en", "--resume", RESUME_EN, "--answers", answers], cwd=tmp_path, env=env)
        if name not in ("retries 1000", "timeout -1"):  # those matter only to a model, and offline is the default
            assert_refused(proc, str(config))


@pytest.mark.parametrize("value", ["1000", "11", "-1", "true", "2.5", '"3"'])
def test_max_retries_is_bounded_0_to_10(tmp_path, value):
    config = tmp_path / "config.toml"
    config.write_text(f'provider = "openai"\n\nmax_retries = {value}\n', encoding="utf-8")
    env = {**os.environ, "INTERVIEWER_CONFIG": str(config), "OPENAI_API_KEY": "sk-" + "x" * 40}
    proc = cli(["config"], env=env)
    assert_refused(proc, f"{config}:3")
    assert "max_retries" in proc.stderr


@pytest.mark.parametrize("value", [0, 10])
def test_max_retries_at_the_bounds_is_taken(tmp_path, value):
    config = tmp_path / "config.toml"
    config.write_text(f'provider = "openai"\nmax_retries = {value}\ntimeout = 3\n', encoding="utf-8")
    env = {**os.environ, "INTERVIEWER_CONFIG": str(config), "OPENAI_API_KEY": "sk-" + "x" * 40}
    proc = cli(["config", "--json"], env=env)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["max_retries"]["value"] == value


def test_one_call_is_given_up_after_its_budget_even_when_the_server_says_retry_after_300(monkeypatch):
    from fake_llm import FakeLLM, anthropic_error
    from pydantic import SecretStr

    from interviewer import config, skills
    from interviewer.config import Settings
    from interviewer.plan import build_plan
    from interviewer.providers import registry
    from interviewer.resume import load_resume
    from interviewer.session import Session

    monkeypatch.setattr(config, "RETRY_WAIT", 0.0)  # budget = timeout × (retries + 1) = 2 s
    pack = skills.resolve(None, "en")
    plan = build_plan(pack, load_resume(RESUME_EN), 45, "en")
    with FakeLLM() as fake:
        for _ in range(4):
            fake.push(anthropic_error(429, "rate_limit_error", {"retry-after": "300"}))
        s = Settings(provider="anthropic", model="m", base_url=fake.origin, timeout=1.0, max_retries=1, stream=False,
                     api_key=SecretStr("sk-ant-" + "k" * 40))
        assert s.call_budget == 2.0
        session = Session.create(pack, load_resume(RESUME_EN), plan, registry.make_engine(s))
        t0 = time.monotonic()
        first = session.start()
        elapsed = time.monotonic() - t0
    assert first.interviewer is not None and first.interviewer.engine == "offline-fallback"
    assert any("within 2 s" in n for n in first.notices), first.notices
    assert elapsed < 300  # the SDK alone would have slept the server's 300 s before its retry


def test_within_returns_the_value_raises_the_error_and_gives_up_in_time():
    from interviewer.providers import llm_common as lc
    from interviewer.providers.base import TurnFailed

    assert lc.within(5, lambda a, b: a + b, 2, 3) == 5
    with pytest.raises(KeyError):
        lc.within(5, lambda: {}["missing"])
    with pytest.raises(TurnFailed, match="within 0.2 s"):
        lc.within(0.2, time.sleep, 30)


# --------------------------------------------------------------------------- encrypted PDFs


def text_pdf(lines: list[str]) -> bytes:
    """A one-page Helvetica PDF with a text layer, written by hand."""
    ops = "BT /F1 10 Tf 14 TL 50 780 Td " + " ".join(f"({ln}) Tj T*" for ln in lines) + " ET"
    objs = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
            "/Resources << /Font << /F1 5 0 R >> >> >>",
            f"<< /Length {len(ops)} >>\nstream\n{ops}\nendstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out, offsets = b"%PDF-1.4\n", []
    for i, body in enumerate(objs, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n{body}\nendobj\n".encode("latin-1")
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    out += "".join(f"{o:010d} 00000 n \n" for o in offsets).encode()
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return out


def encrypted(data: bytes, algorithm: str, user: str = "", owner: str = "owner-secret") -> bytes:
    import pypdf

    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(data)))
    writer.encrypt(user_password=user, owner_password=owner, algorithm=algorithm)
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


LINES = ["Jordan Lee - training infrastructure engineer",
         "- Trained a 70B model with Megatron on 1024 GPUs (TP=8, PP=4), MFU 38% to 45%",
         "- Led the NCCL timeout investigation; checkpointing every 500 steps"]


@pytest.mark.parametrize("algorithm", ["AES-128", "AES-256", "AES-256-R5", "RC4-128", "RC4-40"])
def test_a_pdf_with_only_an_owner_password_is_read(tmp_path, algorithm):
    from interviewer.resume import load_resume

    f = tmp_path / "cv.pdf"
    f.write_bytes(encrypted(text_pdf(LINES), algorithm))
    r = load_resume(f)
    assert "Megatron on 1024 GPUs" in r.text and "NCCL timeout" in r.text
    proc = cli(["plan", "--resume", f, "--lang", "en"])
    assert proc.returncode == 0, proc.stderr
    assert "Megatron" in proc.stdout
    count("crashes.encrypted_pdfs_read")


@pytest.mark.parametrize("algorithm", ["AES-128", "AES-256", "RC4-128"])
def test_a_pdf_that_needs_a_password_to_open_is_one_clear_line(tmp_path, algorithm):
    f = tmp_path / "locked.pdf"
    f.write_bytes(encrypted(text_pdf(LINES), algorithm, user="open-sesame"))
    proc = cli(["plan", "--resume", f])
    assert_refused(proc, str(f))
    assert "password" in proc.stderr


def test_cryptography_is_a_pinned_dependency():
    import tomllib

    deps = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    assert any(d.startswith("cryptography") for d in deps)
    pins = (ROOT / "constraints.txt").read_text(encoding="utf-8").split()
    assert any(p.startswith("cryptography==") for p in pins)


# --------------------------------------------------------------------------- bidirectional controls


@pytest.mark.parametrize("ch", BIDI, ids=[f"U+{ord(c):04X}" for c in BIDI])
def test_strip_controls_drops_every_bidi_control(ch):
    from interviewer.textutil import md_escape, strip_controls

    assert strip_controls(f"rank{ch}3 stalled\u202e in all-reduce{ch}") == "rank3 stalled in all-reduce"
    assert ch not in md_escape(f"a{ch}b")


def test_bidi_controls_never_reach_a_transcript_a_plan_or_an_export(tmp_path):
    spoof = "".join(BIDI)
    resume = tmp_path / "cv.md"
    resume.write_text(RESUME_EN.read_text(encoding="utf-8").replace("Megatron", f"Mega{spoof}tron"), encoding="utf-8")
    path = tmp_path / "s.json"
    answers = answers_file(tmp_path, f"We kept TP=8 {spoof}inside\u202e the node; MFU 45%.", f"rank 3{spoof} hung",
                           "/end")
    proc = cli(["chat", "--lang", "en", "--resume", resume, "--provider", "offline", "--answers", answers,
                "--transcript", path, "--feedback"])
    assert proc.returncode == 0, proc.stderr
    outputs = {"chat": proc.stdout, "transcript": path.read_text(encoding="utf-8")}
    outputs["plan"] = cli(["plan", "--resume", resume, "--lang", "en", "--format", "md"]).stdout
    outputs["plan html"] = cli(["plan", "--resume", resume, "--lang", "en", "--format", "html"]).stdout
    for fmt in ("md", "html", "json"):
        outputs[f"report {fmt}"] = cli(["report", path, "--format", fmt]).stdout
    for name, text in outputs.items():
        found = [f"U+{ord(c):04X}" for c in BIDI if c in text]
        assert not found and text.strip(), (name, found)
    assert "Megatron" in outputs["plan"] and "inside the node" in outputs["transcript"]


def test_a_transcript_holding_bidi_controls_is_cleaned_on_load(tmp_path):
    t = sample_transcript("en")
    t.status = "in_progress"
    t.turns = t.turns[:2]
    raw = json.loads(t.model_dump_json())
    raw["turns"][-1]["text"] = "Which \u202eegnahc\u202c did you make\u2066?\u2069 \x1b[2J"
    raw["resume_text"] = "Jordan\u200f Lee\u061c"
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    loaded = T.load(path)
    assert loaded.turns[-1].text == "Which egnahc did you make? " and loaded.resume_text == "Jordan Lee"
    # `resume` prints the waiting question: cleaned.
    proc = cli(["resume", path, "--provider", "offline"], stdin="We doubled the batch size.\n---\n")
    assert proc.returncode == 0, proc.stderr
    assert not any(c in proc.stdout for c in BIDI) and "\x1b" not in proc.stdout
