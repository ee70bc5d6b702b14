"""Mutants of .ss files: the tokens of a file swapped, deleted, duplicated
or copied over another, and the spaces between two tokens replaced by odd
whitespace (a vertical tab, a form feed, a tab), for the formatter.

Mutant k of a run with seed s is a function of (s, k) and the corpus alone,
so any mutant is made again from the numbers a report prints."""

import random
import re

# A rough lexer, enough to cut a file at token boundaries: comments and
# whitespace are kept in place, never mutated.
_TOKEN = re.compile(
    r"""
      (?P<skip>[ \t\f\v\r\n]+|\#[^\n]*)
    | "(?:[^"\\\n]|\\.)*"?                                      # a string
    | \d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?(?:[^\W\d]\w*)?   # 768, 1e-5, 16gh
    | [^\W\d]\w*                                                # a name or keyword
    | \|>|->|\.\.|\*\*|//|==|!=|<=|>=|\+=|-=|\*=|/=
    | .
    """,
    re.VERBOSE | re.DOTALL,
)

# What the whitespace mutation writes between two tokens of a line.
ODD_SPACES = ("\v", "\f", "\t", " \v ", "\f ", "  ")


def tokens(text):
    """The (begin, end) of each token of `text`, in order."""
    return [(m.start(), m.end()) for m in _TOKEN.finditer(text) if m.lastgroup != "skip"]


def _kind(text):
    """name, number, string or punctuation: swaps and copies between tokens
    of one kind make more mutants that still parse."""
    c = text[0]
    return "number" if c.isdigit() else "string" if c == '"' else "name" if c.isidentifier() else "punctuation"


def _pick(rng, toks, near=None):
    if near is not None and rng.random() < 0.7:
        lo, hi = max(0, near - 8), min(len(toks) - 1, near + 8)
        return rng.randint(lo, hi)
    return rng.randrange(len(toks))


def _pick_other(rng, text, toks, i):
    """A second token for a swap or a copy: mostly one of the same kind."""
    if rng.random() < 0.7:
        a, b = toks[i]
        kind = _kind(text[a:b])
        same = [j for j, (c, d) in enumerate(toks) if j != i and _kind(text[c:d]) == kind]
        if same:
            return rng.choice(same)
    return _pick(rng, toks, near=i)


def _swap(rng, text, toks):
    i = _pick(rng, toks)
    j = _pick_other(rng, text, toks, i)
    if i == j:
        return text, None
    i, j = min(i, j), max(i, j)
    (a, b), (c, d) = toks[i], toks[j]
    what = "swap %r and %r" % (text[a:b], text[c:d])
    return text[:a] + text[c:d] + text[b:c] + text[a:b] + text[d:], what


def _delete(rng, text, toks):
    i = _pick(rng, toks)
    n = 1 if rng.random() < 0.8 else rng.randint(2, 3)
    j = min(len(toks), i + n) - 1
    a, b = toks[i][0], toks[j][1]
    return text[:a] + text[b:], "delete %r" % text[a:b]


def _duplicate(rng, text, toks):
    i = _pick(rng, toks)
    n = 1 if rng.random() < 0.7 else rng.randint(2, 3)
    j = min(len(toks), i + n) - 1
    piece = text[toks[i][0] : toks[j][1]]
    if rng.random() < 0.5:
        at = toks[j][1]  # right after itself
    else:
        at = toks[_pick(rng, toks, near=i)][0]
    return text[:at] + " " + piece + " " + text[at:], "duplicate %r at %d" % (piece, at)


def _replace(rng, text, toks):
    i = _pick(rng, toks)
    j = _pick_other(rng, text, toks, i)
    (a, b), (c, d) = toks[i], toks[j]
    return text[:a] + text[c:d] + text[b:], "replace %r by %r" % (text[a:b], text[c:d])


def _odd_space(rng, text, toks):
    if len(toks) < 2:
        return text, None
    i = rng.randrange(len(toks) - 1)
    a, b = toks[i][1], toks[i + 1][0]
    if "\n" in text[a:b] or "#" in text[a:b]:
        return text, None
    space = rng.choice(ODD_SPACES)
    return text[:a] + space + text[b:], "space %r after %r" % (space, text[toks[i][0] : a])


_MUTATIONS = ((_swap, 3), (_delete, 3), (_duplicate, 3), (_replace, 3), (_odd_space, 1))


def mutant(corpus, clean, seed, index):
    """Mutant `index` of the run `seed`: (the corpus file's index, its text,
    what was done, one line per mutation). The first mutants are the corpus
    files themselves, unchanged; then most are made of the files in `clean`
    (the indices of those that check clean), whose mutants check clean far
    more often."""
    if index < len(corpus):
        return index, corpus[index][1], []
    rng = random.Random("%d:%d" % (seed, index))
    which = rng.choice(clean) if clean and rng.random() < 0.8 else rng.randrange(len(corpus))
    text = corpus[which][1]
    done = []
    for _ in range(rng.choice((1, 1, 1, 1, 1, 1, 2, 2, 2, 3))):
        toks = tokens(text)
        if not toks:
            break
        op = rng.choices([m for m, _ in _MUTATIONS], weights=[w for _, w in _MUTATIONS])[0]
        text, what = op(rng, text, toks)
        if what:
            done.append(what)
    return which, text, done
