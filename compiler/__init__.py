"""The compiler: lowering textX models to IR (``lower``), rendering rules text (``text``),
rendering Python through Jinja2 templates (``render``), the parallel cached build (``build``)
and the command line (``cli``)."""

VERSION = "0.1.0"
