package gen

import (
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/kinds/cats"
)

// Random returns n cats with weights drawn uniformly from 1..heaviest for
// cars of capacity w, as in AcWing 165's data. n is clamped to
// 1..cats.MaxCats, w to 1..cats.MaxWeight and heaviest to 1..w, so
// every instance has an answer. The same rng state gives the same
// instance.
func Random(rng *rand.Rand, n, w, heaviest int) cats.Instance {
	return RandomBetween(rng, n, w, 1, heaviest)
}

// RandomBetween is Cats with the weights drawn uniformly from
// lightest..heaviest, lightest clamped to 1..heaviest: W/10..W/2 gives 3
// to 9 cats per car, hard to pack (Martello and Toth's class). With
// lightest 1 it draws what Cats draws.
func RandomBetween(rng *rand.Rand, n, w, lightest, heaviest int) cats.Instance {
	n = min(max(n, 1), cats.MaxCats)
	w = min(max(w, 1), cats.MaxWeight)
	heaviest = min(max(heaviest, 1), w)
	lightest = min(max(lightest, 1), heaviest)
	p := cats.Instance{W: w, Weights: make([]int, n)}
	for i := range p.Weights {
		p.Weights[i] = lightest + rng.IntN(heaviest-lightest+1)
	}
	return p
}
