"""Every path the program reads or writes, each overridable by an environment variable.

Nothing here touches the disk at import time; callers create folders when they write.
"""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def bundled_skills_dir() -> Path:
    """Packs shipped with the project (`skills/` beside the package)."""
    return PROJECT_ROOT / "skills"


def user_skills_dirs(extra: list[str] | None = None) -> list[Path]:
    """User pack folders: `--skills-dir` flags first, then INTERVIEWER_SKILLS_DIR (os.pathsep-separated)."""
    dirs = [Path(d).expanduser() for d in (extra or [])]
    env = os.environ.get("INTERVIEWER_SKILLS_DIR", "")
    dirs += [Path(d).expanduser() for d in env.split(os.pathsep) if d]
    return dirs


def transcripts_dir(override: str | None = None) -> Path:
    """Where sessions are saved: `--transcripts`, INTERVIEWER_TRANSCRIPTS, else ./transcripts."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get("INTERVIEWER_TRANSCRIPTS")
    return Path(env).expanduser() if env else Path.cwd() / "transcripts"


def config_file() -> Path:
    """INTERVIEWER_CONFIG, else $XDG_CONFIG_HOME/interviewer/config.toml."""
    env = os.environ.get("INTERVIEWER_CONFIG")
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "interviewer" / "config.toml"


def prompts_dir() -> Path:
    return PROJECT_ROOT / "prompts"


def sample_resume(lang: str = "zh") -> Path:
    """The bundled sample résumé used when none is given (English one for English interviews)."""
    name = "sample-resume.en.md" if lang == "en" else "sample-resume.md"
    return PROJECT_ROOT / "skills" / "distributed-training" / name
