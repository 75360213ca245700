"""The History screen: saved sessions; open a report, resume an unfinished one, export, delete."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from interviewer.transcript_index import clipped
from interviewer.tui.fmt import short_path, when
from interviewer.tui.localize import localize_bindings
from interviewer.tui.messages import Done, Failed, failure_text
from interviewer.tui.screens.choice import ChoiceModal
from interviewer.tui.screens.confirm import ConfirmModal
from interviewer.tui.screens.prompt import PromptModal
from interviewer.tui.widgets.level_bar import LEVEL_STYLES

STATUS_STYLE = {"in_progress": "bold yellow", "finished": "green", "unreadable": "bold red"}
NAME_CELLS = 12  # a longer name is clipped so the levels stay in view at 80 columns


def levels_text(levels: dict) -> Text:
    """One cell per planned topic: its level, or · when not assessed."""
    out = Text()
    for i, v in enumerate(levels.values()):
        if i:
            out.append(" ")
        out.append("·" if v is None else str(v), style="dim" if v is None else LEVEL_STYLES.get(v, ""))
    return out or Text("-", style="dim")


class HistoryScreen(Screen):
    """Saved sessions, newest first."""

    BINDINGS = [
        # priority: the table would otherwise take Enter and hide the binding from the footer.
        Binding("enter", "open", "open", priority=True),
        Binding("r", "resume", "resume"),
        Binding("e", "export", "export"),
        Binding("d", "delete", "delete"),
        Binding("escape", "back", "back"),
    ]
    AUTO_FOCUS = "#sessions"

    def __init__(self) -> None:
        super().__init__()
        self.rows: dict[str, object] = {}
        self.T = self.app.T
        localize_bindings(self, self.T)

    def compose(self) -> ComposeResult:
        T = self.T
        yield Header()
        yield Static(Text(T("history.head"), style="bold"), id="history-head")
        table = DataTable(id="sessions", cursor_type="row", zebra_stripes=True)
        # The pack comes last: sessions are told apart by who and when, and at 80 columns it is the one cut.
        table.add_columns(*(T(f"history.col_{c}") for c in
                            ("date", "candidate", "lang", "mode", "status", "answers", "levels", "pack")))
        yield table
        yield Static("", id="history-empty")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.T("history.subtitle")
        self.refresh_list()

    def on_screen_resume(self) -> None:
        self.refresh_list()

    @work(thread=True, exclusive=True, group="history")
    def refresh_list(self) -> None:
        try:
            self.post_message(Done("list", self.app.services.sessions()))
        except Exception as e:  # noqa: BLE001 - shown, never raised into the app
            self.post_message(Failed(failure_text(e, self.T.lang)))

    @work(thread=True, group="history-job")
    def job(self, what: str, path: str, extra=None) -> None:
        services = self.app.services
        try:
            if what == "open":
                self.post_message(Done("open", (services.load(path), path)))
            elif what == "delete":
                services.delete(path)
                self.post_message(Done("deleted", path))
            elif what == "export":
                fmt, out = extra
                self.post_message(Done("exported", services.export_report(services.load(path), fmt, out, path)))
        except Exception as e:  # noqa: BLE001
            self.post_message(Failed(failure_text(e, self.T.lang)))

    def on_done(self, message: Done) -> None:
        if message.what == "list":
            self._show(message.value)
        elif message.what == "open":
            transcript, path = message.value
            self.app.show_report(transcript, path)
        elif message.what == "deleted":
            self.notify(self.T("history.deleted", name=Path(message.value).name), markup=False)
            self.refresh_list()
        elif message.what == "exported":
            self.notify(self.T("common.wrote", path=message.value), markup=False)

    def on_failed(self, message: Failed) -> None:
        self.notify(message.text, severity="error", markup=False, timeout=10)

    def _show(self, summaries) -> None:
        table = self.query_one("#sessions", DataTable)
        keep = table.cursor_row
        table.clear()
        self.rows = {}
        T = self.T
        for s in summaries:
            self.rows[s.path] = s
            status = Text(T.status(s.status), style=STATUS_STYLE.get(s.status, ""))
            if s.error:
                table.add_row(Text(Path(s.path).name), "-", "-", "-", status, "-", Text(s.error, style="dim"), "-",
                              key=s.path)
                continue
            table.add_row(when(s.updated_at), clipped(s.candidate, NAME_CELLS) or Text("-", style="dim"),
                          T.section("langs").get(s.lang, s.lang), T.mode(s.mode), status, str(s.answers),
                          levels_text(s.levels), s.skill, key=s.path)
        empty = self.query_one("#history-empty", Static)
        empty.display = not summaries
        folder = short_path(self.app.services.transcripts)
        empty.update(Text(T("history.empty", folder=folder), style="dim italic"))
        self.query_one("#history-head", Static).update(Text.assemble(
            (T("history.head"), "bold"), (T("history.head_more", n=len(summaries), folder=folder), "dim")))
        if summaries:
            table.move_cursor(row=min(keep, len(summaries) - 1))

    def _selected(self):
        table = self.query_one("#sessions", DataTable)
        if not self.rows or table.cursor_row is None or table.row_count == 0:
            self.notify(self.T("history.none_selected"), markup=False)
            return None
        key = table.coordinate_to_cell_key((table.cursor_row, 0)).row_key.value
        return self.rows.get(key)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def action_open(self) -> None:
        s = self._selected()
        if s is not None:
            if s.error:
                self.notify(s.error, severity="error", markup=False)
            else:
                self.job("open", s.path)

    def action_resume(self) -> None:
        s = self._selected()
        if s is None:
            return
        if s.status != "in_progress":
            self.notify(self.T("history.only_unfinished"), markup=False)
            return
        self.app.resume_session(s.path, s.mode, s.lang)

    def action_export(self) -> None:
        s = self._selected()
        if s is None or s.error:
            return
        T = self.T
        formats = [("md", T("history.md"), ""), ("html", T("history.html"), T("history.html_about")),
                   ("json", T("history.json"), "")]

        def fmt_chosen(fmt: str | None) -> None:
            if not fmt:
                return
            default = str(self.app.services.exports / f"{Path(s.path).stem}.report.{fmt}")
            self.app.push_screen(PromptModal(T("report_screen.export_to", fmt=fmt.upper()), default),
                                 lambda out: out and self.job("export", s.path, (fmt, out)))

        self.app.push_screen(ChoiceModal(T("history.export_as"), formats), fmt_chosen)

    def action_delete(self) -> None:
        s = self._selected()
        if s is None:
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.job("delete", s.path)

        T = self.T
        what = (T("history.what", when=when(s.updated_at), candidate=s.candidate or T("common.unknown_candidate"),
                  pack=s.skill, mode=T.mode(s.mode)) if not s.error else Path(s.path).name)
        self.app.push_screen(ConfirmModal(T("history.delete_confirm", what=what, path=s.path),
                                          yes=T("history.delete"), danger=True), confirmed)

    def action_back(self) -> None:
        self.app.pop_screen()
