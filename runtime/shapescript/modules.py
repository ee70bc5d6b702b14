"""Programs of several .ss files (docs/modules.md): what a generated module
calls for each `.ss` file it imports. The file is built as `shapescript
build` would (or taken from the cache) and loaded once per process, so
every importer shares its functions, dims and model classes.

An export module that must load without the compiler (a Hugging Face
folder's code) embeds the generated modules of the files it imports and
registers them first (`embed_modules`): `ss_module` then runs those."""

import base64
import hashlib
import importlib.util
import linecache
import os
import sys
import types

_loaded = {}  # generated module's path -> the module
_embedded = {}  # .ss file -> its generated module's text, from an export module
_embedded_loaded = {}  # .ss file -> the module made from it
_router = []  # the exporting module's attention router, once it has one


def embed_modules(sources):
    """Registers generated modules by the .ss file each was made from
    (`{file: base64 of the module's text}`), for `ss_module` to run."""
    for source, text in sources.items():
        _embedded[source] = base64.b64decode(text).decode("utf-8")


def route_attention(router):
    """Gives the embedded modules the exporting module's attention router:
    their causal attentions are called through it (`_ss_attention`)."""
    _router[:] = [router]
    for module in _embedded_loaded.values():
        module._ss_attention = router


def _embedded_module(source):
    module = _embedded_loaded.get(source)
    if module is not None:
        return module
    stem = os.path.splitext(os.path.basename(source))[0]
    # One name per file: nn/attention.ss and attention.ss are two modules.
    digest = hashlib.sha256(source.encode("utf-8", "surrogateescape")).hexdigest()[:12]
    name = "_ss_embedded_module_" + "".join(c if c.isalnum() else "_" for c in stem) + "_" + digest
    module = types.ModuleType(name)
    # Its text where tracebacks look: the file it was made from, named.
    filename = "<shapescript module>/" + stem + ".py"
    module.__file__ = filename
    text = _embedded[source]
    linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)
    if _router:
        module._ss_attention = _router[0]
    _embedded_loaded[source] = module
    # Under its name in sys.modules: what pickles its classes by reference
    # (vLLM's workers) imports it from there.
    sys.modules[name] = module
    try:
        exec(compile(text, filename, "exec"), module.__dict__)
    except BaseException:
        del _embedded_loaded[source]
        sys.modules.pop(name, None)
        raise
    return module


def ss_module(source, importer, checks="debug", value_checks="debug", devices=None, padding=True, search=()):
    """The module generated from the .ss file `source`, which the module of
    `importer` imports, built with the importer's options; `search` is
    where its own imports are looked for after its folder. One an export
    module embedded (`embed_modules`) is run from its text."""
    if source in _embedded:
        return _embedded_module(source)
    # The installed package's compiler: an exported module embeds only the
    # runtime it runs with, and the compiler is not part of it.
    from shapescript import compiler

    pyfile = compiler.build(source, checks, value_checks, devices, padding, search=search)
    module = _loaded.get(pyfile)
    if module is not None:
        return module
    stem = os.path.splitext(os.path.basename(pyfile))[0]
    name = "_ss_module_" + "".join(c if c.isalnum() else "_" for c in stem)
    spec = importlib.util.spec_from_file_location(name, pyfile)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        compiler.exec_generated(module, pyfile)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    _loaded[pyfile] = module
    return module
