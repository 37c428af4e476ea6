package digitbrute

import (
	"math/rand/v2"
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle"
)

// Sample returns the statement's sample, the only public judge data, and
// its expected output.
func Sample(tb testing.TB) ([]digitpuzzle.Instance, string) {
	tb.Helper()
	ps := judgedata.Parse(tb, judgedata.Path(tb, "digit-puzzle", "sample.in"), digitpuzzle.Parse)
	return ps, judgedata.Read(tb, judgedata.Path(tb, "digit-puzzle", "sample.out"))
}

// RandomPattern returns a pattern of the given lengths, or of random
// lengths 1-2, 1-2 and 1-4 when none are given (also lengths no product
// has): each character is '*' with probability star, else a uniform
// digit, so B and C may start with 0.
func RandomPattern(rng *rand.Rand, star float64, lengths ...int) digitpuzzle.Answer {
	if len(lengths) == 0 {
		lengths = []int{1 + rng.IntN(2), 1 + rng.IntN(2), 1 + rng.IntN(4)}
	}
	var s [3]string
	for i, n := range lengths {
		b := make([]byte, n)
		for j := range b {
			b[j] = '*'
			if rng.Float64() >= star {
				b[j] = byte('0' + rng.IntN(10))
			}
		}
		s[i] = string(b)
	}
	return digitpuzzle.Answer{A: s[0], B: s[1], C: s[2]}
}
