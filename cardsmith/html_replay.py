"""``cardsmith replay --html FILE``: one self-contained HTML page that steps through a game.

The page holds the game's frames (the table as each step began, and the turn log before it:
:class:`runtime.tools.board.Frame`) as JSON, and a small script that shows one frame at a time:
buttons, a slider and the arrow keys move through them, and the address's ``#step=N`` names the
frame shown (so a link can point at a moment of the game).  No network, no build step: open the
file in a browser.  Every text from the game (card names come from card scripts) is set as text,
never as markup, and the JSON is written so that it can't end its ``<script>`` element.
"""
from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Sequence

from runtime.tools.board import Frame

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>__TITLE__</title>
<style>
  body { font: 14px/1.4 system-ui, sans-serif; margin: 1em 2em; color: #222; }
  h1 { font-size: 1.2em; }
  #controls { margin: .5em 0 1em; display: flex; gap: .5em; align-items: center; }
  #slider { flex: 1; max-width: 30em; }
  #main { display: flex; gap: 2em; align-items: flex-start; }
  .player { border: 1px solid #ccc; border-radius: 6px; padding: .5em 1em; margin-bottom: .8em; min-width: 28em; }
  .player h2 { font-size: 1em; margin: .2em 0; }
  .zone { margin: .2em 0; }
  .zone b { display: inline-block; min-width: 6.5em; }
  #log { white-space: pre-wrap; font-family: ui-monospace, monospace; font-size: 12px; max-width: 50em; }
  #where { font-weight: bold; }
</style>
</head>
<body>
<h1>__TITLE__</h1>
<div id="controls">
  <button id="first" title="first step">&laquo; first</button>
  <button id="prev" title="previous step (left arrow)">&#x25C0;</button>
  <button id="next" title="next step (right arrow)">&#x25B6;</button>
  <button id="last" title="last step">last &raquo;</button>
  <input id="slider" type="range" min="1" value="1">
  <span id="counter"></span>
</div>
<div id="where"></div>
<div id="main">
  <div id="table"></div>
  <div><h2 style="font-size:1em">What happened before this step</h2><div id="log"></div></div>
</div>
<script id="frames" type="application/json">__FRAMES__</script>
<script>
"use strict";
const frames = JSON.parse(document.getElementById("frames").textContent);
let current = 0;
function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}
function zone(name, value) {
  const d = el("div", undefined, "zone");
  d.appendChild(el("b", name + ":"));
  const items = typeof value === "number" ? value + " card(s), hidden"
    : (value.length ? value.join(", ") : "nothing");
  d.appendChild(document.createTextNode(" " + items));
  return d;
}
function show(i) {
  current = Math.max(0, Math.min(frames.length - 1, i));
  const f = frames[current], b = f.board;
  document.getElementById("counter").textContent = "step " + (current + 1) + " of " + frames.length;
  document.getElementById("slider").value = current + 1;
  document.getElementById("where").textContent = "Turn " + b.turn + ", " + b.step + " step, "
    + b.active + "'s turn" + (b.over ? " \u2014 game over: " + b.over : "");
  const table = document.getElementById("table");
  table.replaceChildren();
  for (const p of b.players) {
    const box = el("div", undefined, "player");
    let head = p.name + ": " + p.life + " life";
    if (p.counters) head += ", " + p.counters + " counters";
    if (p.mana) head += ", mana pool " + p.mana;
    box.appendChild(el("h2", head));
    box.appendChild(zone("hand", p.hand));
    box.appendChild(zone("battlefield", p.battlefield));
    box.appendChild(zone("graveyard", p.graveyard));
    box.appendChild(zone("library", p.library));
    table.appendChild(box);
  }
  table.appendChild(zone("exile", b.exile));
  table.appendChild(zone("stack", b.stack));
  document.getElementById("log").textContent = f.news.join("\\n") || "(nothing)";
  history.replaceState(null, "", "#step=" + (current + 1));
}
document.getElementById("slider").max = frames.length;
document.getElementById("first").onclick = () => show(0);
document.getElementById("prev").onclick = () => show(current - 1);
document.getElementById("next").onclick = () => show(current + 1);
document.getElementById("last").onclick = () => show(frames.length - 1);
document.getElementById("slider").oninput = (e) => show(e.target.value - 1);
document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowLeft") show(current - 1);
  if (e.key === "ArrowRight") show(current + 1);
});
const m = /^#step=(\\d+)$/.exec(location.hash);
show(m ? Number(m[1]) - 1 : 0);
</script>
</body>
</html>
"""


def html_page(frames: Sequence[Frame], title: str) -> str:
    """The page for ``frames`` (at least one)."""
    data = json.dumps([dataclasses.asdict(f) for f in frames], ensure_ascii=True, separators=(",", ":"))
    # In a <script> element only "</" (an end tag) and "<!--" matter; JSON keeps their meaning
    # written as escapes.
    data = data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    safe_title = title.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    fill = {"TITLE": safe_title, "FRAMES": data}
    return re.sub(r"__(TITLE|FRAMES)__", lambda m: fill[m.group(1)], _PAGE)  # (one pass: no text refilled)


def write_html(frames: Sequence[Frame], title: str, path: Path) -> None:
    """Write the page to ``path``."""
    path.write_text(html_page(frames, title), encoding="utf-8")
