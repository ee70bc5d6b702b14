# Writing by position: index_add's index is one axis of positions along
# the axis named, its src the value with that axis as long as the index;
# select_scatter's src is the value without the axis, its index an int.
dim N = 6
dim E = 10
dim D = 4
dim T = 5

fn two_axes(nodes: [N D], to: [E D] Index[N], sent: [E D]) -> [N D]:
    return index_add(nodes, to, sent, over=N)  # error E0505 "argument `index` must be one axis of positions along `N`: [k] Index[N]"

fn wrong_src(nodes: [N D], to: [E] Index[N], sent: [N D]) -> [N D]:
    return index_add(nodes, to, sent, over=N)  # error E0504 "argument `src` must be the value with `N` as long as the index, [E D]"

fn slice_of_another_shape(ys: [T b D], h: [b T]) -> [T b D]:
    return select_scatter(ys, h, 0, over=T)  # error E0504 "argument `src` must be the value without `T`, [b D]"

fn float_index(ys: [T b D], h: [b D]) -> [T b D]:
    return select_scatter(ys, h, 0.5, over=T)  # error E0505 "argument `index` must be int; found float"

fn scatter_add_src(x: [N D], index: [N D] Index[N], src: [N]) -> [N D]:
    return scatter_add(x, index, src, over=N)  # error E0504 "argument `src` must be the index's shape"
