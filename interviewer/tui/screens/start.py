"""The Start screen: skill pack, résumé (pasted or from a file), language, mode and the engine in use."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, OptionList, Select, Static, TextArea
from textual.widgets.option_list import Option

from interviewer.tui.messages import Done, Failed, failure_text
from interviewer.tui.services import Prefill

LANGS = [("the pack's language", "auto"), ("中文 (zh)", "zh"), ("English (en)", "en")]
MODES = [("practice — you answer", "practice"), ("plan — for a hiring manager", "plan"),
         ("co-pilot — score a real interview", "copilot")]


class StartScreen(Screen):
    """Choose what to interview on; ctrl+s goes on to the interview (or the plan)."""

    BINDINGS = [
        Binding("ctrl+s", "go", "Start"),
        Binding("ctrl+o", "open_file", "Open résumé file"),
    ]
    AUTO_FOCUS = "#packs"

    def __init__(self, prefill: Prefill | None = None) -> None:
        super().__init__()
        self.prefill = prefill or Prefill()
        self.loaded = None  # the Resume read from a file, used as is while the text is unchanged
        self.busy = False

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="start-body"):
            with Horizontal(id="start-top"):
                with Vertical(id="pack-box"):
                    yield Label("Skill pack", classes="field-label")
                    yield OptionList(id="packs")
                with Vertical(id="opts-box"):
                    yield Label("Language", classes="field-label")
                    lang = self.prefill.lang if self.prefill.lang in ("zh", "en") else "auto"
                    yield Select(LANGS, value=lang, allow_blank=False, compact=True, id="lang")
                    yield Label("Mode", classes="field-label")
                    mode = self.prefill.mode if self.prefill.mode in ("practice", "plan", "copilot") else "practice"
                    yield Select(MODES, value=mode, allow_blank=False, compact=True, id="mode")
            yield Label("Résumé — paste it below, or type a file path (txt, md, pdf) and press ctrl+o",
                        classes="field-label")
            area = TextArea(id="resume-text", soft_wrap=True, tab_behavior="focus",
                            placeholder="paste the résumé here…")
            area.cursor_blink = self.app.blink
            yield area
            with Horizontal(id="file-row"):
                path = Input(value=self.prefill.resume or "", placeholder="path/to/resume.pdf", compact=True,
                             id="resume-path")
                path.cursor_blink = self.app.blink
                yield path
                yield Button("Open", id="open", compact=True)
                yield Button("Sample", id="sample", compact=True)
            yield Static(self._provider_text(), id="provider")
            with Horizontal(id="go-row"):
                yield Button("Start (ctrl+s)", id="go", variant="primary", compact=True)
                yield Static("", id="start-status")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "start"
        # After the first paint: parsing packs in a thread still competes with the first frame for the GIL.
        self.call_after_refresh(self._load_initial)

    def _load_initial(self) -> None:
        self.load_packs()
        if self.prefill.resume:
            self.load_resume(self.prefill.resume)

    # ------------------------------------------------------------------ workers

    @work(thread=True, exclusive=True, group="packs")
    def load_packs(self) -> None:
        try:
            self.post_message(Done("packs", self.app.services.packs()))
        except Exception as e:  # noqa: BLE001 - a worker failure is shown, never raised into the app
            self.post_message(Failed(failure_text(e)))

    @work(thread=True, exclusive=True, group="resume")
    def load_resume(self, path: str) -> None:
        try:
            self.post_message(Done("resume", self.app.services.load_resume(path)))
        except Exception as e:  # noqa: BLE001
            self.post_message(Failed(failure_text(e)))

    @work(thread=True, exclusive=True, group="prepare")
    def prepare(self, skill: str | None, lang: str | None, text: str, mode: str) -> None:
        try:
            pack, resume, plan = self.app.services.prepare(skill, lang, text, self.loaded)
            self.post_message(Done("prepared", (pack, resume, plan, mode)))
        except Exception as e:  # noqa: BLE001
            self.post_message(Failed(failure_text(e)))

    # ------------------------------------------------------------------ handlers

    def on_done(self, message: Done) -> None:
        if message.what == "packs":
            self._show_packs(message.value)
        elif message.what == "resume":
            resume = message.value
            self.loaded = resume
            self.query_one("#resume-text", TextArea).load_text(resume.text)
            self._status(f"loaded {Path(resume.source).name} ({len(resume.lines)} lines)")
        elif message.what == "prepared":
            self.busy = False
            self._status("")
            pack, resume, plan, mode = message.value
            self.app.open_plan_or_interview(pack, resume, plan, mode)

    def on_failed(self, message: Failed) -> None:
        self.busy = False
        self._status("")
        self.notify(message.text, severity="error", markup=False)

    def _show_packs(self, packs) -> None:
        box = self.query_one("#packs", OptionList)
        box.clear_options()
        for p in packs:
            langs = "/".join(p.langs)
            box.add_option(Option(Text.assemble((p.name, "bold"), f"  {langs}\n", (p.description, "dim")), id=p.name))
        wanted = self.prefill.skill
        names = [p.name for p in packs]
        if wanted and wanted not in names:
            box.add_option(Option(Text.assemble((wanted, "bold"), "\n", ("from --skill", "dim")), id=wanted))
            names.append(wanted)
        if names:
            box.highlighted = names.index(wanted) if wanted in names else (
                names.index("distributed-training") if "distributed-training" in names else 0)
        else:
            self.notify("no skill packs found: add one with --skills-dir DIR", severity="error", markup=False)

    def _provider_text(self) -> Text:
        used, how = self.app.services.provider_text()
        return Text.assemble(("Engine ", "bold"), used, "\n", (how, "dim"))

    def show_provider(self) -> None:
        self.query_one("#provider", Static).update(self._provider_text())

    def on_paste(self, event: events.Paste) -> None:
        """A paste that no text box took (the pack list had focus) is a résumé: put it in the résumé box."""
        if not event.text.strip():
            return
        event.stop()
        area = self.query_one("#resume-text", TextArea)
        area.focus()
        area.insert(event.text)

    def _status(self, text: str) -> None:
        self.query_one("#start-status", Static).update(Text(text, style="dim"))

    # ------------------------------------------------------------------ actions

    def action_open_file(self) -> None:
        path = self.query_one("#resume-path", Input).value.strip()
        if not path:
            self.query_one("#resume-path", Input).focus()
            self.notify("type the résumé's path, then press ctrl+o or Enter", markup=False)
            return
        self._status(f"reading {path}…")
        self.load_resume(path)

    @on(Input.Submitted, "#resume-path")
    def _path_entered(self) -> None:
        self.action_open_file()

    @on(Button.Pressed, "#open")
    def _open_pressed(self) -> None:
        self.action_open_file()

    @on(Button.Pressed, "#sample")
    def _sample_pressed(self) -> None:
        lang = self.query_one("#lang", Select).value
        sample = self.app.services.sample_resume(None if lang == "auto" else str(lang))
        if sample is None:
            self.notify("no sample résumé is bundled with this pack", severity="warning", markup=False)
            return
        self.query_one("#resume-path", Input).value = str(sample)
        self.action_open_file()

    @on(Button.Pressed, "#go")
    def _go_pressed(self) -> None:
        self.action_go()

    def action_go(self) -> None:
        if self.busy:
            return
        box = self.query_one("#packs", OptionList)
        if box.highlighted is None:
            self.notify("choose a skill pack first", severity="error", markup=False)
            return
        skill = box.get_option_at_index(box.highlighted).id
        text = self.query_one("#resume-text", TextArea).text
        if not text.strip():
            self.notify("paste a résumé or open a file first (ctrl+o)", severity="error", markup=False)
            self.query_one("#resume-text", TextArea).focus()
            return
        lang = self.query_one("#lang", Select).value
        mode = str(self.query_one("#mode", Select).value)
        self.busy = True
        self._status("building the plan…")
        self.prepare(skill, None if lang == "auto" else str(lang), text, mode)
