// The text context (text_context.hpp): a lexer over the item the offset is
// in, and what the brackets still open there are.
#include "ide/text_context.hpp"

#include <cctype>

#include "syntax/keywords.hpp"

namespace ss::ide::text {

bool ident_start(char c) {
    auto u = static_cast<unsigned char>(c);
    return std::isalpha(u) || c == '_' || u >= 0x80;
}

bool ident_char(char c) {
    auto u = static_cast<unsigned char>(c);
    return std::isalnum(u) || c == '_' || u >= 0x80;
}

bool is(const Token& t, std::string_view text) {
    return (t.kind == TokenKind::Punct || t.kind == TokenKind::Keyword) && t.text == text;
}

// A name where a name may be: identifiers, and `over` (a parameter's and a
// keyword argument's name in built-ins).
bool is_name(const Token& t) {
    return t.kind == TokenKind::Identifier || (t.kind == TokenKind::Keyword && t.text == "over");
}

// Whether the next token starts a type: after `->`, `as`, a parameter's
// or a field's `:`, and inside a tuple type or type arguments.
bool type_position(const TextContext& c) {
    if (c.tokens.empty()) return false;
    const Token& p = c.tokens.back();
    const Bracket* inner = c.open.empty() ? nullptr : &c.open.back();
    bool inner_here = inner && p.depth == static_cast<int>(c.open.size());
    if (is(p, "->")) return !(inner && inner->role == BracketRole::PatternCall);
    if (is(p, "as")) return c.item != ItemKind::Import;
    if (is(p, ":")) {
        if (inner_here && inner->role == BracketRole::ParamList) return true;
        if (p.depth == 0 && (c.item == ItemKind::Model || c.item == ItemKind::Data) && c.tokens.size() >= 3) {
            const Token& name = c.tokens[c.tokens.size() - 2];
            const Token& before = c.tokens[c.tokens.size() - 3];
            return is_name(name) && before.kind == TokenKind::Newline;
        }
        return false;
    }
    if (inner_here && (is(p, "(") || is(p, ",")) && inner->role == BracketRole::TupleType) return true;
    if (inner_here && (is(p, "[") || is(p, ",")) && inner->role == BracketRole::TypeArgs) return true;
    return false;
}

// Whether the last token (an identifier) is a type's name: it stands at
// a type position, or after a tensor type's axes (its element type).
bool type_name_position(const TextContext& c) {
    if (c.tokens.empty()) return false;
    TextContext before;
    before.item = c.item;
    before.tokens.assign(c.tokens.begin(), c.tokens.end() - 1);
    before.open = c.open;
    return type_position(before) || element_position(before);
}

// After the `]` of a tensor type: where its element type goes.
bool element_position(const TextContext& c) {
    if (c.tokens.empty()) return false;
    const Token& p = c.tokens.back();
    return p.kind == TokenKind::Punct && p.text == "]" && p.closes == BracketRole::TensorType;
}

namespace {

class Lexer {
public:
    Lexer(std::string_view text, uint32_t begin, uint32_t end, uint32_t offset, ItemKind item, TextContext& out)
        : text_(text), end_(end), offset_(offset), out_(out) {
        pos_ = begin;
        out_.item = item;
    }

    void run() {
        while (pos_ < end_) {
            char c = text_[pos_];
            if (c == '\n') {
                newline();
                ++pos_;
            } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\\') {
                ++pos_;
            } else if (c == '#') {
                uint32_t start = pos_;
                while (pos_ < end_ && text_[pos_] != '\n') ++pos_;
                if (start < offset_ && pos_ >= offset_) out_.in_comment_or_string = true;
            } else if (c == '"') {
                uint32_t start = pos_++;
                while (pos_ < end_ && text_[pos_] != '"' && text_[pos_] != '\n')
                    pos_ += (text_[pos_] == '\\' && pos_ + 1 < end_ && text_[pos_ + 1] != '\n') ? 2 : 1;
                bool closed = pos_ < end_ && text_[pos_] == '"';
                if (closed) ++pos_;
                if (start < offset_ && (pos_ > offset_ || (!closed && pos_ >= offset_)))
                    out_.in_comment_or_string = true;
                push(TokenKind::String, start, pos_);
            } else if (std::isdigit(static_cast<unsigned char>(c))) {
                number();
            } else if (ident_start(c)) {
                uint32_t start = pos_;
                while (pos_ < end_ && ident_char(text_[pos_])) ++pos_;
                std::string_view word = text_.substr(start, pos_ - start);
                push(syntax::is_keyword(word) ? TokenKind::Keyword : TokenKind::Identifier, start, pos_);
            } else {
                punct();
            }
        }
    }

private:
    void push(TokenKind kind, uint32_t begin, uint32_t end) {
        Token t;
        t.kind = kind;
        t.begin = begin;
        t.end = end;
        t.text = text_.substr(begin, end - begin);
        t.depth = static_cast<int>(out_.open.size());
        out_.tokens.push_back(t);
    }

    // A line break ends a statement outside brackets, unless the next line
    // with code continues it with `|>`.
    void newline() {
        if (!out_.open.empty() || out_.tokens.empty() || out_.tokens.back().kind == TokenKind::Newline) return;
        uint32_t i = pos_ + 1;
        while (i < end_) {
            char c = text_[i];
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                ++i;
            } else if (c == '#') {
                while (i < end_ && text_[i] != '\n') ++i;
            } else {
                break;
            }
        }
        if (i + 1 < end_ && text_[i] == '|' && text_[i + 1] == '>') return;
        push(TokenKind::Newline, pos_, pos_ + 1);
    }

    void number() {
        uint32_t start = pos_;
        auto digits = [&] {
            while (pos_ < end_ && (std::isdigit(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) ++pos_;
        };
        digits();
        if (pos_ + 1 < end_ && text_[pos_] == '.' && std::isdigit(static_cast<unsigned char>(text_[pos_ + 1]))) {
            ++pos_;
            digits();
        }
        if (pos_ < end_ && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
            uint32_t e = pos_ + 1;
            if (e < end_ && (text_[e] == '+' || text_[e] == '-')) ++e;
            if (e < end_ && std::isdigit(static_cast<unsigned char>(text_[e]))) {
                pos_ = e;
                digits();
            }
        }
        push(TokenKind::Number, start, pos_);
    }

    void punct() {
        static const std::string_view two[] = {"->", "|>", "..", "==", "!=", "<=", ">=",
                                               "**", "//", "+=", "-=", "*=", "/="};
        uint32_t start = pos_;
        uint32_t length = 1;
        if (pos_ + 1 < end_)
            for (std::string_view t : two)
                if (text_.substr(pos_, 2) == t) length = 2;
        // A byte that starts no token (a stray `$`) is a token of its own.
        pos_ += length;
        char c = text_[start];
        if (c == '(' || c == '[' || c == '{') {
            Bracket b = classify(c);
            push(TokenKind::Punct, start, pos_);
            b.open = out_.tokens.size() - 1;
            b.argument_start = b.open + 1;
            out_.open.push_back(std::move(b));
            return;
        }
        if (c == ')' || c == ']' || c == '}') {
            BracketRole role = BracketRole::Paren;
            if (!out_.open.empty()) {
                role = out_.open.back().role;
                out_.open.pop_back();
            }
            push(TokenKind::Punct, start, pos_);
            out_.tokens.back().closes = role;
            return;
        }
        push(TokenKind::Punct, start, pos_);
        if (out_.open.empty()) return;
        Bracket& b = out_.open.back();
        size_t index = out_.tokens.size() - 1;
        if (c == ',' && length == 1) {
            ++b.commas;
            b.argument_start = index + 1;
        } else if (c == ':' && b.role == BracketRole::PatternCall && b.colon == 0 && b.arrow == 0) {
            b.colon = index;
            b.commas = 0;
            b.argument_start = index + 1;
        } else if (length == 2 && out_.tokens.back().text == "->" && b.role == BracketRole::PatternCall &&
                   b.arrow == 0) {
            b.arrow = index;
        }
    }

    Bracket classify(char c) {
        Bracket b;
        const auto& tokens = out_.tokens;
        const Token* p = tokens.empty() ? nullptr : &tokens.back();
        const Token* pp = tokens.size() < 2 ? nullptr : &tokens[tokens.size() - 2];
        if (c == '{') return b;
        if (c == '(') {
            if (p && is_name(*p)) {
                if (pp && is(*pp, "fn")) {
                    b.role = BracketRole::ParamList;
                    return b;
                }
                b.callee_first = tokens.size() - 1;
                if (syntax::pattern_function(p->text) && !(pp && is(*pp, "."))) {
                    b.role = BracketRole::PatternCall;
                    b.callee = {std::string(p->text)};
                    return b;
                }
                b.role = BracketRole::Call;
                size_t i = tokens.size() - 1;
                std::vector<std::string> chain{std::string(tokens[i].text)};
                while (i >= 2 && is(tokens[i - 1], ".") && is_name(tokens[i - 2])) {
                    i -= 2;
                    chain.insert(chain.begin(), std::string(tokens[i].text));
                }
                // `f(x)(` or `x[0].f(`: the callee isn't a plain name.
                if (i >= 1 && is(tokens[i - 1], ".")) chain.clear();
                b.callee_first = i;
                b.callee = std::move(chain);
                return b;
            }
            if (p && p->kind == TokenKind::Punct && (p->text == ")" || p->text == "]")) {
                b.role = BracketRole::Call;
                b.callee_first = tokens.size() - 1;
                return b;
            }
            b.role = type_position(out_) ? BracketRole::TupleType : BracketRole::Paren;
            return b;
        }
        // '['
        if (p && is(*p, "causal")) {
            b.role = BracketRole::Causal;
        } else if (type_position(out_)) {
            b.role = BracketRole::TensorType;
        } else if (p && p->kind == TokenKind::Identifier && type_name_position(out_)) {
            b.role = BracketRole::TypeArgs;
        } else if (p && (p->kind == TokenKind::Identifier || p->kind == TokenKind::String ||
                         (p->kind == TokenKind::Punct && (p->text == ")" || p->text == "]")))) {
            b.role = BracketRole::Subscript;
        } else {
            b.role = BracketRole::List;
        }
        return b;
    }

private:
    std::string_view text_;
    uint32_t pos_ = 0;
    uint32_t end_ = 0;
    uint32_t offset_ = 0;
    TextContext& out_;
};

ItemKind item_kind(std::string_view text, uint32_t begin, uint32_t end) {
    // The item's first words, past blanks and comments.
    uint32_t i = begin;
    std::vector<std::string_view> words;
    while (i < end && words.size() < 2) {
        char c = text[i];
        if (c == '#') {
            while (i < end && text[i] != '\n') ++i;
        } else if (ident_start(c)) {
            uint32_t s = i;
            while (i < end && ident_char(text[i])) ++i;
            words.push_back(text.substr(s, i - s));
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            ++i;
        } else {
            break;
        }
    }
    if (words.empty()) return ItemKind::None;
    std::string_view w = words[0];
    std::string_view second = words.size() > 1 ? words[1] : "";
    if (w == "fn" || (w == "export" && second == "fn")) return ItemKind::Fn;
    if (w == "extern") return ItemKind::ExternFn;
    if (w == "model") return ItemKind::Model;
    if (w == "data") return ItemKind::Data;
    if (w == "dim") return ItemKind::Dim;
    if (w == "import") return ItemKind::Import;
    if (w == "devices") return ItemKind::Devices;
    return ItemKind::None;
}

}  // namespace

TextContext lex_context(const Snapshot& snapshot, uint32_t offset) {
    TextContext c;
    std::string_view text = snapshot.text;
    auto size = static_cast<uint32_t>(text.size());
    if (offset > size) offset = size;
    c.offset = offset;
    uint32_t p = offset;
    while (p > 0 && ident_char(text[p - 1])) --p;
    c.prefix_begin = p;
    c.prefix = text.substr(p, offset - p);
    uint32_t line = p;
    while (line > 0 && text[line - 1] != '\n') --line;
    c.column = p - line;
    c.at_line_start = text.substr(line, p - line).find_first_not_of(" \t\r") == std::string_view::npos;

    // The chunk (top-level item) the offset is in: the last one starting at
    // or before the identifier.
    c.item_begin = 0;
    c.item_end = size;
    for (const syntax::ChunkSpan& chunk : snapshot.tree.spans()) {
        if (chunk.begin > p) {
            c.item_end = chunk.begin;
            break;
        }
        c.item_begin = chunk.begin;
    }
    if (c.item_begin > size) c.item_begin = size;
    if (c.item_end < c.item_begin) c.item_end = c.item_begin;
    Lexer lexer(text, c.item_begin, p, offset, item_kind(text, c.item_begin, c.item_end), c);
    lexer.run();
    // A comment or string running past the offset (the lexer stopped at the
    // identifier before it).
    if (!c.in_comment_or_string) {
        uint32_t line_start = p;
        while (line_start > c.item_begin && text[line_start - 1] != '\n') --line_start;
        bool in_string = false;
        for (uint32_t i = line_start; i < offset; ++i) {
            char ch = text[i];
            if (in_string) {
                if (ch == '\\') ++i;
                else if (ch == '"') in_string = false;
            } else if (ch == '"') {
                in_string = true;
            } else if (ch == '#') {
                c.in_comment_or_string = true;
                break;
            }
        }
        if (in_string) c.in_comment_or_string = true;
    }
    return c;
}

bool is_piped(const TextContext& c, const Bracket& b) {
    if (b.role != BracketRole::Call && b.role != BracketRole::PatternCall) return false;
    return b.callee_first > 0 && b.callee_first < c.tokens.size() && is(c.tokens[b.callee_first - 1], "|>");
}

namespace {

bool ends_operand_list(const Token& t) {
    if (t.kind == TokenKind::Newline) return true;
    if (t.kind == TokenKind::Keyword)
        return t.text == "return" || t.text == "in" || t.text == "if" || t.text == "elif" || t.text == "for";
    if (t.kind != TokenKind::Punct) return false;
    return t.text == "=" || t.text == "," || t.text == ":" || t.text == "+=" || t.text == "-=" || t.text == "*=" ||
           t.text == "/=";
}

}  // namespace

ByteRange operand_before(const TextContext& c, size_t index) {
    const auto& tokens = c.tokens;
    if (index == 0 || index > tokens.size()) return {};
    int depth = tokens[index - 1].depth;
    size_t j = index;
    while (j > 0) {
        const Token& t = tokens[j - 1];
        if (t.depth < depth) break;
        if (t.depth == depth && ends_operand_list(t)) break;
        --j;
    }
    if (j >= index) return {};
    return {tokens[j].begin, tokens[index - 1].end};
}

ByteRange call_operand(const TextContext& c, const Bracket& b) {
    const auto& tokens = c.tokens;
    if (b.open >= tokens.size()) return {};
    if (is_piped(c, b)) return operand_before(c, b.callee_first - 1);
    int depth = tokens[b.open].depth + 1;
    size_t first = b.open + 1;
    size_t last = first;
    while (last < tokens.size() && !(tokens[last].depth == depth && (is(tokens[last], ",") || is(tokens[last], ":"))))
        ++last;
    if (first >= last) return {};
    if (last - first >= 2 && is_name(tokens[first]) && is(tokens[first + 1], "=")) return {};  // a keyword argument
    if (b.role == BracketRole::PatternCall && b.colon == 0) return {};  // a pattern, not an operand
    return {tokens[first].begin, tokens[last - 1].end};
}

std::string_view current_keyword(const TextContext& c, const Bracket& b) {
    const auto& tokens = c.tokens;
    size_t i = b.argument_start;
    if (i + 1 < tokens.size() && is_name(tokens[i]) && is(tokens[i + 1], "=")) return tokens[i].text;
    return {};
}

}  // namespace ss::ide::text
