"""Where things live: the XDG data folder for sessions, a legacy ./transcripts still found, bundled resources."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from interviewer import cli, paths
from interviewer import transcript as T
from sample_transcript import sample_transcript

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def no_override(monkeypatch, tmp_path):
    """No INTERVIEWER_TRANSCRIPTS: the default folder decides (inside tmp_path, never the real home)."""
    monkeypatch.delenv("INTERVIEWER_TRANSCRIPTS", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return work


def run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(args)
    return code, out.getvalue(), err.getvalue()


def test_sessions_default_to_the_xdg_data_folder(no_override, tmp_path, monkeypatch):
    assert paths.transcripts_dir() == tmp_path / "xdg-data" / "interviewer" / "transcripts"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert paths.transcripts_dir() == tmp_path / "home" / ".local" / "share" / "interviewer" / "transcripts"
    # The spec ignores a relative XDG value: it would follow the current folder, which is what we left.
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")
    assert paths.transcripts_dir() == tmp_path / "home" / ".local" / "share" / "interviewer" / "transcripts"


def test_the_flag_and_the_environment_still_win(no_override, tmp_path, monkeypatch):
    assert paths.transcripts_dir("~/mine") == tmp_path / "home" / "mine"
    monkeypatch.setenv("INTERVIEWER_TRANSCRIPTS", str(tmp_path / "env"))
    assert paths.transcripts_dir() == tmp_path / "env"
    assert paths.transcripts_dir(str(tmp_path / "flag")) == tmp_path / "flag"


def test_chat_saves_in_the_data_folder_from_any_folder(no_override, tmp_path):
    code, out, err = run(["chat", "--lang", "en", "--provider", "offline", "--answers", str(answers(tmp_path))])
    assert code == 0, err
    saved = list((tmp_path / "xdg-data" / "interviewer" / "transcripts").glob("*.json"))
    assert len(saved) == 1 and not (no_override / "transcripts").exists()
    assert T.load(saved[0]).turns


def answers(tmp_path: Path) -> Path:
    f = tmp_path / "answers.txt"
    f.write_text("We ran TP=8 inside the node and ZeRO-1 across nodes.\n---\n", encoding="utf-8")
    return f


def save_session(folder: Path, sid: str, status: str = "in_progress") -> Path:
    t = sample_transcript("en").model_copy(update={"id": sid, "status": status})
    path = folder / f"{sid}.json"
    T.save(t, path)
    return path


def test_a_legacy_transcripts_folder_is_listed_beside_the_default(no_override, tmp_path):
    assert paths.legacy_transcripts_dir() is None  # nothing there
    (no_override / "transcripts").mkdir()
    (no_override / "transcripts" / ".gitkeep").touch()
    assert paths.legacy_transcripts_dir() is None  # a folder without sessions is not a legacy folder
    old = save_session(no_override / "transcripts", "20240101-000000-aaaaaa")
    new = save_session(paths.transcripts_dir(), "20250101-000000-bbbbbb")
    assert paths.transcripts_dirs() == [paths.transcripts_dir(), no_override / "transcripts"]

    code, out, err = run(["transcripts", "list", "--json"])
    assert code == 0, err
    assert {Path(s["path"]).name for s in json.loads(out)} == {old.name, new.name}
    code, out, _ = run(["config", "--json"])
    shown = json.loads(out)["transcripts"]
    assert shown["value"] == str(paths.transcripts_dir()) and shown["also_read"] == str(no_override / "transcripts")
    code, out, _ = run(["config"])
    assert "also listed and resumable" in out

    # A folder chosen on purpose is the only one read.
    assert paths.legacy_transcripts_dir(str(tmp_path / "chosen")) is None
    code, out, _ = run(["transcripts", "list", "--transcripts", str(no_override / "transcripts"), "--json"])
    assert [Path(s["path"]).name for s in json.loads(out)] == [old.name]


def test_a_legacy_session_resumes_in_its_own_file(no_override, tmp_path):
    (no_override / "transcripts").mkdir()
    t = sample_transcript("en").model_copy(update={"id": "20240101-000000-cccccc", "status": "in_progress"})
    t.turns = t.turns[:2]  # a question waiting for its answer
    path = no_override / "transcripts" / "old.json"
    T.save(t, path)
    code, out, err = run(["resume", "transcripts/old.json", "--answers", str(answers(tmp_path)),
                          "--provider", "offline"])
    assert code == 0, err
    assert len(T.load(path).turns) > 2
    assert not paths.transcripts_dir().exists() or not list(paths.transcripts_dir().glob("*.json"))


def test_the_same_folder_is_not_listed_twice(no_override):
    # ./transcripts that is the default folder under another name (a symlink, or started from the data folder).
    save_session(paths.transcripts_dir(), "20250101-000000-dddddd")
    (no_override / "transcripts").symlink_to(paths.transcripts_dir())
    assert paths.transcripts_dirs() == [paths.transcripts_dir()]


def test_bundled_resources_come_from_the_source_tree_in_a_checkout():
    # In a wheel they are interviewer/data/... (tests/test_packaging.py); here the repository's own folders.
    assert paths.bundled_skills_dir() == ROOT / "skills"
    assert paths.prompts_dir() == ROOT / "prompts"
    assert paths.sample_resume("en").is_file() and paths.sample_resume("zh").is_file()
