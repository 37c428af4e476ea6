# The rows of cats in `docs/engines.sh rules`, the measurements behind its
# rules for auto (sat/hint.go): sourced from the repository's root, with
# row, have, pair, solves and picks defined there, and $ps, $tmp, $data,
# $peer and $pairs set.
"$ps" gen cats --count=10 --n=20 --w=100 --lightest=30 --heaviest=60 --seed=5 >"$tmp/cats20.in"
row "cats, 10 generated, 20 cats, W=100, 30-60" cats "$tmp/cats20.in"
