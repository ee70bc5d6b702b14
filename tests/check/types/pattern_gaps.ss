# A pattern is checked however far apart its axes are written: the text
# between them is read as it is (only blanks, commas, `->` and comments
# belong there), not as messages show it, cut at 80 characters.
dim C = 3
dim H = 4
dim W = 5

fn far_apart(x: [b C H W]) -> [b (C H)]:
    return x |> rearrange(b c h w ->                                                                                          b (c h w))  # error E0601 "but this returns [b (c "

fn over_lines(x: [b C H W]) -> [b (C H)]:
    return x |> rearrange(  # error E0601 "but this returns [b (c h w)] f32"
        b c h w
                                            ->




                                            b (c h w)
    )

fn far_apart_ok(x: [b C H W]) -> [b (C H W)]:
    return x |> rearrange(b c h w ->                                                                                          b (c h w))

fn wide_group_ok(x: [b C H W]) -> [b (C H W)]:
    return x |> rearrange(b c h w -> b (c                                                                                          h                                                                                          w))

fn wide_group(x: [b C H W]) -> [b (C H)]:
    return x |> rearrange(b c h w -> b (c                                                                                          h                                                                                          w))  # error E0601 "but this returns [b (c "
