"""No import cycle among the modules of runtime/shapescript: the import
graph, read from the sources with `ast`, has no cycle. Every relative import
counts, at module level or inside a function, since an import deferred into
a function to dodge a cycle is still a cycle in the design."""

import ast

from runtime_testing import ROOT

PACKAGE = ROOT / "runtime" / "shapescript"


def package_modules():
    """Module name (`specs`, `__init__` for the package) -> its path."""
    return {path.stem: path for path in sorted(PACKAGE.glob("*.py"))}


def imports_of(path, modules):
    """The package's modules that `path` imports: `from .x import y`,
    `from . import x` (x a module, else the package's `__init__`) and
    `import shapescript.x` / `from shapescript.x import y`."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                found.add(node.module.split(".")[0])
            elif node.level == 1:
                found.update(a.name if a.name in modules else "__init__" for a in node.names)
            elif node.level == 0 and node.module and node.module.split(".")[0] == "shapescript":
                found.add(node.module.split(".")[1] if "." in node.module else "__init__")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "shapescript":
                    found.add(parts[1] if len(parts) > 1 else "__init__")
    return {name for name in found if name in modules and name != path.stem}


def find_cycle(graph):
    """One cycle of `graph` (name -> names it imports) as a list of names
    whose first and last are the same, or None."""
    state = {}  # name -> "open" while on the path, "done" after
    path = []

    def visit(name):
        state[name] = "open"
        path.append(name)
        for target in sorted(graph[name]):
            if state.get(target) == "open":
                return path[path.index(target) :] + [target]
            if target not in state:
                cycle = visit(target)
                if cycle:
                    return cycle
        path.pop()
        state[name] = "done"
        return None

    for name in sorted(graph):
        if name not in state:
            cycle = visit(name)
            if cycle:
                return cycle
    return None


def import_graph():
    modules = package_modules()
    return {name: imports_of(path, modules) for name, path in modules.items()}


def test_the_graph_is_read():
    graph = import_graph()
    assert "specs" in graph["rt"] and "elements" in graph["models"]
    assert "checking" in graph["compiler"] and "specs" in graph["conversion"]


def test_find_cycle_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycle_in_the_runtime():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle in runtime/shapescript: " + " -> ".join(cycle)
