package puzzlesat_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// TestSudokuTrace traces the 9x9 walk and the 4x4-49x49 search on the
// first grids of top95 and on the judge's 16x16 sample, with every
// pruning, without hidden singles and without the dead-cell check: the
// whole tree fits, the cuts drawn are the run's, which are those of an
// untraced solve, the answer verifies, and the SVG is well-formed and the
// same on a second run.
func TestSudokuTrace(t *testing.T) {
	ctx := context.Background()
	k := puzzlesat.Sudoku()
	var ps []puzzle.Sudoku
	for _, name := range []string{"top95.txt", "sample.in"} {
		f, err := os.Open(judgedata.Path(t, "sudoku", name))
		require.NoError(t, err)
		got, err := puzzle.ParseSudoku(name, f, "")
		f.Close()
		require.NoError(t, err)
		ps = append(ps, got[:min(len(got), 2)]...)
	}
	for _, spec := range []string{"", "-hidden-singles", "-dead-cell"} {
		for j, p := range ps {
			o := puzzlesat.Options{Backend: puzzlesat.DFS, Prunings: spec}
			tree, a, st, err := k.Trace(ctx, p, o, 1<<20)
			require.NoError(t, err, "%q grid %d", spec, j)
			require.NoError(t, p.Verify(a))
			require.True(t, tree.Complete(), "%q grid %d", spec, j)
			require.True(t, tree.Answered)
			run := map[string]int64{}
			for _, c := range st.Cuts {
				run[c.Pruning] = c.Count
			}
			for _, pc := range tree.Prunings {
				require.Equal(t, pc.Run, pc.Drawn, "%q grid %d: %s", spec, j, pc.Name)
				require.Equal(t, run[pc.Name], pc.Run, "%q grid %d: %s", spec, j, pc.Name)
			}
			_, plain, err := k.Solve(ctx, p, o)
			require.NoError(t, err)
			require.Equal(t, plain.Nodes, st.Nodes)
			require.Equal(t, plain.Cuts, st.Cuts)

			var svg, again bytes.Buffer
			require.NoError(t, tree.WriteSVG(&svg))
			tree2, _, _, err := k.Trace(ctx, p, o, 1<<20)
			require.NoError(t, err)
			require.NoError(t, tree2.WriteSVG(&again))
			require.Equal(t, svg.String(), again.String(), "deterministic")
			d := xml.NewDecoder(&svg)
			for {
				_, err := d.Token()
				if err == io.EOF {
					break
				}
				require.NoError(t, err)
			}
		}
	}
}
