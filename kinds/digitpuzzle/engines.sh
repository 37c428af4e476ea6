# The rows of digit-puzzle in `docs/engines.sh rules`, the measurements behind its
# rules for auto (sat/hint.go): sourced from the repository's root, with
# row, have, pair, solves and picks defined there, and $ps, $tmp, $data,
# $peer and $pairs set.
row "digit-puzzle sample" digit-puzzle kinds/digitpuzzle/testdata/sample.in
