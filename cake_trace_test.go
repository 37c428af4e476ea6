package puzzlesat_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// TestCakeTrace traces cake on small pairs, with and without a cake, by
// the fast search and, with a switch off, the general one: the cuts drawn
// are the run's, which are those of an untraced solve (a traced search
// takes the general one); every layer placed is a decision drawn; and the
// SVG is well-formed and the same on a second run.
func TestCakeTrace(t *testing.T) {
	ctx := context.Background()
	k := puzzlesat.Cake()
	ps := []puzzle.Cake{
		{Volume: 100, Layers: 2}, {Volume: 1, Layers: 1}, {Volume: 10, Layers: 2},
		{Volume: 300, Layers: 3}, {Volume: 500, Layers: 4}, {Volume: 2000, Layers: 5},
	}
	for _, spec := range []string{"", "-large-first", "-layer-limits,-room-above", "-volume-bound,-least-area"} {
		for _, p := range ps {
			o := puzzlesat.Options{Backend: puzzlesat.DFS, Prunings: spec}
			tree, a, st, err := k.Trace(ctx, p, o, 1<<20)
			require.NoError(t, err, "%s %s", spec, p.String())
			require.NoError(t, p.Verify(a))
			require.True(t, tree.Complete(), "%s %s", spec, p.String())
			require.Equal(t, a.Area > 0, tree.Answered, "%s %s", spec, p.String())
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
			require.Equal(t, plain.Nodes, st.Nodes, "%s %s", spec, p.String())
			require.Equal(t, plain.Cuts, st.Cuts, "%s %s", spec, p.String())
			decisions := int64(0)
			for _, n := range tree.Nodes[1:] {
				if !n.Leaf() {
					decisions++
				}
			}
			require.Equal(t, st.Nodes-1, decisions, "%s %s: the empty cake is the root", spec, p.String())

			var svg, again bytes.Buffer
			require.NoError(t, tree.WriteSVG(&svg))
			tree2, _, _, err := k.Trace(ctx, p, o, 1<<20)
			require.NoError(t, err)
			require.NoError(t, tree2.WriteSVG(&again))
			require.Equal(t, svg.String(), again.String(), "deterministic")
			for d := xml.NewDecoder(&svg); ; {
				_, err := d.Token()
				if err == io.EOF {
					break
				}
				require.NoError(t, err)
			}
		}
	}
}

// TestCakeTraceBook traces the first pair of each book file, the tree cut
// at a thousand nodes: the general search that traces counts as the fast
// one that solves.
func TestCakeTraceBook(t *testing.T) {
	ctx := context.Background()
	k := puzzlesat.Cake()
	for _, name := range []string{"cake1", "cake2", "cake3", "cake4", "cake5"} {
		p := firstInstance(t, k.Puzzle(), judgedata.Path(t, "cake", name+".in")).(puzzle.Cake)
		_, _, st, err := k.Trace(ctx, p, puzzlesat.Options{}, 1000)
		require.NoError(t, err, name)
		_, plain, err := k.Solve(ctx, p, puzzlesat.Options{})
		require.NoError(t, err, name)
		require.Equal(t, plain.Nodes, st.Nodes, name)
		require.Equal(t, plain.Cuts, st.Cuts, name)
	}
}
