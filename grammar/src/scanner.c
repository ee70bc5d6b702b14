// External scanner for ShapeScript: turns indentation into INDENT, DEDENT
// and NEWLINE tokens, the way Python's grammar does.
//
// - NEWLINE is produced only where the grammar expects one, so line breaks
//   inside brackets are plain whitespace.
// - A line whose first token is `|>` continues the expression above it: no
//   NEWLINE, INDENT or DEDENT is produced before it.
// - Comment-only and blank lines never change indentation.
// - All tokens are zero-width: the newline and indentation characters are
//   skipped here and lexed again as whitespace, so comments stay in the tree.
// - The stack of indentation columns is serialized, so incremental reparses
//   resume with the right state.

#include "tree_sitter/parser.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum TokenType { NEWLINE, INDENT, DEDENT, ERROR_SENTINEL };

// Deeper nesting than this is refused (the block simply doesn't open), which
// keeps the serialized state within tree-sitter's buffer.
#define MAX_DEPTH 256

typedef struct {
    uint16_t indents[MAX_DEPTH];
    uint32_t depth;  // indents[0] is always 0
} Scanner;

static void skip(TSLexer* lexer) { lexer->advance(lexer, true); }

void* tree_sitter_shapescript_external_scanner_create(void) {
    Scanner* scanner = calloc(1, sizeof(Scanner));
    if (scanner) scanner->depth = 1;
    return scanner;
}

void tree_sitter_shapescript_external_scanner_destroy(void* payload) { free(payload); }

unsigned tree_sitter_shapescript_external_scanner_serialize(void* payload, char* buffer) {
    Scanner* scanner = payload;
    // Level 0 is implicit; store the rest, two bytes each.
    unsigned size = 0;
    for (uint32_t i = 1; i < scanner->depth; i++) {
        if (size + 2 > TREE_SITTER_SERIALIZATION_BUFFER_SIZE) break;
        buffer[size++] = (char)(scanner->indents[i] & 0xff);
        buffer[size++] = (char)(scanner->indents[i] >> 8);
    }
    return size;
}

void tree_sitter_shapescript_external_scanner_deserialize(void* payload, const char* buffer, unsigned length) {
    Scanner* scanner = payload;
    scanner->depth = 1;
    scanner->indents[0] = 0;
    for (unsigned i = 0; i + 1 < length && scanner->depth < MAX_DEPTH; i += 2) {
        uint16_t value = (uint16_t)((uint8_t)buffer[i] | ((uint8_t)buffer[i + 1] << 8));
        scanner->indents[scanner->depth++] = value;
    }
}

bool tree_sitter_shapescript_external_scanner_scan(void* payload, TSLexer* lexer, const bool* valid_symbols) {
    Scanner* scanner = payload;
    bool error_recovery = valid_symbols[ERROR_SENTINEL];

    // Every token ends here: what is skipped below is lexed again as
    // whitespace and comments after the (zero-width) token.
    lexer->mark_end(lexer);

    bool found_end_of_line = false;
    uint32_t indent = 0;
    int32_t first_comment_indent = -1;
    for (;;) {
        int32_t c = lexer->lookahead;
        if (c == '\n') {
            found_end_of_line = true;
            indent = 0;
            skip(lexer);
        } else if (c == ' ') {
            indent++;
            skip(lexer);
        } else if (c == '\t') {
            indent = (indent / 8 + 1) * 8;  // as Python; E0006 reports tabs
            skip(lexer);
        } else if (c == '\r' || c == '\f') {
            indent = 0;
            skip(lexer);
        } else if (c == '#') {
            // A comment after code on the same line: nothing to do here.
            if (!found_end_of_line) return false;
            if (first_comment_indent == -1) first_comment_indent = (int32_t)indent;
            while (!lexer->eof(lexer) && lexer->lookahead != '\n') skip(lexer);
        } else if (lexer->eof(lexer)) {
            found_end_of_line = true;
            indent = 0;
            break;
        } else {
            break;
        }
    }

    if (!found_end_of_line) return false;

    // A line starting with `|>` continues the expression above it.
    if (lexer->lookahead == '|') {
        skip(lexer);
        if (lexer->lookahead == '>') return false;
    }

    uint16_t current = scanner->indents[scanner->depth - 1];

    if (valid_symbols[INDENT] && indent > current && scanner->depth < MAX_DEPTH) {
        scanner->indents[scanner->depth++] = (uint16_t)(indent > 0xffff ? 0xffff : indent);
        lexer->result_symbol = INDENT;
        return true;
    }

    // Dedent where the grammar allows it, or, outside of any construct
    // that wants a newline, to help error recovery close blocks. Wait for
    // comments that still belong to the current block.
    // A line dedented to a column between two open blocks (4 and 8, line at
    // 6) stays in the inner one; E0005 then reports its column, and the
    // lines after it parse as the user meant.
    uint16_t enclosing = scanner->depth > 1 ? scanner->indents[scanner->depth - 2] : 0;
    if ((valid_symbols[DEDENT] || (!valid_symbols[NEWLINE] && error_recovery)) && indent < current &&
        indent <= enclosing && scanner->depth > 1 && first_comment_indent < (int32_t)current) {
        scanner->depth--;
        lexer->result_symbol = DEDENT;
        return true;
    }

    if (valid_symbols[NEWLINE] && !error_recovery) {
        lexer->result_symbol = NEWLINE;
        return true;
    }

    return false;
}
