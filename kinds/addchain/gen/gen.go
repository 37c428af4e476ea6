// Package gen draws addition-chain instances at random, reproducibly.
package gen

import (
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/kinds/addchain"
)

// Random returns an instance with n drawn uniformly from lo..hi,
// reproducibly from rng; lo and hi are clamped to 1..addchain.MaxN, and
// hi to lo and above.
func Random(rng *rand.Rand, lo, hi int) addchain.Instance {
	lo, hi = min(max(lo, 1), addchain.MaxN), min(max(hi, 1), addchain.MaxN)
	hi = max(hi, lo)
	return addchain.Instance{N: lo + rng.IntN(hi-lo+1)}
}
