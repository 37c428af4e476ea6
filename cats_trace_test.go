package puzzlesat_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/ref/catsref"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// TestCatsTrace traces both searches of cats, and bin completion without
// its LP bound and nogoods, on small instances whose whole tree fits:
// the cuts drawn are the run's, which are those of an untraced solve;
// every node of the search is a decision drawn (bin completion's root
// nodes are its passes, the item search's root is the tree's); and the
// SVG is well-formed and the same on a second run.
func TestCatsTrace(t *testing.T) {
	ctx := context.Background()
	k := puzzlesat.Cats()
	ps := []puzzle.Cats{
		{W: 1996, Weights: []int{1, 2, 1994, 12, 29}},
		{W: 10, Weights: []int{5, 4, 3, 3, 3, 2}},
		{W: 30, Weights: []int{11, 11, 12, 11, 4, 13, 9, 11, 3, 9, 9, 5, 12}},
	}
	ps = append(ps, catsref.Bench(18, catsref.TenthHalf)[:4]...)
	for _, spec := range []string{"", "-bin-completion", "-lp-bound,-nogoods"} {
		for _, p := range ps {
			o := puzzlesat.Options{Backend: puzzlesat.DFS, Prunings: spec}
			tree, a, st, err := k.Trace(ctx, p, o, 1<<20)
			require.NoError(t, err, "%s %s", spec, p.String())
			require.NoError(t, p.Verify(a))
			require.True(t, tree.Complete(), "%s %s", spec, p.String())
			require.True(t, tree.Answered)
			run := map[string]int64{}
			for _, c := range st.Cuts {
				run[c.Pruning] = c.Count
			}
			for _, pc := range tree.Prunings {
				require.Equal(t, pc.Run, pc.Drawn, "%s %s: %s", spec, p.String(), pc.Name)
				require.Equal(t, run[pc.Name], pc.Run, "%s %s: %s", spec, p.String(), pc.Name)
			}
			_, plain, err := k.Solve(ctx, p, o)
			require.NoError(t, err)
			require.Equal(t, plain.Nodes, st.Nodes)
			require.Equal(t, plain.Cuts, st.Cuts)
			decisions := int64(0)
			for _, n := range tree.Nodes[1:] {
				if !n.Leaf() {
					decisions++
				}
			}
			want := st.Nodes
			if spec == "-bin-completion" && want > 0 {
				want-- // the first cat's node is the root
			}
			require.Equal(t, want, decisions, "%s %s", spec, p.String())

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
