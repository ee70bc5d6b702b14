// The old name of check/builtin_table.hpp, kept for the files that include it.
#pragma once

#include "check/builtin_table.hpp"
