package gen_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/gen"
	"github.com/puzzlesat/puzzlesat/native"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/technique"
)

// TestCakeValid checks that generated pairs are within the limits, parse
// back from their String, and mix cakes that exist with cakes that don't.
func TestCakeValid(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var text strings.Builder
	var cakes []puzzle.Cake
	zeros, tall := 0, 0
	for range 300 {
		p := gen.Cake(rng)
		require.True(t, p.Volume >= 1 && p.Volume <= puzzle.MaxCakeVolume, "volume %d", p.Volume)
		require.True(t, p.Layers >= 1 && p.Layers <= puzzle.MaxCakeLayers, "layers %d", p.Layers)
		cakes = append(cakes, p)
		text.WriteString(p.String())
		a, _, err := native.Cake(context.Background(), p, technique.Set{})
		require.NoError(t, err)
		if a.Area == 0 {
			zeros++
		}
		if p.Layers >= 14 {
			tall++
		}
	}
	got, err := puzzle.ParseCake("gen", strings.NewReader(text.String()))
	require.NoError(t, err)
	require.Equal(t, cakes, got)
	t.Logf("%d pairs: %d without a cake, %d with 14 layers or more", len(cakes), zeros, tall)
	require.Greater(t, zeros, len(cakes)/5, "too few impossible pairs")
	require.Less(t, zeros, len(cakes)*4/5, "too few possible pairs")
	require.Positive(t, tall)
}
