# An import cycle (E0110) is reported at each import on it.
import cycle_two  # error E0110 "cycle_one.ss -> cycle_two.ss -> cycle_one.ss"

dim A = 2
