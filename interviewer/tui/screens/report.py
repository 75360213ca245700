"""The Report screen: per topic the level reached with its quotes, red flags, strengths, improvements; exports."""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header

from interviewer.tui.fmt import when
from interviewer.tui.messages import Done, Failed, failure_text
from interviewer.tui.screens.prompt import PromptModal
from interviewer.tui.widgets.level_bar import level_text
from interviewer.tui.widgets.wrap_text import WrapText


def topic_text(t, L: dict) -> Text:
    out = Text()
    out.append(f"{t.topic}\n", style="bold")
    out.append_text(level_text(t.level, label=t.level_label))
    out.append("\n")
    for q in t.evidence:
        out.append(f"  “{q.text}”", style="italic")
        out.append("\n" if q.verified else f"{L['unverified']}\n", style="dim")
    for m in t.markers:
        out.append("  + ", style="bold green")
        out.append(f"{m.marker} — “{m.evidence}”\n")
    if t.missed_markers:
        out.append(f"  {L['missed']}{L.get('sep', ': ')}", style="dim")
        out.append("; ".join(t.missed_markers) + "\n", style="dim")
    if t.feedback:
        out.append(f"  → {t.feedback}\n", style="italic")
    out.append(f"  {L['how']}{L.get('sep', ': ')}{t.how}", style="dim")
    return out


def section(title: str, lines: list[Text] | list[str], empty: str) -> Text:
    out = Text(f"{title}\n", style="bold underline")
    if not lines:
        out.append(empty, style="dim italic")
        return out
    for i, line in enumerate(lines):
        out.append("• ")
        out.append_text(line if isinstance(line, Text) else Text(line))
        if i < len(lines) - 1:
            out.append("\n")
    return out


class ReportScreen(Screen):
    """The report of one session, built in a worker from its transcript."""

    BINDINGS = [
        Binding("m", "export('md')", "Export MD"),
        Binding("h", "export('html')", "Export HTML"),
        Binding("j", "export('json')", "Export JSON"),
        Binding("escape", "back", "Back"),
    ]
    AUTO_FOCUS = "#report-body"

    def __init__(self, transcript, path=None) -> None:
        super().__init__()
        self.transcript, self.path = transcript, path

    def compose(self) -> ComposeResult:
        yield Header()
        yield VerticalScroll(WrapText(Text("building the report…", style="italic"), id="report-wait"), id="report-body")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "report"
        self.build()

    @work(thread=True, exclusive=True, group="report")
    def build(self) -> None:
        try:
            from interviewer.report import build_report, labels

            view = build_report(self.transcript)
            self.post_message(Done("report", (view, labels(view.lang))))
        except Exception as e:  # noqa: BLE001 - shown, never raised into the app
            self.post_message(Failed(failure_text(e)))

    @work(thread=True, group="export")
    def export(self, fmt: str, path: str) -> None:
        try:
            self.post_message(Done("exported", self.app.services.export_report(self.transcript, fmt, path)))
        except Exception as e:  # noqa: BLE001
            self.post_message(Failed(failure_text(e)))

    def on_done(self, message: Done) -> None:
        if message.what == "exported":
            self.notify(f"wrote {message.value}", markup=False)
        elif message.what == "report":
            self._show(*message.value)

    def on_failed(self, message: Failed) -> None:
        self.notify(message.text, severity="error", markup=False, timeout=10)

    def _show(self, view, L: dict) -> None:
        body = self.query_one("#report-body", VerticalScroll)
        body.remove_children()
        head = Text()
        head.append(f"{L['title']}", style="bold")
        head.append(f"  ·  {view.skill.name}  ·  {L.get(view.mode, view.mode)}  ·  {L.get(view.status, view.status)}"
                    f"  ·  {when(view.created_at)}\n")
        head.append(f"{view.assessed_topics}/{view.total_topics} topics assessed · "
                    f"{view.scored_answers}/{view.answers} answers scored", style="dim")
        if view.status != "finished":
            head.append(f"\n{L['unfinished']}", style="italic")
        if view.summary:
            head.append(f"\n\n{view.summary}")
        widgets = [WrapText(head, id="report-head")]
        widgets.append(WrapText(Text(L["topics"], style="bold underline"), classes="report-title"))
        widgets += [WrapText(topic_text(t, L), classes="topic-card") for t in view.topics]
        dangers = [Text.assemble((d.signal, "bold red"), f" ({d.topic}) — “{d.evidence}”",
                                 ("" if d.verified else L["unverified"], "dim")) for d in view.danger_signals]
        widgets.append(WrapText(section(L["dangers"], dangers, L["no_dangers"]), classes="report-section"))
        widgets.append(WrapText(section(L["strengths"], view.strengths, L["none"]), classes="report-section"))
        widgets.append(WrapText(section(L["improvements"], view.improvements, L["none"]), classes="report-section"))
        body.mount_all(widgets)

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_export(self, fmt: str) -> None:
        default = str(self.app.services.report_path(self.transcript, fmt))

        def chosen(path: str | None) -> None:
            if path:
                self.export(fmt, path)

        self.app.push_screen(PromptModal(f"Export the report as {fmt.upper()} to", default), chosen)
