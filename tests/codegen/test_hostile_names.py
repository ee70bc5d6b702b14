"""Every name a file may define becomes a Python name that clashes with
nothing (issue 12, item 8): Python's keywords, soft keywords and builtins,
and the names of the runtime and the generated module, as a dim, function,
parameter, local, loop variable, generic axis used as a number, model field
and data field. A few modules hold all of them; each builds, imports and
computes what a hand-written torch computation gives.

A name the grammar takes only in some places (`for` isn't a local) is left
out of those: the names left out must be ShapeScript's keywords."""

import builtins
import importlib.machinery
import importlib.util
import json
import keyword
import pathlib
import subprocess

import torch

from conftest import ROOT, compiler, import_file, run_build
from shapescript import runner
from shapescript.data import Batch

# What the generated module and the runtime name themselves, and names
# shaped like the ones the code generator makes up.
MODULE_NAMES = {
    "_ss_rt", "_ss_spec_0", "_ss_sig_f", "_ss_n", "_ss_b", "_ss_init", "_ss_checks", "_ss_value_checks",
    "_ss_source", "_ss_devices", "_ss_ax_rt", "seed", "self", "cls", "fields", "spec", "order", "take", "rt",
    "checks", "torch", "einops", "math", "shapescript", "init", "training", "to", "forward", "parameters",
    "state_dict", "ss_part", "lit2", "ax0", "axis", "x_", "class_", "range_", "_", "_x", "__x", "__init__",
    "sig_f", "spec_0", "_ss_x_1d403x", "_ss_ax_x", "_ss_y", "pads", "pad", "keep", "bound", "result", "then_1",
    "else_1", "body_1",
}  # fmt: skip
NAMES = sorted(set(keyword.kwlist) | set(keyword.softkwlist) | set(dir(builtins)) | MODULE_NAMES)

# ShapeScript's own keywords, which the grammar refuses in some of the
# roles, and its scalar types, which no model or record may be called.
SS_KEYWORDS = {"for", "if", "return", "not", "in", "and", "or", "else", "elif", "as", "import", "from", "True", "False"}
SS_KEYWORDS |= {"int", "float", "bool", "str"}
# A model or record called `axis` checks, but `m: axis` then means the axis
# type (a checker matter, not a naming one): left out of those roles.
SHADOWED_BY_TYPES = {"axis"}

# Each role as the modules below write it; `{n}` is the name.
ROLES = {
    "dim": "dim K = 3\ndim {n} = 2\nfn f(x: [K {n}]) -> int:\n"
    "    t = x |> reduce(K {n} -> {n}, sum)\n    return 1 + {n}\n",
    "field": "dim K = 3\nmodel M:\n    {n}: [K] = 1.0\n",
    "data_field": "dim K = 3\ndata R:\n    {n}: [K]\n",
    "function": "fn {n}(x: [k]) -> [k]:\n    return x\nfn g(x: [k]) -> [k]:\n    return {n}(x)\n",
    "parameter": "fn f({n}: [k]) -> [k]:\n    return 1.0 + {n}\nfn g(x: [k]) -> [k]:\n    return f({n}=x)\n",
    "local": "fn f(x: [k]) -> [k]:\n    {n} = x\n    x = {n}\n    return x\n",
    "loop": "fn f(x: [k]) -> [k]:\n    for {n} in 0..2:\n        x = x + {n}\n    return x\n",
    "model": "dim K = 3\nmodel {n}:\n    w: [K] = 1.0\nfn f(m: {n}) -> [K]:\n    return m.w\n",
    "record": "dim K = 3\ndata {n}:\n    x: [K]\nfn f(b: Batch[{n}]) -> [] f32:\n    return mean(b.x)\n",
    "axis": "fn f(x: [{n}]) -> int:\n    return {n} * 1\n",
}


def accepted(tmp_path: pathlib.Path):
    """The names the checker takes in each role, in one `check` run."""
    files = {}
    for role, text in ROLES.items():
        for i, n in enumerate(NAMES):
            path = tmp_path / f"probe_{role}_{i}.ss"
            path.write_text(text.format(n=n))
            files[str(path)] = (role, n)
    result = subprocess.run(
        [str(compiler()), "check", "--format", "json", *files], capture_output=True, text=True, timeout=120
    )
    refused = {(files[d["file"]]) for d in json.loads(result.stdout)}
    refused |= {(role, n) for role in ("model", "record") for n in SHADOWED_BY_TYPES}
    out = {}
    for role in ROLES:
        out[role] = [n for n in NAMES if (role, n) not in refused]
        left_out = set(NAMES) - set(out[role])
        assert left_out <= SS_KEYWORDS | SHADOWED_BY_TYPES, (role, sorted(left_out - SS_KEYWORDS))
    return out


def build_module(tmp_path, name, source):
    src = tmp_path / f"{name}.ss"
    src.write_text(source)
    out = tmp_path / f"{name}.py"
    result = run_build([src, "-o", out])
    assert result.returncode == 0, result.stderr
    return import_file(out)


def summed(header, first, terms):
    """A function `header` that returns `first` plus each of `terms`."""
    return f"{header}\n    t = {first}\n" + "".join(f"    t = t + {x}\n" for x in terms) + "    return t\n"


def size(i):
    return i % 3 + 2


def test_hostile_names_build_and_compute(tmp_path):
    names = accepted(tmp_path)

    # Dims, model fields and data fields (their own namespaces), and the
    # dims as einops axes.
    dims, fields, data_fields = names["dim"], names["field"], names["data_field"]
    text = "dim K = 3\n" + "".join(f"dim {n} = {size(i)}\n" for i, n in enumerate(dims))
    text += "model M:\n" + "".join(f"    {n}: [K] = {i + 1}.0\n" for i, n in enumerate(fields))
    text += "data R:\n" + "".join(f"    {n}: [K]\n" for n in data_fields)
    text += summed("fn t_dims() -> int:", "0", dims)
    text += summed("fn t_fields(m: M, x: [K]) -> [K]:", "x", [f"m.{n}" for n in fields])
    text += summed("fn t_records(b: Batch[R]) -> [] f32:", "0.0", [f"mean(b.{n})" for n in data_fields])
    for i, n in enumerate(dims):
        text += f"fn t_pat_{i}(x: [K {n}]) -> [{n}]:\n    return x |> reduce(K {n} -> {n}, sum)\n"
    g = build_module(tmp_path, "globals", text)

    assert g.t_dims() == sum(size(i) for i in range(len(dims)))
    m = g.M.init(seed=0)
    x = torch.arange(3.0)
    assert torch.equal(g.t_fields(m, x), x + sum(i + 1 for i in range(len(fields))))
    assert isinstance(m.training, bool) and callable(m.to)  # the module's own attributes are intact
    for i, n in enumerate(dims):
        y = torch.arange(3.0 * size(i)).reshape(3, size(i))
        assert torch.equal(getattr(g, f"t_pat_{i}")(y), y.sum(0)), n
    values = {n: torch.full((4, 3), float(i)) for i, n in enumerate(data_fields)}

    batch = Batch(values, g.R)
    assert torch.equal(g.t_records(batch), torch.stack([v.mean() for v in values.values()]).sum())
    # Each field reads by its name as a key, and by its attribute (the
    # spec says which); by getattr of its name too, but for the record's own
    # attributes, `__` names and a name that is another field's attribute
    # (`class_`, the attribute of `class`).
    field_of = {f.attribute: f.name for f in g.R.fields}
    for n, v in values.items():
        assert batch[n] is v and getattr(batch, g.R.by_name[n].attribute) is v, n
        if not n.startswith("__") and n not in ("fields", "spec") and field_of.get(n, n) == n:
            assert getattr(batch, n) is v, n
    assert batch.class_ is values["class"] and batch.fields_ is values["fields"]

    # Functions, and a caller of each.
    functions = names["function"]
    text = "".join(f"fn {n}(x: [k]) -> [k]:\n    return x * {i + 1}\n" for i, n in enumerate(functions))
    text += summed("fn calls(x: [k]) -> [k]:", "x * 0", [f"{n}(x)" for n in functions])
    f = build_module(tmp_path, "functions", text)
    x = torch.arange(4.0)
    assert torch.equal(f.calls(x), x * sum(i + 1 for i in range(len(functions))))

    # Parameters (by position and by keyword), locals, loop variables, and
    # generic axes used as numbers.
    params, local, loops, axes = names["parameter"], names["local"], names["loop"], names["axis"]
    header = "fn params(" + ", ".join(f"{n}: [k]" for n in params) + ") -> [k]:"
    text = summed(header, "0.0", [f"{n} * {i + 1}" for i, n in enumerate(params)])
    text += "fn by_keyword(x: [k]) -> [k]:\n    return params(" + ", ".join(f"{n}=x" for n in params) + ")\n"
    text += "fn t_locals(x: [k]) -> [k]:\n    t = x\n"
    text += "".join(f"    {n} = t + x\n    t = {n}\n" for n in local) + "    return t\n"
    text += "fn loops(x: [k]) -> [k]:\n"
    text += "".join(f"    for {n} in 0..2:\n        x = x + {n}\n" for n in loops) + "    return x\n"
    for i, n in enumerate(axes):
        text += f"fn axis_{i}(x: [{n}]) -> int:\n    return {n} * 1\n"
    v = build_module(tmp_path, "values", text)
    xs = [torch.full((2,), float(i)) for i in range(len(params))]
    assert torch.equal(v.params(*xs), sum(x * (i + 1) for i, x in enumerate(xs)))
    x = torch.arange(2.0)
    assert torch.equal(v.by_keyword(x), x * sum(i + 1 for i in range(len(params))))
    assert torch.equal(v.t_locals(x), x * (len(local) + 1))
    assert torch.equal(v.loops(x), x + len(loops))
    for i, n in enumerate(axes):
        assert getattr(v, f"axis_{i}")(torch.zeros(i + 1)) == i + 1, n


def one_function_each(tmp_path, module, names, item):
    """A module of `item(i, n)` for each name, each defining a function
    `t_<i>`: for each name, that function and its parameter's spec."""
    built = build_module(tmp_path, module, "dim K = 3\n" + "".join(item(i, n) for i, n in enumerate(names)))
    sig = [getattr(built, f"_ss_sig_t_{i}") for i in range(len(names))]
    return [(i, n, getattr(built, f"t_{i}"), sig[i].params[0][1]) for i, n in enumerate(names)]


def test_hostile_model_and_record_names(tmp_path):
    names = accepted(tmp_path)
    # Models, each with a function taking one, whose signature names the class.
    model = "model {n}:\n    w: [K] = {i}.0\nfn t_{i}(m: {n}) -> [K]:\n    return m.w\n"
    for i, n, f, spec in one_function_each(tmp_path, "models", names["model"], lambda i, n: model.format(i=i, n=n)):
        assert spec.cls.__doc__.startswith(f"model {n} "), n
        assert torch.equal(f(spec.cls.init()), torch.full((3,), float(i))), n
    # Records likewise, each read as a batch.
    record = "data {n}:\n    x: [K]\nfn t_{i}(b: Batch[{n}]) -> [] f32:\n    return mean(b.x) + {i}.0\n"
    for i, n, f, spec in one_function_each(tmp_path, "records", names["record"], lambda i, n: record.format(i=i, n=n)):
        assert spec.data.name == n
        assert f(Batch({"x": torch.ones(2, 3)}, spec.data)) == 1.0 + i, n


def test_python_facing_spellings(build):
    """The spellings docs/generated-code.md promises Python callers."""
    m = build(
        "dim K = 2\n"
        "model M:\n    class: [K] = 1.0\n    to: [K] = 2.0\n"
        "data R:\n    class: [K]\n"
        "fn range(lambda: [K], x_: [K]) -> [K]:\n    return lambda + x_\n"
        "fn 𝐃(x: [K]) -> [K]:\n    return x\n"
        "fn count(lambda: int) -> int:\n    return lambda * 2\n"
        "extern fn hardshrink(x: [..s], lambd: float = 0.5) -> [..s] = torch.nn.functional.hardshrink\n"
        "fn step(mut m: M, x: [K]) -> [K]:\n    m.class = m.class + x\n"
        "    log(lambda=1.0, class=2.0)\n    return hardshrink(x, lambd=0.1)\n"
    )
    x = torch.ones(2)
    assert torch.equal(m.range_(lambda_=x, x__=x), x + x)
    assert torch.equal(m._ss_x_1d403x(x), x)
    model = m.M.init()
    assert torch.equal(model.class_, x) and torch.equal(model.to_, 2 * x)
    assert sorted(name for name, _ in model.named_parameters()) == ["class_", "to_"]
    assert m.R.by_name["class"].attribute == "class_"
    # A field changed in a step, keywords the callee names (`log`'s are the
    # source's, `**{"class": ...}`), an extern fn's own keyword.
    assert torch.equal(m.step(model, 3 * x), torch.nn.functional.hardshrink(3 * x, lambd=0.1))
    assert torch.equal(model.class_, 4 * x)
    # Messages name parameters as the source does.
    sig = m._ss_sig_range_
    assert [p for p, _ in sig.params] == ["lambda", "x_"]
    # `shapescript run` takes a function and a parameter by either spelling,
    # the argument converted by its type.
    assert runner.python_name(m, "range") == "range_" == runner.python_name(m, "range_")
    for spelling in ("--lambda", "--lambda_"):
        bound = runner.function_arguments(m, "count", m.count, [spelling, "3"])
        assert bound.arguments == {"lambda_": 3} and m.count(*bound.args) == 6


def test_names_equal_after_nfkc_stay_apart(build):
    """Python reads `𝐃` as `D` and `ﬃ` as `ffi`: in the module they stay two names."""
    m = build(
        "dim D = 2\ndim 𝐃 = 3\ndim ffi = 4\ndim ﬃ = 5\n"
        "fn sizes() -> int:\n    return D * 1000 + 𝐃 * 100 + ffi * 10 + ﬃ\n"
        "fn ℌ(x: [k]) -> [k]:\n    return x * 2\n"
        "fn H(x: [k]) -> [k]:\n    return x * 3\n"
        "fn both(x: [k]) -> [k]:\n    ℍ = ℌ(x)\n    H = H(x)\n    return ℍ * 10 + H\n"
    )
    assert m.sizes() == 2345
    x = torch.ones(2)
    assert torch.equal(m.both(x), x * 23)


def test_the_name_tables_are_this_pythons():
    """server/diag/python_identifiers.inc and server/codegen/python_reserved.inc
    are what scripts/python-names writes from this Python and torch."""
    loader = importlib.machinery.SourceFileLoader("python_names", str(ROOT / "scripts" / "python-names"))
    spec = importlib.util.spec_from_loader("python_names", loader)
    script = importlib.util.module_from_spec(spec)
    loader.exec_module(script)
    assert script.stale() == [], "run scripts/python-names"


def test_an_extern_fns_module_isnt_hidden_by_a_name(build):
    """The module an extern fn's target is in keeps a name of its own."""
    m = build(
        "dim operator = 2\nextern fn add(a: int, b: int) -> int = operator.add\n"
        "fn f() -> int:\n    return add(1, operator)\n"
    )
    assert m.f() == 3 and m.operator == 2
