package gen_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/cats"
	"github.com/puzzlesat/puzzlesat/kinds/cats/gen"
)

// TestCatsBetween checks the weights' range, and that the lightest 1
// draws what Cats draws.
func TestCatsBetween(t *testing.T) {
	p := gen.RandomBetween(rand.New(rand.NewPCG(165, 2)), 200, 1000, 100, 500)
	for _, v := range p.Weights {
		require.True(t, v >= 100 && v <= 500, "weight %d", v)
	}
	require.Equal(t, gen.Random(rand.New(rand.NewPCG(165, 3)), 50, 1000, 400), gen.RandomBetween(rand.New(rand.NewPCG(165, 3)), 50, 1000, 1, 400))
	require.Equal(t, []int{7, 7}, gen.RandomBetween(rand.New(rand.NewPCG(1, 1)), 2, 10, 9, 7).Weights, "lightest clamped to the heaviest")
}

func TestCatsValid(t *testing.T) {
	for _, tc := range []struct {
		name            string
		n, w, heaviest  int
		wantN, wantW    int
		wantHeaviestMax int
	}{
		{"AcWing", 18, 1e8, 1e8, 18, 1e8, 1e8},
		{"light", 64, 1e9, 1e8, 64, 1e9, 1e8},
		{"clamped up", 0, 0, 0, 1, 1, 1},
		{"clamped down", 1 << 20, 2e9, 3e9, cats.MaxCats, cats.MaxWeight, cats.MaxWeight},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(165, 1))
			again := rand.New(rand.NewPCG(165, 1))
			p := gen.Random(rng, tc.n, tc.w, tc.heaviest)
			require.Equal(t, p, gen.Random(again, tc.n, tc.w, tc.heaviest))
			require.Len(t, p.Weights, tc.wantN)
			require.Equal(t, tc.wantW, p.W)
			for _, v := range p.Weights {
				require.True(t, v >= 1 && v <= tc.wantHeaviestMax, "weight %d", v)
			}
			ps, err := cats.Parse("gen", strings.NewReader(p.String()))
			require.NoError(t, err)
			require.Equal(t, []cats.Instance{p}, ps)
		})
	}
}
