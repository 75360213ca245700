"""The Plan screen (for hiring managers): chains with résumé quotes, questions, solid-answer signs, red flags."""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header

from interviewer.textutil import normalize_key
from interviewer.tui.fmt import unbullet
from interviewer.tui.messages import Done, Failed, failure_text
from interviewer.tui.screens.prompt import PromptModal
from interviewer.tui.widgets.wrap_text import WrapText


def chain_text(chain) -> Text:
    """One chain as the plan shows it."""
    out = Text()
    out.append(f"{chain.id}  ", style="bold")
    out.append(chain.topic, style="bold")
    out.append("   from the résumé\n" if chain.on_resume else "   not on the résumé: asked from the topic\n",
               style="dim italic")
    for e in chain.evidence:
        out.append("  résumé ", style="dim")
        out.append(f"“{unbullet(e.quote)}”", style="italic")
        out.append(f" (line {e.line})\n", style="dim")
    out.append("  ask   ", style="bold")
    out.append(f"{chain.opening}\n")
    for i, q in enumerate(chain.follow_ups, 1):
        basis = chain.follow_up_basis[i - 1] if i - 1 < len(chain.follow_up_basis) else ""
        out.append(f"  {i:>2}.  ", style="dim")
        out.append(q)
        # The basis is worth showing only when the question does not already say it.
        shown = basis and normalize_key(basis) not in normalize_key(q)
        out.append(f"  [{basis}]\n" if shown else "\n", style="dim")
    if chain.markers:
        out.append("  a solid answer shows\n", style="bold green")
        for m in chain.markers:
            out.append(f"    + {m}\n")
    if chain.danger_signals:
        out.append("  red flags\n", style="bold red")
        for d in chain.danger_signals:
            out.append(f"    ! {d}\n")
    out.rstrip()
    return out


class PlanScreen(Screen):
    """The interview plan for one résumé; export it, or start the interview from here."""

    BINDINGS = [
        Binding("c", "start('copilot')", "Co-pilot interview"),
        Binding("p", "start('practice')", "Practice"),
        Binding("m", "export('md')", "Export MD"),
        Binding("h", "export('html')", "Export HTML"),
        Binding("escape", "back", "Back"),
    ]
    AUTO_FOCUS = "#plan-body"

    def __init__(self, pack, resume, plan, mode: str = "plan") -> None:
        super().__init__()
        self.pack, self.resume, self.plan, self.mode = pack, resume, plan, mode

    def compose(self) -> ComposeResult:
        plan = self.plan
        yield Header()
        with VerticalScroll(id="plan-body"):
            head = Text()
            head.append("Interview plan", style="bold")
            head.append(f"  ·  {self.pack.name} ({plan.lang})  ·  {plan.minutes} min  ·  {len(plan.chains)} chains\n")
            if plan.candidate:
                head.append(plan.candidate, style="italic")
                head.append("\n")
            head.append("c starts a co-pilot interview with this plan · m / h export it", style="dim")
            yield WrapText(head, id="plan-head")
            if not plan.chains:
                yield WrapText(Text("the pack and résumé gave no chains to ask about", style="italic"))
            for chain in plan.chains:
                yield WrapText(chain_text(chain), classes="chain-card")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "plan"

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

        self.app.push_screen(PromptModal(f"Export the plan as {fmt.upper()} to", default), chosen)

    @work(thread=True, group="export")
    def export(self, fmt: str, path: str) -> None:
        try:
            out = self.app.services.export_plan(self.plan, self.pack, self.resume, fmt, path)
            self.post_message(Done("exported", out))
        except Exception as e:  # noqa: BLE001 - shown as a notification
            self.post_message(Failed(failure_text(e)))

    def on_done(self, message: Done) -> None:
        self.notify(f"wrote {message.value}", markup=False)

    def on_failed(self, message: Failed) -> None:
        self.notify(message.text, severity="error", markup=False)
