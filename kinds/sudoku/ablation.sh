# The ablation of sudoku, which docs/ablation.sh sources from the repository's
# root, its functions ablate, gen and seeds defined (see there), and writes
# into ABLATION.md beside this file.
# 9x9 (the 9x9 search's switches), 16x16 and 25x25 (the search up to
# 49x49, and the encodings past 12 candidates a group), then 64x64 with
# 38% blanks, where the plain search of the widest family keeps failing
# and learning takes over.
ablate sudoku "9x9" 5s dfs,sat kinds/sudoku/testdata/{top95.txt,hardest.txt,poj3074_tedukuri.in,two_solutions.txt,no_solution.txt} \
  "$(gen sudoku --box 3 --count 20 --seed 7)"
ablate sudoku "16x16 and 25x25" 5s dfs,sat kinds/sudoku/testdata/{poj3076_tedukuri_a.in,michael404_16x16.puzzles,michael404_25x25.puzzles}
ablate sudoku "64x64" 5s dfs "$(gen sudoku --box 8 --count 3 --seed 19 --blanks 38)"
