package gen_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"puzzlesat/gen"
	"puzzlesat/native"
	"puzzlesat/puzzle"
)

func TestCakeReproducible(t *testing.T) {
	a, b := rand.New(rand.NewPCG(7, 1)), rand.New(rand.NewPCG(7, 1))
	other := rand.New(rand.NewPCG(8, 1))
	differs := false
	for range 100 {
		p := gen.Cake(a)
		require.Equal(t, p, gen.Cake(b))
		differs = differs || p != gen.Cake(other)
	}
	require.True(t, differs, "another seed gave the same instances")
}

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
		a, _, err := native.Cake(context.Background(), p)
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
