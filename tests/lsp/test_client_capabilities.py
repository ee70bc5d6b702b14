"""The server answers each client in the forms that client declared, under
the capability sets real editors send (clients/*.json) and a made-up one
with small value sets: the server's capabilities, diagnostics, hover,
completion, signature help, symbols, code actions, rename, pull
diagnostics, type definition and call hierarchy. Each answer
is checked against what the client declared, both ways: a form it didn't
declare is never used, and one it declared is (so VS Code, which declares
everything, keeps the server's full answers)."""

import pytest

from client_declared import Declared, client_capabilities
from lsp_client import position_of

DOCS = "https://docs.example/errors.md"

# E0408 (with related information and a fix) and E0102 (with a fix); dims,
# a data record, a model, functions with a generic axis.
SOURCE = """\
dim D = 8
dim L = 4

data Example:
    x: [L D]

model Mlp:
    w: [D D] = normal(0.02)

fn block(m: Mlp, x: [n D]) -> [n D]:
    h = x @ m.w
    t = h |> rearrange(D n -> n D)
    return softmax(h, over=D)

fn make() -> Mlp:
    return Mlp.init(seed=0)

fn forward(m: Mlp, x: [n D]) -> [n D]:
    return block(m, block(m, x))

fn broken(x: [n D]) -> [n D]:
    return xx
"""

# No editor declares less than all the kinds, or applyEdit without code
# action literals; this one does, to see the fallbacks, the kinds left
# out, and quick fixes as Commands.
NARROW = {
    "textDocument": {
        "completion": {"completionItemKind": {"valueSet": [1, 3, 6, 14]}},
        "documentSymbol": {"symbolKind": {"valueSet": [12, 13]}, "hierarchicalDocumentSymbolSupport": True},
    },
    "workspace": {"applyEdit": True, "symbol": {"symbolKind": {"valueSet": [5]}}},
}

CLIENTS = {**client_capabilities(), "narrow-kinds": NARROW}


def test_the_editors_capability_sets_are_there():
    assert {"neovim-0.9", "neovim-0.11", "emacs-29-eglot", "vscode", "empty"} <= set(CLIENTS)


@pytest.fixture(params=sorted(CLIENTS))
def session(request, servers):
    """(client, declared, uri, server capabilities, published diagnostics) for SOURCE opened."""
    capabilities = CLIENTS[request.param]
    client = servers.start("--docs-base", DOCS)
    result = client.initialize(capabilities)
    uri = servers.uri("caps.ss")
    client.open(uri, SOURCE, 1)
    diagnostics = client.diagnostics(uri, 1)["diagnostics"]
    return client, Declared(capabilities), uri, result["capabilities"], diagnostics


def at(text: str, line_text: str, word: str, after: int = 0) -> dict:
    """The position `after` characters past `word` in the line starting with `line_text`."""
    start = SOURCE.index(line_text)
    return position_of(SOURCE, SOURCE.index(word, start) + after)


def request_at(client, uri, method, position, **extra):
    return client.result(method, {"textDocument": {"uri": uri}, "position": position, **extra})


def assert_plain(text: str):
    assert "```" not in text and "`" not in text, text


# ----------------------------------------------------------- capabilities


def test_server_capabilities_follow_the_client(session):
    client, declared, uri, server, _ = session
    if declared.prepare_rename:
        assert server["renameProvider"] == {"prepareProvider": True}
    else:
        assert server["renameProvider"] is True
    if declared.code_action_literals:
        assert server["codeActionProvider"] == {"codeActionKinds": ["quickfix"]}
    else:
        assert server["codeActionProvider"] is True
    commands = server["executeCommandProvider"]["commands"]
    fixes_as_commands = not declared.code_action_literals and declared.apply_edit
    assert ("shapescript-lsp.applyFix" in commands) == fixes_as_commands
    if declared.pull_diagnostics:
        assert server["diagnosticProvider"] == {
            "identifier": "shapescript",
            "interFileDependencies": False,
            "workspaceDiagnostics": True,
        }
    else:
        assert "diagnosticProvider" not in server
    assert server["typeDefinitionProvider"] is True and server["callHierarchyProvider"] is True
    encodings = declared.get("general.positionEncodings") or []
    assert server["positionEncoding"] == ("utf-8" if "utf-8" in encodings else "utf-16")


def test_diagnostics_carry_only_what_the_client_takes(session):
    _, declared, _, _, diagnostics = session
    assert sorted(d["code"] for d in diagnostics) == ["E0102", "E0408"]
    for d in diagnostics:
        assert ("codeDescription" in d) == declared.code_description, d
    related = [d for d in diagnostics if "relatedInformation" in d]
    assert [d["code"] for d in related] == (["E0408"] if declared.related_information else [])


# ---------------------------------------------------------------- answers


def test_hover_is_markdown_only_for_a_client_that_takes_it(session):
    client, declared, uri, _, _ = session
    hover = request_at(client, uri, "textDocument/hover", at(SOURCE, "    h = x", "h"))
    contents = hover["contents"]
    if declared.hover_markdown:
        assert contents["kind"] == "markdown"
        assert contents["value"].startswith("```shapescript\nh: [n D]\n```")
    else:
        assert contents["kind"] == "plaintext"
        assert_plain(contents["value"])
        assert contents["value"] == "h: [n D]\n\nsizes: [n 8]"


def completion_items(client, uri, position) -> list[dict]:
    return request_at(client, uri, "textDocument/completion", position)["items"]


def check_item(item: dict, declared: Declared):
    if "kind" in item:
        assert item["kind"] in declared.completion_kinds, item
    if declared.snippets:
        assert item["insertTextFormat"] in (1, 2)
    else:
        assert item["insertTextFormat"] == 1, item
        assert "$" not in item["textEdit"]["newText"], item
    doc = item.get("documentation")
    if doc is not None:
        if declared.completion_markdown:
            assert doc["kind"] == "markdown"
        else:
            assert isinstance(doc, str), item
            assert_plain(doc)


def test_completion_uses_only_declared_kinds_snippets_and_formats(session):
    client, declared, uri, _, _ = session
    in_body = completion_items(client, uri, at(SOURCE, "    t = h", "t"))
    top = completion_items(client, uri, {"line": SOURCE.count("\n"), "character": 0})
    after_model = completion_items(client, uri, at(SOURCE, "    return Mlp.", "Mlp.", 4))
    for item in in_body + top + after_model:
        check_item(item, declared)

    kinds = {item["label"]: item.get("kind") for item in in_body}
    handled = declared.completion_kinds
    # Each of ours as LSP names it, or its fallback, or none.
    expected = {
        "block": next((k for k in (3, 2) if k in handled), None),  # Function
        "Mlp": 7 if 7 in handled else None,  # Class
        "Example": next((k for k in (22, 7) if k in handled), None),  # Struct
        "D": next((k for k in (21, 12, 6) if k in handled), None),  # Constant
        "n": next((k for k in (25, 6) if k in handled), None),  # TypeParameter
        "h": 6 if 6 in handled else None,
    }
    assert {label: kinds[label] for label in expected} == expected

    if any(item.get("documentation") for item in in_body):
        documented = next(item for item in in_body if item.get("documentation"))
        assert isinstance(documented["documentation"], dict) == declared.completion_markdown

    # `Mlp.init(seed=...)`: a snippet, or its text.
    init = next(item for item in after_model if item["label"] == "init")
    if declared.snippets:
        assert (init["insertTextFormat"], init["textEdit"]["newText"]) == (2, "init(seed=${1:0})")
    else:
        assert (init["insertTextFormat"], init["textEdit"]["newText"]) == (1, "init(seed=0)")
    # The item templates (`model Name: ...`) only as snippets.
    templates = [item for item in top if item["insertTextFormat"] == 2]
    assert bool(templates) == declared.snippets


def test_signature_help_labels_and_documentation(session):
    client, declared, uri, _, _ = session
    help = request_at(client, uri, "textDocument/signatureHelp", at(SOURCE, "    return softmax", "h, over"))
    (signature,) = help["signatures"]
    label = signature["label"]
    assert label.startswith("softmax(")
    parameters = [p["label"] for p in signature["parameters"]]
    assert len(parameters) == 2
    if declared.label_offsets:
        assert all(isinstance(p, list) and len(p) == 2 for p in parameters), parameters
        texts = [label[a:b] for a, b in parameters]  # the label is ASCII: any encoding's offsets
    else:
        assert all(isinstance(p, str) for p in parameters), parameters
        texts = parameters
    assert texts == ["x: [..s]", "over: axis"]
    doc = signature["documentation"]
    if declared.signature_markdown:
        assert doc["kind"] == "markdown" and "`over`" in doc["value"]
    else:
        assert isinstance(doc, str)
        assert_plain(doc)
        assert "the axis over names" in doc


def walk_hierarchy(symbols: list[dict]):
    for s in symbols:
        yield s
        yield from walk_hierarchy(s["children"])


def test_document_symbols_hierarchical_only_when_declared(session):
    client, declared, uri, _, _ = session
    symbols = client.result("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    if declared.hierarchical_symbols:
        assert all("selectionRange" in s and "location" not in s for s in symbols)
        flat = [(s["name"], s["kind"]) for s in walk_hierarchy(symbols)]
        example = next(s for s in symbols if s["name"] == "Example")
        assert [c["name"] for c in example["children"]] == ["x"]
    else:
        assert all(set(s) >= {"name", "kind", "location"} and "children" not in s for s in symbols), symbols
        assert all(s["location"]["uri"] == uri for s in symbols)
        flat = [(s["name"], s["kind"]) for s in symbols]
        x = next(s for s in symbols if s["name"] == "x" and s.get("containerName") == "Example")
        assert x["location"]["range"]["start"]["line"] == 4
    handled = declared.document_symbol_kinds
    for name, kind in flat:
        assert kind in handled, (name, kind)
    kinds = dict(flat)
    assert kinds["Example"] == next((k for k in (23, 5, 13) if k in handled), min(handled))  # Struct
    assert kinds["D"] == next((k for k in (14, 13) if k in handled), min(handled))  # Constant


def test_workspace_symbols_use_declared_kinds(session):
    client, declared, uri, _, _ = session
    symbols = client.result("workspace/symbol", {"query": ""})
    assert {s["name"] for s in symbols} >= {"D", "Example", "Mlp", "block"}
    for s in symbols:
        assert s["kind"] in declared.workspace_symbol_kinds, s


def test_code_actions_as_literals_or_commands(session):
    client, declared, uri, server, diagnostics = session
    fix_range = next(d for d in diagnostics if d["code"] == "E0102")["range"]
    actions = client.result(
        "textDocument/codeAction",
        {"textDocument": {"uri": uri}, "range": fix_range, "context": {"diagnostics": []}},
    )
    if not declared.code_action_literals and not declared.apply_edit:
        assert actions == []
        return
    (action,) = actions
    assert action["title"]
    if declared.code_action_literals:
        assert action["kind"] == "quickfix"
        assert ("isPreferred" in action) == declared.preferred_code_actions
        (edit,) = action["edit"]["changes"][uri]
        assert edit["newText"] == "x"
        return
    # A Command: executing it makes the server ask the client to apply the edit.
    assert set(action) == {"title", "command", "arguments"}
    assert action["command"] in server["executeCommandProvider"]["commands"]
    client.result("workspace/executeCommand", {"command": action["command"], "arguments": action["arguments"]})
    apply = client.wait_for(lambda m: m.get("method") == "workspace/applyEdit", what="workspace/applyEdit")
    (edit,) = apply["params"]["edit"]["changes"][uri]
    assert edit["newText"] == "x" and edit["range"] == fix_range
    # Once the document changed, the old Command is refused.
    client.change(uri, 2, [{"range": fix_range, "text": "x"}])
    stale = client.request("workspace/executeCommand", {"command": action["command"], "arguments": action["arguments"]})
    assert stale["error"]["code"] == -32803 and "changed" in stale["error"]["message"]


def test_rename_answers(session):
    client, declared, uri, _, _ = session
    position = at(SOURCE, "    h = x", "h")
    prepared = request_at(client, uri, "textDocument/prepareRename", position)
    assert prepared["placeholder"] == "h"
    edit = request_at(client, uri, "textDocument/rename", position, newName="hidden")
    assert len(edit["changes"][uri]) == 3


def test_pull_diagnostics_then_no_more_pushes(session):
    client, declared, uri, server, pushed = session
    if not declared.pull_diagnostics:
        return  # push only, as above: the server advertised nothing to pull
    report = client.result("textDocument/diagnostic", {"textDocument": {"uri": uri}})
    assert report["kind"] == "full" and report["items"] == pushed
    # The first pull clears what was pushed.
    cleared = client.diagnostics(uri, 1)
    assert cleared["diagnostics"] == []
    same = client.result(
        "textDocument/diagnostic", {"textDocument": {"uri": uri}, "previousResultId": report["resultId"]}
    )
    assert same == {"kind": "unchanged", "resultId": report["resultId"]}
    # Fixing `xx` leaves E0408: a new full report, for the new version.
    fix = next(d for d in pushed if d["code"] == "E0102")["range"]
    client.change(uri, 2, [{"range": fix, "text": "x"}])
    after = client.result(
        "textDocument/diagnostic", {"textDocument": {"uri": uri}, "previousResultId": report["resultId"]}
    )
    assert after["kind"] == "full" and [d["code"] for d in after["items"]] == ["E0408"]
    workspace = client.result("workspace/diagnostic", {"previousResultIds": [{"uri": uri, "value": after["resultId"]}]})
    assert workspace["items"] == [{"kind": "unchanged", "resultId": after["resultId"], "uri": uri, "version": 2}]
    fresh = client.result("workspace/diagnostic", {"previousResultIds": []})["items"]
    assert [(r["uri"], r["kind"], r["version"], r["items"]) for r in fresh] == [(uri, "full", 2, after["items"])]
    # Nothing is pushed once the client pulls, though the next check finds an error again.
    seen = len(client.received)
    client.change(uri, 3, [{"range": fix, "text": "xx"}])
    client.result("textDocument/hover", {"textDocument": {"uri": uri}, "position": at(SOURCE, "    h = x", "h")})
    assert [m for m in client.received[seen:] if m.get("method") == "textDocument/publishDiagnostics"] == []


def range_of(line_text: str, word: str, after: int = 0) -> dict:
    start = position_of(SOURCE, SOURCE.index(word, SOURCE.index(line_text)) + after)
    end = position_of(SOURCE, SOURCE.index(word, SOURCE.index(line_text)) + after + len(word))
    return {"start": start, "end": end}


def test_type_definition_goes_to_the_model(session):
    client, _, uri, _, _ = session
    (target,) = request_at(client, uri, "textDocument/typeDefinition", at(SOURCE, "fn block(m", "m"))
    assert target == {"uri": uri, "range": range_of("model Mlp", "Mlp")}
    assert request_at(client, uri, "textDocument/typeDefinition", at(SOURCE, "fn block(m", "x")) == []


def test_call_hierarchy_from_the_call_sites(session):
    client, _, uri, _, _ = session
    (block,) = request_at(client, uri, "textDocument/prepareCallHierarchy", at(SOURCE, "fn block", "block"))
    assert (block["name"], block["kind"], block["uri"]) == ("block", 12, uri)
    assert block["selectionRange"] == range_of("fn block", "block")
    incoming = client.result("callHierarchy/incomingCalls", {"item": block})
    (call,) = incoming
    assert call["from"]["name"] == "forward"
    calls = "    return block(m, block"
    assert call["fromRanges"] == [range_of(calls, "block"), range_of(calls, "block", len("block(m, "))]
    (forward,) = request_at(client, uri, "textDocument/prepareCallHierarchy", at(SOURCE, calls, "block"))
    assert forward["name"] == "block"
    (caller,) = request_at(client, uri, "textDocument/prepareCallHierarchy", at(SOURCE, "fn forward", "forward"))
    (out,) = client.result("callHierarchy/outgoingCalls", {"item": caller})
    assert out["to"]["name"] == "block" and len(out["fromRanges"]) == 2
    assert client.result("callHierarchy/outgoingCalls", {"item": block}) == []
    assert request_at(client, uri, "textDocument/prepareCallHierarchy", at(SOURCE, "dim D", "D")) is None
