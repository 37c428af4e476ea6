package gen

import (
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/kinds/queens"
)

// Random returns an N-queens board of a size drawn from lo..hi,
// reproducibly from rng; lo and hi are clamped to 1..queens.MaxN.
func Random(rng *rand.Rand, lo, hi int) queens.Instance {
	lo = min(max(1, lo), queens.MaxN)
	hi = max(min(hi, queens.MaxN), lo)
	return queens.Instance{N: lo + rng.IntN(hi-lo+1)}
}
