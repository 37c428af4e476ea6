package spec_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/kinds/queens"
)

// TestSwitchesQueens: boards of 1 to 9, random prunings off and random
// encodings, counted and solved by both backends.
func TestSwitchesQueens(t *testing.T) {
	var ps []queens.Instance
	for range 3 {
		for n := 1; n <= 9; n++ {
			ps = append(ps, queens.Instance{N: n})
		}
	}
	kindtest.CheckSwitches(t, theKind, 8, false, kindtest.Instances(ps)) // a board without a solution answers the count 0
}

// TestCountQueensEverything: with no limit, both backends count every
// solution of the boards of 1 to 10 (OEIS A000170), with the mirror
// symmetry broken and without.
func TestCountQueensEverything(t *testing.T) {
	want := []int{1, 0, 0, 2, 10, 4, 40, 92, 352, 724}
	ctx := context.Background()
	for _, enc := range []string{"", "symmetry=none"} {
		for _, b := range []puzzlesat.Backend{puzzlesat.DFS, puzzlesat.SAT, puzzlesat.Both} {
			for n, w := range want {
				got, _, err := theKind.Count(ctx, queens.Instance{N: n + 1}, 0, puzzlesat.Options{Backend: b, Encoding: enc})
				require.NoError(t, err)
				require.Equal(t, w, got, "%d queens by %v with %q", n+1, b, enc)
			}
		}
	}
}
