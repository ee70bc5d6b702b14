#include "syntax/node_kinds.hpp"

#include <cstring>
#include <stdexcept>
#include <string>

#include "syntax/syntax_tree.hpp"

namespace ss::syntax {

namespace {

TSSymbol symbol(const TSLanguage* language, const char* name) {
    TSSymbol id = ts_language_symbol_for_name(language, name, static_cast<uint32_t>(std::strlen(name)), true);
    // A zero id means grammar.js renamed a node that lowering depends on.
    if (id == 0) throw std::logic_error(std::string("grammar has no node type ") + name);
    return id;
}

TSFieldId field(const TSLanguage* language, const char* name) {
    TSFieldId id = ts_language_field_id_for_name(language, name, static_cast<uint32_t>(std::strlen(name)));
    if (id == 0) throw std::logic_error(std::string("grammar has no field ") + name);
    return id;
}

NodeKinds make() {
    const TSLanguage* language = tree_sitter_shapescript();
    NodeKinds k{};
    k.source_file = symbol(language, "source_file");
    k.dim_declaration = symbol(language, "dim_declaration");
    k.devices_declaration = symbol(language, "devices_declaration");
    k.device = symbol(language, "device");
    k.import_declaration = symbol(language, "import_declaration");
    k.module_import = symbol(language, "module_import");
    k.from_import = symbol(language, "from_import");
    k.imported_name = symbol(language, "imported_name");
    k.qualified_name = symbol(language, "qualified_name");
    k.dotted_name = symbol(language, "dotted_name");
    k.extern_function = symbol(language, "extern_function");
    k.function_definition = symbol(language, "function_definition");
    k.parameter_list = symbol(language, "parameter_list");
    k.parameter = symbol(language, "parameter");
    k.model_definition = symbol(language, "model_definition");
    k.data_definition = symbol(language, "data_definition");
    k.field_block = symbol(language, "field_block");
    k.field_declaration = symbol(language, "field_declaration");
    k.tensor_type = symbol(language, "tensor_type");
    k.named_type = symbol(language, "named_type");
    k.type_arguments = symbol(language, "type_arguments");
    k.tuple_type = symbol(language, "tuple_type");
    k.scaled_axis = symbol(language, "scaled_axis");
    k.size_binary = symbol(language, "size_binary");
    k.axis_group = symbol(language, "axis_group");
    k.unknown_axis = symbol(language, "unknown_axis");
    k.variadic_axis = symbol(language, "variadic_axis");
    k.block = symbol(language, "block");
    k.expression_statement = symbol(language, "expression_statement");
    k.assignment = symbol(language, "assignment");
    k.augmented_assignment = symbol(language, "augmented_assignment");
    k.return_statement = symbol(language, "return_statement");
    k.if_statement = symbol(language, "if_statement");
    k.elif_clause = symbol(language, "elif_clause");
    k.else_clause = symbol(language, "else_clause");
    k.for_statement = symbol(language, "for_statement");
    k.identifier_list = symbol(language, "identifier_list");
    k.expression_list = symbol(language, "expression_list");
    k.as_expression = symbol(language, "as_expression");
    k.pipe_expression = symbol(language, "pipe_expression");
    k.boolean_operator = symbol(language, "boolean_operator");
    k.not_operator = symbol(language, "not_operator");
    k.comparison_operator = symbol(language, "comparison_operator");
    k.range_expression = symbol(language, "range_expression");
    k.binary_operator = symbol(language, "binary_operator");
    k.unary_operator = symbol(language, "unary_operator");
    k.parenthesized_expression = symbol(language, "parenthesized_expression");
    k.tuple_expression = symbol(language, "tuple_expression");
    k.list_expression = symbol(language, "list_expression");
    k.call = symbol(language, "call");
    k.argument_list = symbol(language, "argument_list");
    k.keyword_argument = symbol(language, "keyword_argument");
    k.attribute = symbol(language, "attribute");
    k.subscript = symbol(language, "subscript");
    k.named_index = symbol(language, "named_index");
    k.slice = symbol(language, "slice");
    k.pattern_call = symbol(language, "pattern_call");
    k.pattern = symbol(language, "pattern");
    k.pattern_side = symbol(language, "pattern_side");
    k.shape_call = symbol(language, "shape_call");
    k.causal_mask = symbol(language, "causal_mask");
    k.identifier = symbol(language, "identifier");
    k.integer = symbol(language, "integer");
    k.float_ = symbol(language, "float");
    k.string = symbol(language, "string");
    k.true_ = symbol(language, "true");
    k.false_ = symbol(language, "false");
    k.inf = symbol(language, "inf");
    k.comment = symbol(language, "comment");
    k.f_name = field(language, "name");
    k.f_value = field(language, "value");
    k.f_device = field(language, "device");
    k.f_kind = field(language, "kind");
    k.f_index = field(language, "index");
    k.f_count = field(language, "count");
    k.f_module = field(language, "module");
    k.f_alias = field(language, "alias");
    k.f_parameters = field(language, "parameters");
    k.f_return_type = field(language, "return_type");
    k.f_target = field(language, "target");
    k.f_export = field(language, "export");
    k.f_body = field(language, "body");
    k.f_mut = field(language, "mut");
    k.f_type = field(language, "type");
    k.f_default = field(language, "default");
    k.f_initializer = field(language, "initializer");
    k.f_axis = field(language, "axis");
    k.f_element = field(language, "element");
    k.f_arguments = field(language, "arguments");
    k.f_over = field(language, "over");
    k.f_left = field(language, "left");
    k.f_operator = field(language, "operator");
    k.f_right = field(language, "right");
    k.f_condition = field(language, "condition");
    k.f_consequence = field(language, "consequence");
    k.f_alternative = field(language, "alternative");
    k.f_argument = field(language, "argument");
    k.f_start = field(language, "start");
    k.f_end = field(language, "end");
    k.f_function = field(language, "function");
    k.f_object = field(language, "object");
    k.f_attribute = field(language, "attribute");
    k.f_operand = field(language, "operand");
    k.f_pattern = field(language, "pattern");
    k.f_input = field(language, "input");
    k.f_output = field(language, "output");
    k.f_shape = field(language, "shape");
    return k;
}

}  // namespace

const NodeKinds& NodeKinds::get() {
    static const NodeKinds kinds = make();
    return kinds;
}

}  // namespace ss::syntax
