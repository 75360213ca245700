"""The interview side panel: current chain, ladder depth, elapsed time, and per-answer feedback."""

from __future__ import annotations

from rich.text import Text
from textual.containers import VerticalScroll

from interviewer.i18n import Texts
from interviewer.tui.fmt import unbullet
from interviewer.tui.view_state import SessionView, excerpt
from interviewer.tui.widgets.level_bar import level_text
from interviewer.tui.widgets.wrap_text import WrapText


def clock_text(seconds: float) -> str:
    s = max(0, int(seconds))
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60:02d}:{s % 60:02d}"


def depth_text(view: SessionView, T: Texts) -> Text:
    """How far down the chain's follow-ups (the rule's probes, then the topic's ladder) the interview went."""
    total = max(view.follow_ups, 1)
    used = min(view.steps, total)
    return Text.assemble(T("side.depth"), ("■" * used, "bold"), ("□" * (total - used), "dim"),
                         f" {view.steps}/{view.follow_ups}", (T("side.asked_here", n=view.chain_questions), "dim"))


def feedback_text(view: SessionView, T: Texts) -> Text:
    """Each answer, newest first: level, markers hit and danger signals, each with its quote."""
    if not view.answers:
        return Text(T("side.no_answers"), style="dim italic")
    out = Text()
    for ans in reversed(view.answers):
        a = ans.assessment
        out.append(T("side.answer", n=ans.number), style="bold")
        if a is None:
            out.append_text(Text(T("common.not_assessed"), style="dim italic"))
            out.append(f"  {ans.excerpt}\n\n", style="dim")
            continue
        level = T("common.level", level=a.level) if a.level is not None else T("common.not_assessed")
        out.append_text(level_text(a.level, cells=1, label=T("side.level_signal", level=level, signal=T.signal(a.signal))))
        out.append("\n")
        for m in a.markers:
            out.append("+ ", style="bold green")
            out.append(f"{m.marker} — “{m.evidence}”\n")
        for d in a.danger_signals:
            out.append("! ", style="bold red")
            out.append(f"{d.signal} — “{d.evidence}”\n")
        if a.feedback:
            out.append(f"→ {a.feedback}\n", style="italic")
        out.append("\n")
    out.rstrip()
    return out


def grid_text(view: SessionView, T: Texts) -> Text:
    """The co-pilot scoring grid: every planned topic, its best level so far, markers and red flags."""
    out = Text()
    for cell in view.grid:
        out.append(f"{cell.topic}\n", style="bold" if cell.topic == view.chain_topic else "")
        label = T("common.level", level=cell.level) if cell.level is not None else T("common.not_assessed")
        out.append_text(level_text(cell.level, cells=1, label=label))
        out.append(f"  +{cell.markers}", style="green")
        out.append(f" !{cell.dangers}\n", style="red" if cell.dangers else "dim")
    out.rstrip()
    return out


class SidePanel(VerticalScroll):
    """Shows a SessionView; the screen calls `show` from its message handlers only (tab focuses it to scroll)."""

    def __init__(self, feedback: bool = False, grid: bool = False, lang: str = "zh", **kwargs) -> None:
        super().__init__(**kwargs)
        self.feedback = feedback
        self.grid = grid
        self.T = Texts(lang)
        self.view = SessionView(lang=self.T.lang)

    def compose(self):
        yield WrapText(id="side-chain")
        yield WrapText(id="side-depth")
        yield WrapText(id="side-time")
        yield WrapText(id="side-grid", classes="side-section")
        yield WrapText(id="side-feedback", classes="side-section")

    def on_mount(self) -> None:
        self.border_title = self.T("side.session")
        self.show(self.view)

    def show(self, view: SessionView) -> None:
        self.view = view
        chain = Text()
        if view.chain_id:
            chain.append(f"{view.chain_id} ", style="bold")
            chain.append(view.chain_topic)
            if view.evidence:
                chain.append(f"\n“{excerpt(unbullet(view.evidence), 48)}”", style="italic dim")
            elif not view.on_resume:
                chain.append("\n" + self.T("side.not_on_resume"), style="italic dim")
        self.query_one("#side-chain", WrapText).update(chain)
        depth = depth_text(view, self.T) if view.chain_id else Text("")
        depth.append("\n" + self.T("side.questions", n=view.questions, max=view.max_turns), style="dim")
        self.query_one("#side-depth", WrapText).update(depth)
        grid = self.query_one("#side-grid", WrapText)
        grid.display = self.grid
        if self.grid:
            grid.update(Text.assemble((self.T("side.grid") + "\n", "bold underline"), grid_text(view, self.T)))
        fb = self.query_one("#side-feedback", WrapText)
        fb.display = self.feedback
        if self.feedback:
            fb.update(Text.assemble((self.T("side.feedback") + "\n", "bold underline"), feedback_text(view, self.T)))

    def set_elapsed(self, seconds: float) -> None:
        self.query_one("#side-time", WrapText).update(Text.assemble(self.T("side.elapsed"), (clock_text(seconds), "bold")))

    def set_feedback(self, on: bool) -> None:
        self.feedback = on
        self.show(self.view)
