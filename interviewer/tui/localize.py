"""The screens' words in the session's language: key descriptions in the footer come from the catalogue too."""

from __future__ import annotations

from dataclasses import replace

from textual.binding import BindingsMap

from interviewer.i18n import Texts


def localize_bindings(node, T: Texts) -> None:
    """Give `node` its class's bindings with descriptions in T's language.

    Binding descriptions in BINDINGS are catalogue keys ("send" → keys.send). Textual keeps a node's bindings
    in `_bindings`, copied from the class's `_merged_bindings`; rebuilding from the class's copy each time lets
    the Start screen switch language more than once.
    """
    original = type(node)._merged_bindings
    if original is None:
        return
    words = T.section("keys")
    node._bindings = BindingsMap.from_keys({
        key: [replace(b, description=words.get(b.description, b.description)) for b in bindings]
        for key, bindings in original.key_to_bindings.items()})
    node.refresh_bindings()  # a no-op before the node is mounted
