package gen

import (
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/kinds/cake"
)

// Random returns a random Birthday Cake instance within the statement's
// limits, reproducibly from rng. A fifth of them have 11..20 layers, too
// many for most volumes (14 or more never fit in cake.MaxVolume);
// the rest have 1..10. Half have a small volume, from 1 to about twice the
// least volume of that many layers, where many pairs have no cake; the
// others have a volume anywhere in 1..cake.MaxVolume.
func Random(rng *rand.Rand) cake.Instance {
	m := 1 + rng.IntN(10)
	if rng.IntN(5) == 0 {
		m = 11 + rng.IntN(cake.MaxLayers-10)
	}
	hi := cake.MaxVolume
	if rng.IntN(2) == 0 {
		t := m * (m + 1) / 2
		hi = min(hi, 2*t*t+50) // t^2 = 1^3 + ... + m^3

	}
	return cake.Instance{Volume: 1 + rng.IntN(hi), Layers: m}
}
