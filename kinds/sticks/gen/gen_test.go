package gen_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/sticks"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/gen"
	"github.com/puzzlesat/puzzlesat/search"
)

var sticksGenSizes = []struct {
	name           string
	sticks, length int
	wantSticks     int // after clamping
	wantLength     int
}{
	{"classic", 8, 50, 8, 50},
	{"one stick of one", 1, 1, 1, 1},
	{"clamped up", 0, -5, 1, 1},
	{"clamped length", 2, 1 << 20, 2, sticks.MaxPiece},
	{"clamped sticks", 1 << 20, 3, sticks.MaxPieces, 3},
}

// TestSticksValid checks that generated blocks keep the limits, add up to
// sticks*length, parse back from their String and have an answer of at
// most length that divides the total.
func TestSticksValid(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range sticksGenSizes {
		t.Run(tc.name, func(t *testing.T) {
			for range 20 {
				p := gen.Random(rng, tc.sticks, tc.length)
				require.NotEmpty(t, p.Pieces)
				require.LessOrEqual(t, len(p.Pieces), sticks.MaxPieces)
				sum := 0
				for _, v := range p.Pieces {
					require.True(t, v >= 1 && v <= tc.wantLength, "piece %d", v)
					sum += v
				}
				require.Equal(t, tc.wantSticks*tc.wantLength, sum)
				back, err := sticks.Parse("gen", strings.NewReader(p.String()))
				require.NoError(t, err)
				require.Equal(t, []sticks.Instance{p}, back)
				if len(p.Pieces) > 100 {
					continue // the search on huge blocks is not this test's business
				}
				a, _, err := dfs.Solve(context.Background(), p, search.Run{CountCuts: true})
				require.NoError(t, err)
				require.LessOrEqual(t, a.Length, tc.wantLength)
				require.Zero(t, sum%a.Length)
			}
		})
	}
}

// TestSticksCutsVary checks that sticks are cut into a spread of piece
// counts, from whole sticks to the most cuts.
func TestSticksCutsVary(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	counts := map[int]bool{}
	for range 200 {
		counts[len(gen.Random(rng, 1, 50).Pieces)] = true
	}
	for n := 1; n <= 8; n++ {
		require.True(t, counts[n], "no stick cut into %d pieces", n)
	}
	require.Len(t, counts, 8)
}
