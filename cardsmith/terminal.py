"""Terminal output of the command line: diagnostics with the offending source line, progress bars.

Plain text whenever output is not a terminal (pipes, CI, editors running ``cardsmith check``): the
first line of each diagnostic is always ``path:line:col: error: message``, followed by the source
line, a caret under the column, and the hint.  On a terminal the same text is colored with
``rich``, and long builds show a progress bar on stderr, which disappears when done.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator, Sequence, TextIO

from compiler.sources import read_source
from dsl.diagnostics import Diagnostic

# rich is imported only when color or a progress bar is drawn (on a terminal): a build run from a
# script or CI, a no-op one in particular, doesn't pay for importing it.


def source_line(path: str, line: int, cache: dict[str, list[str]]) -> str | None:
    """Line ``line`` (1-based) of the file at ``path``, or None when it can't be read."""
    if path not in cache:
        try:
            # (read as the build reads sources: a named pipe doesn't wait for a writer)
            cache[path] = read_source(path).decode("utf-8").split("\n")
        except (OSError, UnicodeDecodeError):
            cache[path] = []
    lines = cache[path]
    return lines[line - 1].rstrip("\r") if 0 < line <= len(lines) else None


def caret_line(text: str, col: int) -> str:
    """Spaces (tabs kept, so it lines up) up to 1-based column ``col``, then ``^``."""
    prefix = text[:max(col - 1, 0)]
    return "".join(c if c == "\t" else " " for c in prefix) + "^"


# The most of a source line an excerpt shows: a longer one (a minified or generated file, up to
# megabytes on one line) is cut to this many characters around the column.
EXCERPT_WIDTH = 160


def window(text: str, col: int, width: int = EXCERPT_WIDTH) -> tuple[str, int]:
    """``text`` cut to about ``width`` characters around 1-based column ``col`` ("..." marks each
    cut), and the column in what is left."""
    if len(text) <= width:
        return text, col
    start = max(0, min(col - 1 - width // 2, len(text) - width))
    head = "..." if start else ""
    tail = "..." if start + width < len(text) else ""
    return head + text[start:start + width] + tail, col - start + len(head)


def excerpt(d: Diagnostic, cache: dict[str, list[str]]) -> list[str]:
    """The plain-text lines of a diagnostic: the located message, source line, caret, hint."""
    out = [f"{d.path}:{d.line}:{d.col}: {d.severity}: {d.message}"]
    text = source_line(d.path, d.line, cache)
    if text is not None:
        text, col = window(text, d.col)
        gutter = f"{d.line:>5} | "
        out.append(gutter + text)
        out.append(" " * (len(gutter) - 2) + "| " + caret_line(text, col))
    if d.hint:
        out.append(f"    hint: {d.hint}")
    return out


def print_diagnostics(diags: Sequence[Diagnostic], stream: TextIO, color: bool) -> None:
    """Print diagnostics with source excerpts; colored with rich when ``color`` (a terminal)."""
    cache: dict[str, list[str]] = {}
    if not color:
        for d in diags:
            stream.write("\n".join(excerpt(d, cache)) + "\n")
        return
    from rich.console import Console
    from rich.markup import escape
    console = Console(file=stream, highlight=False, soft_wrap=True)
    for d in diags:
        lines = excerpt(d, cache)
        head = (f"[bold]{escape(d.path)}:{d.line}:{d.col}:[/bold] [bold red]{d.severity}:[/bold red] "
                f"{escape(d.message)}")
        console.print(head)
        for extra in lines[1:]:
            if extra.lstrip().startswith("hint:"):
                console.print(f"[cyan]{escape(extra)}[/cyan]")
            elif extra.rstrip().endswith("^"):
                console.print(f"[bold green]{escape(extra)}[/bold green]")
            else:
                console.print(escape(extra))


@contextmanager
def progress_bar(enabled: bool, what: str, stream: TextIO) -> Iterator[Callable[[int, int], None] | None]:
    """A ``(done, total)`` callback drawing a rich progress bar on ``stream``, or None when disabled
    (not a terminal, or machine-readable output was asked for)."""
    if not enabled:
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    console = Console(file=stream)
    with Progress(TextColumn(f"[bold]{what}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, transient=True) as bar:
        task = bar.add_task(what, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)
        yield update
