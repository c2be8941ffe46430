"""textX generator registration (entry point ``textx_generators``).

``textx generate cards/g/grow_from_the_ashes.card --target python [-o DIR]`` compiles the card
with the shipped keyword library and writes its Python module (``<card_module>.py``).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from textx import generator
from textx.metamodel import TextXMetaModel


@generator("cardsmith", "python")
def python_generator(metamodel: TextXMetaModel, model: Any, output_path: str | None, overwrite: bool,
                     debug: bool, **custom_args: Any) -> None:
    """Generate the card's Python module (it imports keyword classes from a built pool package)"""
    from .build import compile_card, default_pool, load_library

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
