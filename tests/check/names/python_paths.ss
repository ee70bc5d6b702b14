# A Python path is written as it is: no part may be a Python keyword.
import python import  # error E0108 "`import` is a Python keyword"
import python shapescript.class  # error E0108 "`shapescript.class` can't be written in Python"

extern fn pass_(x: [n]) -> [n] = torch.nn.pass  # error E0108 "`pass` is a Python keyword"
