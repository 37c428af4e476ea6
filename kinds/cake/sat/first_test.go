package sat

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/cake"
	"github.com/puzzlesat/puzzlesat/kinds/cake/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/cake/gen"
	"github.com/puzzlesat/puzzlesat/search"
)

// TestFirstCake checks the starting cake: a valid cake of the volume,
// never better than the optimum, found for the book cases.
func TestFirstCake(t *testing.T) {
	ps := []cake.Instance{{Volume: 100, Layers: 2}, {Volume: 9876, Layers: 6}, {Volume: 1000, Layers: 3}, {Volume: 4999, Layers: 8}, {Volume: 9397, Layers: 10}}
	rng := rand.New(rand.NewPCG(6, 7))
	for range 60 {
		ps = append(ps, gen.Random(rng))
	}
	for i, p := range ps {
		t.Run(fmt.Sprintf("N=%d,M=%d", p.Volume, p.Layers), func(t *testing.T) {
			a, ok := firstCake(p)
			opt, _, err := dfs.Solve(context.Background(), p, search.Run{})
			require.NoError(t, err)
			if i < 5 {
				require.True(t, ok, "a book case")
			}
			if !ok {
				return
			}
			require.NoError(t, p.Verify(a))
			require.GreaterOrEqual(t, a.Area, opt.Area)
		})
	}
	_, ok := firstCake(cake.Instance{Volume: 10, Layers: 2})
	require.False(t, ok, "no cake of volume 10 has two layers")
}
