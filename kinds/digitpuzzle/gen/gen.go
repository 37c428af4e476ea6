package gen

import (
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle"
)

// Random returns a random Digit Puzzle instance, reproducibly from rng:
// lengths drawn uniformly from the triples that admit a product, and each
// character '*' with probability 1/2, else a uniform digit. A never
// starts with 0, as the judge promises (so no line reads "0 ..." and ends
// the input for a reader that stops at a first field 0); B and C may, and
// then the search has to change that character. Case is 1.
func Random(rng *rand.Rand) digitpuzzle.Instance {
	// The length triples (A, B, C) that admit a product A * B = C without
	// leading zeros; TestDigit checks them against every product.
	lengths := [...][3]int{
		{1, 1, 1}, {1, 1, 2},
		{1, 2, 1}, {1, 2, 2}, {1, 2, 3},
		{2, 1, 1}, {2, 1, 2}, {2, 1, 3},
		{2, 2, 3}, {2, 2, 4},
	}
	l := lengths[rng.IntN(len(lengths))]
	var s [3]string
	for i, n := range l {
		b := make([]byte, n)
		for j := range b {
			b[j] = '*'
			if rng.IntN(2) == 0 {
				b[j] = byte('0' + rng.IntN(10))
			}
		}
		if i == 0 && b[0] == '0' {
			b[0] = byte('1' + rng.IntN(9))
		}
		s[i] = string(b)
	}
	return digitpuzzle.Instance{Case: 1, A: s[0], B: s[1], C: s[2]}
}

// RandomDigits returns n puzzles drawn as Digit draws them, numbered from 1.
func RandomDigits(rng *rand.Rand, n int) []digitpuzzle.Instance {
	ps := make([]digitpuzzle.Instance, n)
	for i := range ps {
		ps[i] = Random(rng)
		ps[i].Case = i + 1
	}
	return ps
}
