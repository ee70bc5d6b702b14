// Symbol and field ids of the grammar's node types, looked up once by name,
// so lowering compares integers instead of strings. The names are the
// interface with grammar/grammar.js.
#pragma once

#include <tree_sitter/api.h>

namespace ss::syntax {

struct NodeKinds {
    // Named node types.
    TSSymbol source_file, dim_declaration, devices_declaration, device, import_declaration, module_import, from_import,
        imported_name, qualified_name, dotted_name, extern_function, function_definition, parameter_list, parameter,
        model_definition, data_definition, field_block, field_declaration, tensor_type, named_type, type_arguments,
        tuple_type, scaled_axis, size_binary, axis_group, unknown_axis, variadic_axis, block, expression_statement,
        assignment, augmented_assignment, return_statement, if_statement, elif_clause, else_clause, for_statement,
        identifier_list, expression_list, as_expression, pipe_expression, boolean_operator, not_operator,
        comparison_operator, range_expression, binary_operator, unary_operator, parenthesized_expression,
        tuple_expression, list_expression, call, argument_list, keyword_argument, attribute, subscript, named_index,
        slice, pattern_call, pattern, pattern_side, shape_call, causal_mask, identifier, integer, float_, string, true_,
        false_, inf, comment;
    // Fields.
    TSFieldId f_name, f_value, f_device, f_kind, f_index, f_count, f_module, f_alias, f_parameters, f_return_type,
        f_target, f_export, f_body, f_mut, f_type, f_default, f_initializer, f_axis, f_element, f_arguments, f_over,
        f_left, f_operator, f_right, f_condition, f_consequence, f_alternative, f_argument, f_start, f_end, f_function,
        f_object, f_attribute, f_operand, f_pattern, f_input, f_output, f_shape;

    static const NodeKinds& get();
};

// An ERROR node (libtree-sitter 0.20 has no ts_node_is_error).
inline bool is_error_node(TSNode node) {
    return !ts_node_is_null(node) && ts_node_symbol(node) == static_cast<TSSymbol>(-1);
}

}  // namespace ss::syntax
