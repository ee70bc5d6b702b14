"""Programs of several files through the language server (docs/modules.md):
an importer's diagnostics follow its module's unsaved edits and its changes
on disk, and go to definition leads into the module's file."""

from lsp_client import file_uri

LAYERS = "dim D = 16\n\nfn block(x: [b D]) -> [b D]:\n    return x\n"
MAIN = "import layers\n\ndim E = 16\n\nfn f(x: [b layers.D]) -> [b layers.D]:\n    return layers.block(x)\n"


def codes(params):
    return sorted(d["code"] for d in params["diagnostics"])


def published(c, uri, want):
    """Waits for diagnostics of `uri` with these codes: an importer is
    published again each time what it imports changes."""
    seen = []
    for _ in range(10):
        got = codes(c.diagnostics(uri))
        if got == want:
            return
        seen.append(got)
    raise AssertionError(f"expected {want} for {uri}, saw {seen}")


def opened(servers, module="layers.ss", module_text=LAYERS, main_text=MAIN):
    """A started server with a module and main.ss on disk, main.ss open
    and checked clean: the client, main.ss's uri and the module's."""
    module_uri = file_uri(servers.write(module, module_text))
    main_uri = file_uri(servers.write("main.ss", main_text))
    c = servers.started()
    c.open(main_uri, main_text)
    assert codes(c.diagnostics(main_uri, 1)) == []
    return c, main_uri, module_uri


def test_importer_follows_edits_and_the_disk(servers):
    layers = servers.write("layers.ss", LAYERS)
    main = servers.write("main.ss", MAIN)
    c = servers.start()
    c.initialize({"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}}, root=servers.tmp)
    # The server asks to watch .ss files, as the client allows.
    registration = c.wait_for(lambda m: m.get("method") == "client/registerCapability")
    watchers = registration["params"]["registrations"][0]["registerOptions"]["watchers"]
    assert watchers == [{"globPattern": "**/*.ss"}]
    c.send({"jsonrpc": "2.0", "id": registration["id"], "result": None})

    main_uri, layers_uri = file_uri(main), file_uri(layers)
    c.open(main_uri, MAIN)
    assert codes(c.diagnostics(main_uri, 1)) == []
    # Unsaved: layers.ss open with block taking E's size under another dim.
    c.open(layers_uri, LAYERS)
    c.diagnostics(layers_uri, 1)
    changed = LAYERS.replace("dim D = 16", "dim D = 16\ndim G = 16").replace("[b D]) -> [b D]", "[b G]) -> [b G]")
    c.change(layers_uri, 2, [{"text": changed}])
    c.diagnostics(layers_uri, 2)
    published(c, main_uri, ["E0504"])
    # Closed: the disk's text counts again, once the client says it changed.
    c.notify("textDocument/didClose", {"textDocument": {"uri": layers_uri}})
    layers.write_text(LAYERS.replace("fn block", "fn other"))
    c.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": layers_uri, "type": 2}]})
    published(c, main_uri, ["E0112"])
    assert c.shutdown_and_exit() == 0


def test_definition_of_an_imported_name_is_in_its_file(servers):
    c, main_uri, layers_uri = opened(servers)
    line = MAIN.splitlines().index("    return layers.block(x)")
    column = MAIN.splitlines()[line].index("block")
    position = {"line": line, "character": column + 1}
    got = c.result("textDocument/definition", {"textDocument": {"uri": main_uri}, "position": position})
    block_line = LAYERS.splitlines().index("fn block(x: [b D]) -> [b D]:")
    assert got == [
        {
            "uri": layers_uri,
            "range": {"start": {"line": block_line, "character": 3}, "end": {"line": block_line, "character": 8}},
        }
    ]
    # Renaming it here is refused: it is defined in the other file.
    refused = c.request(
        "textDocument/rename",
        {"textDocument": {"uri": main_uri}, "position": {"line": line, "character": column + 1}, "newName": "b2"},
    )
    assert "another file" in refused["error"]["message"]
    assert c.shutdown_and_exit() == 0


def test_completion_hover_and_workspace_symbols_of_a_module(servers):
    c, main_uri, _ = opened(servers)
    # `layers.` offers the module's names.
    lines = MAIN.splitlines()
    line = lines.index("    return layers.block(x)")
    dot = lines[line].index("layers.") + len("layers.")
    items = c.result(
        "textDocument/completion", {"textDocument": {"uri": main_uri}, "position": {"line": line, "character": dot}}
    )
    items = items["items"] if isinstance(items, dict) else items
    assert {"D", "block"} <= {i["label"] for i in items}
    # Hover on the imported function: its signature as this file names things.
    hover = c.hover(main_uri, line, dot + 1)["result"]
    assert "block(x: [b layers.D]) -> [b layers.D]" in str(hover["contents"])
    # Workspace symbols: the imported file's names too, in its file.
    symbols = c.result("workspace/symbol", {"query": "block"})
    assert any(s["name"] == "block" and s["location"]["uri"].endswith("/layers.ss") for s in symbols)
    assert c.shutdown_and_exit() == 0


def test_rename_and_references_reach_the_importers(servers):
    layers = servers.write("layers.ss", LAYERS)
    main = servers.write("main.ss", MAIN)
    taker = servers.write("taker.ss", "from layers import D\n\ndim E = 16\n\nfn t(x: [b D]) -> [b D]:\n    return x\n")
    c = servers.started()
    layers_uri, main_uri, taker_uri = file_uri(layers), file_uri(main), file_uri(taker)
    for uri, text in ((layers_uri, LAYERS), (main_uri, MAIN), (taker_uri, taker.read_text())):
        c.open(uri, text)
        c.diagnostics(uri, 1)
    block = {"line": 2, "character": 4}  # `fn block` in layers.ss
    refs = c.result(
        "textDocument/references",
        {"textDocument": {"uri": layers_uri}, "position": block, "context": {"includeDeclaration": True}},
    )
    assert {r["uri"] for r in refs} == {layers_uri, main_uri}
    edit = c.result("textDocument/rename", {"textDocument": {"uri": layers_uri}, "position": block, "newName": "mix"})
    changes = edit["changes"]
    assert set(changes) == {layers_uri, main_uri}
    use = MAIN.splitlines()[5].index("block")
    assert changes[main_uri] == [
        {"range": {"start": {"line": 5, "character": use}, "end": {"line": 5, "character": use + 5}}, "newText": "mix"}
    ]
    # D is `D` in taker.ss, by its from-import: E is taken there.
    dim = {"line": 0, "character": 4}
    refused = c.request("textDocument/rename", {"textDocument": {"uri": layers_uri}, "position": dim, "newName": "E"})
    assert "taker.ss" in refused["error"]["message"]
    edit = c.result("textDocument/rename", {"textDocument": {"uri": layers_uri}, "position": dim, "newName": "W"})
    assert set(edit["changes"]) == {layers_uri, main_uri, taker_uri}
    assert len(edit["changes"][taker_uri]) == 3  # the import and two uses
    assert c.shutdown_and_exit() == 0


OPS = "dim D = 4\n\nfn centred(x: [b D]) -> [b D]:\n    return x - mean(x, over=b)\n"
LOOP = (
    "import ops\n\ndata Row:\n    x: [ops.D] f32\n\n"
    "fn run(data: Dataset[Row]):\n    for batch in data |> batches(3):\n        log(c=mean(ops.centred(batch.x)))\n"
)


def test_a_body_edit_in_a_module_updates_its_importers_analyses(servers):
    c, main_uri, ops_uri = opened(servers, "ops.ss", OPS, LOOP)
    c.open(ops_uri, OPS)
    c.diagnostics(ops_uri, 1)
    # Only a body changes (no signature): the importer's loop can't be padded now.
    c.change(ops_uri, 2, [{"text": OPS.replace("x - mean(x, over=b)", "x |> sort(over=b)")}])
    c.diagnostics(ops_uri, 2)
    published(c, main_uri, ["H2001"])
    c.change(ops_uri, 3, [{"text": OPS}])
    c.diagnostics(ops_uri, 3)
    published(c, main_uri, [])
    assert c.shutdown_and_exit() == 0


def test_call_hierarchy_crosses_into_the_module_and_back(servers):
    c, main_uri, layers_uri = opened(servers)
    lines = MAIN.splitlines()
    line = lines.index("fn f(x: [b layers.D]) -> [b layers.D]:")
    (f,) = c.result(
        "textDocument/prepareCallHierarchy",
        {"textDocument": {"uri": main_uri}, "position": {"line": line, "character": 3}},
    )
    (out,) = c.result("callHierarchy/outgoingCalls", {"item": f})
    # The callee is in its own file, by its name there; the call is here.
    block_line = LAYERS.splitlines().index("fn block(x: [b D]) -> [b D]:")
    assert (out["to"]["name"], out["to"]["uri"]) == ("block", layers_uri)
    assert out["to"]["selectionRange"]["start"] == {"line": block_line, "character": 3}
    call_line = lines.index("    return layers.block(x)")
    assert [r["start"]["line"] for r in out["fromRanges"]] == [call_line]
    # Asked of the callee, in a file that isn't open: its caller in main.ss.
    (incoming,) = c.result("callHierarchy/incomingCalls", {"item": out["to"]})
    assert (incoming["from"]["name"], incoming["from"]["uri"]) == ("f", main_uri)
    assert [r["start"]["line"] for r in incoming["fromRanges"]] == [call_line]
    assert c.result("callHierarchy/outgoingCalls", {"item": out["to"]}) == []
    assert c.shutdown_and_exit() == 0
