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
    descriptions: dict[str, str] = field(default_factory=dict)  # language → description (SKILL.en.md for en)

    def describe(self, lang: str) -> str:
        return self.descriptions.get(lang) or self.description


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


def describe_provider(settings, error: str | None = None, lang: str = "en") -> tuple[str, str]:
    """(what is in use, what to set to change it) for the Start screen, in `lang`."""
    from interviewer.i18n import Texts

    T = Texts(lang)
    if settings is None or settings.provider == "offline":
        used = T("start.offline_because", error=error) if error else T("start.offline")
        return used, T("start.offline_how")
    where = settings.origins.get("api_key") or settings.key_note or T("start.the_environment")
    used = T("start.model_used", provider=settings.provider, model=settings.model or T("start.default_model"),
             where=where)
    if settings.base_url:
        used += f" · {settings.shown_base_url()}"
    return used, T("start.model_how")


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
    legacy: Path | None = None  # ./transcripts of an earlier version: listed and resumable, nothing new saved there
    exports: Path = field(init=False)

    def __post_init__(self) -> None:
        self.transcripts = Path(self.transcripts)
        # Exports go in a sub-folder: `transcripts list` reads every *.json at the top level as a session.
        self.exports = self.transcripts / "exports"
        self._settings_lock = threading.Lock()

    @property
    def folders(self) -> list[Path]:
        """Every folder whose sessions are listed: where new ones are saved, then the legacy ./transcripts."""
        return [self.transcripts, *([Path(self.legacy)] if self.legacy else [])]

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

    def provider_text(self, lang: str = "en") -> tuple[str, str]:
        if not self.settings_ready:
            from interviewer.i18n import text

            return text(lang, "start.reading_settings"), ""
        return describe_provider(self.settings, self.settings_error, lang)

    def packs(self) -> list[PackChoice]:
        from interviewer import skills
        from interviewer.errors import SkillError

        out = []
        for pack, f in skills.list_packs(self.skills_dirs):
            en_file = f.with_name("SKILL.en.md")
            langs = ["zh", "en"] if en_file.exists() and pack.lang == "zh" else [pack.lang]
            descriptions = {pack.lang: pack.description}
            if "en" in langs and pack.lang != "en":
                try:
                    descriptions["en"] = skills.load_pack(en_file).description
                except SkillError:
                    pass  # the pack still works in its own language; resolve() reports the broken file if chosen
            out.append(PackChoice(pack.name, pack.description, str(f), langs, descriptions))
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
        from interviewer.textutil import language_hint

        # Said on the Start screen, before any question: a session that cannot be saved must not begin.
        transcript.check_writable(self.transcripts)
        if loaded is not None and loaded.text == resume_text:
            resume = loaded
        else:
            resume = resume_from_text(resume_text)
        # With no language chosen the résumé's is the interview's, as for `plan` and `chat`.
        pack = skills.resolve(skill, lang or language_hint(resume.text), self.skills_dirs)
        return pack, resume, build_plan(pack, resume, self.minutes, lang)

    # ------------------------------------------------------------------ sessions

    def new_session(self, pack, resume, plan, mode: str):
        from interviewer import transcript
        from interviewer.session import Session

        transcript.check_writable(self.transcripts)
        engine, scorer = self.engines()
        session = Session.create(pack, resume, plan, engine, scorer, mode=mode, max_turns=self.max_turns)
        store = transcript.TranscriptStore(transcript.default_path(self.transcripts, session.transcript))
        session.store = store.acquire()
        return session

    def restore(self, path: str | Path):
        """A saved, unfinished session ready to go on (its pack found by path, else by name); this process its writer.

        The lock is taken before the file is read: a copy read before another writer's last save would drop it.
        """
        from interviewer import skills, transcript
        from interviewer.session import Session

        store = transcript.TranscriptStore(Path(path)).acquire()
        try:
            path = store.path
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
        except BaseException:
            store.release()
            raise
        return Session.restore(t, pack, engine, scorer, store)

    def sessions(self):
        from interviewer.transcript_index import list_sessions

        return list_sessions(self.folders)

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
        from interviewer.locks import SessionLock

        p = Path(path)
        if p.parent.resolve() not in {f.resolve() for f in self.folders} or p.suffix != ".json":
            raise TranscriptError(f"{p}: not a session in {self.transcripts}")
        try:
            # A session open in another interviewer is not deleted under it (it would save it back anyway).
            with SessionLock(p):
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

    def export_report(self, transcript, fmt: str, path: str | Path, source: str | Path | None = None) -> Path:
        """The report written like `interviewer report -o`: never over `source` (its transcript) or any other."""
        from interviewer.exports import export
        from interviewer.report import render_report

        return export(path, render_report(transcript, fmt), [(source, "transcript")], make_folder=True)

    def export_plan(self, plan, pack, resume, fmt: str, path: str | Path) -> Path:
        """The plan written like `interviewer plan -o`: never over the résumé file, the pack or a transcript."""
        from interviewer.exports import export

        inputs = [(getattr(resume, "source", None), "résumé"), (getattr(pack, "path", None), "skill pack")]
        return export(path, plan_text(plan, pack, resume, fmt), inputs, make_folder=True)

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
    from interviewer.plan_view import render_plan

    return render_plan(plan, fmt, pack)


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]", "_", name).lstrip(".") or "session"
