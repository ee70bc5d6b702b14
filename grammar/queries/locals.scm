; Scopes, definitions and references for ShapeScript.
;
; Names are scoped by function, as in Python: a name assigned inside an `if`
; or a `for` is visible after it, so blocks are not scopes. Items (dims,
; functions, models, data records, imports) are defined in the file's scope.
;
; Definitions use the plain @local.definition capture: tree-sitter's own
; highlighter only recognises that exact name (not @local.definition.var).

; ------------------------------------------------------------------ scopes

(source_file) @local.scope

(function_definition) @local.scope

(extern_function) @local.scope

; ------------------------------------------------------------------ definitions

(dim_declaration
  name: (identifier) @local.definition)

(function_definition
  name: (identifier) @local.definition)

(extern_function
  name: (identifier) @local.definition)

(model_definition
  name: (identifier) @local.definition)

(data_definition
  name: (identifier) @local.definition)

(import_declaration
  alias: (identifier) @local.definition)

; `import python shapescript.datasets` defines `shapescript`.
(import_declaration
  module: (dotted_name
    .
    (identifier) @local.definition)
  !alias)

(parameter
  name: (identifier) @local.definition)

(assignment
  left: (identifier) @local.definition)

(assignment
  left: (expression_list
    (identifier) @local.definition))

(for_statement
  left: (identifier) @local.definition)

(for_statement
  left: (identifier_list
    (identifier) @local.definition))

; ------------------------------------------------------------------ references

; Every identifier used as an expression (not attribute names, keyword
; argument names or field names).
(_primary_expression/identifier) @local.reference

; Axis names in types and patterns refer to dims (or are generic axes).
(_axis/identifier) @local.reference

(size_binary
  left: (identifier) @local.reference)

(size_binary
  right: (identifier) @local.reference)

(named_index
  axis: (identifier) @local.reference)

(named_type
  over: (identifier) @local.reference)

; Types refer to models and data records.
(named_type
  name: (identifier) @local.reference)
