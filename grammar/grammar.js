/**
 * Tree-sitter grammar for ShapeScript (.ss files).
 *
 * The language is sketched in shared/design/language.md (sections 2 to 6).
 * Indentation (INDENT, DEDENT, NEWLINE) and continuation lines that start
 * with `|>` come from the external scanner in src/scanner.c.
 *
 * Node and field names here are an interface: server/syntax/ lowers them to
 * the AST and queries/*.scm match them. Rename with care.
 */

/// <reference types="tree-sitter-cli/dsl" />
// @ts-check

const PREC = {
  as: 1,
  pipe: 2,
  or: 3,
  and: 4,
  not: 5,
  compare: 6,
  range: 7,
  bit_or: 8,
  bit_and: 9,
  plus: 10,
  times: 11,
  unary: 12,
  power: 13,
  postfix: 14,
};

// The einops-style functions whose first argument list holds a pattern.
const PATTERN_FUNCTIONS = ['rearrange', 'split', 'repeat', 'reduce', 'einsum'];

// The constructors whose first argument is a tensor type: `zeros([b H])`.
// Elsewhere their names are identifiers (`b: [D] = zeros`, a variable `ones`).
const SHAPE_FUNCTIONS = ['zeros', 'ones', 'full', 'eye', 'rand', 'randn', 'randint'];

function commaSep1(rule) {
  return seq(rule, repeat(seq(',', rule)));
}

function commaSep(rule) {
  return optional(commaSep1(rule));
}

// Zero or more, with an optional trailing comma after at least one: `f()`,
// `f(a)`, `f(a,)`, but not `f(,)`.
function commaSepTrailing(rule) {
  return optional(seq(commaSep1(rule), optional(',')));
}

// The `:` that opens a block. It may be missing in the tree (the block's
// INDENT then follows the header directly): forgetting it is the most common
// slip, and parsing on gives a precise "expected `:`" (E0002, reported by
// server/syntax) instead of an ERROR that swallows the whole function.
function blockColon() {
  return optional(':');
}

module.exports = grammar({
  name: 'shapescript',

  externals: $ => [
    $._newline,
    $._indent,
    $._dedent,
    // Never used by a rule: tree-sitter marks every external token valid
    // only during error recovery, which is how the scanner detects it.
    $._error_sentinel,
  ],

  extras: $ => [/\s/, $.comment],

  word: $ => $.identifier,

  supertypes: $ => [$._item, $._expression, $._primary_expression, $._type, $._axis],

  conflicts: $ => [
    // `einsum(q, k: ...)` starts with operands; `rearrange(b n -> n b)`
    // starts with a pattern. Which one is decided by `:` or `->` later.
    [$._primary_expression, $._size],
    // `einsum(layers.D ...` likewise: a qualified size or an attribute.
    [$._primary_expression, $.qualified_name],
    // `zeros([b H])` is a shape_call; `zeros(x)` a call of a function of
    // that name. Which one is decided by what follows `(`.
    [$._primary_expression, $.shape_call],
  ],

  rules: {
    source_file: $ => repeat($._item),

    _item: $ => choice(
      $.dim_declaration,
      $.devices_declaration,
      $.import_declaration,
      $.module_import,
      $.from_import,
      $.extern_function,
      $.function_definition,
      $.model_definition,
      $.data_definition,
    ),

    // ---------------------------------------------------------------- items

    dim_declaration: $ => seq(
      'dim',
      field('name', $.identifier),
      '=',
      field('value', $._expression),
      $._newline,
    ),

    devices_declaration: $ => seq(
      'devices',
      commaSep1(field('device', $.device)),
      $._newline,
    ),

    // `cuda:0`, `cpu`, `mps`, `cpu*3` (three CPU workers).
    device: $ => seq(
      field('kind', $.identifier),
      optional(seq(':', field('index', $.integer))),
      optional(seq('*', field('count', $.integer))),
    ),

    import_declaration: $ => seq(
      'import',
      'python',
      field('module', $.dotted_name),
      optional(seq('as', field('alias', $.identifier))),
      $._newline,
    ),

    dotted_name: $ => seq($.identifier, repeat(seq('.', $.identifier))),

    // `import layers`, `import nn.attention as attn`: another .ss file,
    // whose names are then written qualified (`layers.Block`).
    module_import: $ => seq(
      'import',
      field('module', $.dotted_name),
      optional(seq('as', field('alias', $.identifier))),
      $._newline,
    ),

    // `from layers import Block, block as layer`: names of another .ss file,
    // written unqualified.
    from_import: $ => seq(
      'from',
      field('module', $.dotted_name),
      'import',
      commaSep1(field('name', $.imported_name)),
      optional(','),
      $._newline,
    ),

    imported_name: $ => seq(
      field('name', $.identifier),
      optional(seq('as', field('alias', $.identifier))),
    ),

    // `layers.D`, `layers.Block`: a name of an imported .ss file in a type.
    qualified_name: $ => seq($.identifier, repeat1(seq('.', $.identifier))),

    extern_function: $ => seq(
      'extern',
      'fn',
      field('name', $.identifier),
      field('parameters', $.parameter_list),
      optional(seq('->', field('return_type', $._type))),
      '=',
      field('target', $.dotted_name),
      $._newline,
    ),

    function_definition: $ => seq(
      optional(field('export', 'export')),
      'fn',
      field('name', $.identifier),
      field('parameters', $.parameter_list),
      optional(seq('->', field('return_type', $._type))),
      blockColon(),
      field('body', $.block),
    ),

    parameter_list: $ => seq('(', commaSepTrailing($.parameter), ')'),

    parameter: $ => seq(
      optional(field('mut', 'mut')),
      // `over` is a keyword, but built-ins name their axis parameter so:
      // `extern fn softmax(x: [..s], over: axis) -> [..s]`.
      field('name', choice($.identifier, alias('over', $.identifier))),
      optional(seq(':', field('type', $._type))),
      optional(seq('=', field('default', $._expression))),
    ),

    model_definition: $ => seq(
      'model',
      field('name', $.identifier),
      blockColon(),
      field('body', $.field_block),
    ),

    data_definition: $ => seq(
      'data',
      field('name', $.identifier),
      blockColon(),
      field('body', $.field_block),
    ),

    field_block: $ => seq($._indent, repeat1($.field_declaration), $._dedent),

    field_declaration: $ => seq(
      field('name', $.identifier),
      blockColon(),
      field('type', $._type),
      optional(seq('=', field('initializer', $._expression))),
      $._newline,
    ),

    // ---------------------------------------------------------------- types

    _type: $ => choice($.tensor_type, $.named_type, $.tuple_type),

    // `[b n D]`, `[b n] Index[V]`, `[b n V] Logit over V`, `[] f32`.
    tensor_type: $ => prec.right(seq(
      '[',
      repeat(field('axis', $._axis)),
      ']',
      optional(field('element', $.named_type)),
    )),

    // `f32`, `Mask`, `Index[V]`, `Logit over V`, `Dataset[Digit]`, `Mlp`.
    named_type: $ => prec.right(seq(
      field('name', choice($.identifier, $.qualified_name)),
      optional(field('arguments', $.type_arguments)),
      optional(seq('over', field('over', choice($.identifier, $.qualified_name)))),
    )),

    type_arguments: $ => seq('[', commaSep1(choice($._type, $.integer)), optional(','), ']'),

    tuple_type: $ => seq('(', commaSep1($._type), optional(','), ')'),

    // ----------------------------------------------------------------- axes
    // Used by tensor types, patterns and `causal[n m]` alike.

    _axis: $ => choice($._size, $.unknown_axis, $.variadic_axis),

    _size: $ => choice(
      $.identifier,
      $.qualified_name,
      $.integer,
      $.scaled_axis,
      $.size_binary,
      $.axis_group,
    ),

    // `16gh`: a coefficient written before a name, 16·gh.
    scaled_axis: _ => token(/[0-9]+[_\p{XID_Start}][\p{XID_Continue}]*/),

    size_binary: $ => choice(
      prec.left(1, seq(field('left', $._size), field('operator', choice('+', '-')), field('right', $._size))),
      prec.left(2, seq(field('left', $._size), field('operator', choice('*', '/')), field('right', $._size))),
    ),

    // `(h w)`: one axis of size h·w; `(3 H Dh)` in a pattern.
    axis_group: $ => seq('(', repeat1(field('axis', $._axis)), ')'),

    // `?k`: a size only known at run time.
    unknown_axis: $ => seq('?', field('name', $.identifier)),

    // `..s`: any number of leading axes.
    variadic_axis: $ => seq('..', field('name', $.identifier)),

    // ----------------------------------------------------------- statements

    block: $ => seq($._indent, repeat1($._statement), $._dedent),

    _statement: $ => choice(
      seq($._simple_statement, $._newline),
      $.if_statement,
      $.for_statement,
    ),

    _simple_statement: $ => choice(
      $.expression_statement,
      $.assignment,
      $.augmented_assignment,
      $.return_statement,
    ),

    expression_statement: $ => $._expression_list,

    assignment: $ => seq(
      field('left', $._expression_list),
      '=',
      field('right', $._expression_list),
    ),

    augmented_assignment: $ => seq(
      field('left', $._expression),
      field('operator', choice('+=', '-=', '*=', '/=')),
      field('right', $._expression),
    ),

    return_statement: $ => seq('return', optional(field('value', $._expression_list))),

    if_statement: $ => seq(
      'if',
      field('condition', $._expression),
      blockColon(),
      field('consequence', $.block),
      repeat(field('alternative', $.elif_clause)),
      optional(field('alternative', $.else_clause)),
    ),

    elif_clause: $ => seq(
      'elif',
      field('condition', $._expression),
      blockColon(),
      field('consequence', $.block),
    ),

    else_clause: $ => seq('else', blockColon(), field('body', $.block)),

    // `for i in 0..n:` and `for batch in data |> batches(64):`.
    for_statement: $ => seq(
      'for',
      field('left', choice($.identifier, $.identifier_list)),
      'in',
      field('right', $._expression),
      blockColon(),
      field('body', $.block),
    ),

    identifier_list: $ => seq($.identifier, repeat1(seq(',', $.identifier)), optional(',')),

    // ---------------------------------------------------------- expressions

    _expression_list: $ => choice($._expression, $.expression_list),

    expression_list: $ => prec.right(seq(
      $._expression,
      repeat1(seq(',', $._expression)),
      optional(','),
    )),

    _expression: $ => choice(
      $.as_expression,
      $.pipe_expression,
      $.boolean_operator,
      $.not_operator,
      $.comparison_operator,
      $.range_expression,
      $.binary_operator,
      $.unary_operator,
      $._primary_expression,
    ),

    // `e as [196 D]`: a run-time checked assertion of a type.
    as_expression: $ => prec.left(PREC.as, seq(
      field('value', $._expression),
      'as',
      field('type', $._type),
    )),

    // `x |> f(a)` is `f(x, a)`; lines may start with `|>` to continue.
    pipe_expression: $ => prec.left(PREC.pipe, seq(
      field('left', $._expression),
      '|>',
      field('right', $._primary_expression),
    )),

    boolean_operator: $ => choice(
      prec.left(PREC.or, seq(field('left', $._expression), field('operator', 'or'), field('right', $._expression))),
      prec.left(PREC.and, seq(field('left', $._expression), field('operator', 'and'), field('right', $._expression))),
    ),

    not_operator: $ => prec(PREC.not, seq('not', field('argument', $._expression))),

    comparison_operator: $ => prec.left(PREC.compare, seq(
      field('left', $._expression),
      field('operator', choice('==', '!=', '<', '<=', '>', '>=')),
      field('right', $._expression),
    )),

    // `a..b`, end excluded.
    range_expression: $ => prec.left(PREC.range, seq(
      field('start', $._expression),
      '..',
      field('end', $._expression),
    )),

    binary_operator: $ => {
      const table = [
        [PREC.bit_or, '|'],
        [PREC.bit_and, '&'],
        [PREC.plus, '+'],
        [PREC.plus, '-'],
        [PREC.times, '*'],
        [PREC.times, '/'],
        [PREC.times, '//'],
        [PREC.times, '%'],
        [PREC.times, '@'],
      ];
      return choice(
        ...table.map(([p, op]) => prec.left(p, seq(
          field('left', $._expression),
          // @ts-ignore
          field('operator', op),
          field('right', $._expression),
        ))),
        prec.right(PREC.power, seq(
          field('left', $._expression),
          field('operator', '**'),
          field('right', $._expression),
        )),
      );
    },

    unary_operator: $ => prec(PREC.unary, seq(
      field('operator', choice('-', '+', '!')),
      field('argument', $._expression),
    )),

    _primary_expression: $ => choice(
      $.identifier,
      $.integer,
      $.float,
      $.string,
      $.true,
      $.false,
      $.inf,
      $.parenthesized_expression,
      $.tuple_expression,
      $.list_expression,
      $.call,
      $.attribute,
      $.subscript,
      $.pattern_call,
      $.shape_call,
      alias(choice(...SHAPE_FUNCTIONS), $.identifier),
      $.causal_mask,
    ),

    parenthesized_expression: $ => seq('(', $._expression, ')'),

    tuple_expression: $ => seq(
      '(',
      optional(seq($._expression, ',', commaSep($._expression), optional(','))),
      ')',
    ),

    list_expression: $ => seq('[', commaSepTrailing($._expression), ']'),

    call: $ => prec(PREC.postfix, seq(
      field('function', $._primary_expression),
      field('arguments', $.argument_list),
    )),

    argument_list: $ => seq(
      '(',
      commaSepTrailing(choice($._expression, $.keyword_argument)),
      ')',
    ),

    // `over=m`, `seed=0`; a constructor's name too (`full=1` to Python).
    keyword_argument: $ => seq(
      field('name', choice(
        $.identifier,
        alias('over', $.identifier),
        alias(choice(...SHAPE_FUNCTIONS), $.identifier),
      )),
      '=',
      field('value', $._expression),
    ),

    attribute: $ => prec(PREC.postfix, seq(
      field('object', $._primary_expression),
      '.',
      field('attribute', $.identifier),
    )),

    subscript: $ => prec(PREC.postfix, seq(
      field('value', $._primary_expression),
      '[',
      commaSep1(field('index', choice($._expression, $.named_index, $.slice))),
      optional(','),
      ']',
    )),

    // `x[D: 0..64]`, `x[n: i]`: index an axis by its name.
    named_index: $ => seq(
      field('axis', $.identifier),
      ':',
      field('index', choice($._expression, $.slice)),
    ),

    // Open slices `x[..8]`, `x[8..]`, `x[..]`; `x[a..b]` is a range_expression.
    slice: $ => choice(
      seq('..', field('end', $._expression)),
      seq(field('start', $._expression), '..'),
      '..',
    ),

    // `rearrange(b H n Dh -> b n (H Dh))`,
    // `einsum(q, k: b H n Dh, b H m Dh -> b H n m)`,
    // `reduce(b n D -> b D, mean)`.
    pattern_call: $ => seq(
      field('function', alias(choice(...PATTERN_FUNCTIONS), $.pattern_function)),
      '(',
      optional(seq(commaSep1(field('operand', $._expression)), ':')),
      field('pattern', $.pattern),
      repeat(seq(',', field('argument', choice($._expression, $.keyword_argument)))),
      optional(','),
      ')',
    ),

    pattern: $ => seq(
      commaSep1(field('input', $.pattern_side)),
      '->',
      optional(field('output', $.pattern_side)),
    ),

    pattern_side: $ => repeat1(field('axis', $._axis)),

    // `zeros([b H])`, `full([b H] i64, 7)`, `randn([b H], mode)`. Preferred
    // to a call of a list (`ones([n])`) where both would parse.
    shape_call: $ => prec.dynamic(1, seq(
      field('function', alias(choice(...SHAPE_FUNCTIONS), $.shape_function)),
      '(',
      field('shape', $.tensor_type),
      repeat(seq(',', field('argument', choice($._expression, $.keyword_argument)))),
      optional(','),
      ')',
    )),

    // `causal[n m]`: the [n m] Mask true where m <= n.
    causal_mask: $ => seq('causal', '[', repeat1(field('axis', $._axis)), ']'),

    // ------------------------------------------------------------- literals

    identifier: _ => /[_\p{XID_Start}][\p{XID_Continue}]*/,

    integer: _ => token(/[0-9](_?[0-9])*/),

    float: _ => token(prec(1, choice(
      /[0-9](_?[0-9])*\.[0-9](_?[0-9])*([eE][+-]?[0-9]+)?/,
      /[0-9](_?[0-9])*[eE][+-]?[0-9]+/,
    ))),

    string: _ => token(seq('"', repeat(choice(/[^"\\\n]/, /\\./)), '"')),

    true: _ => 'true',
    false: _ => 'false',
    inf: _ => 'inf',

    comment: _ => token(seq('#', /[^\n]*/)),
  },
});
