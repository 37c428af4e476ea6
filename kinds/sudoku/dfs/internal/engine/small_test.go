package engine

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/internal/ref/sudokuref"
	"github.com/puzzlesat/puzzlesat/trace"
)

// TestSudokuSmallOn9x9 runs the 32-bit search, which the 9x9 puzzles of
// the command no longer reach, against the 9x9 bitboards on sparse random
// grids: counting to 1500 runs it past the nodes it spends without
// look-ahead, so its failed options and dilemmas are checked too. The
// bitboards meet a brute force in TestSudokuCountMatchesBruteForce.
func TestSudokuSmallOn9x9(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	most := int64(0)
	for range 6 {
		full := sudokuref.Shuffled(rng, 3)
		p := sudoku.Instance{Box: 3, Cells: make([]int16, 81)}
		for _, i := range rng.Perm(81)[:24] {
			p.Cells[i] = full[i]
		}
		small := runSmall[trace.Counted](context.Background(), p, 1500, 1<<62, AllOn, nil)
		fast := solveNine(context.Background(), p.Cells, 1500, 1<<62)
		require.NoError(t, small.Err)
		require.NoError(t, fast.err)
		require.Equal(t, fast.found, small.Found)
		most = max(most, small.Nodes)
	}
	require.GreaterOrEqual(t, most, int64(plainNodes))
}
