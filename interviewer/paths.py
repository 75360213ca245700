"""Every path the program reads or writes, each overridable by an environment variable.

Nothing here touches the disk at import time; callers create folders when they write.
"""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def _bundled(name: str) -> Path:
    """`skills` or `prompts`: inside the installed package (a wheel), else at the top of the source tree.

    The wheel maps the repository's top-level folders to interviewer/data/<name> (pyproject.toml); an
    editable install or a plain checkout has no such folder and reads the repository's own.
    """
    from importlib.resources import files

    inside = files("interviewer") / "data" / name
    # A wheel is installed unzipped, so the resource is a real folder jinja2 and the pack loader can read;
    # a zipped install would give a Traversable that is not a Path, and falls back like a checkout.
    if isinstance(inside, Path) and inside.is_dir():
        return inside
    return PROJECT_ROOT / name


def bundled_skills_dir() -> Path:
    """Packs shipped with the project (the package's data/skills, or `skills/` of the source tree)."""
    return _bundled("skills")


def user_skills_dirs(extra: list[str] | None = None) -> list[Path]:
    """User pack folders: `--skills-dir` flags first, then INTERVIEWER_SKILLS_DIR (os.pathsep-separated)."""
    dirs = [Path(d).expanduser() for d in (extra or [])]
    env = os.environ.get("INTERVIEWER_SKILLS_DIR", "")
    dirs += [Path(d).expanduser() for d in env.split(os.pathsep) if d]
    return dirs


def _xdg(var: str, fallback: str) -> Path:
    # The XDG spec ignores a relative value: it would move with the current folder, which is what we leave.
    value = os.environ.get(var, "")
    return Path(value) if value and os.path.isabs(value) else Path.home() / fallback


def data_home() -> Path:
    """$XDG_DATA_HOME/interviewer (default ~/.local/share/interviewer): the user's saved sessions."""
    return _xdg("XDG_DATA_HOME", ".local/share") / "interviewer"


def state_home() -> Path:
    """$XDG_STATE_HOME/interviewer (default ~/.local/state/interviewer): rescue copies of unsaved sessions."""
    return _xdg("XDG_STATE_HOME", ".local/state") / "interviewer"


def transcripts_dir(override: str | None = None) -> Path:
    """Where sessions are saved: `--transcripts`, INTERVIEWER_TRANSCRIPTS, else the XDG data folder's transcripts."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get("INTERVIEWER_TRANSCRIPTS")
    return Path(env).expanduser() if env else data_home() / "transcripts"


def legacy_transcripts_dir(override: str | None = None) -> Path | None:
    """`./transcripts` when it holds sessions saved by an earlier version (which saved there) and no folder was chosen.

    Listings and the unfinished-session offer read it beside the default folder; nothing new is saved in it.
    """
    if override or os.environ.get("INTERVIEWER_TRANSCRIPTS"):
        return None
    legacy = Path.cwd() / "transcripts"
    try:
        if not legacy.is_dir() or os.path.samefile(legacy, transcripts_dir()):
            return None
    except OSError:  # the default folder does not exist yet: they cannot be the same
        pass
    try:
        with os.scandir(legacy) as entries:
            found = any(e.name.endswith(".json") and not e.name.startswith(".") for e in entries)
    except OSError:
        return None
    return legacy if found else None


def transcripts_dirs(override: str | None = None) -> list[Path]:
    """The folder sessions are saved in, then the legacy ./transcripts when it holds sessions."""
    legacy = legacy_transcripts_dir(override)
    return [transcripts_dir(override), *([legacy] if legacy else [])]


def config_file() -> Path:
    """INTERVIEWER_CONFIG, else $XDG_CONFIG_HOME/interviewer/config.toml."""
    env = os.environ.get("INTERVIEWER_CONFIG")
    if env:
        return Path(env).expanduser()
    return _xdg("XDG_CONFIG_HOME", ".config") / "interviewer" / "config.toml"


def prompts_dir() -> Path:
    """The jinja2 templates (the package's data/prompts, or `prompts/` of the source tree)."""
    return _bundled("prompts")


def sample_resume(lang: str = "zh") -> Path:
    """The bundled sample résumé used when none is given (English one for English interviews)."""
    name = "sample-resume.en.md" if lang == "en" else "sample-resume.md"
    return bundled_skills_dir() / "distributed-training" / name
