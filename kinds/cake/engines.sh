# The rows of cake in `docs/engines.sh rules`, the measurements behind its
# rules for auto (sat/hint.go): sourced from the repository's root, with
# row, have, pair, solves and picks defined there, and $ps, $tmp, $data,
# $peer and $pairs set.
for c in 1 2 3 4 5; do cat kinds/cake/testdata/cake$c.in; echo; done >"$tmp/cakes.in"
row "cake cake1-5 (cubes)" cake "$tmp/cakes.in"
