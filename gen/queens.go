package gen

import (
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Queens returns an N-queens board of a size drawn from lo..hi,
// reproducibly from rng; lo and hi are clamped to 1..puzzle.QueensMaxN.
func Queens(rng *rand.Rand, lo, hi int) puzzle.Queens {
	lo = min(max(1, lo), puzzle.QueensMaxN)
	hi = max(min(hi, puzzle.QueensMaxN), lo)
	return puzzle.Queens{N: lo + rng.IntN(hi-lo+1)}
}
