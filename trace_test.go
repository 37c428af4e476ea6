package puzzlesat_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
)

// TestTraceCountsAsTheRun traces the first instance of each kind's
// sample: the cuts drawn equal the run's cut counters, which equal what
// Solve's Stats say; two traces are byte for byte the same; the SVG is
// well-formed.
func TestTraceCountsAsTheRun(t *testing.T) {
	for _, k := range puzzlesat.Kinds() {
		t.Run(k.Name(), func(t *testing.T) {
			p := kindtest.FirstInstance(t, k, judgedata.Path(t, k.Name(), "sample.in"))
			ctx := context.Background()
			tree, _, st, err := k.Trace(ctx, p, puzzlesat.Options{}, 100_000)
			require.NoError(t, err)
			require.True(t, tree.Complete(), "%d nodes past the limit", tree.More)
			run := map[string]int64{}
			for _, c := range st.Cuts {
				run[c.Pruning] = c.Count
			}
			for _, pc := range tree.Prunings {
				require.Equal(t, run[pc.Name], pc.Run, "%s: the tree's count of the run", pc.Name)
				require.Equal(t, pc.Run, pc.Drawn, "%s: drawn", pc.Name)
			}
			counted, solved, err := k.Solve(ctx, p, puzzlesat.Options{CountCuts: true})
			require.NoError(t, err)
			require.Equal(t, st.Cuts, solved.Cuts, "traced or not, the same counts")
			require.Equal(t, st.Nodes, solved.Nodes)
			// Uncounted, the search is the same search: the same answer
			// and nodes, and no counts.
			plain, uncounted, err := k.Solve(ctx, p, puzzlesat.Options{})
			require.NoError(t, err)
			require.Equal(t, counted.Text, plain.Text, "counted or not, the same answer")
			require.Equal(t, solved.Nodes, uncounted.Nodes, "counted or not, the same nodes")
			require.Nil(t, uncounted.Cuts, "not asked to count")

			var a, b, svg bytes.Buffer
			require.NoError(t, tree.WriteJSON(&a))
			again, _, _, err := k.Trace(ctx, p, puzzlesat.Options{}, 100_000)
			require.NoError(t, err)
			require.NoError(t, again.WriteJSON(&b))
			require.Equal(t, a.String(), b.String(), "deterministic")
			require.NoError(t, tree.WriteSVG(&svg))
			for d := xml.NewDecoder(&svg); ; {
				_, err := d.Token()
				if err == io.EOF {
					break
				}
				require.NoError(t, err, "SVG")
			}
		})
	}
}
