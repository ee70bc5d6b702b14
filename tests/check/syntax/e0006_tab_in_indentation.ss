# E0006: a tab in indentation. The lines below are indented with literal tab
# characters; keep them when editing this file. One diagnostic per line, at
# its first tab.

dim P = 64
dim H = 128

fn tab_body(x: [n]) -> [n]:
	return x  # error E0006 col=1 "tab in indentation: indent with spaces"

# Two tabs on a line: one diagnostic, at the first.
fn two_tabs(x: [n], c: bool) -> [n]:
    y = x
    if c:
		y = x  # error E0006 col=1
    return y

# Spaces, then a tab: the diagnostic is at the tab.
fn spaces_then_tab(x: [n]) -> [n]:
  	return x  # error E0006 col=3

# The fields of a model are indented too.
model Mlp:
	w1: [P H] = normal(0.05)  # error E0006 col=1
