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

from interviewer.i18n import LANG_NAMES, Texts
from interviewer.textutil import language_hint
from interviewer.tui.localize import localize_bindings
from interviewer.tui.messages import Done, Failed, failure_text
from interviewer.tui.services import Prefill
from interviewer.tui.widgets.answer_input import RoomyTextArea

MODES = ("practice", "plan", "copilot")


def lang_options(T: Texts) -> list[tuple[str, str]]:
    return [(T("start.lang_auto"), "auto"), *((name, code) for code, name in LANG_NAMES.items())]


def mode_options(T: Texts) -> list[tuple[str, str]]:
    return [(T(f"start.mode_{m}"), m) for m in MODES]


class StartScreen(Screen):
    """Choose what to interview on; ctrl+s goes on to the interview (or the plan).

    The screen speaks the language the interview will have: the one chosen, or the highlighted pack's.
    """

    BINDINGS = [
        Binding("ctrl+s", "go", "go"),
        Binding("ctrl+o", "open_file", "open_file"),
    ]
    AUTO_FOCUS = "#packs"

    def __init__(self, prefill: Prefill | None = None) -> None:
        super().__init__()
        self.prefill = prefill or Prefill()
        self.loaded = None  # the Resume read from a file, used as is while the text is unchanged
        self.busy = False
        self.packs: list = []  # PackChoice, once read
        self.go_waiting = False  # ctrl+s came before the packs: start as soon as they are read
        self.packs_failed = False  # reading the packs failed (shown): a waiting ctrl+s would wait forever
        self.T = self.app.T
        localize_bindings(self, self.T)

    def compose(self) -> ComposeResult:
        T = self.T
        yield Header()
        with Vertical(id="start-body"):
            with Horizontal(id="start-top"):
                with Vertical(id="pack-box"):
                    yield Label(T("start.pack"), classes="field-label", id="pack-label")
                    yield OptionList(id="packs")
                with Vertical(id="opts-box"):
                    yield Label(T("start.language"), classes="field-label", id="lang-label")
                    lang = self.prefill.lang if self.prefill.lang in ("zh", "en") else "auto"
                    yield Select(lang_options(T), value=lang, allow_blank=False, compact=True, id="lang")
                    yield Label(T("start.mode"), classes="field-label", id="mode-label")
                    mode = self.prefill.mode if self.prefill.mode in MODES else "practice"
                    yield Select(mode_options(T), value=mode, allow_blank=False, compact=True, id="mode")
            yield Label(T("start.resume"), classes="field-label", id="resume-label")
            area = RoomyTextArea(id="resume-text", soft_wrap=True, tab_behavior="focus",
                                 placeholder=T("start.resume_placeholder"))
            area.cursor_blink = self.app.blink
            yield area
            with Horizontal(id="file-row"):
                path = Input(value=self.prefill.resume or "", placeholder=T("start.path_placeholder"), compact=True,
                             id="resume-path")
                path.cursor_blink = self.app.blink
                yield path
                yield Button(T("start.open"), id="open", compact=True)
                yield Button(T("start.sample"), id="sample", compact=True)
            yield Static(self._provider_text(), id="provider")
            with Horizontal(id="go-row"):
                yield Button(T("start.go"), id="go", variant="primary", compact=True)
                yield Static("", id="start-status")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.T("start.subtitle")
        # After the first paint: parsing packs in a thread still competes with the first frame for the GIL.
        self.call_after_refresh(self._load_initial)

    # ------------------------------------------------------------------ language

    def chosen_lang(self) -> str:
        """The interview's language: the one picked, else the résumé's where the highlighted pack speaks it (an
        English résumé gets the English interview), else the pack's own (zh until packs are read)."""
        picked = self.query_one("#lang", Select).value
        if picked in ("zh", "en"):
            return str(picked)
        pack = self._highlighted_pack()
        if pack is None:
            return self.app.lang
        hint = language_hint(self.query_one("#resume-text", TextArea).text)
        return hint if hint in pack.langs else pack.langs[0]

    def _highlighted_pack(self):
        box = self.query_one("#packs", OptionList)
        if box.highlighted is None:
            return None
        oid = box.get_option_at_index(box.highlighted).id
        return next((p for p in self.packs if p.name == oid), None)

    def relabel(self) -> None:
        """Say everything again in the language the interview will have, when that changed."""
        lang = self.chosen_lang()
        if lang == self.T.lang:
            return
        self.app.set_lang(lang)
        T = self.T = self.app.T
        localize_bindings(self, T)
        self.sub_title = T("start.subtitle")
        for wid, key in (("#pack-label", "start.pack"), ("#lang-label", "start.language"),
                         ("#mode-label", "start.mode"), ("#resume-label", "start.resume")):
            self.query_one(wid, Label).update(T(key))
        for wid, options in (("#lang", lang_options(T)), ("#mode", mode_options(T))):
            select = self.query_one(wid, Select)
            value = select.value
            with select.prevent(Select.Changed):
                select.set_options(options)
                select.value = value
                # The option shown is redrawn only when the value changes, and it has not: draw it in the new words.
                select.mutate_reactive(Select.value)
        self.query_one("#resume-text", TextArea).placeholder = T("start.resume_placeholder")
        self.query_one("#resume-path", Input).placeholder = T("start.path_placeholder")
        for wid, key in (("#open", "start.open"), ("#sample", "start.sample"), ("#go", "start.go")):
            self.query_one(wid, Button).label = T(key)
        self.show_provider()
        self._show_packs(self.packs)

    @on(Select.Changed, "#lang")
    def _lang_changed(self) -> None:
        self.relabel()

    @on(OptionList.OptionHighlighted, "#packs")
    def _pack_highlighted(self) -> None:
        self.relabel()

    @on(TextArea.Changed, "#resume-text")
    def _resume_changed(self) -> None:
        self.relabel()

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
            self.packs_failed = True
            self.post_message(Failed(failure_text(e, self.T.lang)))

    @work(thread=True, exclusive=True, group="resume")
    def load_resume(self, path: str) -> None:
        try:
            self.post_message(Done("resume", self.app.services.load_resume(path)))
        except Exception as e:  # noqa: BLE001
            self.post_message(Failed(failure_text(e, self.T.lang)))

    @work(thread=True, exclusive=True, group="prepare")
    def prepare(self, skill: str | None, lang: str | None, text: str, mode: str) -> None:
        try:
            pack, resume, plan = self.app.services.prepare(skill, lang, text, self.loaded)
            self.post_message(Done("prepared", (pack, resume, plan, mode)))
        except Exception as e:  # noqa: BLE001
            self.post_message(Failed(failure_text(e, self.T.lang)))

    # ------------------------------------------------------------------ handlers

    def on_done(self, message: Done) -> None:
        if message.what == "packs":
            self.packs = message.value
            self._show_packs(self.packs)
            self.relabel()
            if self.go_waiting:
                self.go_waiting = False
                self._status("")
                self.action_go()
        elif message.what == "resume":
            resume = message.value
            self.loaded = resume
            self.query_one("#resume-text", TextArea).load_text(resume.text)
            self._status(self.T("start.loaded", name=Path(resume.source).name, lines=len(resume.lines)))
        elif message.what == "prepared":
            self.busy = False
            self._status("")
            pack, resume, plan, mode = message.value
            self.app.open_plan_or_interview(pack, resume, plan, mode)

    def on_failed(self, message: Failed) -> None:
        self.busy = False
        self.go_waiting = False
        self._status("")
        self.notify(message.text, severity="error", markup=False)

    def _show_packs(self, packs) -> None:
        """The pack list, each with its description in the interface language; keeps the highlighted pack."""
        box = self.query_one("#packs", OptionList)
        current = box.get_option_at_index(box.highlighted).id if box.highlighted is not None else None
        lang = self.T.lang
        with box.prevent(OptionList.OptionHighlighted):
            box.clear_options()
            for p in packs:
                langs = "/".join(p.langs)
                box.add_option(Option(Text.assemble((p.name, "bold"), f"  {langs}\n", (p.describe(lang), "dim")),
                                      id=p.name))
            wanted = current or self.prefill.skill
            names = [p.name for p in packs]
            if self.prefill.skill and self.prefill.skill not in names:
                box.add_option(Option(Text.assemble((self.prefill.skill, "bold"), "\n",
                                                    (self.T("start.from_skill"), "dim")), id=self.prefill.skill))
                names.append(self.prefill.skill)
            if names:
                box.highlighted = names.index(wanted) if wanted in names else (
                    names.index("distributed-training") if "distributed-training" in names else 0)
        if not names and current is None:
            self.notify(self.T("start.no_packs"), severity="error", markup=False)

    def _provider_text(self) -> Text:
        used, how = self.app.services.provider_text(self.T.lang)
        return Text.assemble((self.T("start.engine"), "bold"), used, "\n", (how, "dim"))

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
            self.notify(self.T("start.type_path"), markup=False)
            return
        self._status(self.T("start.reading", path=path))
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
            self.notify(self.T("start.no_sample"), severity="warning", markup=False)
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
            if box.option_count == 0 and not self.packs and not self.packs_failed:
                # The packs are read after the first paint; a quick ctrl+s starts as soon as they are here.
                self.go_waiting = True
                self._status(self.T("start.loading_packs"))
                return
            self.notify(self.T("start.choose_pack"), severity="error", markup=False)
            return
        skill = box.get_option_at_index(box.highlighted).id
        text = self.query_one("#resume-text", TextArea).text
        if not text.strip():
            self.notify(self.T("start.need_resume"), severity="error", markup=False)
            self.query_one("#resume-text", TextArea).focus()
            return
        lang = self.query_one("#lang", Select).value
        mode = str(self.query_one("#mode", Select).value)
        self.busy = True
        self._status(self.T("start.building"))
        self.prepare(skill, None if lang == "auto" else str(lang), text, mode)
