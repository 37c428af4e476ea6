package sat_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/queens"
	"github.com/puzzlesat/puzzlesat/kinds/queens/internal/ref/queensref"
	"github.com/puzzlesat/puzzlesat/kinds/queens/sat"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// TestQueens holds the SAT backend, with every encoding, to the brute
// force and to the known counts.
func TestQueens(t *testing.T) {
	cs := sat.Encodings()
	for _, amo := range cs[0].Options {
		for _, sym := range cs[1].Options {
			enc, err := technique.ResolveEncoding(cs, "amo="+amo+",symmetry="+sym)
			require.NoError(t, err)
			for n := 1; n <= 9; n++ {
				p := queens.Instance{N: n}
				a, _, err := sat.Solve(context.Background(), p, solver.Config{}, enc)
				require.NoError(t, err, "N=%d %s %s", n, amo, sym)
				require.NoError(t, p.Verify(a))
				all := queensref.Solutions(n)
				require.Equal(t, len(all), a.Count, "N=%d %s %s", n, amo, sym)
				if len(all) > 0 {
					require.Equal(t, all[:min(3, len(all))], a.First, "N=%d %s %s", n, amo, sym)
				}
				got, _, err := sat.Count(context.Background(), p, 5, solver.Config{}, enc)
				require.NoError(t, err)
				require.Equal(t, min(5, len(all)), got, "N=%d %s %s", n, amo, sym)
			}
		}
	}
}

// TestQueensLeast: above 13 the answer is the least solution, found row by
// row under assumptions.
func TestQueensLeast(t *testing.T) {
	for n := 14; n <= 18; n++ {
		p := queens.Instance{N: n}
		a, _, err := sat.Solve(context.Background(), p, solver.Config{}, technique.Picks{})
		require.NoError(t, err)
		require.Equal(t, queens.Answer{First: [][]int{queensref.Least(n)}, Count: -1}, a, "N=%d", n)
	}
}
