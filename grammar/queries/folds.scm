; Folding for ShapeScript: items, statements with blocks, bracketed lists.
;
; A block starts on its header's line (the INDENT token is zero-width, after
; the `:`), so folding the statement folds its block; `block` and
; `field_block` are not listed again, which would make two folds on one line.

[
  (function_definition)
  (model_definition)
  (data_definition)
  (if_statement)
  (elif_clause)
  (else_clause)
  (for_statement)
  (parameter_list)
  (argument_list)
  (list_expression)
  (tuple_expression)
  (parenthesized_expression)
  (pattern_call)
] @fold

; A run of imports or dims folds as one.
(import_declaration)+ @fold

(dim_declaration)+ @fold
