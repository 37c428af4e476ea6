# The rows of alphametic in `docs/engines.sh rules`, the measurements behind its
# rules for auto (sat/hint.go): sourced from the repository's root, with
# row, have, pair, solves and picks defined there, and $ps, $tmp, $data,
# $peer and $pairs set.
alphas=$(echo kinds/alphametic/testdata/alpha*.in)
line=$(pair "alphametic alpha1-10" cpu "$pairs" "for f in $alphas; do $(solves alphametic '$f' gini); done" \
  "for f in $alphas; do $(solves alphametic '$f' cadical); done")
echo "$line $(picks alphametic $alphas) |"
