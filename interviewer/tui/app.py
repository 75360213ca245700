"""The Textual app: screen navigation, global keys and the factory shared by the CLI and the tests."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable, Iterable

from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen

from interviewer.i18n import Texts, lang_of
from interviewer.tui import leaving
from interviewer.tui.localize import localize_bindings
from interviewer.tui.services import EngineFactory, Prefill, Services, SettingsLoader

DARK, LIGHT = "textual-dark", "textual-light"


class SettingsReady(Message):
    """The provider settings were read (after the first paint)."""


class UnfinishedFound(Message):
    """An unfinished session was found at start-up (a crash, a kill, a closed terminal)."""

    def __init__(self, summary) -> None:
        super().__init__()
        self.summary = summary


class InterviewerApp(App[None]):
    """Screens: Start → (Plan) → Interview or Co-pilot → Report; History and Help from anywhere."""

    CSS_PATH = "app.tcss"
    # Under 60 columns the side panel would leave the answer box no room at all: it is hidden (-tiny).
    HORIZONTAL_BREAKPOINTS = [(0, "-tiny"), (60, "-narrow"), (100, "-wide")]
    # Descriptions are catalogue keys (keys.*), put in the interface language by localize_bindings.
    BINDINGS = [
        Binding("f1", "help", "help"),
        Binding("question_mark", "help", "help", show=False),
        Binding("f2", "toggle_theme", "toggle_theme", show=False),
        Binding("f3", "history", "history", show=False),
        # Declared here so its footer label ("palette") is ours to translate; Textual adds it otherwise.
        Binding(App.COMMAND_PALETTE_BINDING, "command_palette", "palette", show=False, priority=True),
    ]

    def __init__(self, services: Services, prefill: Prefill | None = None, clock: Callable[[], float] = time.monotonic,
                 blink: bool = True, theme: str | None = None, offer_resume: bool = True) -> None:
        super().__init__()
        self.services = services
        self.prefill = prefill or Prefill()
        self.clock = clock
        self.blink = blink
        self.offer_resume = offer_resume
        self.ended_unsaved: list = []  # sessions that ended while their file could not be saved (leaving.py)
        # The interface language: the Start screen's choice, then the open session's. Until the packs are read
        # it is --lang, else Chinese (the default pack's language).
        self.lang = lang_of(self.prefill.lang or "zh")
        self.T = Texts(self.lang)
        self.set_lang(self.lang)
        if theme:
            self.theme = theme

    def set_lang(self, lang: str) -> None:
        """Speak `lang` from now on: the title, the global keys, and every screen opened after this."""
        self.lang = lang_of(lang)
        self.T = Texts(self.lang)
        self.title = self.T("app.title")
        localize_bindings(self, self.T)

    def on_mount(self) -> None:
        from interviewer.tui.screens.start import StartScreen

        if not self.is_headless:  # under run_test the test process keeps its own signal handlers
            leaving.catch_signals(self)
        self.push_screen(StartScreen(self.prefill))
        self.call_after_refresh(self._after_first_paint)

    def on_unmount(self) -> None:
        if not self.is_headless:
            leaving.release_signals()

    def _after_first_paint(self) -> None:
        self.warm_up()
        if self.offer_resume:
            self.find_unfinished()

    # ------------------------------------------------------------------ workers

    @work(thread=True, group="warm-up")
    def warm_up(self) -> None:
        try:
            self.services.resolve_settings()
        except Exception as e:  # noqa: BLE001 - e.g. a broken config file: shown, and offline stays in use
            from interviewer.tui.messages import failure_text

            self.services.settings_error = failure_text(e)
        self.post_message(SettingsReady())
        try:
            self.services.warm_up()
        except Exception:  # noqa: BLE001, S110 - warming up is an optimisation; the real import reports errors
            pass

    def on_settings_ready(self, message: SettingsReady) -> None:
        from interviewer.tui.screens.start import StartScreen

        if self.services.settings_error:
            self.notify(self.services.settings_error, title=self.T("app.provider"), severity="warning", markup=False,
                        timeout=10)
        for screen in self.screen_stack:
            if isinstance(screen, StartScreen):
                screen.show_provider()

    @work(thread=True, group="unfinished")
    def find_unfinished(self) -> None:
        found = self.services.unfinished()
        if found is not None:
            self.post_message(UnfinishedFound(found))

    def on_unfinished_found(self, message: UnfinishedFound) -> None:
        from interviewer.tui.fmt import session_line
        from interviewer.tui.screens.confirm import ConfirmModal

        s = message.summary

        def answer(yes: bool | None) -> None:
            if yes:
                self.resume_session(s.path, s.mode, s.lang)

        # Asked in the language of the session it is about: its owner left it in that language.
        T = Texts(s.lang or self.lang)
        self.push_screen(ConfirmModal(T("app.unfinished", what=session_line(s, T)), yes=T("app.resume"),
                                      no=T("app.not_now")), answer)

    # ------------------------------------------------------------------ navigation

    def open_plan_or_interview(self, pack, resume, plan, mode: str) -> None:
        """After Start: practice goes straight to the interview; plan and co-pilot show the plan first."""
        if mode == "practice":
            self.start_interview(pack, resume, plan, mode)
            return
        from interviewer.tui.screens.plan import PlanScreen

        self.push_screen(PlanScreen(pack, resume, plan, mode))

    def _interview_screen(self, mode: str, **kwargs) -> Screen:
        if mode == "copilot":
            from interviewer.tui.screens.copilot import CopilotScreen

            return CopilotScreen(**kwargs)
        from interviewer.tui.screens.interview import InterviewScreen

        return InterviewScreen(**kwargs)

    def start_interview(self, pack, resume, plan, mode: str, replace: bool = False) -> None:
        self.set_lang(plan.lang)
        screen = self._interview_screen(mode, new=(pack, resume, plan), lang=plan.lang)
        (self.switch_screen if replace else self.push_screen)(screen)

    def resume_session(self, path: str | Path, mode: str = "practice", lang: str | None = None) -> None:
        self.set_lang(lang or self.lang)
        self.push_screen(self._interview_screen(mode, restore=str(path), lang=self.lang))

    def show_report(self, transcript, path=None, replace: bool = False) -> None:
        from interviewer.tui.screens.report import ReportScreen

        self.set_lang(transcript.lang)
        screen = ReportScreen(transcript, path)
        (self.switch_screen if replace else self.push_screen)(screen)

    # ------------------------------------------------------------------ leaving

    async def action_quit(self) -> None:
        """ctrl+q: quit at once when every session is saved; otherwise save again or rescue, and ask."""
        sessions = leaving.unsaved(self)
        if sessions:
            self.check_before_quit(sessions)
        else:
            self.exit()

    @work(thread=True, exclusive=True, group="quit")
    def check_before_quit(self, sessions) -> None:
        self.post_message(leaving.QuitChecked(leaving.secure(sessions)))

    def on_quit_checked(self, message: leaving.QuitChecked) -> None:
        from interviewer.tui.screens.confirm import ConfirmModal

        if not message.problems:
            self.exit()
            return
        text = "\n".join(message.problems)

        def answer(yes: bool | None) -> None:
            if yes:
                self.exit(return_code=1, message=f"interviewer: {text}")

        self.push_screen(ConfirmModal(self.T("app.unsaved_quit", problems=text), yes=self.T("app.quit"),
                                      no=self.T("app.stay"), danger=True), answer)

    def terminate(self, signum: int) -> None:
        """SIGTERM / SIGHUP: secure every session, then end the app so Textual restores the terminal."""
        problems = leaving.secure(leaving.open_sessions(self))
        message = "\n".join(f"interviewer: {p}" for p in problems) or None
        self.exit(return_code=128 + signum, message=message)

    # ------------------------------------------------------------------ global actions

    def action_help(self) -> None:
        from interviewer.tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_history(self) -> None:
        from interviewer.tui.screens.history import HistoryScreen

        if not any(isinstance(s, HistoryScreen) for s in self.screen_stack):
            self.push_screen(HistoryScreen())

    def action_toggle_theme(self) -> None:
        self.theme = LIGHT if self.theme == DARK or self.current_theme.dark else DARK

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        T = self.T
        yield SystemCommand(T("app.cmd_help"), T("app.cmd_help_about"), self.action_help)
        yield SystemCommand(T("app.cmd_history"), T("app.cmd_history_about"), self.action_history)
        yield SystemCommand(T("app.cmd_theme"), T("app.cmd_theme_about"), self.action_toggle_theme)
        yield SystemCommand(T("app.cmd_themes"), T("app.cmd_themes_about"), self.action_change_theme)
        yield SystemCommand(T("app.cmd_screenshot"), T("app.cmd_screenshot_about"),
                            lambda: self.set_timer(0.1, self.deliver_screenshot))
        yield SystemCommand(T("app.cmd_quit"), T("app.cmd_quit_about"), self.action_quit)

    def action_command_palette(self) -> None:
        from textual.command import CommandPalette

        # Textual's own palette says "Search for commands…"; ours speaks the interface language.
        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(CommandPalette(placeholder=self.T("app.palette_search"), id="--command-palette"))


def make_app(settings=None, transcripts: str | Path | None = None, skill: str | None = None,
             skills_dir: list[str] | None = None, lang: str | None = None, resume: str | None = None,
             mode: str = "practice", engine_factory: EngineFactory | None = None, settings_error: str | None = None,
             settings_loader: SettingsLoader | None = None, clock: Callable[[], float] = time.monotonic,
             blink: bool = True, theme: str | None = None, offer_resume: bool = True) -> InterviewerApp:
    """The app with its collaborators: the CLI passes a settings loader, tests pass fakes and a frozen clock.

    With neither `settings` nor `settings_loader` the app is offline; `engine_factory` overrides both.
    """
    from interviewer.paths import legacy_transcripts_dir, transcripts_dir

    override = str(transcripts) if transcripts else None
    services = Services(transcripts=transcripts_dir(override), legacy=legacy_transcripts_dir(override),
                        engine_factory=engine_factory, skills_dirs=skills_dir, settings=settings,
                        settings_error=settings_error, settings_loader=settings_loader)
    prefill = Prefill(skill=skill, lang=lang, resume=resume, mode=mode or "practice")
    return InterviewerApp(services, prefill, clock=clock, blink=blink, theme=theme, offer_resume=offer_resume)
