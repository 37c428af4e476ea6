package gen_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/cake"
	"github.com/puzzlesat/puzzlesat/kinds/cake/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/cake/gen"
	"github.com/puzzlesat/puzzlesat/search"
)

// TestCakeValid checks that generated pairs are within the limits, parse
// back from their String, and mix cakes that exist with cakes that don't.
func TestCakeValid(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var text strings.Builder
	var cakes []cake.Instance
	zeros, tall := 0, 0
	for range 300 {
		p := gen.Random(rng)
		require.True(t, p.Volume >= 1 && p.Volume <= cake.MaxVolume, "volume %d", p.Volume)
		require.True(t, p.Layers >= 1 && p.Layers <= cake.MaxLayers, "layers %d", p.Layers)
		cakes = append(cakes, p)
		text.WriteString(p.String())
		a, _, err := dfs.Solve(context.Background(), p, search.Run{})
		require.NoError(t, err)
		if a.Area == 0 {
			zeros++
		}
		if p.Layers >= 14 {
			tall++
		}
	}
	got, err := cake.Parse("gen", strings.NewReader(text.String()))
	require.NoError(t, err)
	require.Equal(t, cakes, got)
	t.Logf("%d pairs: %d without a cake, %d with 14 layers or more", len(cakes), zeros, tall)
	require.Greater(t, zeros, len(cakes)/5, "too few impossible pairs")
	require.Less(t, zeros, len(cakes)*4/5, "too few possible pairs")
	require.Positive(t, tall)
}
