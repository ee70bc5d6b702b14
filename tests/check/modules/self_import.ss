import self_import  # error E0110 "self_import.ss -> self_import.ss"

dim A = 2
