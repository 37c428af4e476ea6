# The rows of sudoku in `docs/engines.sh rules`, the measurements behind its
# rules for auto (sat/hint.go): sourced from the repository's root, with
# row, have, pair, solves and picks defined there, and $ps, $tmp, $data,
# $peer and $pairs set.
td=kinds/sudoku/testdata
[ -e "$data/sudoku/magictour_top1465.txt" ] && row "sudoku 9x9 magictour (1,465)" sudoku "$data/sudoku/magictour_top1465.txt"
if [ -e "$data/sudoku/royle_17clue_49151.txt" ]; then
  head -5001 "$data/sudoku/royle_17clue_49151.txt" >"$tmp/royle5k.txt"
  row "sudoku 9x9 17-clue (first 5,000)" sudoku "$tmp/royle5k.txt"
fi
row "sudoku 9x9 poj3074 (91)" sudoku $td/poj3074_tedukuri.in
row "sudoku 16x16 poj3076 (4)" sudoku $td/poj3076_tedukuri_a.in
row "sudoku 25x25 michael404 (5)" sudoku $td/michael404_25x25.puzzles
sed -n 1,5p $td/michael404_36x36.puzzles >"$tmp/s36-easy.txt"
row "sudoku 36x36 michael404 1-5 (puzzel1 to minimal2)" sudoku "$tmp/s36-easy.txt"
if [ -n "$peer" ]; then
  for g in 64-2 81-1 100-1 144-2 400-1; do row "sudoku peer $g" sudoku "$peer/sudoku-$g.txt"; done
fi
