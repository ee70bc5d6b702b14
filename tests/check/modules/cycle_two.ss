import cycle_one  # error E0110 "cycle_two.ss -> cycle_one.ss -> cycle_two.ss"

dim B = 3
