package gen_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/queens"
	"github.com/puzzlesat/puzzlesat/kinds/queens/gen"
)

func TestQueens(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	seen := map[int]bool{}
	for range 1000 {
		p := gen.Random(rng, 6, 13)
		require.True(t, p.N >= 6 && p.N <= 13, "%d", p.N)
		seen[p.N] = true
	}
	require.Len(t, seen, 8, "every size drawn")
	require.Equal(t, queens.Instance{N: 32}, gen.Random(rng, 40, 50), "clamped")
	require.Equal(t, queens.Instance{N: 1}, gen.Random(rng, -5, 0), "clamped")
}
