"""The rules ARCHITECTURE.md cares about, checked on the source (issue 25): only a few named
modules touch the browser (``js``, ``pyodide``), the table core imports no feature (a feature
plugs in through table/port.py and is built only by app.py), a feature asks the table only what
port.Table names, and the page has no import circle (issue 44); every folder of both packages
has its row in ARCHITECTURE.md, and every file path a docstring, a README or a doc cites exists."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest
from importscan import circles
from importscan import imported as scanned

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "web" / "ginweb"

# The modules that import js or pyodide: the DOM helpers, the writers' base, storage and tabs
# (localStorage, the storage event), the composition root, the timers of turns and warm-up, and
# the WebRTC connection to a friend's page (kit/peer.py).
BROWSER_MODULES = {
    "ginweb.app",
    "ginweb.kit.dom",
    "ginweb.kit.peer",
    "ginweb.storage.records",
    "ginweb.storage.local",
    "ginweb.storage.tabs",
    "ginweb.table.dom.turns",
    "ginweb.warmup",
}
# each a folder; app.py is the one module outside it that imports it
FEATURES = {
    "ginweb.daily",
    "ginweb.review",
    "ginweb.puzzles",
    "ginweb.tutor",
    "ginweb.seats",
    "ginweb.lessons",
    "ginweb.friend",
}


def modules() -> dict[str, ast.Module]:
    out = {}
    for path in sorted(PAGE.rglob("*.py")):
        parts = path.relative_to(PAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = ast.parse(path.read_text(), str(path))
    return out


def imported(name: str, tree: ast.Module) -> set[str]:
    """Every module ``tree`` (module ``name``) imports, relative imports resolved, top level or
    inside a function, TYPE_CHECKING blocks included."""
    package = (
        name.split(".")
        if (PAGE / Path(*name.split(".")[1:]) / "__init__.py").exists()
        else name.split(".")[:-1]
    )
    return scanned(tree, package)


def test_only_the_named_modules_touch_the_browser():
    touching = {
        name
        for name, tree in modules().items()
        if any(m.split(".")[0] in ("js", "pyodide") for m in imported(name, tree))
    }
    assert touching == BROWSER_MODULES


def test_the_table_core_imports_no_feature():
    for name, tree in modules().items():
        inside = any(name == f or name.startswith(f + ".") for f in FEATURES)
        if inside or name == "ginweb.app":
            continue
        reached = {m for m in imported(name, tree) for f in FEATURES if m == f or m.startswith(f + ".")}
        assert not reached, f"{name} imports {sorted(reached)}: a feature plugs in through table/port.py"


def page_graph() -> dict[str, set[str]]:
    """Which page modules each page module imports (TYPE_CHECKING and function-level imports
    count), less its own packages: a package is always imported before its modules."""
    found = modules()
    known = set(found)
    graph = {}
    for name, tree in found.items():
        parts = name.split(".")
        enclosing = {".".join(parts[:i]) for i in range(1, len(parts) + 1)}
        graph[name] = (imported(name, tree) & known) - enclosing
    return graph


def test_the_page_has_no_import_circle():
    """Issue 44: the plug-in interface sat above the table yet the table imported it (and the
    presenter and the handover imported each other): a reader could start nowhere."""
    assert circles(page_graph()) == []


# the parts behind the port: a feature never imports them (it is given a port.Table)
BEHIND_THE_PORT = {
    "ginweb.table.session",
    "ginweb.table.reads",
    "ginweb.table.keeping",
    "ginweb.table.plays",
    "ginweb.table.dispatch",
    "ginweb.table.facade",
}


def port_members() -> set[str]:
    """What port.Table lets a feature ask of the table (its methods and properties)."""
    tree = ast.parse((PAGE / "table" / "port.py").read_text())
    table = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Table")
    return {n.name for n in table.body if isinstance(n, ast.FunctionDef)} - {"__call__"}


def table_names(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The names that hold the feature's table in ``fn``: ``t = self.table``, or a parameter
    typed ``Table``."""
    args = (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)
    held = {a.arg for a in args if a.annotation is not None and ast.unparse(a.annotation) == "Table"}
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign) and ast.unparse(node.value) == "self.table":
            held |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return held


def reached(tree: ast.Module) -> list[str]:
    """What ``tree`` (a feature's module) asks of the table outside port.Table, and any reach
    for a session, a host or the other features (the table's parts behind the port)."""
    members = port_members()
    out = [
        f"{ast.unparse(node)} (line {node.lineno})"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and (node.attr in ("session", "features") or ast.unparse(node) == "self.host")
    ]
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)):
        held = table_names(fn)
        for node in ast.walk(fn):
            if not isinstance(node, ast.Attribute) or node.attr in members:
                continue
            on = node.value
            if ast.unparse(on) == "self.table" or (isinstance(on, ast.Name) and on.id in held):
                out.append(f"{ast.unparse(node)} (line {node.lineno})")
    return out


@pytest.mark.parametrize("feature", sorted(FEATURES))
def test_a_feature_asks_the_table_only_what_its_port_names(feature):
    """Issue 44: a feature is given a port.Table (its reads and commands, each documented), not
    the session with its every member, nor the screen and the dialogs: it imports none of the parts
    behind the port and reaches nothing of the table that port.Table does not name."""
    for name, tree in modules().items():
        if not (name == feature or name.startswith(feature + ".")):
            continue
        behind = sorted(m for m in imported(name, tree) if {m, m.rsplit(".", 1)[0]} & BEHIND_THE_PORT)
        assert not behind, f"{name} imports {behind}: a feature asks the table through table/port.py"
        assert not reached(tree), f"{name} reaches {reached(tree)} outside port.Table"


def test_the_feature_base_has_no_hooks():
    """A hook is a role a feature opts into (table/port.py), never a do-nothing default every
    feature carries: the base holds only the table a feature serves."""
    tree = ast.parse((PAGE / "table" / "port.py").read_text())
    base = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Feature")
    members = {n.name for n in base.body if isinstance(n, ast.FunctionDef)}
    members |= {
        n.target.id for n in base.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    }
    assert members == {"attached", "attach", "table"}


# layers under the table: what the table and the features keep and use, never the table itself
BELOW_THE_TABLE = ("ginweb.kit", "ginweb.storage", "ginweb.words")


def test_the_layers_below_the_table_do_not_import_it():
    for name, tree in modules().items():
        if not any(name == low or name.startswith(low + ".") for low in BELOW_THE_TABLE):
            continue
        reached = sorted(m for m in imported(name, tree) if m.split(".")[:2] == ["ginweb", "table"])
        assert not reached, f"{name} imports {reached}: the table uses this layer, not the other way"


FEATURE_WORDS = {
    "daily": r"daily|dailies",
    "review": r"\breview|\bcoach",
    "puzzles": r"puzzle",
    "seats": r"SeatsFeature|ginweb\.seats|dlg-seats",
    "lessons": r"\blessons?\b",
    "friend": r"FriendFeature|ginweb\.friend|dlg-friend",
}
# words of another feature a folder may use: the puzzle of the day is the engine's daily_puzzle,
# asked for by a link as puzzle=daily; a mistake's words (words/mistakes.py) compare the move
# played with the coach's, and a verdict's line (words/verdicts.py) is the same after the hand
# and in the tutor's question before the move
ALLOWED = {
    ("daily", "puzzles/"): ("daily_puzzle", 'TODAY = "daily"', 'puzzle="daily"'),
    ("review", "words/"): ("the coach's move", "Coach prefers"),
    ("seats", "storage/"): ('FORMAT = "ginweb.seats"',),  # a stored record's kind, kept as stored
}


@pytest.mark.parametrize("feature", sorted(FEATURE_WORDS))
def test_a_feature_names_itself_only_in_its_folder_and_app(feature):
    """``git grep daily`` finds the daily in its folder, app.py and the tests only; the same for
    the review and its coach."""
    for path in sorted(PAGE.rglob("*.py")):
        rel = path.relative_to(PAGE).as_posix()
        if rel.startswith(f"{feature}/") or rel == "app.py":
            continue
        text = path.read_text()
        for word in ALLOWED.get((feature, rel.split("/")[0] + "/"), ()):
            text = text.replace(word, "")
        assert not re.search(FEATURE_WORDS[feature], text, re.IGNORECASE), rel


def package_folders() -> list[str]:
    """Every folder of the engine and of the page that holds Python, as ``gin_core/bots/``."""
    roots = [ROOT / "gin_core", PAGE]
    found = {p.parent for root in roots for p in root.rglob("*.py") if "__pycache__" not in p.parts}
    return sorted(f"{d.relative_to(ROOT).as_posix()}/" for d in found)


@pytest.mark.parametrize("folder", package_folders())
def test_every_folder_is_named_in_the_architecture(folder):
    """ARCHITECTURE.md's table of folders names each one with its job: a new folder gets its row."""
    text = (ROOT / "ARCHITECTURE.md").read_text()
    assert re.search(rf"^\| `{re.escape(folder)}` \| \S", text, re.M), f"no row for {folder}"


CITED = re.compile(r"(?<![\w/.-])((?:web|tests|scripts|e2e|gin_core|benchmarks|docs)/[\w./*<>-]*[\w*>])")


def cited_files() -> list[tuple[str, str]]:
    """(where, path) for each repository path cited in a README, ARCHITECTURE.md, docs/*.md or a
    docstring."""
    texts = [
        ROOT / "README.md",
        ROOT / "ARCHITECTURE.md",
        ROOT / "web" / "README.md",
        ROOT / "benchmarks" / "bots.md",
        *sorted((ROOT / "docs").glob("*.md")),
    ]
    out = [(p.name, m) for p in texts for m in CITED.findall(p.read_text())]
    for path in [*PAGE.rglob("*.py"), *(ROOT / "gin_core").rglob("*.py")]:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                doc = ast.get_docstring(node) or ""
                out += [(str(path.relative_to(ROOT)), m) for m in CITED.findall(doc)]
    return out


@pytest.mark.parametrize(("where", "cited"), cited_files())
def test_every_cited_path_exists(where, cited):
    path = cited.rstrip(".")
    assert (ROOT / path).exists() or "*" in path or "<" in path, (
        f"{where} cites {cited}, which does not exist"
    )


# ----- complexity: radon's cyclomatic complexity, which counts ``and``/``or`` (ruff's C901 does not)

COMPLEXITY_MAX = {PAGE: 10, ROOT / "gin_core": 20}  # radon grade B in the page, C in the engine


@pytest.mark.skipif(sys.platform == "emscripten", reason="radon is a host tool")
@pytest.mark.parametrize("folder", sorted(COMPLEXITY_MAX, key=str), ids=lambda p: p.name)
def test_no_function_is_too_complex(folder):
    from radon.complexity import cc_visit
    from radon.visitors import Class

    limit = COMPLEXITY_MAX[folder]
    over = []
    for path in sorted(folder.rglob("*.py")):
        blocks = cc_visit(path.read_text())
        functions = [m for b in blocks for m in (b.methods if isinstance(b, Class) else [b])]
        over += [
            f"{path.relative_to(ROOT)}:{f.lineno} {f.fullname} {f.complexity}"
            for f in functions
            if f.complexity > limit
        ]
    assert not over, over


@pytest.mark.parametrize("folder", sorted(COMPLEXITY_MAX, key=str), ids=lambda p: p.name)
def test_a_function_over_six_parameters_says_why(folder):
    """More than six parameters (``self`` and ``cls`` aside) only with a comment on the ``def``
    line that gives the reason."""
    unexplained = []
    for path in sorted(folder.rglob("*.py")):
        text = path.read_text()
        lines = text.splitlines()
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            a = node.args
            names = [x.arg for x in (*a.posonlyargs, *a.args, *a.kwonlyargs) if x.arg not in ("self", "cls")]
            if len(names) > 6 and "#" not in lines[node.lineno - 1]:
                unexplained.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({len(names)})")
    assert not unexplained, unexplained


def test_the_table_core_is_pure_and_its_dom_side_is_one_folder():
    """table/ holds the pure core (session, dispatch, presenters, intents); every module of it
    that reads or writes the page (kit.dom, js) lives in table/dom/, and the core imports none."""
    for name, tree in modules().items():
        if not name.startswith("ginweb.table.") or name.startswith("ginweb.table.dom"):
            continue
        reached = {
            m
            for m in imported(name, tree)
            if m in ("ginweb.kit.dom", "ginweb.table.dom")
            or m.startswith("ginweb.table.dom.")
            or m.split(".")[0] in ("js", "pyodide")
        }
        assert not reached, f"{name} imports {sorted(reached)}: the table's DOM side lives in table/dom/"
