"""The jinja2 environment over prompts/: prompts for the LLM and the Markdown/HTML exports.

StrictUndefined so a missing variable fails loudly in tests instead of printing nothing.
"""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=2)
def environment(autoescape: bool = False):
    import jinja2
    import markupsafe

    from interviewer.paths import prompts_dir
    from interviewer.textutil import md_escape, strip_controls

    def no_controls(value):
        # An HTML export printed to a terminal must not carry the escape sequences of an old transcript;
        # Markup (a macro's output) was cleaned when it was built.
        return strip_controls(value) if isinstance(value, str) and not isinstance(value, markupsafe.Markup) else value

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(prompts_dir())),
        undefined=jinja2.StrictUndefined,
        autoescape=autoescape,
        finalize=no_controls if autoescape else None,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["md"] = md_escape  # Markdown exports pass every candidate- or model-written string through it
    return env


def render(name: str, **context) -> str:
    """Render prompts/<name>; `.html.j2` templates are autoescaped (candidate text is untrusted)."""
    return environment(name.endswith(".html.j2")).get_template(name).render(**context)
