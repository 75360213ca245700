"""The jinja2 environment over prompts/: prompts for the LLM and the Markdown/HTML exports.

StrictUndefined so a missing variable fails loudly in tests instead of printing nothing.
"""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=2)
def environment(autoescape: bool = False):
    import jinja2

    from interviewer.paths import prompts_dir

    from interviewer.textutil import md_escape

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(prompts_dir())),
        undefined=jinja2.StrictUndefined,
        autoescape=autoescape,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["md"] = md_escape  # Markdown exports pass every candidate- or model-written string through it
    return env


def render(name: str, **context) -> str:
    """Render prompts/<name>; `.html.j2` templates are autoescaped (candidate text is untrusted)."""
    return environment(name.endswith(".html.j2")).get_template(name).render(**context)
