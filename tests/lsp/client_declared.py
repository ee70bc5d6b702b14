"""What a client declared in `initialize`, read as the LSP 3.17
specification says (each `*ClientCapabilities`), for tests that check the
server's answers against it; and the capability sets real editors send,
kept in clients/*.json (clients/README.md says where each comes from)."""

import json
from pathlib import Path
from typing import Any

CLIENTS_DIR = Path(__file__).resolve().parent / "clients"


def client_capabilities() -> dict[str, dict]:
    """Each editor's capability set by file name (`neovim-0.9`, `vscode`, ...)."""
    return {path.stem: json.loads(path.read_text("utf-8")) for path in sorted(CLIENTS_DIR.glob("*.json"))}


class Declared:
    """One client's capabilities, asked about by dotted paths."""

    def __init__(self, capabilities: dict):
        self.capabilities = capabilities

    def get(self, path: str) -> Any:
        node: Any = self.capabilities
        for key in path.split("."):
            if not isinstance(node, dict) or key not in node:
                return None
            node = node[key]
        return node

    def flag(self, path: str) -> bool:
        return self.get(path) is True

    def lists(self, path: str, value: str) -> bool:
        found = self.get(path)
        return isinstance(found, list) and value in found

    def kinds(self, path: str, first: int, last: int) -> set[int]:
        """A value set, or the protocol's first kinds when none (or an empty one) is given."""
        found = self.get(path)
        if isinstance(found, list) and found:
            return set(found)
        return set(range(first, last + 1))

    # The capabilities the server's answers depend on.

    @property
    def completion_kinds(self) -> set[int]:
        return self.kinds("textDocument.completion.completionItemKind.valueSet", 1, 18)  # Text..Reference

    @property
    def document_symbol_kinds(self) -> set[int]:
        return self.kinds("textDocument.documentSymbol.symbolKind.valueSet", 1, 18)  # File..Array

    @property
    def workspace_symbol_kinds(self) -> set[int]:
        return self.kinds("workspace.symbol.symbolKind.valueSet", 1, 18)

    @property
    def hover_markdown(self) -> bool:
        return self.lists("textDocument.hover.contentFormat", "markdown")

    @property
    def completion_markdown(self) -> bool:
        return self.lists("textDocument.completion.completionItem.documentationFormat", "markdown")

    @property
    def signature_markdown(self) -> bool:
        return self.lists("textDocument.signatureHelp.signatureInformation.documentationFormat", "markdown")

    @property
    def snippets(self) -> bool:
        return self.flag("textDocument.completion.completionItem.snippetSupport")

    @property
    def label_offsets(self) -> bool:
        return self.flag("textDocument.signatureHelp.signatureInformation.parameterInformation.labelOffsetSupport")

    @property
    def hierarchical_symbols(self) -> bool:
        return self.flag("textDocument.documentSymbol.hierarchicalDocumentSymbolSupport")

    @property
    def prepare_rename(self) -> bool:
        return self.flag("textDocument.rename.prepareSupport")

    @property
    def code_action_literals(self) -> bool:
        return isinstance(self.get("textDocument.codeAction.codeActionLiteralSupport"), dict)

    @property
    def preferred_code_actions(self) -> bool:
        return self.flag("textDocument.codeAction.isPreferredSupport")

    @property
    def apply_edit(self) -> bool:
        return self.flag("workspace.applyEdit")

    @property
    def code_description(self) -> bool:
        return self.flag("textDocument.publishDiagnostics.codeDescriptionSupport")

    @property
    def related_information(self) -> bool:
        return self.flag("textDocument.publishDiagnostics.relatedInformation")

    @property
    def pull_diagnostics(self) -> bool:
        return isinstance(self.get("textDocument.diagnostic"), dict)

    @property
    def work_done_progress(self) -> bool:
        return self.flag("window.workDoneProgress")
