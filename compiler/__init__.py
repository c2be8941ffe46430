"""The compiler: lowering textX models to IR (``lower``), rendering rules text (``text``),
rendering Python through Jinja2 templates (``render``, ``templating``) and checking it
(``safety``), the parallel cached build (``build``, whose steps are ``sources``, ``cache``,
``library``, ``compiling``, ``output`` and ``incremental``), scenario files (``scenarios``) and
the textX languages and generator (``registration``).  The command line that drives it is the
``cardsmith`` package."""

VERSION = "0.1.0"
