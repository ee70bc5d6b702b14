# Sizes: `as` on a tuple checks each item, as it checks a tensor.

fn item_axes(x: [n 4], y: [n]) -> ([n 4], [n 2]):
    return (x, y) as ([n 4], [n 2])  # error E0416 "item 2: the value has 1 axes"

fn item_size(x: [n 4], y: [n]) -> ([n 5], [n]):
    return (x, y) as ([n 5], [n])  # error E0416 "item 1: axis 2 of the value is 4, not 5"

fn items(x: [n 4], y: [n]) -> ([n 4], [n]):
    return (x, y, y) as ([n 4], [n])  # error E0416 "3 items, not 2"

fn nested(x: [n 4], y: [n]) -> ([n 4], ([n], [n 3])):
    return (x, (y, y)) as ([n 4], ([n], [n 3]))  # error E0416 "item 2: item 2: the value has 1 axes"

fn tuple_as_tensor(x: [n 4], y: [n]) -> [n]:
    return (x, y) as [n]  # error E0416 "a tuple, not a tensor"

fn tensor_as_tuple(x: [n 4]) -> ([n 4], [n]):
    return x as ([n 4], [n])  # error E0416 "a tensor, not a tuple"

# What may hold is accepted: new names, other element types.
fn fine(x: [n 4], y: [n]) -> [n] i64:
    kept, ids = (x, y) as ([k 4], [n] i64)
    return ids
