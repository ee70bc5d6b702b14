# A devices line is one kind of device, none twice, and a sensible number
# of CPU workers (E0107); the runtime refuses the same in --devices.
devices cpu*100000  # error E0107 "more CPU workers than the 256"

devices cuda:0, cpu  # error E0107 "mixes cpu with cuda"

devices cuda:1, cuda:1  # error E0107 "listed twice"

devices cpu*2, cpu*3  # error E0107 "listed twice"

devices cpu*-1  # error E0001 

devices cuda:0, cuda:768  # error E0107 "past the last GPU index torch takes, 127"
