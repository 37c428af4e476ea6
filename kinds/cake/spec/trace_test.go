package spec_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/cake"
)

// TestCakeTrace traces cake on small pairs, with and without a cake, by
// the fast search and, with a switch off, the general one (checkTrace);
// every layer placed is a decision drawn, and the best cake is the path.
func TestCakeTrace(t *testing.T) {
	ps := []cake.Instance{
		{Volume: 100, Layers: 2}, {Volume: 1, Layers: 1}, {Volume: 10, Layers: 2},
		{Volume: 300, Layers: 3}, {Volume: 500, Layers: 4}, {Volume: 2000, Layers: 5},
	}
	for _, spec := range []string{"", "-large-first", "-layer-limits,-room-above", "-volume-bound,-least-area"} {
		for _, p := range ps {
			tree, a, st, err := kindtest.CheckTrace(t, theKind, p, spec)
			require.NoError(t, err, "%s %s", spec, p.String())
			require.Equal(t, a.Value.(cake.Answer).Area > 0, tree.Answered, "%s %s", spec, p.String())
			require.Equal(t, st.Nodes, kindtest.Decisions(tree), "%s %s: the layers placed", spec, p.String())
		}
	}
}

// TestCakeTraceBook traces the first pair of each book file, the tree cut
// at a thousand nodes: the general search that traces counts as the fast
// one that solves.
func TestCakeTraceBook(t *testing.T) {
	ctx := context.Background()
	k := theKind
	for _, name := range []string{"cake1", "cake2", "cake3", "cake4", "cake5"} {
		p := kindtest.FirstInstance(t, k, judgedata.Path(t, "cake", name+".in")).(cake.Instance)
		_, _, st, err := k.Trace(ctx, p, puzzlesat.Options{}, 1000)
		require.NoError(t, err, name)
		_, plain, err := k.Solve(ctx, p, puzzlesat.Options{CountCuts: true})
		require.NoError(t, err, name)
		require.Equal(t, plain.Nodes, st.Nodes, name)
		require.Equal(t, plain.Cuts, st.Cuts, name)
	}
}
