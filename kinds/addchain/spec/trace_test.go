package spec_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/kinds/addchain"
)

// TestTrace traces the search at the defaults and with each pruning off,
// on n whose whole tree fits (kindtest.CheckTrace): the decisions drawn,
// an element placed each, are the nodes, and a level is drawn per depth
// limit tried, from m = 0 to the shortest. Smallest sums first, the
// search visits the whole last level (36,800 nodes for n = 127), so it
// stops at 77.
func TestTrace(t *testing.T) {
	specs := []string{""}
	for _, p := range theKind.Searches()[0].Prunings {
		specs = append(specs, "-"+p.Name)
	}
	for _, spec := range specs {
		for _, n := range []int{1, 2, 7, 23, 77, 127} {
			if spec == "-large-first" && n > 77 {
				continue
			}
			tree, a, st, err := kindtest.CheckTrace(t, theKind, addchain.Instance{N: n}, spec)
			require.NoError(t, err, "%s n=%d", spec, n)
			require.True(t, tree.Answered, "%s n=%d", spec, n)
			require.Equal(t, st.Nodes, kindtest.Decisions(tree), "%s n=%d", spec, n)
			_, levels, _ := tree.Parts()
			require.Equal(t, a.Value.(addchain.Answer).Len()+1, levels, "%s n=%d: m = 0 to the shortest", spec, n)
		}
	}
}
