"""The state of one check and its size solver: the size symbols bound so
far (`_State`), each axis sorted once into a constant, a single symbol or
a polynomial (`_axis`), a polynomial size compared with, or solved from,
the size found (`_size`), and the device and float type every tensor of a
call shares. The specs (specs.py) check values against it; `calls.py`
makes one per call, `conversion.py` one per `as`.
"""

from .errors import ArgumentError


def checks_enabled(level):
    """`--checks` / `--value-checks`: "always", "never", or "debug" (on
    unless Python runs with -O)."""
    if level == "always":
        return True
    if level == "never":
        return False
    if level == "debug":
        return __debug__
    raise ValueError('checks must be "always", "debug" or "never", not %r' % (level,))


# ---------------------------------------------------------------- the state of one check


class _State:
    """One check: the size symbols bound so far, the device every tensor
    must share, and how to name the place for messages."""

    __slots__ = (
        "function",
        "label",
        "result",
        "where",
        "spec",
        "env",
        "bound_by",
        "deferred",
        "device",
        "device_from",
        "float_dtype",
        "float_from",
        "value_checks",
        "home",
    )

    def __init__(self, function, where, spec, value_checks, label=None, result=False, device=None):
        self.function = function  # check_args, check_result: the function's name
        self.label = label or "%s()" % function  # how messages name the function
        self.result = result  # checking what the function returned, not an argument
        self.where = where  # expect/cast: "digits.ss:21"
        self.spec = spec  # expect/cast: the spec written after `as`
        self.env = {}  # symbol -> size; "..s" -> tuple of sizes
        self.bound_by = {}  # symbol -> the path that bound it
        self.deferred = None
        # The program's device (its file's `devices`), or None: then the
        # first tensor's is the one all must share. Values converted here
        # (arrays, files, checkpoints) are put there.
        self.home = device
        self.device = device
        self.device_from = None  # with a home: the program's device
        self.float_dtype = None  # what an extern fn's unwritten element type is at this call
        self.float_from = None
        self.value_checks = value_checks

    # Paths name what is checked: (param,) then items (ints) and fields (strs).
    def head(self, path):
        if self.result:
            text = "%s: result" % self.label
        elif self.function is not None:
            text = "%s: argument `%s`" % (self.label, path[0])
        else:
            text = "%s: `as %s`" % (self.where, self.spec.describe())
        for part in path[1:]:
            text += (", item %d" % (part + 1)) if isinstance(part, int) else (", field `%s`" % part)
        return text

    def fail(self, path, detail, axis=None, axis_index=None, expected=None, found=None):
        raise ArgumentError(
            "%s%s" % (self.head(path), detail),
            function=self.function if self.function is not None else self.where,
            parameter=_name(path),
            axis=axis,
            axis_index=axis_index,
            expected=expected,
            found=found,
        )

    def finish(self):
        """Sizes that had two or more unbound symbols when first seen are
        compared (or bind) once later parameters bound the others."""
        pending = self.deferred
        while pending:
            still = []
            for item in pending:
                if not _size(self, *item):
                    still.append(item)
            if len(still) == len(pending):
                break  # nothing else binds these symbols: the size is free
            pending = still
        self.deferred = None


def _name(path):
    text = str(path[0])
    for part in path[1:]:
        text += ("[%d]" % part) if isinstance(part, int) else ("." + part)
    return text


def _shape(shape):
    return "[" + ", ".join(str(n) for n in shape) + "]"


# ---------------------------------------------------------------- the size solver

# Axis kinds, sorted out once per spec.
_CONST, _SYMBOL, _POLY = 0, 1, 2


def _axis(written, terms):
    terms = tuple((int(c), tuple(syms)) for c, syms in terms)
    if all(not syms for _, syms in terms):
        return (written, _CONST, sum(c for c, _ in terms))
    if len(terms) == 1 and terms[0][0] == 1 and len(terms[0][1]) == 1:
        return (written, _SYMBOL, terms[0][1][0])
    return (written, _POLY, terms)


def _size(st, path, written, terms, number, n, shape):
    """Compares (or binds from) a polynomial size against the found size `n`.
    Returns False when it has to wait for more symbols, True when done;
    raises when it doesn't fit."""
    env = st.env
    const = 0
    linear = {}
    nonlinear = False
    for c, syms in terms:
        value = c
        free = []
        for s in syms:
            b = env.get(s)
            if b is None:
                free.append(s)
            else:
                value *= b
        if not free:
            const += value
        elif len(free) == 1:
            linear[free[0]] = linear.get(free[0], 0) + value
        else:
            nonlinear = True
    if not linear and not nonlinear:
        if const != n:
            st.fail(
                path,
                ", axis %d `%s`: expected size %d, found %d (%s has shape %s)"
                % (number, written, const, n, _name(path), _shape(shape)),
                axis=written,
                axis_index=number,
                expected=const,
                found=n,
            )
        return True
    if nonlinear or len(linear) > 1:
        return False
    ((symbol, a),) = linear.items()
    rest = n - const
    if a != 0 and rest % a == 0 and rest // a >= 0:
        env[symbol] = rest // a
        st.bound_by[symbol] = _name(path)
        return True
    if a == 0 and rest == 0:
        return True
    st.fail(
        path,
        ", axis %d `%s`: expected a size %s for a whole number %s >= 0, found %d (%s has shape %s)"
        % (number, written, written, symbol, n, _name(path), _shape(shape)),
        axis=written,
        axis_index=number,
        expected=written,
        found=n,
    )


def _check_float(st, path, x):
    """An extern fn's tensor with no element type written: any float for an
    argument, and the first such argument's for its result."""
    if not x.is_floating_point():
        st.fail(path, ": expected a float element type, found %s" % x.dtype, expected="float", found=str(x.dtype))
    if st.float_dtype is None:
        st.float_dtype, st.float_from = x.dtype, _name(path)
    elif st.result and x.dtype != st.float_dtype:
        st.fail(
            path,
            ": expected %s (bound by `%s`), found %s" % (st.float_dtype, st.float_from, x.dtype),
            expected=str(st.float_dtype),
            found=str(x.dtype),
        )


def _check_device(st, path, device):
    if st.device is None:
        st.device = device
        st.device_from = _name(path)
    elif device != st.device:
        where = "where the program runs" if st.device_from is None else "where `%s` is" % st.device_from
        st.fail(
            path,
            ": expected device %s (%s), found %s" % (st.device, where, device),
            expected=str(st.device),
            found=str(device),
        )


def _bound_value(bound, env):
    """An Index's bound as a number: a symbolic one from the sizes bound so
    far, None while a symbol it names is unbound (then only >= 0 is read)."""
    if not isinstance(bound, tuple):
        return bound
    total = 0
    for c, syms in bound[1]:
        for sym in syms:
            if env.get(sym) is None:
                return None
            c *= env[sym]
        total += c
    return total
