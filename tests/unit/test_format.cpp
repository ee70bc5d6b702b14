// The formatter (server/format, docs/formatting.md): exact output on messy
// inputs, refusal of syntax errors at their offset, and its guarantees on
// every example and clean grammar corpus input: idempotent, the same tokens
// and comments, and the same result whatever the spacing inside lines.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "format/format.hpp"
#include "syntax/syntax_check.hpp"
#include "syntax/syntax_tree.hpp"
#include "syntax_test_util.hpp"

using ss::format::format_source;
using ss::format::FormatOptions;
using ss::format::FormatRefused;

namespace {

// A leaf of the concrete tree: its type, its text and where it is. Written
// here rather than taken from the formatter, so the tests check it.
struct Token {
    std::string type;
    std::string text;
    uint32_t begin = 0;
    uint32_t end = 0;
    bool operator==(const Token& o) const { return type == o.type && text == o.text; }
};

std::vector<Token> tokens_of(const std::string& text) {
    ss::syntax::SyntaxTree tree{text};
    std::vector<Token> out;
    for (const auto& chunk : tree.chunks()) {
        TSTreeCursor cursor = ts_tree_cursor_new(chunk.root);
        for (;;) {
            if (ts_tree_cursor_goto_first_child(&cursor)) continue;
            TSNode node = ts_tree_cursor_current_node(&cursor);
            if (ts_node_end_byte(node) > ts_node_start_byte(node))
                out.push_back({ts_node_type(node), std::string(chunk.node_text(node)),
                               chunk.base + ts_node_start_byte(node), chunk.base + ts_node_end_byte(node)});
            bool done = false;
            while (!ts_tree_cursor_goto_next_sibling(&cursor))
                if (!ts_tree_cursor_goto_parent(&cursor)) {
                    done = true;
                    break;
                }
            if (done) break;
        }
        ts_tree_cursor_delete(&cursor);
    }
    return out;
}

std::string trim_right(std::string s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n')) s.pop_back();
    return s;
}

// Code tokens (type and text) and comments (without trailing spaces), apart.
std::pair<std::vector<Token>, std::vector<std::string>> meaning_of(const std::string& text) {
    std::vector<Token> code;
    std::vector<std::string> comments;
    for (Token& t : tokens_of(text)) {
        if (t.type == "comment") comments.push_back(trim_right(t.text));
        else code.push_back(std::move(t));
    }
    return {code, comments};
}

// A syntax diagnostic, or an error in the tree (which the diagnostics miss
// for a missing NEWLINE: `x = a  y = b` on one line).
bool has_syntax_error(const std::string& text) {
    for (const auto& d : ss::syntax::check_syntax(text))
        if (d.severity == ss::Severity::Error) return true;
    ss::syntax::SyntaxTree tree{text};
    for (const auto& chunk : tree.chunks())
        if (ts_node_has_error(chunk.root)) return true;
    return false;
}

std::string fmt(const std::string& text, const FormatOptions& options = {}) {
    auto result = format_source(text, options);
    if (auto* refused = std::get_if<FormatRefused>(&result)) {
        FAIL("refused at " << refused->offset << ": " << refused->reason);
        return {};
    }
    return std::get<std::string>(result);
}

FormatRefused refused(const std::string& text) {
    auto result = format_source(text);
    REQUIRE(std::holds_alternative<FormatRefused>(result));
    return std::get<FormatRefused>(result);
}

// Every example, recursively (examples/mistakes too), by its path.
std::vector<std::pair<std::string, std::string>> examples() {
    std::vector<std::pair<std::string, std::string>> out;
    const std::filesystem::path root = std::filesystem::path(SS_SOURCE_DIR);
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root / "examples"))
        if (entry.is_regular_file() && entry.path().extension() == ".ss") {
            std::string relative = std::filesystem::relative(entry.path(), root).string();
            out.emplace_back(relative, ss::test::read_source_file(relative));
        }
    std::sort(out.begin(), out.end());
    return out;
}

// The inputs of grammar/test/corpus/*.txt: between a test's closing `===`
// header line and its `---` line.
std::vector<std::pair<std::string, std::string>> corpus_inputs() {
    std::vector<std::pair<std::string, std::string>> out;
    const std::filesystem::path folder = std::filesystem::path(SS_SOURCE_DIR) / "grammar" / "test" / "corpus";
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(folder))
        if (entry.path().extension() == ".txt") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    auto all_of_char = [](std::string line, char c) {
        line = trim_right(line);
        return line.size() >= 3 && line.find_first_not_of(c) == std::string::npos;
    };
    for (const auto& file : files) {
        std::string text = ss::test::read_source_file("grammar/test/corpus/" + file.filename().string());
        std::vector<std::string> lines;
        for (size_t at = 0; at <= text.size();) {
            size_t end = text.find('\n', at);
            if (end == std::string::npos) end = text.size();
            lines.push_back(text.substr(at, end - at + (end < text.size() ? 1 : 0)));
            at = end + 1;
        }
        enum { Outside, Header, Input } state = Outside;
        std::string name, input;
        for (const std::string& line : lines) {
            if (state == Outside && all_of_char(line, '=')) {
                state = Header;
                name.clear();
            } else if (state == Header) {
                if (all_of_char(line, '=')) {
                    state = Input;
                    input.clear();
                } else if (name.empty()) {
                    name = file.filename().string() + ": " + trim_right(line);
                }
            } else if (state == Input) {
                if (all_of_char(line, '-')) {
                    out.emplace_back(name, input);
                    state = Outside;
                } else {
                    input += line;
                }
            }
        }
    }
    return out;
}

// The idempotence and meaning checks on one text that has no syntax error.
void check_guarantees(const std::string& text) {
    const std::string once = fmt(text);
    CHECK(fmt(once) == once);
    auto [code, comments] = meaning_of(text);
    auto [code_after, comments_after] = meaning_of(once);
    CHECK(code == code_after);
    CHECK(comments == comments_after);
    CHECK_FALSE(has_syntax_error(once));
    // The layout rules hold on the result.
    CHECK((once.empty() || once.back() == '\n'));
    CHECK(once.find('\r') == std::string::npos);
    CHECK(once.find(" \n") == std::string::npos);
    CHECK(once.find("\n\n\n\n") == std::string::npos);
    CHECK(once.find("\n\t") == std::string::npos);  // tabs only inside comments and strings
}

}  // namespace

// ------------------------------------------------------------ exact output

TEST_CASE("format: spacing around operators, commas, colons and brackets") {
    const std::string in =
        "dim D=768\n"
        "dim  Dh = D/H\n"
        "fn f( x:[b  n D],w : [D 3*D] ,eps: float=1e-5 )->[ b n D ] :\n"
        "    y=x@w|>softmax( over = D )\n"
        "    if not y  and x>0:\n"
        "        return -y [ 0 ] [n : ..4] ** 2\n"
        "    for i in 0 .. n :\n"
        "        x [ 8 .. ] += 2*i\n"
        "    a , b = ( y , ) , [ ]\n"
        "    return x as [ b n D ] Logit over D\n";
    const std::string want =
        "dim D = 768\n"
        "dim Dh = D / H\n"
        "fn f(x: [b n D], w: [D 3*D], eps: float = 1e-5) -> [b n D]:\n"
        "    y = x @ w |> softmax(over=D)\n"
        "    if not y and x > 0:\n"
        "        return -y[0][n: ..4] ** 2\n"
        "    for i in 0..n:\n"
        "        x[8..] += 2 * i\n"
        "    a, b = (y,), []\n"
        "    return x as [b n D] Logit over D\n";
    CHECK(fmt(in) == want);
}

TEST_CASE("format: items, types, patterns and devices") {
    const std::string in =
        "devices cuda : 0 ,cuda:1\n"
        "devices cpu * 3\n"
        "import python numpy as np\n"
        "import python shapescript . datasets\n"
        "extern fn tanh( x : [ ..s ] ) -> [..s]=torch . tanh\n"
        "model M :\n"
        "    w1 : [ P  H ]   = normal( 0.05 )\n"
        "    wq: [L (H  Dh) D]=normal(0.02)\n"
        "data Digit:\n"
        "    image:[16gh (gh 16) n+1 Dh / 2 ?k]\n"
        "    label : Index[ C ]\n"
        "    pair: ( [n] , [ ] f32 )\n"
        "export fn g(mut m: M, k: int = -1, r: str=\"a  ,b\") -> ([n], Optimizer[M]):\n"
        "    q = einsum( q,k : b H n Dh , b H m Dh->b H n m )|>rearrange( b n ( H Dh ) -> b H n Dh )\n"
        "    s = reduce(x: b n D -> b, sum) |> repeat(n -> n r, r = 3) |> split(b n ->)\n"
        "    return masked_fill(! causal [ n m ], - inf, value=- 1)\n";
    const std::string want =
        "devices cuda:0, cuda:1\n"
        "devices cpu*3\n"
        "import python numpy as np\n"
        "import python shapescript.datasets\n"
        "extern fn tanh(x: [..s]) -> [..s] = torch.tanh\n"
        "model M:\n"
        "    w1: [P H] = normal(0.05)\n"
        "    wq: [L (H Dh) D] = normal(0.02)\n"
        "data Digit:\n"
        "    image: [16gh (gh 16) n+1 Dh/2 ?k]\n"
        "    label: Index[C]\n"
        "    pair: ([n], [] f32)\n"
        "export fn g(mut m: M, k: int = -1, r: str = \"a  ,b\") -> ([n], Optimizer[M]):\n"
        "    q = einsum(q, k: b H n Dh, b H m Dh -> b H n m) |> rearrange(b n (H Dh) -> b H n Dh)\n"
        "    s = reduce(x: b n D -> b, sum) |> repeat(n -> n r, r=3) |> split(b n ->)\n"
        "    return masked_fill(!causal[n m], -inf, value=-1)\n";
    CHECK(fmt(in) == want);
}

TEST_CASE("format: CRLF, trailing spaces, blank lines and 2-space indentation") {
    const std::string in =
        "\r\n\r\n"
        "# header   \r\n"
        "dim D = 4   \r\n"
        "\r\n\r\n\r\n\r\n"
        "fn f(x: [n D]) -> [n D]:  \r\n"
        "  y = x\r\n"
        "\r\n\r\n\r\n"
        "  if y:\r\n"
        "    return y\r\n"
        "  return x\r\n"
        "\r\n\r\n\r\n"
        "model M:\r\n"
        "  w: [D]\r\n"
        "\r\n\r\n";
    const std::string want =
        "# header\n"
        "dim D = 4\n"
        "\n\n"
        "fn f(x: [n D]) -> [n D]:\n"
        "    y = x\n"
        "\n"
        "    if y:\n"
        "        return y\n"
        "    return x\n"
        "\n\n"
        "model M:\n"
        "    w: [D]\n";
    CHECK(fmt(in) == want);
    // No final newline in: one out. Blank lines are kept, never added.
    CHECK(fmt("dim D = 4") == "dim D = 4\n");
    CHECK(fmt("dim D = 4\ndim E = 5\n\ndim F = 6\n") == "dim D = 4\ndim E = 5\n\ndim F = 6\n");
}

TEST_CASE("format: continuation lines: `|>` one level deeper, brackets hanging") {
    const std::string in =
        "fn f(x: [n]) -> [n]:\n"
        "    att = einsum(q, k: b H n Dh, b H m Dh -> b H n m)\n"
        "|> scale(1 / sqrt(Dh))\n"
        "\n\n"
        "                |> masked_fill(\n"
        "   !causal[n m],\n"
        "                       -inf,\n"
        "  )\n"
        "    opt = adamw(m,\n"
        "                lr=warmup(50, cosine(3e-3,\n"
        "                                     epochs * 23)),\n"
        "                weight_decay=0.01)\n"
        "    return g([\n"
        "        1, 2,\n"
        "    ], (\n"
        "            3\n"
        "            |> h\n"
        "        ))\n"
        "        |> k\n";
    const std::string want =
        "fn f(x: [n]) -> [n]:\n"
        "    att = einsum(q, k: b H n Dh, b H m Dh -> b H n m)\n"
        "        |> scale(1 / sqrt(Dh))\n"
        "\n"
        "        |> masked_fill(\n"
        "            !causal[n m],\n"
        "            -inf,\n"
        "        )\n"
        "    opt = adamw(m,\n"
        "        lr=warmup(50, cosine(3e-3,\n"
        "            epochs * 23)),\n"
        "        weight_decay=0.01)\n"
        "    return g([\n"
        "        1, 2,\n"
        "    ], (\n"
        "        3\n"
        "            |> h\n"
        "    ))\n"
        "        |> k\n";
    CHECK(fmt(in) == want);
}

TEST_CASE("format: a line the parser reads on after an operator is a continuation line") {
    // The scanner ends a statement only where one may end, so a line after a
    // dangling operator continues it; at column 0 it would start a new item.
    const std::string in =
        "dim W = D *\n"
        " 2\n"
        "fn\n"
        "  f(x: [n]) -> [n]:\n"
        "    y = x +\n"
        "            2\n"
        "    return y\n";
    const std::string want =
        "dim W = D *\n"
        "    2\n"
        "fn\n"
        "    f(x: [n]) -> [n]:\n"
        "    y = x +\n"
        "        2\n"
        "    return y\n";
    CHECK(fmt(in) == want);
    check_guarantees(in);
}

TEST_CASE("format: comments keep their lines; trailing ones get two spaces") {
    const std::string in =
        "#!comment at the top\t \n"
        "dim D = 4# trailing\n"
        "dim E = 5      # aligned\n"
        "fn f(x: [n]) -> [n]:   # on the header\n"
        "# at column 0, before the first statement\n"
        "    y = f(  # after an open bracket\n"
        "        x,  # after an argument\n"
        "          # before the closing bracket\n"
        "    )\n"
        "        |> g\n"
        "            # between continuation lines\n"
        "        |> h\n"
        "    if y:\n"
        "        return y\n"
        "        # after the last statement, in the block\n"
        "    # after the block, at the function's level\n"
        "    return x\n"
        "  # between two levels: goes with the next line\n"
        "# at the end of the function, at column 0\n"
        "\n"
        "    # indented, before a top-level item\n"
        "fn g():\n"
        "    return 1\n"
        "        # deeper than anything: stays in the block\n";
    const std::string want =
        "#!comment at the top\n"
        "dim D = 4  # trailing\n"
        "dim E = 5  # aligned\n"
        "fn f(x: [n]) -> [n]:  # on the header\n"
        "    # at column 0, before the first statement\n"
        "    y = f(  # after an open bracket\n"
        "        x,  # after an argument\n"
        "        # before the closing bracket\n"
        "    )\n"
        "        |> g\n"
        "        # between continuation lines\n"
        "        |> h\n"
        "    if y:\n"
        "        return y\n"
        "        # after the last statement, in the block\n"
        "    # after the block, at the function's level\n"
        "    return x\n"
        "# between two levels: goes with the next line\n"
        "# at the end of the function, at column 0\n"
        "\n"
        "# indented, before a top-level item\n"
        "fn g():\n"
        "    return 1\n"
        "    # deeper than anything: stays in the block\n";
    CHECK(fmt(in) == want);
    check_guarantees(in);
}

TEST_CASE("format: strings and comments are kept byte for byte") {
    const std::string in = "fn f():\n    x = load(\"a  b\\\"  ,( [ ]\")  #  spaced   text, kept  \n";
    CHECK(fmt(in) == "fn f():\n    x = load(\"a  b\\\"  ,( [ ]\")  #  spaced   text, kept\n");
    CHECK(fmt("# é ünïcödé  ,  \ndim É = 1  # ∑\n") == "# é ünïcödé  ,\ndim É = 1  # ∑\n");
}

TEST_CASE("format: indent width option") {
    const std::string in = "fn f(x: [n]) -> [n]:\n    if x:\n        return x\n            |> g\n    return x\n";
    FormatOptions two;
    two.indent_width = 2;
    CHECK(fmt(in, two) == "fn f(x: [n]) -> [n]:\n  if x:\n    return x\n      |> g\n  return x\n");
    CHECK(fmt(fmt(in, two)) == in);
}

TEST_CASE("format: a byte order mark at the start goes") {
    CHECK(fmt("\xEF\xBB\xBF# c\ndim D  = 4\n") == "# c\ndim D = 4\n");
    CHECK(fmt("\xEF\xBB\xBF  \n\ndim D = 4\n") == "dim D = 4\n");
}

TEST_CASE("format: empty and blank texts") {
    CHECK(fmt("") == "");
    CHECK(fmt("\n\n   \n") == "");
    CHECK(fmt("\r\n# only a comment\r\n\r\n") == "# only a comment\n");
}

// ------------------------------------------------------------------ refusal

TEST_CASE("format: refuses text with syntax errors, at the first one") {
    // ERROR node: `,,` in a parameter list.
    {
        const std::string text = "dim D = 4\nfn f(x: [n],, y) -> [n]:\n    return x\n";
        FormatRefused r = refused(text);
        CHECK(r.offset == text.find(",,"));
        CHECK(r.reason.find("E0001") != std::string::npos);
    }
    // MISSING node: the parameter list is never closed.
    {
        const std::string text = "fn f(x: [b n D] -> [b n D]:\n    return x\n";
        FormatRefused r = refused(text);
        CHECK(r.offset == text.find(" ->"));
        CHECK(r.reason == "expected `)` here (E0002)");
    }
    // A block header without its `:`.
    {
        const std::string text = "fn f(x: [n]) -> [n]\n    return x\n";
        CHECK(refused(text).offset == text.find('\n'));
    }
    // A dangling operator, two errors: the first one wins.
    {
        const std::string text = "fn f(x: [n]) -> [n]:\n    y = x +\n    return y\nfn g(:\n    return 1\n";
        FormatRefused r = refused(text);
        CHECK(r.offset >= text.find("x +"));
        CHECK(r.offset < text.find("fn g"));
    }
    // Bad bytes: invalid UTF-8, NUL, tab in indentation.
    {
        const std::string text = "dim D = 4\ndim E = 5  # caf\xE9\n";
        FormatRefused r = refused(text);
        CHECK(r.offset == text.find('\xE9'));
        CHECK(r.reason.find("UTF-8") != std::string::npos);
    }
    {
        const std::string text = std::string("dim D = 4\ndim E") + '\0' + " = 5\n";
        CHECK(refused(text).offset == 15);
    }
    {
        const std::string text = "fn f():\n\treturn 1\n";
        CHECK(refused(text).offset == text.find('\t'));
    }
    // Inconsistent indentation.
    {
        const std::string text = "fn f():\n    if x:\n        y = 1\n      z = 2\n";
        CHECK(refused(text).reason.find("E0005") != std::string::npos);
    }
    // Two statements on one line: the tree has a MISSING NEWLINE, a hidden
    // token that E0002 reports; refused after the first.
    {
        const std::string text = "fn f():\n    y = x\n    a     einsum(q, k: b -> b)\n        |> g\n    return y\n";
        FormatRefused r = refused(text);
        CHECK(r.offset == text.find("a     e") + 1);
        CHECK(r.reason == "expected the end of the line here (E0002)");
    }
    {
        const std::string text = "model M:\n    w: [n] = ones |> f(x)  v: [n] = ones\n";
        CHECK(refused(text).offset == text.find("  v:"));
    }
    // Every corpus input with an error is refused rather than guessed at.
    size_t with_errors = 0;
    for (const auto& [name, input] : corpus_inputs()) {
        if (!has_syntax_error(input)) continue;
        CAPTURE(name);
        ++with_errors;
        CHECK(std::holds_alternative<FormatRefused>(format_source(input)));
    }
    CHECK(with_errors >= 5);
}

// --------------------------------------------------------------- guarantees

TEST_CASE("format: idempotent, same tokens and comments on every example") {
    size_t formatted = 0;
    for (const auto& [path, text] : examples()) {
        CAPTURE(path);
        if (has_syntax_error(text)) {
            CHECK(std::holds_alternative<FormatRefused>(format_source(text)));
            continue;
        }
        ++formatted;
        check_guarantees(text);
    }
    CHECK(formatted >= 6);
}

TEST_CASE("format: idempotent, same tokens and comments on the grammar corpus") {
    size_t formatted = 0;
    for (const auto& [name, input] : corpus_inputs()) {
        if (has_syntax_error(input)) continue;
        CAPTURE(name);
        CAPTURE(input);
        ++formatted;
        check_guarantees(input);
    }
    CHECK(formatted >= 60);
}

TEST_CASE("format: random spacing inside lines formats the same as the original") {
    std::vector<std::pair<std::string, std::string>> inputs;
    for (auto& e : examples())
        if (!has_syntax_error(e.second)) inputs.push_back(e);
    for (auto& c : corpus_inputs())
        if (!has_syntax_error(c.second)) inputs.push_back(c);
    REQUIRE(inputs.size() > 60);
    std::mt19937 rng(20260501);
    size_t perturbed_gaps = 0;
    for (const auto& [name, text] : inputs) {
        CAPTURE(name);
        const std::string want = fmt(text);
        const std::vector<Token> tokens = tokens_of(text);
        if (tokens.empty()) continue;
        for (int round = 0; round < 4; ++round) {
            // gaps[i]: the text between token i-1 and token i (gaps[0]
            // before the first; the end of the text after the last).
            std::vector<std::string> original, gaps;
            for (size_t i = 0; i <= tokens.size(); ++i) {
                uint32_t begin = i == 0 ? 0 : tokens[i - 1].end;
                uint32_t end = i == tokens.size() ? static_cast<uint32_t>(text.size()) : tokens[i].begin;
                original.push_back(text.substr(begin, end - begin));
            }
            gaps = original;
            int depth = 0;  // brackets open before token i
            for (size_t i = 1; i < tokens.size(); ++i) {
                const std::string& before = tokens[i - 1].type;
                depth += (before == "(" || before == "[") - (before == ")" || before == "]");
                std::string& gap = gaps[i];
                size_t newline = gap.rfind('\n');
                if (newline == std::string::npos) {
                    // Same line: none, one or a few spaces (tabs too).
                    static const char* choices[] = {"", " ", "   ", " \t ", "", " "};
                    gap = choices[rng() % std::size(choices)];
                } else {
                    // Between lines: trailing spaces, CRLF, and any indentation
                    // for a `|>` line or a line inside brackets, which the
                    // parser doesn't look at (but not column 0, which starts
                    // an item).
                    std::string indent = gap.substr(newline + 1);
                    if ((tokens[i].type == "|>" || depth > 0) && tokens[i].type != "comment")
                        indent = std::string(1 + rng() % 12, ' ');
                    std::string breaks = gap.substr(0, newline + 1);
                    std::string rebuilt;
                    for (char c : breaks) {
                        if (c == '\n') {
                            rebuilt += std::string(rng() % 3, ' ');
                            if (rng() % 2) rebuilt += '\r';
                        }
                        if (c != '\r' && c != ' ') rebuilt += c;
                    }
                    gap = rebuilt + indent;
                }
            }
            auto join = [&] {
                std::string out = gaps[0];
                for (size_t i = 0; i < tokens.size(); ++i) out += tokens[i].text + gaps[i + 1];
                return out;
            };
            // Where a change merges tokens (`b n` to `bn`) or splits them,
            // put the source's spacing back around it, until none does.
            std::string messy = join();
            for (int attempt = 0; attempt < 1000; ++attempt) {
                std::vector<Token> now = tokens_of(messy);
                size_t differ = 0;
                while (differ < now.size() && differ < tokens.size() && now[differ] == tokens[differ]) ++differ;
                if (differ == tokens.size() && now.size() == tokens.size() && !has_syntax_error(messy)) break;
                if (differ == tokens.size() && now.size() == tokens.size()) {
                    gaps = original;  // a structural change: give up on this round
                } else {
                    for (size_t g = differ == 0 ? 0 : differ - 1; g <= std::min(differ + 1, tokens.size()); ++g)
                        gaps[g] = original[g];
                }
                messy = join();
            }
            for (size_t i = 0; i < gaps.size(); ++i) perturbed_gaps += gaps[i] != original[i];
            CAPTURE(messy);
            REQUIRE(meaning_of(messy).first == meaning_of(text).first);
            CHECK(fmt(messy) == want);
        }
    }
    CHECK(perturbed_gaps > 10000);
}

TEST_CASE("format: random edits of the examples: refused or formatted with the guarantees, never a crash") {
    const char* pieces[] = {"",     " ",           "\n",     "    ",        "(",       ")",
                            "[",    "]",           ":",      ",",           "|> f(x)", "\n    |> g",
                            "x",    "@",           "fn ",    "dim Q = ",    "as [n]",  "..",
                            "->",   "?k",          "..s",    "over=",       "einsum(", "b n ->",
                            "=",    "+",           "!",      "causal[n m]", "return",  "if x:\n        ",
                            "\t",   "#",           "\"",     "é",           "0",       "-inf",
                            "\r\n", "  # c\n",     "\n\n\n", "\n# c\n",     "(\n",     "\n)",
                            "-",    "\n  # deep\n"};
    std::vector<std::string> texts;
    for (auto& e : examples())
        if (!has_syntax_error(e.second)) texts.push_back(e.second);
    REQUIRE(!texts.empty());
    // SS_FORMAT_SEED and SS_FORMAT_ROUNDS run other or more edits by hand.
    const char* seed = std::getenv("SS_FORMAT_SEED");
    std::mt19937 rng(seed ? static_cast<unsigned>(std::atoi(seed)) : 7u);
    size_t formatted = 0;
    const int rounds = std::getenv("SS_FORMAT_ROUNDS") ? std::atoi(std::getenv("SS_FORMAT_ROUNDS")) : 1500;
    for (int round = 0; round < rounds; ++round) {
        std::string text = texts[rng() % texts.size()];
        int edits = 1 + static_cast<int>(rng() % 4);
        for (int e = 0; e < edits; ++e) {
            size_t at = text.empty() ? 0 : rng() % text.size();
            size_t length = std::min<size_t>(rng() % 6, text.size() - at);
            text.replace(at, length, pieces[rng() % std::size(pieces)]);
        }
        CAPTURE(text);
        std::variant<std::string, FormatRefused> result;
        REQUIRE_NOTHROW(result = format_source(text));
        if (auto* no = std::get_if<FormatRefused>(&result)) {
            CAPTURE(no->reason);
            CAPTURE(no->offset);
            CHECK(has_syntax_error(text));
            CHECK(no->offset <= text.size());
            CHECK(no->reason.find("internal error") == std::string::npos);
            continue;
        }
        ++formatted;
        CHECK_FALSE(has_syntax_error(text));
        check_guarantees(text);
    }
    CHECK(formatted > 100);
}

TEST_CASE("format: docs/formatting.md: its example formats as shown, its other examples are formatted") {
    const std::string doc = ss::test::read_source_file("docs/formatting.md");
    std::vector<std::string> blocks;
    for (size_t at = doc.find("```ss\n"); at != std::string::npos; at = doc.find("```ss\n", at)) {
        size_t begin = at + 6, end = doc.find("```", begin);
        REQUIRE(end != std::string::npos);
        // Blocks in lists are indented: take the fence's indentation off.
        size_t line_start = doc.rfind('\n', at) + 1;
        std::string indent = doc.substr(line_start, at - line_start), block;
        for (size_t p = begin; p < end;) {
            size_t nl = doc.find('\n', p);
            std::string line = doc.substr(p, nl - p + 1);
            if (line.rfind(indent, 0) == 0) line = line.substr(indent.size());
            block += line;
            p = nl + 1;
        }
        blocks.push_back(trim_right(block) + "\n");
        at = end + 3;
    }
    REQUIRE(blocks.size() >= 4);
    const size_t messy = doc.find("formats to");
    REQUIRE(messy != std::string::npos);
    size_t checked = 0;
    for (size_t i = 0; i < blocks.size(); ++i) {
        CAPTURE(blocks[i]);
        if (i + 1 < blocks.size() && blocks[i].find("# messy") != std::string::npos) {
            CHECK(fmt(blocks[i]) == blocks[i + 1]);
            ++checked;
        } else if (!has_syntax_error(blocks[i])) {
            CHECK(fmt(blocks[i]) == blocks[i]);
            ++checked;
        }
    }
    CHECK(checked >= 2);
}
