"""The two exceptions the runtime raises on purpose."""


class ShapeScriptError(Exception):
    """A .ss file did not compile: `diagnostics` holds the compiler's
    diagnostics, each a dict as `shapescript check --format json` writes it
    (file, line, column, end_line, end_column, severity, code, message,
    related: its notes, each with a place and a message)."""

    def __init__(self, message, diagnostics=()):
        self.diagnostics = [dict(d) for d in diagnostics]
        self.summary = message
        super().__init__(message)

    def __str__(self):
        lines = [self.summary] if self.summary else []
        for d in self.diagnostics:
            lines.append(format_diagnostic(d))
            lines.extend(format_note(n) for n in d.get("related") or ())
        return "\n".join(lines)

    # IPython shows this instead of a Python traceback of the runtime's
    # frames, which say nothing about the user's mistake.
    def _render_traceback_(self):
        return ["ShapeScriptError: " + str(self)]


def _place(d):
    where = str(d.get("file", "<source>"))
    if d.get("line") is not None:
        where += ":%s" % d["line"]
        if d.get("column") is not None:
            where += ":%s" % d["column"]
    return where


def format_note(n):
    """`file:line:column: note: message`, a related note as `shapescript check` prints it."""
    return "%s: note: %s" % (_place(n), n.get("message", ""))


def format_diagnostic(d):
    """`file:line:column: severity[CODE]: message`, as `shapescript check` prints."""
    where = _place(d)
    severity = d.get("severity", "error")
    code = d.get("code")
    head = "%s[%s]" % (severity, code) if code else severity
    return "%s: %s: %s" % (where, head, d.get("message", ""))


class ArgumentError(ValueError):
    """A value that doesn't fit its declared type, found at run time by an
    argument check, `as`, or a dataset's conversion.

    `function` is the function's name (or, for `as`, the place `digits.ss:21`),
    `parameter` the argument (or field) name, `axis` the axis as written (None
    when the mistake isn't about one axis), `axis_index` its 1-based position,
    `expected` and `found` what the message shows."""

    def __init__(self, message, function=None, parameter=None, axis=None, expected=None, found=None, axis_index=None):
        super().__init__(message)
        self.function = function
        self.parameter = parameter
        self.axis = axis
        self.axis_index = axis_index
        self.expected = expected
        self.found = found
