; Indentation for ShapeScript, nvim-treesitter style.

; A line ending in `:` opens a block one level deeper. `indent.immediate`
; indents the next line even before the block has a statement (while typing,
; the construct is still incomplete).
((function_definition) @indent.begin
  (#set! indent.immediate 1))

((model_definition) @indent.begin
  (#set! indent.immediate 1))

((data_definition) @indent.begin
  (#set! indent.immediate 1))

((if_statement) @indent.begin
  (#set! indent.immediate 1))

((elif_clause) @indent.begin
  (#set! indent.immediate 1))

((else_clause) @indent.begin
  (#set! indent.immediate 1))

((for_statement) @indent.begin
  (#set! indent.immediate 1))

; `elif` and `else` line up with their `if`.
[
  (elif_clause)
  (else_clause)
] @indent.branch

; After a `return` the block is done: the next line dedents.
(return_statement) @indent.dedent

; Lines inside open brackets are indented one level; the closing bracket
; lines up with the line that opened it.
[
  (parameter_list)
  (argument_list)
  (list_expression)
  (tuple_expression)
  (parenthesized_expression)
  (subscript)
  (tuple_type)
  (type_arguments)
  (pattern_call)
  (shape_call)
  (causal_mask)
] @indent.begin

[
  ")"
  "]"
] @indent.branch @indent.end

; Continuation lines starting with `|>` are indented one level below the
; start of the expression.
(pipe_expression) @indent.begin

; Comments and strings keep whatever indentation they have.
(comment) @indent.auto
