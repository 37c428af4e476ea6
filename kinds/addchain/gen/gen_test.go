package gen_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/addchain"
	"github.com/puzzlesat/puzzlesat/kinds/addchain/gen"
)

// TestRandom: reproducible from the seed, every n of the range drawn and
// none outside it, the range clamped.
func TestRandom(t *testing.T) {
	draw := func() []int {
		rng := rand.New(rand.NewPCG(1, 2))
		var ns []int
		for range 200 {
			p := gen.Random(rng, 10, 20)
			require.True(t, p.N >= 10 && p.N <= 20, "%d", p.N)
			ns = append(ns, p.N)
		}
		return ns
	}
	a := draw()
	require.Equal(t, a, draw())
	for n := 10; n <= 20; n++ {
		require.Contains(t, a, n)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	require.Equal(t, addchain.MaxN, gen.Random(rng, addchain.MaxN+5, addchain.MaxN+9).N)
	require.Equal(t, 1, gen.Random(rng, -5, 0).N)
	require.Equal(t, 7, gen.Random(rng, 7, 3).N, "hi below lo")
}
