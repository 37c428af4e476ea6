# The rows of sticks in `docs/engines.sh rules`, the measurements behind its
# rules for auto (sat/hint.go): sourced from the repository's root, with
# row, have, pair, solves and picks defined there, and $ps, $tmp, $data,
# $peer and $pairs set.
row "sticks CERC 1995, 258 blocks" sticks kinds/sticks/testdata/cerc1995_sticks.in
row "sticks CERC 1995 le50" sticks kinds/sticks/testdata/cerc1995_sticks_le50.in
