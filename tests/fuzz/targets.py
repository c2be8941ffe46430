"""The fuzzer's targets: each a generator of cases plus an oracle of what "ok" means.

Every case is made from its own seeded ``random.Random`` (the target's name, the run's seed and
the case's number), so any case can be run again alone: ``python tests/fuzz/run.py --target T
--seed S --first I --cases 1``.  A case returns a short outcome label ("ok", "diagnostics",
"exit 2", ...) or raises: an :class:`AssertionError` (the oracle said no) or any other exception
that escaped is a finding, and so is a case that outruns its time limit (:class:`CaseTimeout`).

- ``grammar``: token soups from the grammar's vocabulary, and mutated real cards (deleted,
  duplicated, swapped tokens, truncation, odd Unicode, very long names, deep nesting), compiled
  against the shipped keywords: code that passes the allowlist, or located diagnostics; and the
  generated parser agrees with textX (:func:`tests.fuzz.check.check_source`).
- ``cli``: every ``cardsmith`` command with generated argument lists: hostile paths (missing, a
  folder, binary, non-UTF-8 bytes, empty, one huge line, a FIFO, a symlink loop, a name with a
  newline or with bytes that aren't UTF-8, outputs under a file or in ``/proc``), bad option
  values, forged game logs and Oracle files, mutated decks, scenario and Oracle files.  Run
  in-process (``main`` with its output captured, ``lsp`` included), each with the least work its
  inputs need (the small pool, games of a few turns; :meth:`CliTarget.argv`), the scratch folder
  put back after each case; one case in ``SUBPROCESS_SHARE`` also through a real process, which
  must give the same exit status and error lines.  Ok: exit status 0, 1 or 2; stderr without a
  traceback; exit 2 ends with one ``cardsmith: error: WHAT, WHERE`` line; standard output that
  a UTF-8 stream can take (stderr writes the rest as backslash escapes).
- ``keywords``: a small pool whose keyword files (and, in about a third of the cases, a card) are mutated,
  built from nothing: located diagnostics, or modules that pass the allowlist and whose cards
  all load.
- ``cache``: a small pool's output damaged (modules, keyword modules, the index, the manifest
  and cache files truncated, garbled, deleted, swapped, made folders; the whole package deleted)
  and built again with ``cardsmith build``: the output byte for byte a clean build's, or one
  clear error line (exit 2); never a success over damaged files.
- ``runtime``: random decks from the whole shipped pool (any sizes and mixes) in seeded random
  games with every decision checked against the invariants (``play_game``): no violation.
"""
from __future__ import annotations

import io
import json
import re
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterator

ROOT = Path(__file__).resolve().parents[2]
SUBPROCESS_SHARE = 25  # one cli case in this many also runs in a real process
CONCURRENT_SHARE = 10  # one cache case in this many rebuilds with two real builds at once


class CaseTimeout(BaseException):
    """A case outran its time limit (a BaseException, so that no ``except Exception`` of the code
    under test can swallow it)."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`CaseTimeout` in the main thread after ``seconds`` (SIGALRM; no limit where
    there is no SIGALRM or off the main thread)."""
    import threading

    if not hasattr(signal, "SIGALRM") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise CaseTimeout(f"no answer within {seconds:g} s")

    old = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def case_rng(target: str, seed: int, index: int) -> random.Random:
    """The generator of one case (str seeds are hashed with sha512: the same in every process)."""
    return random.Random(f"{target}:{seed}:{index}")


# --------------------------------------------------------------------------------------------
# Sources and their mutations (seeded by random.Random, for cases that can be run again alone)

@lru_cache(maxsize=1)
def vocabulary() -> list[str]:
    from tests.fuzz.strategies import vocabulary as words

    return words()


@lru_cache(maxsize=1)
def card_files() -> list[Path]:
    return sorted((ROOT / "cards").rglob("*.card"))


@lru_cache(maxsize=None)
def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def tokens(text: str) -> list[str]:
    return re.findall(r'"(?:\\.|[^"\\])*"|\{[^{}]*\}|\w+|[^\w\s]|\s+', text)


ODD = ["\u00e9", "\u4e2d", "\U0001F525", "\u200b", "\u202e", "\ufeff", "\x00", "\x1b[31m", "\r", "\u2028",
       "\t", "\\", '"', "'", "{{", "}}", "{%", "\U0010ffff", "\x7f", "//", "/*"]


def odd_text(rng: random.Random, size: int = 40) -> str:
    return "".join(rng.choice(ODD) if rng.random() < 0.3 else chr(rng.randrange(32, 0x3000))
                   for _ in range(rng.randrange(size + 1)))


def mutate(text: str, rng: random.Random, edits: int | None = None) -> str:
    """``text`` with a few random edits of its tokens."""
    toks = tokens(text)
    for _ in range(edits if edits is not None else rng.randint(1, 4)):
        if not toks:
            break
        op = rng.choice(["delete", "duplicate", "swap", "insert", "truncate", "unicode", "long", "nest", "number"])
        i, j = rng.randrange(len(toks)), rng.randrange(len(toks))
        if op == "delete":
            del toks[i]
        elif op == "duplicate":
            toks.insert(i, toks[i])
        elif op == "swap":
            toks[i], toks[j] = toks[j], toks[i]
        elif op == "insert":
            toks.insert(i, " " + rng.choice(vocabulary()) + " ")
        elif op == "truncate":
            toks = toks[:i]
        elif op == "unicode":
            toks.insert(i, odd_text(rng))
        elif op == "long":
            toks.insert(i, '"' + "N" * rng.randint(1000, 20000) + '"')
        elif op == "nest":
            n = rng.randint(50, 2000)
            toks.insert(i, "{" * n + "}" * rng.randint(0, n))
        else:
            toks.insert(i, rng.choice(["0", "-1", "99999999999999999999", "1" * 5000, "X", "1.5"]))
    return "".join(toks)


def fuzzed_source(rng: random.Random) -> str:
    """A token soup (bare or in a card), a mutated real card, or odd text."""
    kind = rng.randrange(4)
    if kind == 0:
        return " ".join(rng.choice(vocabulary()) for _ in range(rng.randrange(60)))
    if kind == 1:
        return 'card "Fuzz" {\n' + " ".join(rng.choice(vocabulary()) for _ in range(rng.randrange(60))) + "\n}\n"
    if kind == 2:
        return mutate(_read(rng.choice(card_files())), rng)
    return odd_text(rng, 200)


# --------------------------------------------------------------------------------------------

@dataclass
class Target:
    """One thing the fuzzer drives: ``setup`` once (in a scratch folder), then ``case`` per case."""

    name: str
    time_limit: float = 60.0
    current: str = ""  # what the case running now does (shown if it hangs)

    def setup(self, work: Path) -> None:
        self.work = work

    def case(self, rng: random.Random, index: int) -> str:
        raise NotImplementedError


class GrammarTarget(Target):
    def __init__(self) -> None:
        super().__init__("grammar", 30.0)

    def setup(self, work: Path) -> None:
        super().setup(work)
        from tests.unit.helpers import library

        self.library = library()

    def case(self, rng: random.Random, index: int) -> str:
        from tests.fuzz.check import check_source

        return check_source(fuzzed_source(rng), self.library)


SMALL_CARDS = ("l/lightning_bolt.card", "g/grizzly_bears.card", "l/llanowar_elves.card", "f/forest.card",
               "m/mountain.card", "s/swamp.card", "i/island.card", "p/plains.card")


def small_pool(dest: Path, extra: int, rng: random.Random) -> Path:
    """A card folder: the keyword files, :data:`SMALL_CARDS` and ``extra`` more cards of the pool,
    every file aged a minute (a build trusts no file modified within its racy window)."""
    shutil.copytree(ROOT / "cards" / "keywords", dest / "keywords")
    chosen = {ROOT / "cards" / c for c in SMALL_CARDS} | set(rng.sample(card_files(), extra))
    for p in sorted(chosen):
        target = dest / p.relative_to(ROOT / "cards")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(p, target)
    from tests.unit.helpers import age

    age(dest)
    return dest


# --------------------------------------------------------------------------------------------
# cli

@dataclass
class Ran:
    """What one command did."""

    code: int
    out: str
    err: str


class _KeptBytes(io.BytesIO):
    """A byte buffer whose bytes can still be had once closed (pygls closes its output when the
    client asks it to exit)."""

    def close(self) -> None:
        self.kept = self.getvalue()
        super().close()

    def getvalue(self) -> bytes:
        return self.kept if self.closed else super().getvalue()


class _Captured(io.StringIO):
    """A captured standard output: text, and the bytes written to its ``buffer`` (as the language
    server writes its messages)."""

    def __init__(self) -> None:
        super().__init__()
        self.buffer = _KeptBytes()

    def both(self) -> str:
        """The text, then the bytes (those that aren't UTF-8 as lone surrogates, which the oracle
        refuses)."""
        return self.getvalue() + self.buffer.getvalue().decode("utf-8", "surrogateescape")


def run_in_process(argv: list[str], cwd: Path, stdin: bytes = b"") -> Ran:
    """``cardsmith ARGV`` through :func:`cardsmith.cli.main` in this process, in ``cwd``, with
    ``stdin`` (empty unless given); its stdout and stderr captured.  (``lsp`` too: it reads the
    stdin's ``buffer`` to its end; with ``--debug``, an internal error's exception escapes, which
    the fuzzer takes as a finding, as it would a real process's traceback.)"""
    from cardsmith.cli import main

    out, err = _Captured(), io.StringIO()
    here = os.getcwd()
    saved_stdin = sys.stdin
    os.chdir(cwd)
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    finally:
        sys.stdin = saved_stdin
        os.chdir(here)
    # (stderr as a real process writes it: what UTF-8 can't take, such as the lone surrogates of
    # a name's bytes that aren't UTF-8, as backslash escapes)
    return Ran(code, out.both(), err.getvalue().encode("utf-8", "backslashreplace").decode("utf-8"))


def run_in_subprocess(argv: list[str], cwd: Path, timeout: float, stdin: bytes = b"") -> Ran:
    """``cardsmith ARGV`` in a real process (``python -m cardsmith``), with ``stdin`` (empty
    unless given)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="100")
    res = subprocess.run([sys.executable, "-m", "cardsmith", *map(os.fsencode, argv)], cwd=cwd, env=env,
                         input=stdin, capture_output=True, timeout=timeout)
    return Ran(res.returncode, res.stdout.decode("utf-8", "replace"), res.stderr.decode("utf-8", "replace"))


def choose(rng: random.Random, *makers: Callable[[], str]) -> str:
    """One of the values ``makers`` make, only that one made (a maker may write a file)."""
    return rng.choice(makers)()


def error_lines(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("cardsmith: error:")]


def judge_cli(argv: list[str], ran: Ran) -> str:
    """The oracle of every command: raise AssertionError unless ``ran`` is an acceptable ending."""
    shown = f"cardsmith {' '.join(map(repr, argv))}"
    assert "Traceback (most recent call last)" not in ran.err + ran.out, f"a traceback from {shown}:\n{ran.err[-2000:]}"
    assert ran.code in (0, 1, 2), f"exit status {ran.code} from {shown}:\n{ran.err[-2000:]}"
    try:  # (stderr writes what UTF-8 can't take as backslash escapes: Python's own setting)
        ran.out.encode("utf-8")
    except UnicodeEncodeError as e:
        raise AssertionError(f"{shown} wrote to stdout what a UTF-8 stream can't take ({e})") from None
    if ran.code == 2:
        errs = error_lines(ran.err)
        assert len(errs) == 1, f"exit 2 without exactly one error line from {shown}:\n{ran.err[-2000:]}"
        last = ran.err.rstrip("\n").rsplit("\n", 1)[-1]
        assert last == errs[0], f"exit 2 whose last line is not the error from {shown}:\n{ran.err[-2000:]}"
        assert ", " in errs[0], f"an error line without WHERE from {shown}: {errs[0]}"
    return f"exit {ran.code}"


COMMAND_NAMES = ("check", "build", "text", "test", "play", "replay", "soak", "simulate", "coverage", "new",
                 "examples", "lsp")
ORACLE_FIELDS = ("name", "mana_cost", "type_line", "supertypes", "types", "subtypes", "power", "toughness", "colors",
                 "text", "seed_keywords")
WRONG_VALUES = (None, 3, -1, 1.5, True, "", "x", [], [1], ["a", None], [[]], {}, {"a": 1}, "\udcff")
BUDGETS = ("0", "-1", "x", "", "0s", "-1s", "nans", "infs", "1e-9s", "1.5", "1_0s")  # (none asks for long searches)


class CliTarget(Target):
    def __init__(self) -> None:
        super().__init__("cli", 120.0)
        self.stdin = b""  # what the case gives the command on standard input (lsp's messages)

    def setup(self, work: Path) -> None:
        super().setup(work)
        rng = random.Random(0)
        w = work
        self.pool = small_pool(w / "pool", 4, rng)
        self.new_pool = small_pool(w / "new-pool", 0, rng)
        (w / "dir").mkdir()
        (w / "empty.card").write_bytes(b"")
        (w / "binary.card").write_bytes(b"card \x00\x01\x02 {}")
        (w / "latin1.card").write_bytes('card "Caf\u00e9" {}'.encode("latin-1"))
        (w / "huge.card").write_bytes(b"x" * (17 << 20))
        (w / "hugeline.deck").write_bytes(b"4 Lightning Bolt" + b" " * (2 << 20) + b"\n")
        (w / "loop").symlink_to("loop")
        (w / "dangling").symlink_to("nowhere/at/all")
        (w / "file").write_text("not a folder\n")
        if hasattr(os, "mkfifo"):
            os.mkfifo(w / "fifo")
        (w / "new\nline.card").write_text((ROOT / "cards" / SMALL_CARDS[0]).read_text())
        bad_name = os.fsdecode(b"bad\xff\xfename.card")
        (w / bad_name).write_text((ROOT / "cards" / SMALL_CARDS[1]).read_text())
        self.cards = [str(w / "pool" / c) for c in SMALL_CARDS[:3]]
        self.deck = w / "ok.deck"
        self.deck.write_text("20 Mountain\n20 Forest\n10 Lightning Bolt\n10 Grizzly Bears\n")
        oracle = json.loads((ROOT / "cards" / "oracle.json").read_text(encoding="utf-8"))
        some = {k: oracle[k] for k in sorted(oracle)[:15]} | {k: oracle[k] for k in ("Lightning Bolt", "Grizzly Bears")
                                                               if k in oracle}
        self.oracle = w / "oracle.json"
        self.oracle.write_text(json.dumps(some))
        from cardsmith.examples import scripts_by_name

        (self.pool / "oracle.json").write_text(json.dumps(  # (what examples reads)
            {k: oracle[k] for k in sorted(scripts_by_name(self.pool)) if k in oracle}))
        self.odd_pool = small_pool(w / "odd-pool", 0, rng)  # (its oracle.json forged by each case that uses it)
        (w / "oracle-list.json").write_text("[1, 2, 3]")
        (w / "oracle-odd.json").write_text(json.dumps({"X": {"name": 3, "text": None}}))
        (w / "oracle-surrogate.json").write_text(  # (JSON may spell a lone surrogate)
            '{"Bad \\udcff Name": {"name": "Bad \\udcff Name", "type_line": "Instant", "text": "Draw a card.\\ud800"}}')
        (w / "scenarios").mkdir()
        self.scenario = w / "scenarios" / "bolt.scn"
        self.scenario.write_text(
            'scenario "Bolt" rule 601.2 {\n    alice hand: "Lightning Bolt"\n    alice battlefield: "Mountain"\n'
            '    alice library: "Forest" x2\n    turn 1 main1 alice: cast "Lightning Bolt" targeting player bob\n'
            '    stop turn 1 end\n    expect bob life 17\n}\n')
        self.log = w / "game.json"
        ran = run_in_process(["play", "--seed", "3", "--turns", "4", "--pool", str(self.pool),
                              "--save-log", str(self.log)], w)
        assert ran.code == 0, ran
        self.log_data = json.loads(self.log.read_text())
        self.oracle_data = some
        self.kept = set(os.listdir(w))  # (what a case leaves besides these goes: see reset)
        self.odd_files = set(self.odd_pool.rglob("*"))
        self.odd_used = False

    def reset(self) -> None:
        """Undo what a case wrote in the scratch folder (new files and folders, files written into
        ``dir``, a log or page written over ``file``), so that every case finds it as set up, and
        so runs the same when run again alone."""
        w = self.work
        for name in set(os.listdir(w)) - self.kept:
            path = w / name
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)
        if not (w / "dir").is_dir() or any(os.scandir(w / "dir")):
            shutil.rmtree(w / "dir", ignore_errors=True)
            (w / "dir").mkdir()
        if self.odd_used:  # (nothing should be written into it, but if something was, it goes)
            self.odd_used = False
            for path in sorted(set(self.odd_pool.rglob("*")) - self.odd_files, reverse=True):
                if path.is_dir() and not path.is_symlink():
                    shutil.rmtree(path, ignore_errors=True)
                else:
                    path.unlink(missing_ok=True)
        if (w / "file").is_symlink() or not (w / "file").is_file() or (w / "file").read_bytes() != b"not a folder\n":
            if (w / "file").is_dir() and not (w / "file").is_symlink():
                shutil.rmtree(w / "file", ignore_errors=True)
            else:
                (w / "file").unlink(missing_ok=True)
            (w / "file").write_text("not a folder\n")

    # -- values ------------------------------------------------------------------------------

    def hostile_input(self, rng: random.Random) -> str:
        w = self.work
        names = ["missing.card", "dir", "empty.card", "binary.card", "latin1.card", "huge.card", "hugeline.deck",
                 "loop", "dangling", "file/under", "new\nline.card", os.fsdecode(b"bad\xff\xfename.card"),
                 "", "-", "/dev/null", "/dev/zero", "/proc/self/mem", "/", "file", "oracle-list.json",
                 "oracle-odd.json", "oracle-surrogate.json"] + (["fifo"] if hasattr(os, "mkfifo") else [])
        name = rng.choice(names)
        return name if name.startswith("/") or name in ("", "-") else str(w / name)

    def output_path(self, rng: random.Random, suffix: str) -> str:
        w = self.work
        return rng.choice([str(w / f"out{rng.randrange(1000)}{suffix}"), str(w / "dir"), str(w / "file" / "x"),
                           str(w / "file"), str(w / "missing" / "x"), "/proc/self/nope" + suffix, str(w / "loop"),
                           str(w / "fifo"), "", "/dev/null", str(w / "new\nline" / "x"),
                           str(w / os.fsdecode(b"out\xff%d" % rng.randrange(1000))) + suffix])

    def number(self, rng: random.Random, good: Callable[[], str], bad: float = 0.4) -> str:
        if rng.random() >= bad:
            return good()
        return rng.choice(["0", "-1", "-0", "x", "", "1e9", "99999999999999999999999", "nan", "inf", "-inf", "1.5",
                           " 3", "0x10", "\u0663", "1_0", "--1"])

    def path_or_hostile(self, rng: random.Random, good: list[str]) -> str:
        return rng.choice(good) if rng.random() < 0.5 else self.hostile_input(rng)

    def source_path(self, rng: random.Random, good: list[str]) -> str:
        """A path for check and build, a pool folder or a folder of scenarios (``good``, or
        hostile if empty): not ``/``, whose every folder they would search for cards or scenarios
        (minutes: not a hang, but past the case's time limit)."""
        path = self.path_or_hostile(rng, good) if good else self.hostile_input(rng)
        return "/dev" if path == "/" else path

    def forged_log(self, rng: random.Random) -> str:
        """The saved log with one thing changed (or the file garbled)."""
        data = json.loads(json.dumps(self.log_data))
        edit = rng.randrange(9)
        if edit == 0 and data.get("decisions"):
            i = rng.randrange(len(data["decisions"]))
            data["decisions"][i] = rng.choice([None, 0, -1, 10 ** 30, "x", [], {}, [1, 2], 1.5, True])
        elif edit == 1:
            data["seed"] = rng.choice([None, "x", -1, 10 ** 40, 1.5, []])
        elif edit == 2:
            data["format"] = rng.choice([0, 1, 3, "2", None, -1, 10 ** 20])
        elif edit == 3:
            data["decks"] = rng.choice([[], [[]], [["No Such Card"], ["Forest"]], "x", [[1, 2], [3]], None,
                                        [["Forest"] * 3, ["Forest"] * 3, ["Forest"]]])
        elif edit == 4:
            data["max_turns"] = rng.choice([0, -1, 10 ** 9, "x", None, 1.5])
        elif edit == 5:
            data["names"] = rng.choice([[], ["a"], ["a", "a"], [1, 2], None, ["a\nb", "c"]])
        elif edit == 6 and data.get("turns"):
            t = data["turns"]
            del t[rng.randrange(len(t)):]
        elif edit == 7:
            key = rng.choice(sorted(data))
            del data[key]
        else:
            text = json.dumps(data)
            i = rng.randrange(len(text))
            text = text[:i] + rng.choice(["", "}", "\x00", "\udcff", "9" * 5000, "[" * 100000]) + text[i + rng.randrange(3):]
            path = self.work / f"forged{rng.randrange(1000)}.json"
            path.write_text(text, encoding="utf-8", errors="surrogateescape")
            return str(path)
        path = self.work / f"forged{rng.randrange(1000)}.json"
        path.write_text(json.dumps(data))
        return str(path)

    def forged_oracle(self, rng: random.Random) -> str:
        """A file of :meth:`forged_oracle_text`."""
        path = self.work / f"oracle{rng.randrange(1000)}.json"
        path.write_text(self.forged_oracle_text(rng), encoding="utf-8")
        return str(path)

    def forged_oracle_text(self, rng: random.Random) -> str:
        """The small Oracle file with one field of a record of the wrong type (or gone), in the
        cardsmith, Scryfall or MTGJSON shape; or the file cut short."""
        data = json.loads(json.dumps(self.oracle_data))
        rec = data[rng.choice(sorted(data))]
        key = rng.choice(ORACLE_FIELDS)
        if rng.random() < 0.2:
            rec.pop(key, None)
        else:
            rec[key] = rng.choice(WRONG_VALUES)
        shape = rng.randrange(6)
        out: object = data
        if shape == 1:
            out = list(data.values())
        elif shape == 2:  # Scryfall card objects
            out = [{"object": "card", "name": r.get("name"), "oracle_text": r.get("text"), "type_line": r.get("type_line"),
                    "mana_cost": r.get("mana_cost"), "power": r.get("power"), "toughness": r.get("toughness"),
                    "colors": r.get("colors")} for r in data.values()]
        elif shape == 3:  # MTGJSON AtomicCards
            out = {"data": {str(k): [{"name": r.get("name"), "text": r.get("text"), "type": r.get("type_line"),
                                      "types": r.get("types"), "manaCost": r.get("mana_cost")}] for k, r in data.items()}}
        text = json.dumps(out)
        if shape == 4:
            text = text[:rng.randrange(len(text))]
        elif shape == 5:  # (nested past the JSON reader's recursion limit)
            text = text[:rng.randrange(len(text))] + "[" * 100000
        return text

    def forged_pool(self, rng: random.Random) -> str:
        """The odd pool (keywords and the small cards), its ``oracle.json`` forged or of another shape."""
        self.odd_used = True
        (self.odd_pool / "oracle.json").write_text(
            rng.choice([self.forged_oracle_text(rng), "[1, 2, 3]", '{"X": 3}', "", "\x00", '{"Lightning Bolt": []}']),
            encoding="utf-8")
        return str(self.odd_pool)

    def oracle_file(self, rng: random.Random) -> str:
        """An Oracle file: the small good one, a forged one or a hostile input."""
        return choose(rng, lambda: str(self.oracle), lambda: self.forged_oracle(rng), lambda: self.hostile_input(rng))

    def mutated_file(self, rng: random.Random, original: str, suffix: str) -> str:
        path = self.work / f"mutated{rng.randrange(1000)}{suffix}"
        path.write_text(mutate(original, rng), encoding="utf-8", errors="surrogateescape")
        return str(path)

    def argv(self, rng: random.Random) -> list[str]:
        """A command and its argument list.  Each command's options that bound its work (``--pool``
        the small pool, a few games of a few turns, one job) are put back if a cut-short list has
        lost them, and ``check``, ``build`` and ``test`` keep their first path: a case never asks
        for the whole shipped pool, or a hundred games, which is work, not a hang."""
        command = rng.choice(COMMAND_NAMES + ("bogus", ""))
        pool = str(self.pool)
        fmt = ["--format", rng.choice(["text", "json", "xml", ""])]
        a: list[str] = [command] if command else []
        keep = 1  # (a cut-short list keeps at least this many arguments)
        bounds: list[tuple[str, str]] = []  # (options put back if a cut loses them)

        def pool_option(chance: float = 0.3) -> list[str]:
            bounds.append(("--pool", pool))
            return ["--pool", self.source_path(rng, [pool]) if rng.random() < chance else pool]

        def deck() -> str:
            if command == "simulate" and rng.random() < 0.5:
                return str(self.deck)
            return choose(rng, lambda: str(self.deck), lambda: self.hostile_input(rng),
                          lambda: str(ROOT / "decks" / "red_green.deck"),
                          lambda: self.mutated_file(rng, self.deck.read_text(), ".deck"))

        def players() -> list[str]:  # (a search player always with a small budget)
            a = []
            if rng.random() < 0.5:
                a += ["--vs", rng.choice(["random", "greedy", "search", "x", ""])]
            else:
                a += ["--players", rng.choice(["random,greedy", "search,random", "greedy,greedy", "random", "x,y",
                                               "", ",", "random,random,random"])]
            bounds.append(("--budget", "2"))
            return a + ["--budget", str(rng.randint(1, 4)) if rng.random() < 0.7 else rng.choice(BUDGETS)]

        if command == "check":
            keep = 2
            a += [self.source_path(rng, self.cards + [pool]) for _ in range(rng.randint(1, 3))]
            a += fmt if rng.random() < 0.3 else []
            a += ["-j", self.number(rng, lambda: str(rng.randint(1, 2)))] if rng.random() < 0.3 else []
        elif command == "build":
            keep = 2
            a += [self.source_path(rng, self.cards + [pool]) for _ in range(rng.randint(1, 2))]
            a += ["-o", self.output_path(rng, "")]
            a += ["-j", self.number(rng, lambda: "1")] if rng.random() < 0.3 else []
            a += ["--lock-wait", self.number(rng, lambda: str(rng.choice([0, 0.5, 5])))] if rng.random() < 0.3 else []
            a += ["--no-cache"] if rng.random() < 0.3 else []
            a += ["--watch", "--no-cache"] if rng.random() < 0.05 else []
            a += ["--interval", self.number(rng, lambda: "0.1")] if rng.random() < 0.1 else []
            a += fmt if rng.random() < 0.3 else []
        elif command == "text":
            a += [choose(rng, lambda: self.path_or_hostile(rng, self.cards), lambda: "Lightning Bolt",
                         lambda: "lightning bolt", lambda: "No Such Card", lambda: "../../etc/passwd", lambda: "a\nb",
                         lambda: "x" * 5000, lambda: "",
                         lambda: self.mutated_file(rng, _read(ROOT / "cards" / SMALL_CARDS[0]), ".card"))]
            a += ["--no-reminder"] if rng.random() < 0.3 else []
        elif command == "test":
            keep = 2
            a += [choose(rng, lambda: str(self.scenario), lambda: str(self.work / "scenarios"),
                         lambda: self.source_path(rng, []), lambda: self.mutated_file(rng, self.scenario.read_text(), ".scn"))
                  for _ in range(rng.randint(1, 2))]
            a += pool_option(0.5)
            a += ["-v"] if rng.random() < 0.3 else []
        elif command == "play":
            a += pool_option()
            bounds.append(("--turns", "2"))
            a += ["--turns", self.number(rng, lambda: str(rng.randint(1, 3)))]
            a += ["--seed", self.number(rng, lambda: str(rng.randint(-5, 10 ** 6)))] if rng.random() < 0.5 else []
            if rng.random() < 0.4:
                for _ in range(rng.choice([1, 2, 2, 2, 3])):
                    a += ["--deck", deck()]
            a += ["--human", rng.choice(["alice", "bob", "carol", ""])] if rng.random() < 0.15 else []
            a += players() if rng.random() < 0.15 else []
            a += ["--save-log", self.output_path(rng, ".json")] if rng.random() < 0.3 else []
            a += [f for f in ("--raw", "--board") if rng.random() < 0.2]
        elif command == "replay":
            a += [choose(rng, lambda: str(self.log), lambda: self.forged_log(rng), lambda: self.forged_log(rng),
                         lambda: self.hostile_input(rng))]
            a += pool_option()
            a += ["--html", self.output_path(rng, ".html")] if rng.random() < 0.2 else []
            a += ["--viewer", rng.choice(["alice", "bob", "all", "eve", ""])] if rng.random() < 0.2 else []
            a += [f for f in ("--raw", "--board") if rng.random() < 0.2]
        elif command == "soak":
            a += pool_option()
            bounds += [("--games", "1"), ("--turns", "2")]
            a += ["--games", self.number(rng, lambda: str(rng.randint(1, 2)))]
            a += ["--turns", self.number(rng, lambda: str(rng.randint(1, 3)))]
            a += ["--jobs", self.number(rng, lambda: "1")] if rng.random() < 0.3 else []
            a += ["--seed", self.number(rng, lambda: str(rng.randint(-5, 10 ** 6)))] if rng.random() < 0.5 else []
        elif command == "simulate":
            keep = 3
            a += [deck(), deck()] if rng.random() < 0.95 else [deck()]
            a += pool_option()
            bounds += [("--games", "1"), ("--turns", "2"), ("--jobs", "1")]
            a += ["--games", self.number(rng, lambda: str(rng.randint(1, 2)), 0.1)]
            a += ["--turns", self.number(rng, lambda: str(rng.randint(1, 3)), 0.1)]
            a += ["--jobs", self.number(rng, lambda: "1", 0.1)] if rng.random() < 0.9 else []
            a += ["--seed", self.number(rng, lambda: str(rng.randint(-5, 10 ** 6)), 0.1)] if rng.random() < 0.5 else []
            if rng.random() < 0.3:
                bounds.append(("--budget", "2"))
                a += ["--players", rng.choice(["random", "greedy", "search", "random,greedy", "search,random", "x",
                                               "", ",", "random,random,random"])]
                a += ["--budget", self.number(rng, lambda: str(rng.randint(1, 4)), 0.1)]
            a += ["--json", self.output_path(rng, ".json")] if rng.random() < 0.2 else []
            a += ["--png", self.output_path(rng, ".png")] if rng.random() < 0.1 else []
            a += ["--backend", rng.choice(["local", "ray", "x", ""])] if rng.random() < 0.1 else []
        elif command == "coverage":
            a += pool_option()
            a += ["--oracle", self.oracle_file(rng)]
            a += ["--scenarios", self.source_path(rng, [str(self.work / "scenarios")])] if rng.random() < 0.5 else []
            a += ["--top", self.number(rng, lambda: str(rng.randint(0, 5)))] if rng.random() < 0.3 else []
            a += fmt if rng.random() < 0.3 else []
        elif command == "new":
            bounds.append(("--pool", str(self.new_pool)))
            a += ["--pool", choose(rng, *[lambda: str(self.new_pool)] * 6, lambda: self.forged_pool(rng),
                                   lambda: self.source_path(rng, [str(self.new_pool)]))]
            if rng.random() < 0.3:
                a += ["--all", self.oracle_file(rng), "-o", self.output_path(rng, "")]
                a += ["-v"] if rng.random() < 0.3 else []
            else:
                a += [choose(rng, lambda: "Lightning Bolt", lambda: "Grizzly Bears", lambda: "No Such Card", lambda: "",
                             lambda: "../x", lambda: "a\nb", lambda: "x" * 300, lambda: odd_text(rng, 20))]
            a += ["--oracle", self.oracle_file(rng)] if rng.random() < 0.7 else []
        elif command == "examples":
            keep = 2
            a += [choose(rng, lambda: "Flying", lambda: "Lightning Bolt deals 3 damage to any target.", lambda: "~ deals 3",
                         lambda: "{T}: Add {G}.", lambda: "Draw a card", lambda: "", lambda: "x" * 2001,
                         lambda: odd_text(rng, 40)) for _ in range(rng.randint(1, 3))]
            a += ["--card", rng.choice(["Lightning Bolt", "", "x" * 300, "No Such Card"])] if rng.random() < 0.3 else []
            if rng.random() < 0.3:  # a pool whose oracle.json is forged
                bounds.append(("--pool", pool))
                a += ["--pool", self.forged_pool(rng)]
            else:
                a += pool_option()
            a += ["--top", self.number(rng, lambda: str(rng.randint(0, 5)))] if rng.random() < 0.3 else []
        elif command == "lsp":
            a += ["--rules", self.hostile_input(rng)] if rng.random() < 0.3 else []
            self.stdin = self.lsp_stream(rng) if rng.random() < 0.9 else b""
        if rng.random() < 0.1:
            a.insert(rng.randrange(len(a) + 1), rng.choice(["--nope", "-", "--", "", "-j", "--debug", "--help",
                                                            "--version", "x" * 10000, odd_text(rng, 10)]))
        if rng.random() < 0.05 and len(a) > keep:
            a = a[:rng.randrange(keep, len(a))]
            a += [x for option, value in bounds if option not in a for x in (option, value)]
        return [x.replace("\x00", "") for x in a]  # (no process can be given a NUL in its arguments)

    def lsp_stream(self, rng: random.Random) -> bytes:
        """What an editor, or anything else, might send the language server: framed JSON-RPC
        messages (initialize, documents opened and changed with mutated cards, keyword files and
        scenarios, requests at any position, of any document, opened or not: ``/dev/zero``
        included), mixed with malformed ones (bodies not JSON, not UTF-8, not objects, of the wrong
        length, wrong headers), and sometimes a proper shutdown and exit."""
        def frame(body: bytes) -> bytes:
            return b"Content-Length: %d\r\n\r\n" % len(body) + body

        def message(obj: object) -> bytes:
            return frame(json.dumps(obj).encode("utf-8", "surrogatepass"))

        files = [Path(c) for c in self.cards] + [self.scenario] + sorted((self.pool / "keywords").glob("*.kw"))[:2]
        opened = [(f.as_uri(), f) for f in files]
        strange = ["file:///dev/zero", "file:///proc/self/mem", (self.work / "dir").as_uri(), "untitled:Untitled-1",
                   "", "x", "file:///nowhere/at/all.card", (self.work / "huge.card").as_uri()]

        def uri() -> str:
            return rng.choice(opened)[0] if rng.random() < 0.7 else rng.choice(strange)

        def position() -> dict[str, object]:
            return {"line": rng.choice([0, 0, 1, 2, 3, 5, 40, -1, 2 ** 31, "x"]),
                    "character": rng.choice([0, 1, 4, 9, 30, -3, 10 ** 12, None])}

        def text() -> str:
            f = rng.choice(files)
            return mutate(_read(f), rng) if rng.random() < 0.7 else rng.choice(["", odd_text(rng, 60), _read(f)])

        parts = [] if rng.random() < 0.1 else [
            message({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                     "params": {"capabilities": {}, "rootUri": self.work.as_uri()}}),
            message({"jsonrpc": "2.0", "method": "initialized", "params": {}})]
        for n in range(1, rng.randint(1, 10)):
            k = rng.randrange(16)
            if k < 4:
                u, f = rng.choice(opened) if rng.random() < 0.85 else (rng.choice(strange), Path("x.card"))
                parts.append(message({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
                    "uri": u, "languageId": "cardsmith", "version": 1, "text": text()}}}))
            elif k < 6:
                change: dict[str, object] = {"text": text()}
                if rng.random() < 0.3:
                    change["range"] = {"start": position(), "end": position()}
                parts.append(message({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                    "textDocument": {"uri": uri(), "version": n + 1}, "contentChanges": [change]}}))
            elif k < 10:
                method = rng.choice(["textDocument/hover", "textDocument/completion", "textDocument/definition",
                                     "textDocument/codeAction", "textDocument/documentSymbol",
                                     "textDocument/semanticTokens/full", "workspace/symbol", "nonsense/method"])
                params: dict[str, object] = {"textDocument": {"uri": uri()}, "position": position()}
                if method == "textDocument/codeAction":
                    params |= {"range": {"start": position(), "end": position()}, "context": {"diagnostics": [
                        {"range": {"start": position(), "end": position()}, "source": "cardsmith",
                         "message": rng.choice(["unknown keyword 'flyng'; did you mean 'flying'?", odd_text(rng, 30)])}]}}
                if rng.random() < 0.1:
                    params = rng.choice([{}, {"textDocument": 3}, {"position": "a"}])
                parts.append(message({"jsonrpc": "2.0", "id": rng.choice([n, str(n), None, [n]]), "method": method,
                                      "params": params}))
            elif k == 10:
                parts.append(message({"jsonrpc": "2.0", "method": "textDocument/didSave",
                                      "params": {"textDocument": {"uri": uri()}}}))
            elif k == 11:
                parts.append(message(rng.choice([[1, 2], None, 3, "x", {}, {"jsonrpc": "1.0", "id": 1},
                                                 {"jsonrpc": "2.0", "method": 5}])))
            elif k == 12:
                parts.append(frame(bytes(rng.randrange(256) for _ in range(rng.randrange(40)))))
            elif k == 13:
                parts.append(rng.choice([b"Content-Length: x\r\n\r\n", b"Content-Length: 5\r\n\r\n{}",
                                         b"Content-Length: -3\r\n\r\n", b"\r\n\r\n{}", b"garbage\n",
                                         b"Content-Type: nope\r\nContent-Length: 2\r\n\r\n{}",
                                         b"Content-Length: 999999999999999\r\n\r\n"]))
            elif k == 14:
                parts.append(message({"jsonrpc": "2.0", "method": "textDocument/didClose",
                                      "params": {"textDocument": {"uri": uri()}}}))
            else:
                parts.append(message({"jsonrpc": "2.0", "id": n, "method": "shutdown"}))
        if rng.random() < 0.7:
            parts += [message({"jsonrpc": "2.0", "id": 99, "method": "shutdown"}),
                      message({"jsonrpc": "2.0", "method": "exit"})]
        stream = b"".join(parts)
        if rng.random() < 0.1:  # cut short anywhere
            stream = stream[:rng.randrange(len(stream) + 1)]
        return stream

    def case(self, rng: random.Random, index: int) -> str:
        """One command in this process (``lsp`` too, on a stdin of hostile messages); one case in
        :data:`SUBPROCESS_SHARE` also in a real process, which must end alike."""
        self.stdin = b""
        argv = self.argv(rng)
        if "--debug" in argv:  # (which shows pygls's tracebacks of the malformed messages whole)
            self.stdin = b""
        self.current = f"cardsmith {argv!r}"
        try:
            ran = run_in_process(argv, self.work, self.stdin)
            outcome = judge_cli(argv, ran)
            if self.stdin:  # the language server's log: one line a record, no traceback (above)
                odd = [line for line in ran.err.splitlines() if not line.startswith(("cardsmith lsp: ", "cardsmith: "))]
                assert not odd, f"the language server wrote more than one line a record: {odd[:5]} {argv!r}"
            if index % SUBPROCESS_SHARE == 0:
                real = run_in_subprocess(argv, self.work, self.time_limit / 2, self.stdin)
                judge_cli(argv, real)
                assert real.code == ran.code, (f"in-process exit {ran.code}, a real process's {real.code}: "
                                               f"cardsmith {argv!r}\n{ran.err[-1000:]}\n---\n{real.err[-1000:]}")
                assert error_lines(real.err) == error_lines(ran.err), (
                    f"in-process and real error lines differ for cardsmith {argv!r}:\n{error_lines(ran.err)}\n"
                    f"{error_lines(real.err)}")
            return outcome
        finally:
            self.reset()


# --------------------------------------------------------------------------------------------
# keywords

class KeywordsTarget(Target):
    def __init__(self) -> None:
        super().__init__("keywords", 120.0)

    def setup(self, work: Path) -> None:
        super().setup(work)
        self.kw_files = sorted((ROOT / "cards" / "keywords").glob("*.kw"))

    def case(self, rng: random.Random, index: int) -> str:
        from compiler.build import build
        from compiler.safety import check_generated
        from runtime.pool import PACKAGE, Pool

        base = self.work / f"k{index}"
        src = small_pool(base / "cards", 6, rng)
        victims = rng.sample(self.kw_files, rng.choice([1, 1, 1, 2]))
        for kw in victims:
            (src / "keywords" / kw.name).write_text(mutate(_read(kw), rng), encoding="utf-8", errors="surrogateescape")
        if rng.random() < 0.3:  # and a card of the folder
            card = rng.choice(sorted(src.rglob("*.card")))
            card.write_text(mutate(card.read_text(encoding="utf-8"), rng), encoding="utf-8", errors="surrogateescape")
        out = base / "out"
        try:
            report = build([src], out, jobs=1)
            errors = [d for d in report.diagnostics if d.severity == "error"]
            for d in report.diagnostics:
                assert d.line >= 1 and d.col >= 1 and d.message and d.path, d
            if errors:
                return "diagnostics"
            modules = sorted((out / PACKAGE).rglob("*.py"))
            for m in modules:
                check_generated(m.read_text(encoding="utf-8"), str(m))
            pool = Pool(out)
            for name in pool.names():
                pool.get(name)
            return "ok"
        finally:
            shutil.rmtree(base, ignore_errors=True)


# --------------------------------------------------------------------------------------------
# cache

def snapshot(out: Path) -> dict[str, bytes]:
    """Every file of a built package (not the cache, the lock or bytecode), by path, its bytes."""
    from runtime.pool import PACKAGE

    got = {}
    for p in sorted((out / PACKAGE).rglob("*")):
        rel = p.relative_to(out).as_posix()
        if "__pycache__" in rel:
            continue
        if p.is_symlink() or not p.is_file():
            got[rel] = b"<not a file>" if not p.is_dir() else b"<dir>"
        else:
            got[rel] = p.read_bytes()
    return got


class CacheTarget(Target):
    def __init__(self) -> None:
        super().__init__("cache", 120.0)

    def setup(self, work: Path) -> None:
        super().setup(work)
        self.src = small_pool(work / "cards", 8, random.Random(1))
        self.ref = work / "ref"
        # (built as the cases build, from the same folder: a module names its source as seen from there)
        ran = run_in_process(["build", str(self.src), "-o", str(self.ref), "-j", "1"], work)
        assert ran.code == 0, ran
        # The runtime API's surface is kept in the cache folder only by the first build of a process
        # (``compiler.safety.api_surface``): left out, so the files a case may damage, and so the
        # case, don't depend on which targets ran before in the process (a case run alone is the same).
        for p in (self.ref / ".cache").glob("api-surface-*"):
            p.unlink()
        self.clean = snapshot(self.ref)

    def damage(self, rng: random.Random, out: Path) -> list[str]:
        from runtime.pool import PACKAGE

        # (in an order that doesn't depend on the hashes in cache files' names, which depend on the
        # scratch folder: a case damages the same files wherever it is run again)
        files = sorted((p for p in out.rglob("*") if p.is_file() and "__pycache__" not in p.parts and p.name != ".lock"),
                       key=lambda p: re.sub(r"[0-9a-f]{16,}", "", p.relative_to(out).as_posix()))
        done: list[str] = []
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            files = [p for p in files if p.is_file()]
            if not files:
                break
            cache = [p for p in files if ".cache" in p.parts]
            f = rng.choice(cache if cache and rng.random() < 0.3 else files)
            op = rng.choice(["truncate", "garble", "delete", "swap", "folder", "empty", "append", "package", "touch"])
            rel = f.relative_to(out).as_posix()
            st = f.stat()
            if op == "truncate":
                f.write_bytes(f.read_bytes()[:rng.randrange(max(1, st.st_size))])
            elif op == "garble":
                data = bytearray(f.read_bytes())
                for _ in range(rng.randint(1, 8)):
                    if data:
                        data[rng.randrange(len(data))] = rng.randrange(256)
                f.write_bytes(bytes(data))
                back = st.st_mtime_ns - rng.choice([1, 10 ** 9, 10 ** 11])  # same size, another mtime
                os.utime(f, ns=(back, back))
            elif op == "delete":
                f.unlink()
            elif op == "swap":
                g = rng.choice(files)
                if g != f:
                    tmp = f.with_name(f.name + ".swap")
                    f.rename(tmp)
                    g.rename(f)
                    tmp.rename(g)
                    rel += " <-> " + g.relative_to(out).as_posix()
            elif op == "folder":
                f.unlink()
                f.mkdir()
                (f / "inside").write_text("x")
            elif op == "empty":
                f.write_bytes(b"")
            elif op == "append":
                with f.open("ab") as fh:
                    fh.write(rng.choice([b"\n", b"\x00", b"import os\n", b"# x\n"]))
            elif op == "package":
                shutil.rmtree(out / PACKAGE, ignore_errors=True)
                rel = PACKAGE
            else:
                os.utime(f, None)  # only touched: bytes the same
            done.append(f"{op} {rel}")
        return done

    def concurrent(self, argv: list[str], damage: list[str]) -> Ran:
        """Two ``cardsmith build`` processes started together: both must end well (one may find
        the work done); the first one's ending is judged further as a single build's."""
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        procs = [subprocess.Popen([sys.executable, "-m", "cardsmith", *argv], cwd=self.work, env=env,
                                  stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                 for _ in range(2)]
        results = []
        for proc in procs:
            out, err = proc.communicate(timeout=self.time_limit / 2)
            results.append(Ran(proc.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")))
        for r in results:
            judge_cli(argv, r)
        assert results[0].code == results[1].code, f"two builds at once after {damage} ended differently: {results}"
        return results[0]

    def case(self, rng: random.Random, index: int) -> str:
        from runtime.pool import Pool

        out = self.work / f"c{index}"
        shutil.copytree(self.ref, out, symlinks=True)  # (copy2: the same sizes and mtimes)
        try:
            damage = self.damage(rng, out)
            argv = ["build", str(self.src), "-o", str(out), "-j", "1"]
            if index % CONCURRENT_SHARE == 0:  # two real builds at once into the damaged output
                ran = self.concurrent(argv, damage)
            else:
                ran = run_in_process(argv, self.work)
            judge_cli(argv, ran)
            what = f"after {damage}: exit {ran.code}\n{ran.err[-1500:]}{ran.out[-1500:]}"
            assert ran.code in (0, 2), "a rebuild of unchanged sources reported card errors " + what
            if ran.code == 2:
                return "refused"
            got = snapshot(out)
            assert got.keys() == self.clean.keys(), (
                f"the rebuilt package's files differ from a clean build's: missing "
                f"{sorted(self.clean.keys() - got.keys())}, extra {sorted(got.keys() - self.clean.keys())} " + what)
            wrong = sorted(k for k in got if got[k] != self.clean[k])
            assert not wrong, f"the rebuild left files unlike a clean build's: {wrong} " + what
            if index % 4 == 0:
                pool = Pool(out)
                for name in pool.names():
                    pool.get(name)
            return "repaired" if "repaired" in ran.out else "nothing seen"
        finally:
            shutil.rmtree(out, ignore_errors=True)


# --------------------------------------------------------------------------------------------
# runtime

class RuntimeTarget(Target):
    def __init__(self, pool_dir: Path | None = None) -> None:
        super().__init__("runtime", 300.0)
        self.pool_dir = pool_dir

    def setup(self, work: Path) -> None:
        """The whole shipped pool: built into ``work``, unless given one already built
        (``pool_dir``, or the environment's ``CARDSMITH_FUZZ_POOL``)."""
        super().setup(work)
        from compiler.build import build
        from runtime.pool import Pool

        pool_dir = self.pool_dir or (Path(os.environ["CARDSMITH_FUZZ_POOL"]) if os.environ.get("CARDSMITH_FUZZ_POOL")
                                     else None)
        if pool_dir is None or not (pool_dir / "cardsmith_pool").is_dir():
            pool_dir = work / "pool"
            report = build([ROOT / "cards"], pool_dir)
            assert not [d for d in report.diagnostics if d.severity == "error"], report.diagnostics[:5]
        self.pool = Pool(pool_dir)
        self.names = sorted(self.pool.names())
        self.lands = sorted(set(self.names) - set(self.pool.nonland_names()))

    def deck(self, rng: random.Random) -> list[str]:
        size = rng.choice([20, 40, 60, 60, 60, 100])
        kind = rng.randrange(4)
        if kind == 0:  # anything at all, lands by chance
            return [rng.choice(self.names) for _ in range(size)]
        if kind == 1:  # few different cards, many copies
            few = rng.sample(self.names, rng.randint(1, 4))
            return [rng.choice(few) for _ in range(size)]
        lands = [rng.choice(self.lands) for _ in range(size * rng.randint(25, 50) // 100)]
        return lands + [rng.choice(self.names) for _ in range(size - len(lands))]

    def case(self, rng: random.Random, index: int) -> str:
        from runtime.tools.simulate import play_game

        seed = rng.randrange(10 ** 9)
        decks = [self.deck(rng), self.deck(rng)]
        report = play_game(self.pool, seed, decks, max_turns=rng.randint(2, 12), verify=index % 50 == 0)
        assert not report.violations, (f"seed {seed}, decks {decks}: " + "; ".join(report.violations[:3]))
        return report.ended.split(":")[0] or "ended"


def all_targets(pool_dir: Path | None = None) -> dict[str, Target]:
    """Every target, by name (``pool_dir``: the shipped pool already built, for ``runtime``)."""
    return {t.name: t for t in (GrammarTarget(), CliTarget(), KeywordsTarget(), CacheTarget(), RuntimeTarget(pool_dir))}


@contextmanager
def workspace() -> Iterator[Path]:
    """A scratch folder for a run (removed afterwards, even if a case left a file unremovable)."""
    d = Path(tempfile.mkdtemp(prefix="cardsmith-fuzz-"))
    try:
        yield d
    finally:
        shutil.rmtree(d, ignore_errors=True)
