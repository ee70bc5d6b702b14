# Keywords of ShapeScript that Python allows, and aliases Python can't read
# bare (they are renamed in the module).
import python shapescript.datasets
import python torch.nn.functional as class

extern fn gelu(x: [..s]) -> [..s] = torch.nn.functional.gelu
