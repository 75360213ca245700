"""The Report screen: per topic the level reached with its quotes, red flags, strengths, improvements; exports."""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header

from interviewer.i18n import Texts
from interviewer.tui.fmt import when
from interviewer.tui.localize import localize_bindings
from interviewer.tui.messages import Done, Failed, failure_text
from interviewer.tui.screens.prompt import PromptModal
from interviewer.tui.widgets.level_bar import level_text
from interviewer.tui.widgets.wrap_text import WrapText


def topic_text(t, L: dict, coaching: bool = True) -> Text:
    """One topic card; `coaching` (practice) adds what would lift the answer a level, which a manager does not need."""
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
        out.append(L["list_sep"].join(t.missed_markers) + "\n", style="dim")
    if t.feedback and coaching:
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
        Binding("m", "export('md')", "export_md"),
        Binding("h", "export('html')", "export_html"),
        Binding("j", "export('json')", "export_json"),
        Binding("escape", "back", "back"),
    ]
    AUTO_FOCUS = "#report-body"

    def __init__(self, transcript, path=None) -> None:
        super().__init__()
        self.transcript, self.path = transcript, path
        self.T = Texts(transcript.lang)
        localize_bindings(self, self.T)

    def compose(self) -> ComposeResult:
        yield Header()
        yield VerticalScroll(WrapText(Text(self.T("report_screen.building"), style="italic"), id="report-wait"),
                             id="report-body")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.T("report_screen.subtitle")
        self.build()

    @work(thread=True, exclusive=True, group="report")
    def build(self) -> None:
        try:
            from interviewer.report import build_report, labels

            view = build_report(self.transcript)
            self.post_message(Done("report", (view, labels(view.lang))))
        except Exception as e:  # noqa: BLE001 - shown, never raised into the app
            self.post_message(Failed(failure_text(e, self.T.lang)))

    @work(thread=True, group="export")
    def export(self, fmt: str, path: str) -> None:
        try:
            self.post_message(Done("exported", self.app.services.export_report(self.transcript, fmt, path, self.path)))
        except Exception as e:  # noqa: BLE001
            self.post_message(Failed(failure_text(e, self.T.lang)))

    def on_done(self, message: Done) -> None:
        if message.what == "exported":
            self.notify(self.T("common.wrote", path=message.value), markup=False)
        elif message.what == "report":
            self._show(*message.value)

    def on_failed(self, message: Failed) -> None:
        self.notify(message.text, severity="error", markup=False, timeout=10)

    def _show(self, view, L: dict) -> None:
        body = self.query_one("#report-body", VerticalScroll)
        body.remove_children()
        manager = view.manager
        head = Text()
        head.append(L["m_title"] if manager else L["title"], style="bold")
        head.append(f"  ·  {view.skill.name}  ·  {L.get(view.mode, view.mode)}  ·  {L.get(view.status, view.status)}"
                    f"  ·  {when(view.created_at)}\n")
        if view.candidate:
            head.append(L["name_sep"].join(x.strip() for x in view.candidate.splitlines() if x.strip()) + "\n",
                        style="italic")
        head.append(L["counts"].format(assessed=view.assessed_topics, topics=view.total_topics,
                                       scored=view.scored_answers, answers=view.answers), style="dim")
        if view.overall is not None:
            head.append(f"\n{L['overall']}{L['sep']}", style="bold")
            head.append(L["overall_value"].format(overall=f"{view.overall:.1f}", n=view.scored_answers))
        if view.status != "finished":
            head.append(f"\n{L['unfinished']}", style="italic")
        if manager:
            head.append(f"\n\n{L['m_recommendation']}{L['sep']}", style="bold")
            head.append(manager.recommendation_label, style="bold reverse")
            head.append(f"\n{L['m_basis']}{L['sep']}{manager.basis}\n")
            head.append(L["m_rule"].format(rule=manager.rule), style="dim")
        if view.summary:
            head.append(f"\n\n{view.summary}")
        widgets = [WrapText(head, id="report-head")]
        widgets.append(WrapText(Text(L["topics"], style="bold underline"), classes="report-title"))
        widgets += [WrapText(topic_text(t, L, coaching=not manager), classes="topic-card") for t in view.topics]
        dangers = [Text.assemble((d.signal, "bold red"), f" ({d.topic}) — “{d.evidence}”",
                                 ("" if d.verified else L["unverified"], "dim")) for d in view.danger_signals]
        widgets.append(WrapText(section(L["dangers"], dangers, L["no_dangers"]), classes="report-section"))
        if manager:
            widgets.append(WrapText(section(L["m_not_covered"], manager.not_covered, L["m_all_covered"]),
                                    classes="report-section"))
        else:
            widgets.append(WrapText(section(L["strengths"], view.strengths, L["none"]), classes="report-section"))
            widgets.append(WrapText(section(L["improvements"], view.improvements, L["none"]),
                                    classes="report-section"))
        body.mount_all(widgets)

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_export(self, fmt: str) -> None:
        default = str(self.app.services.report_path(self.transcript, fmt))

        def chosen(path: str | None) -> None:
            if path:
                self.export(fmt, path)

        self.app.push_screen(PromptModal(self.T("report_screen.export_to", fmt=fmt.upper()), default), chosen)
