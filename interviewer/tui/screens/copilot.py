"""The Co-pilot screen: the manager types what the candidate said; the tool scores it and suggests the next question."""

from __future__ import annotations

from textual import work
from textual.binding import Binding
from textual.message import Message

from interviewer.notes import clean_note
from interviewer.tui.messages import Failed, failure_text
from interviewer.tui.screens.choice import ChoiceModal
from interviewer.tui.screens.edit import EditModal
from interviewer.tui.screens.interview import InterviewBase
from interviewer.turns import is_command
from interviewer.tui.view_state import session_view
from interviewer.tui.widgets.side_panel import SidePanel


class Revised(Message):
    """The suggested question was edited or replaced by another chain's opening."""

    def __init__(self, turn, view) -> None:
        super().__init__()
        self.turn, self.view = turn, view


class CopilotScreen(InterviewBase):
    """Co-pilot: suggestions are the manager's to accept, edit or replace; the scoring grid stays in view."""

    BINDINGS = [
        Binding("ctrl+s", "send", "score"),
        Binding("ctrl+o", "accept", "accept"),
        Binding("ctrl+l", "edit", "edit"),
        Binding("ctrl+n", "other_chain", "other_chain"),
        Binding("ctrl+g", "end", "end"),
        Binding("ctrl+f", "toggle_feedback", "scores"),
    ]
    mode = "copilot"
    interviewer_key = "interview.suggested"
    candidate_key = "interview.candidate_said"
    placeholder_key = "interview.notes_placeholder"
    feedback_words = ("interview.scores_on", "interview.scores_off")
    feedback_default = True
    grid = True

    def __init__(self, new: tuple | None = None, restore: str | None = None, lang: str | None = None) -> None:
        super().__init__(new, restore, lang)
        self.accepted = False

    def label_for(self, turn, pending: bool) -> str:
        if turn.action == "end":
            return self.T("interview.closing")
        return self.T("interview.suggested") if pending else self.T("interview.asked")

    def note_text(self, text: str) -> str:
        """The manager's note without its lead-in ("候选人说：", "C:"): that is what is stored, scored and quoted."""
        return text if is_command(text) else clean_note(text)

    def send(self, text: str) -> bool:
        previous = self.pending_entry
        sent = super().send(text)
        if sent and previous is not None and not text.lower().startswith("/repeat"):
            previous.set(previous.text, self.T("interview.asked"))
        if sent:
            self.accepted = False
        return sent

    def _can_revise(self) -> bool:
        if self.session is None or self.busy or self.finished or self.pending_entry is None:
            self.notify(self.T("interview.none_waiting"), markup=False)
            return False
        if self.accepted:
            self.notify(self.T("interview.already_accepted"), markup=False)
            return False
        return True

    def action_accept(self) -> None:
        if not self._can_revise():
            return
        self.accepted = True
        self.pending_entry.set(self.pending_entry.text, self.T("interview.asked"))
        self.query_one("#answer").focus()

    def action_edit(self) -> None:
        if not self._can_revise():
            return

        def edited(text: str | None) -> None:
            if text:
                self._set_busy(True)
                self.revise(self.session, text, None)

        self.app.push_screen(EditModal(self.T("interview.edit_title"), self.pending_entry.text), edited)

    def action_other_chain(self) -> None:
        if not self._can_revise():
            return
        view = self.query_one(SidePanel).view
        options = [(cid, f"{cid} · {topic}", opening) for cid, topic, opening in view.chains if cid != view.chain_id]
        if not options:
            self.notify(self.T("interview.no_other"), markup=False)
            return

        def picked(chain_id: str | None) -> None:
            if chain_id:
                self._set_busy(True)
                self.revise(self.session, None, chain_id)

        self.app.push_screen(ChoiceModal(self.T("interview.other_title"), options), picked)

    @work(thread=True, exclusive=True, group="session")
    def revise(self, session, text: str | None, chain_id: str | None) -> None:
        try:
            turn = session.revise_pending(text=text, chain_id=chain_id)
            self.post_message(Revised(turn.model_copy(), session_view(session)))
        except Exception as e:  # noqa: BLE001 - shown, never raised into the app
            self.post_message(Failed(failure_text(e, self.T.lang)))

    def on_revised(self, message: Revised) -> None:
        if self.pending_entry is not None:
            self.pending_entry.set(message.turn.text)
        self._after_turn(message.view, [])
