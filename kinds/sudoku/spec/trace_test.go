package spec_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
)

// TestSudokuTrace traces the 9x9 walk and the 4x4-49x49 search on the
// first grids of top95 and on the judge's 16x16 sample, with every
// pruning, without hidden singles and without the dead-cell check
// (kindtest.CheckTrace); the nodes are the decisions drawn, the options tried.
func TestSudokuTrace(t *testing.T) {
	var ps []sudoku.Instance
	for _, name := range []string{"top95.txt", "sample.in"} {
		f, err := os.Open(judgedata.Path(t, "sudoku", name))
		require.NoError(t, err)
		got, err := sudoku.Parse(name, f, "")
		f.Close()
		require.NoError(t, err)
		ps = append(ps, got[:min(len(got), 2)]...)
	}
	for _, spec := range []string{"", "-hidden-singles", "-dead-cell"} {
		for j, p := range ps {
			tree, _, st, err := kindtest.CheckTrace(t, theKind, p, spec)
			require.NoError(t, err, "%q grid %d", spec, j)
			require.True(t, tree.Answered)
			require.Equal(t, st.Nodes, tree.Decisions, "%q grid %d: the nodes are the decisions drawn", spec, j)
		}
	}
}
