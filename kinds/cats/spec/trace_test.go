package spec_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/kinds/cats"
	"github.com/puzzlesat/puzzlesat/kinds/cats/internal/ref/catsref"
)

// TestCatsTrace traces both searches of cats, and bin completion without
// its LP bound and nogoods, on small instances whose whole tree fits
// (kindtest.CheckTrace): every node of the search is a decision drawn, a
// car filled or a cat placed (bin completion's questions and passes are
// levels).
func TestCatsTrace(t *testing.T) {
	ps := []cats.Instance{
		{W: 1996, Weights: []int{1, 2, 1994, 12, 29}},
		{W: 10, Weights: []int{5, 4, 3, 3, 3, 2}},
		{W: 30, Weights: []int{11, 11, 12, 11, 4, 13, 9, 11, 3, 9, 9, 5, 12}},
	}
	ps = append(ps, catsref.Bench(18, catsref.TenthHalf)[:4]...)
	for _, spec := range []string{"", "-bin-completion", "-lp-bound,-nogoods"} {
		for _, p := range ps {
			tree, _, st, err := kindtest.CheckTrace(t, theKind, p, spec)
			require.NoError(t, err, "%s %s", spec, p.String())
			require.True(t, tree.Answered)
			require.Equal(t, st.Nodes, kindtest.Decisions(tree), "%s %s", spec, p.String())
		}
	}
}
