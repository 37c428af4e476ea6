package gen

import (
	"math/rand/v2"

	"puzzlesat/puzzle"
)

// Cats returns n cats with weights drawn uniformly from 1..heaviest for
// cars of capacity w, as in AcWing 165's data. n is clamped to
// 1..puzzle.MaxCats, w to 1..puzzle.MaxCatWeight and heaviest to 1..w, so
// every instance has an answer. The same rng state gives the same
// instance.
func Cats(rng *rand.Rand, n, w, heaviest int) puzzle.Cats {
	n = min(max(n, 1), puzzle.MaxCats)
	w = min(max(w, 1), puzzle.MaxCatWeight)
	heaviest = min(max(heaviest, 1), w)
	p := puzzle.Cats{W: w, Weights: make([]int, n)}
	for i := range p.Weights {
		p.Weights[i] = 1 + rng.IntN(heaviest)
	}
	return p
}
