"""The blocking work the screens hand to thread workers: packs, résumés, plans, sessions, exports.

Nothing here imports textual, so every operation can be tested and timed without a screen; the
screens call these only from `@work(thread=True)` workers and show the results from message handlers.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from interviewer.errors import InterviewerError, TranscriptError

EngineFactory = Callable[[], tuple[Any, Any]]
MODES = ("practice", "plan", "copilot")


@dataclass
class PackChoice:
    """One pack the Start screen offers."""

    name: str
    description: str
    path: str
    langs: list[str]


@dataclass
class Prefill:
    """What the command line asked for, shown on the Start screen before anything is chosen."""

    skill: str | None = None
    lang: str | None = None
    resume: str | None = None
    mode: str = "practice"


def offline_engines() -> tuple[Any, Any]:
    from interviewer.providers.offline import OfflineEngine, OfflineScorer

    return OfflineEngine(), OfflineScorer()


def settings_engines(settings) -> EngineFactory:
    """A factory building a fresh engine and scorer from the settings (imports the SDK when called)."""

    def make() -> tuple[Any, Any]:
        if settings is None or settings.provider == "offline":
            return offline_engines()
        from interviewer.providers import registry

        return registry.make_engine(settings), registry.make_scorer(settings)

    return make


def describe_provider(settings, error: str | None = None) -> tuple[str, str]:
    """(what is in use, what to set to change it) for the Start screen."""
    if settings is None or settings.provider == "offline":
        used = "offline interviewer (no network, no API key needed)"
        if error:
            used = f"offline interviewer, because: {error}"
        how = "to use a model: set ANTHROPIC_API_KEY or OPENAI_API_KEY, or pass --provider and --model"
        return used, how
    where = settings.origins.get("api_key") or settings.key_note or "the environment"
    used = f"{settings.provider} · {settings.model or 'default model'} (key from {where})"
    if settings.base_url:
        used += f" · {settings.shown_base_url()}"
    how = "to change: --provider / --model, or INTERVIEWER_PROVIDER / INTERVIEWER_MODEL"
    return used, how


SettingsLoader = Callable[[], tuple[Any, "str | None"]]


@dataclass
class Services:
    """The app's collaborators: where sessions live, which packs to offer, how to build an engine.

    Settings come either ready (`settings`) or from `settings_loader`, which the app runs in a worker after
    the first paint (reading them imports pydantic and the config file: a tenth of a second not spent
    before the screen appears).
    """

    transcripts: Path
    engine_factory: EngineFactory | None = None
    skills_dirs: list[str] | None = None
    settings: Any = None
    settings_error: str | None = None
    settings_loader: SettingsLoader | None = None
    minutes: int = 45
    max_turns: int = 30
    exports: Path = field(init=False)

    def __post_init__(self) -> None:
        self.transcripts = Path(self.transcripts)
        # Exports go in a sub-folder: `transcripts list` reads every *.json at the top level as a session.
        self.exports = self.transcripts / "exports"
        self._settings_lock = threading.Lock()

    @property
    def settings_ready(self) -> bool:
        return self.settings_loader is None

    def resolve_settings(self) -> None:
        """Run the settings loader once (blocking; call it from a worker)."""
        with self._settings_lock:
            if self.settings_loader is None:
                return
            self.settings, self.settings_error = self.settings_loader()
            self.settings_loader = None

    def engines(self) -> tuple[Any, Any]:
        """A fresh (engine, scorer) for one session (blocking: may import an SDK)."""
        self.resolve_settings()
        if self.engine_factory is not None:
            return self.engine_factory()
        return settings_engines(self.settings)()

    # ------------------------------------------------------------------ start

    def provider_text(self) -> tuple[str, str]:
        if not self.settings_ready:
            return "reading the settings…", ""
        return describe_provider(self.settings, self.settings_error)

    def packs(self) -> list[PackChoice]:
        from interviewer import skills

        out = []
        for pack, f in skills.list_packs(self.skills_dirs):
            langs = ["zh", "en"] if f.with_name("SKILL.en.md").exists() and pack.lang == "zh" else [pack.lang]
            out.append(PackChoice(pack.name, pack.description, str(f), langs))
        return out

    def load_resume(self, path: str):
        from interviewer.resume import load_resume

        return load_resume(Path(path).expanduser())

    def sample_resume(self, lang: str | None) -> Path | None:
        from interviewer import paths

        p = paths.sample_resume(lang or "zh")
        return p if p.is_file() else None

    def prepare(self, skill: str | None, lang: str | None, resume_text: str, loaded=None):
        """(pack, résumé, plan) for the chosen pack and résumé; `loaded` is used when the text is unchanged."""
        from interviewer import skills, transcript
        from interviewer.plan import build_plan
        from interviewer.resume import resume_from_text

        # Said on the Start screen, before any question: a session that cannot be saved must not begin.
        transcript.check_writable(self.transcripts)
        pack = skills.resolve(skill, lang, self.skills_dirs)
        if loaded is not None and loaded.text == resume_text:
            resume = loaded
        else:
            resume = resume_from_text(resume_text)
        return pack, resume, build_plan(pack, resume, self.minutes, lang)

    # ------------------------------------------------------------------ sessions

    def new_session(self, pack, resume, plan, mode: str):
        from interviewer import transcript
        from interviewer.session import Session

        transcript.check_writable(self.transcripts)
        engine, scorer = self.engines()
        session = Session.create(pack, resume, plan, engine, scorer, mode=mode, max_turns=self.max_turns)
        session.store = transcript.TranscriptStore(transcript.default_path(self.transcripts, session.transcript))
        return session

    def restore(self, path: str | Path):
        """A saved, unfinished session ready to go on (its pack found by path, else by name)."""
        from interviewer import skills, transcript
        from interviewer.session import Session

        path = Path(path)
        t = transcript.load(path)
        if t.status == "finished":
            raise TranscriptError(f"{path.name}: this session is already finished")
        transcript.check_resumable(t, path.name)
        try:
            ref = t.skill.path if t.skill.path and Path(t.skill.path).exists() else t.skill.name
            pack = skills.resolve(ref, t.lang, self.skills_dirs)
        except InterviewerError as e:
            raise TranscriptError(f"{path.name}: the session's skill pack is not available ({e.message})") from None
        transcript.check_writable(path.parent)
        engine, scorer = self.engines()
        return Session.restore(t, pack, engine, scorer, transcript.TranscriptStore(path))

    def sessions(self):
        from interviewer.transcript_index import list_transcripts

        return list_transcripts(self.transcripts)

    def unfinished(self):
        """The newest readable in-progress session, or None."""
        try:
            found = self.sessions()
        except InterviewerError:
            return None
        return next((s for s in found if s.status == "in_progress" and not s.error), None)

    def load(self, path: str | Path):
        from interviewer.transcript import load

        return load(Path(path))

    def delete(self, path: str | Path) -> None:
        p = Path(path)
        if p.parent.resolve() != self.transcripts.resolve() or p.suffix != ".json":
            raise TranscriptError(f"{p}: not a session in {self.transcripts}")
        try:
            p.unlink()
        except FileNotFoundError:
            pass
        except OSError as e:
            raise TranscriptError(f"{p}: cannot delete ({e.strerror})") from None

    # ------------------------------------------------------------------ exports

    def report_path(self, transcript, fmt: str) -> Path:
        return self.exports / f"{_safe(transcript.id)}.report.{fmt}"

    def plan_path(self, plan, pack, fmt: str) -> Path:
        return self.exports / f"plan-{_safe(pack.name)}-{plan.resume.sha256[:8]}.{fmt}"

    def export_report(self, transcript, fmt: str, path: str | Path) -> Path:
        from interviewer.report import render_report

        return _write(Path(path), render_report(transcript, fmt))

    def export_plan(self, plan, pack, resume, fmt: str, path: str | Path) -> Path:
        return _write(Path(path), plan_text(plan, pack, resume, fmt))

    def warm_up(self) -> None:
        """Import the chosen provider's modules while the user reads the first screen."""
        self.resolve_settings()
        if self.settings is not None and self.settings.provider != "offline":
            import importlib

            from interviewer.providers import registry

            module = registry.ENGINES.get(self.settings.provider, "").split(":")[0]
            if module:
                try:
                    importlib.import_module(module)
                except ImportError:
                    pass
        import interviewer.session  # noqa: F401 - the core is needed for the first interview anyway


def plan_text(plan, pack, resume, fmt: str) -> str:
    """The plan as `interviewer plan --format fmt -o FILE` writes it (the same function, so the bytes match)."""
    from interviewer.plan import render_plan

    return render_plan(plan, fmt, pack)


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]", "_", name).lstrip(".") or "session"


def _write(path: Path, text: str) -> Path:
    path = path.expanduser()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        raise InterviewerError(f"{path}: cannot write ({e.strerror})") from None
    return path
