package dfs_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/addchain"
	"github.com/puzzlesat/puzzlesat/kinds/addchain/dfs"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// TestCutsByHand pins the nodes and cuts of small n, worked out by hand.
// Nodes are the elements placed (the depth limits m = 0, 1, ... are
// levels, not decisions); the cuts are indexed doubling, large-first, sum-once, two-largest,
// last-sum.
func TestCutsByHand(t *testing.T) {
	for _, tc := range []struct {
		n     int
		spec  string
		chain []int
		nodes int64
		cuts  []int64
	}{
		// n = 11, m = 0..5. m = 1, 2, 3: a1 = 2 and 2·2^(m-1) < 11,
		// three doubling cuts. m = 4: a1 = 2, then a2 from 4 down: a2 =
		// 4 (4·2^2 = 16, and without doubling (4+2)·2 = 12 >= 11), then
		// a3 from {5, 6, 8}: 8 leaves 11-8 = 3, not in the chain
		// (last-sum); 6 reaches 12 by doubling, else at most 6+4 = 10
		// (two-largest); 5·2 < 11 (doubling). Back at a2 = 3: 12 by
		// doubling, else at most max((3+2)·2, 3·3) = 10 (two-largest).
		// m = 5: 2, 4, 8, 10, 11 at the first try. Nodes: 2 elements
		// at m = 4, 5 at m = 5.
		{11, "", []int{1, 2, 4, 8, 10, 11}, 7, []int64{4, 0, 0, 2, 1}},
		// n = 7, m = 0..4. m = 3: a1 = 2 reaches 8 by doubling, else
		// at most max((2+1)·2, 3·2) = 6 (two-largest). m = 4: 2, 4, 6,
		// 7 at the first try: 4 nodes.
		{7, "", []int{1, 2, 4, 6, 7}, 4, []int64{2, 0, 0, 1, 0}},
		// Without the two bounds beyond the textbook, m = 3 places a2 = 4
		// and refuses a3 = 6 (6 < 7, doubling) and skips 5 (large-first),
		// then refuses a2 = 3 (3·2 < 7): two more nodes.
		{7, "-two-largest,-last-sum", []int{1, 2, 4, 6, 7}, 6, []int64{4, 1, 0, 0, 0}},
		// Smallest first, m = 4 visits the five chains of 7 and keeps
		// the greatest: 13 nodes there. After 1 2 3 4 the sums 5 and 6,
		// of two pairs each, are refused one by one (doubling 2) and
		// their second pairs skipped (sum-once 2); a3 = 4 comes again
		// as 2+2 (sum-once); after 1 2 3 5 and after 1 2 4 5, a4 = 6 is
		// refused (doubling) and its second pair skipped (sum-once).
		{7, "-large-first", []int{1, 2, 4, 6, 7}, 13, []int64{6, 0, 5, 1, 0}},
	} {
		on, _, err := technique.ResolvePrunings(dfs.Prunings(), tc.spec)
		require.NoError(t, err)
		a, st, err := dfs.Solve(context.Background(), addchain.Instance{N: tc.n}, search.Run{Prunings: on, CountCuts: true})
		require.NoError(t, err)
		require.Equal(t, tc.chain, a.Chain, "n=%d %s", tc.n, tc.spec)
		require.Equal(t, tc.nodes, st.Nodes, "n=%d %s", tc.n, tc.spec)
		require.Equal(t, tc.cuts, st.Cuts, "n=%d %s", tc.n, tc.spec)
	}
}

// TestTrace: the tree of a traced run draws a level per depth limit, with
// its decisions below, as many decisions as the run counts nodes, and
// cut leaves, each saying what it removed, that add up to the run's
// counts; a traced run counts as a plain one, and the path to the answer
// is the chain. Solve and Count alike, with each pruning off in turn.
func TestTrace(t *testing.T) {
	specs := []string{""}
	for _, p := range dfs.Prunings() {
		specs = append(specs, "-"+p.Name)
	}
	for _, n := range []int{1, 2, 7, 11, 23, 31, 77} {
		for _, spec := range specs {
			for _, counting := range []bool{false, true} {
				rec := trace.NewRecorder(1<<20, "n")
				a, st := run(t, search.Run{Prunings: set(t, spec), Sink: rec}, n, counting)
				_, plain := run(t, search.Run{Prunings: set(t, spec), CountCuts: true}, n, counting)
				require.Equal(t, plain, st, "n=%d %s: a traced run counts as a plain one", n, spec)
				tree := rec.Tree(dfs.Prunings(), nil, st.Cuts)
				require.True(t, tree.Complete())
				decisions, levels := int64(0), 0
				drawn := make([]int64, len(st.Cuts))
				var path []string
				for _, node := range tree.Nodes[1:] {
					if node.Leaf() {
						drawn[slices.IndexFunc(dfs.Prunings(), func(p technique.Pruning) bool { return p.Name == node.Pruning })] += node.Count
						require.NotEmpty(t, node.Label, "n=%d %s: a cut says what it removed", n, spec)
						continue
					}
					if node.Level {
						require.Zero(t, node.Parent, "n=%d %s: a level under the root", n, spec)
						levels++
					} else {
						decisions++
					}
					if node.Answer {
						path = append(path, node.Label)
					}
				}
				require.Equal(t, st.Nodes, decisions, "n=%d %s", n, spec)
				require.Equal(t, st.Cuts, drawn, "n=%d %s", n, spec)
				if counting {
					continue
				}
				require.Equal(t, a.Len()+1, levels, "n=%d %s: levels m = 0..%d", n, spec, a.Len())
				want := []string{fmt.Sprintf("m=%d", a.Len())}
				for k, v := range a.Chain[1:] {
					want = append(want, fmt.Sprintf("a%d=%d", k+1, v))
				}
				require.Equal(t, want, path, "n=%d %s", n, spec)
			}
		}
	}
}

// run solves n, or counts its shortest chains when counting.
func run(t *testing.T, on search.Run, n int, counting bool) (addchain.Answer, search.Stats) {
	ctx := context.Background()
	t.Helper()
	p := addchain.Instance{N: n}
	if counting {
		_, st, err := dfs.Count(ctx, p, 1000, on)
		require.NoError(t, err)
		return addchain.Answer{}, st
	}
	a, st, err := dfs.Solve(ctx, p, on)
	require.NoError(t, err)
	return a, st
}
