"""textX registration (entry points ``textx_languages`` and ``textx_generators``).

After ``pip install``, ``textx list-languages`` shows the card language (``*.card``), the keyword
library language (``*.kw``) and the scenario language (``*.scn``), and ``textx check FILE`` parses
a file and runs the same semantic checks as ``cardsmith check`` (reporting the first error).

``textx generate cards/g/grow_from_the_ashes.card --target python [-o DIR]`` compiles the card
with the shipped keyword library and writes its Python module (``<card_module>.py``).

Here rather than in ``dsl``: checking a card file is compiling it.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from textx import TextXSemanticError, generator, language, metamodel_from_file
from textx.metamodel import TextXMetaModel

from dsl.grammar import GRAMMAR_PATH

SCENARIO_GRAMMAR = GRAMMAR_PATH.with_name("scenario.tx")


def _semantic_check(model: Any, metamodel: TextXMetaModel) -> None:
    """Model processor: compile the file as ``cardsmith check`` would; raise the first error."""
    from .compiling import compile_text
    from .library import load_library
    from .sources import default_pool

    filename = getattr(model, "_tx_filename", None) or "<string>"
    if not str(filename).endswith(".card"):
        return
    library, diags, _ = load_library(sorted((default_pool() / "keywords").glob("*.kw")))
    text = Path(filename).read_text(encoding="utf-8") if Path(filename).exists() else ""
    diags += compile_text(text, str(filename), library).diagnostics
    if diags:
        d = diags[0]
        raise TextXSemanticError(f"{d.message}" + (f" ({d.hint})" if d.hint else ""),
                                 line=d.line, col=d.col, filename=d.path)


def _cards_metamodel() -> TextXMetaModel:
    mm = metamodel_from_file(str(GRAMMAR_PATH), autokwd=True)
    mm.register_model_processor(_semantic_check)
    return mm


@language("cardsmith", "*.card")
def card_language() -> TextXMetaModel:
    """cardsmith card scripts (one card per file)"""
    return _cards_metamodel()


@language("cardsmith-keywords", "*.kw")
def keyword_language() -> TextXMetaModel:
    """cardsmith keyword library (keywords, keyword actions, counters, land types)"""
    return metamodel_from_file(str(GRAMMAR_PATH), autokwd=True)


@language("cardsmith-scenario", "*.scn")
def scenario_language() -> TextXMetaModel:
    """cardsmith rules scenarios"""
    return metamodel_from_file(str(SCENARIO_GRAMMAR), autokwd=True)


@generator("cardsmith", "python")
def python_generator(metamodel: TextXMetaModel, model: Any, output_path: str | None, overwrite: bool,
                     debug: bool, **custom_args: Any) -> None:
    """Generate the card's Python module (it imports keyword classes from a built pool package)"""
    from .compiling import compile_card
    from .library import load_library
    from .sources import default_pool

    filename = Path(model._tx_filename)
    library, diags, _ = load_library(sorted((default_pool() / "keywords").glob("*.kw")))
    result = compile_card(str(filename), library)
    problems = diags + result.diagnostics
    if problems:
        raise SystemExit("\n".join(d.format() for d in problems))
    out_dir = Path(output_path) if output_path else filename.parent
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{result.module}.py"
    if target.exists() and not overwrite:
        raise SystemExit(f"{target} exists (use --overwrite)")
    target.write_text(result.code, encoding="utf-8")
    print(f"-> {target}")
