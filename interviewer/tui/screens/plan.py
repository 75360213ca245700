"""The Plan screen (for hiring managers): chains with résumé quotes, questions, solid-answer signs, red flags."""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header

from interviewer.i18n import Texts
from interviewer.plan_view import chain_titles, sheet_follow_ups
from interviewer.tui.fmt import unbullet
from interviewer.tui.localize import localize_bindings
from interviewer.tui.messages import Done, Failed, failure_text
from interviewer.tui.screens.prompt import PromptModal
from interviewer.tui.widgets.wrap_text import WrapText


def chain_text(chain, T: Texts, title: str | None = None, asked: list[str] | None = None) -> Text:
    """One chain as the plan shows it; a follow-up already in `asked` (earlier on the screen) is not repeated."""
    asked = [] if asked is None else asked
    out = Text()
    out.append(f"{chain.id}  ", style="bold")
    out.append(title or chain.topic, style="bold")
    out.append(T("plan.on_resume" if chain.on_resume else "plan.off_resume") + "\n", style="dim italic")
    for e in chain.evidence:
        out.append(T("plan.resume"), style="dim")
        out.append(f"“{unbullet(e.quote)}”", style="italic")
        out.append(T("plan.line", n=e.line) + "\n", style="dim")
    out.append(T("plan.ask"), style="bold")
    out.append(f"{chain.opening}\n")
    # The follow-ups the printed plan shows, with a basis only where it says more than the question.
    for n, (q, basis) in enumerate(sheet_follow_ups(chain, asked), 1):
        out.append(f"  {n:>2}.  ", style="dim")
        out.append(q)
        out.append(f"  [{basis}]\n" if basis else "\n", style="dim")
    if chain.markers:
        out.append(T("plan.solid") + "\n", style="bold green")
        for m in chain.markers:
            out.append(f"    + {m}\n")
    if chain.danger_signals:
        out.append(T("plan.red_flags") + "\n", style="bold red")
        for d in chain.danger_signals:
            out.append(f"    ! {d}\n")
    out.rstrip()
    return out


class PlanScreen(Screen):
    """The interview plan for one résumé; export it, or start the interview from here."""

    BINDINGS = [
        Binding("c", "start('copilot')", "copilot"),
        Binding("p", "start('practice')", "practice"),
        Binding("m", "export('md')", "export_md"),
        Binding("h", "export('html')", "export_html"),
        Binding("escape", "back", "back"),
    ]
    AUTO_FOCUS = "#plan-body"

    def __init__(self, pack, resume, plan, mode: str = "plan") -> None:
        super().__init__()
        self.pack, self.resume, self.plan, self.mode = pack, resume, plan, mode
        self.app.set_lang(plan.lang)
        self.T = self.app.T
        localize_bindings(self, self.T)

    def compose(self) -> ComposeResult:
        plan, T = self.plan, self.T
        yield Header()
        with VerticalScroll(id="plan-body"):
            head = Text()
            head.append(T("plan.title"), style="bold")
            head.append(T("plan.head", pack=self.pack.name, lang=plan.lang, minutes=plan.minutes,
                          chains=len(plan.chains)) + "\n")
            if plan.candidate:
                head.append(plan.candidate, style="italic")
                head.append("\n")
            head.append(T("plan.hint"), style="dim")
            yield WrapText(head, id="plan-head")
            if not plan.chains:
                yield WrapText(Text(T("plan.no_chains"), style="italic"))
            titles, asked = chain_titles(plan), []
            for chain in plan.chains:
                yield WrapText(chain_text(chain, T, titles[chain.id], asked), classes="chain-card")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.T("plan.subtitle")

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_start(self, mode: str) -> None:
        self.app.start_interview(self.pack, self.resume, self.plan, mode, replace=True)

    def action_export(self, fmt: str) -> None:
        services = self.app.services
        default = str(services.plan_path(self.plan, self.pack, fmt))

        def chosen(path: str | None) -> None:
            if path:
                self.export(fmt, path)

        self.app.push_screen(PromptModal(self.T("plan.export_to", fmt=fmt.upper()), default), chosen)

    @work(thread=True, group="export")
    def export(self, fmt: str, path: str) -> None:
        try:
            out = self.app.services.export_plan(self.plan, self.pack, self.resume, fmt, path)
            self.post_message(Done("exported", out))
        except Exception as e:  # noqa: BLE001 - shown as a notification
            self.post_message(Failed(failure_text(e, self.T.lang)))

    def on_done(self, message: Done) -> None:
        self.notify(self.T("common.wrote", path=message.value), markup=False)

    def on_failed(self, message: Failed) -> None:
        self.notify(message.text, severity="error", markup=False)
