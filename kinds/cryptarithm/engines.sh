# The rows of cryptarithm in `docs/engines.sh rules`, the measurements behind its
# rules for auto (sat/hint.go): sourced from the repository's root, with
# row, have, pair, solves and picks defined there, and $ps, $tmp, $data,
# $peer and $pairs set.
for f in many exercism fortresses; do row "cryptarithm $f" cryptarithm kinds/cryptarithm/testdata/$f.in; done
