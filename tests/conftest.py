"""Shared fixtures: every path and key points into tmp_path, so no test touches the user's files."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
UPSTREAM = ROOT.parent / "shared" / "upstream" / "offercome"
UPSTREAM_SKILLS = UPSTREAM / "skills"
OUR_PACK = ROOT / "skills" / "distributed-training"


@pytest.fixture(autouse=True)
def isolated_env(tmp_path, monkeypatch):
    for var in ("ANTHROPIC_API_KEY", "OPENAI_API_KEY", "ANTHROPIC_BASE_URL", "OPENAI_BASE_URL",
                "INTERVIEWER_PROVIDER", "INTERVIEWER_MODEL", "INTERVIEWER_TIMEOUT", "INTERVIEWER_SKILLS_DIR",
                "INTERVIEWER_ROLE", "INTERVIEWER_LLM_LOG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("INTERVIEWER_TRANSCRIPTS", str(tmp_path / "transcripts"))
    monkeypatch.setenv("INTERVIEWER_CONFIG", str(tmp_path / "config.toml"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    # Where sessions and rescue copies go when INTERVIEWER_TRANSCRIPTS is unset: never the real home.
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))
    yield


def upstream_or_skip() -> Path:
    """The public packs live in ../shared (CI has it; a user's clone may not)."""
    if not UPSTREAM_SKILLS.is_dir():
        pytest.skip("../shared/upstream/offercome is not beside this checkout")
    return UPSTREAM_SKILLS


@pytest.fixture
def upstream_skills() -> Path:
    return upstream_or_skip()


def our_vocabulary():
    """Our pack's vocabulary, which the public distributed-training pack (same field, no vocabulary file) reads with."""
    from interviewer import vocabulary

    return vocabulary.read(OUR_PACK / "vocabulary.toml")


def public_pack(lang: str | None = "zh", file: str | None = None):
    """The public distributed-training pack (`lang`, or one `file` of it) read with our pack's vocabulary."""
    from interviewer import skills

    d = upstream_or_skip() / "distributed-training"
    pack = skills.load_pack(d / file) if file else skills.resolve(str(d), lang)
    return pack.with_vocabulary(our_vocabulary())
