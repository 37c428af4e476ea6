package dfs_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/kinds/addchain"
	"github.com/puzzlesat/puzzlesat/kinds/addchain/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/addchain/internal/brute"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
)

// set resolves a switch spec such as "-doubling" against the prunings.
func set(t testing.TB, spec string) technique.Set {
	t.Helper()
	on, _, err := technique.ResolvePrunings(dfs.Prunings(), spec)
	require.NoError(t, err)
	return on
}

// solve solves n and checks the answer with Verify.
func solve(t testing.TB, n int, on technique.Set) (addchain.Answer, search.Stats) {
	t.Helper()
	p := addchain.Instance{N: n}
	a, st, err := dfs.Solve(context.Background(), p, search.Run{Prunings: on, CountCuts: true})
	require.NoError(t, err, "n=%d %v", n, on)
	require.NoError(t, p.Verify(a), "n=%d %v", n, on)
	return a, st
}

// TestSolveAgainstBrute: the chain of every n up to 200 is the brute
// force's: as short, and the greatest of the shortest.
func TestSolveAgainstBrute(t *testing.T) {
	for n := 1; n <= 200; n++ {
		want, chain := brute.Length(n)
		a, _ := solve(t, n, technique.Set{})
		require.Equal(t, want, a.Len(), "n=%d: %v", n, a.Chain)
		require.Equal(t, chain, a.Chain, "n=%d", n)
	}
}

// TestCountAgainstBrute: the number of shortest chains of every n up to
// 100 is the brute force's, with no limit (0) or a limit above it, and a
// limit below stops the count there.
func TestCountAgainstBrute(t *testing.T) {
	for n := 1; n <= 100; n++ {
		_, want := brute.Count(n)
		got, _, err := dfs.Count(context.Background(), addchain.Instance{N: n}, 0, search.Run{})
		require.NoError(t, err)
		require.Equal(t, want, got, "n=%d", n)
		got, _, err = dfs.Count(context.Background(), addchain.Instance{N: n}, want+1, search.Run{})
		require.NoError(t, err)
		require.Equal(t, want, got, "n=%d", n)
		if want > 1 {
			got, _, err = dfs.Count(context.Background(), addchain.Instance{N: n}, want-1, search.Run{})
			require.NoError(t, err)
			require.Equal(t, want-1, got, "n=%d limit %d", n, want-1)
		}
	}
}

// TestCountByHand: the counts of small n, the chains listed by hand.
func TestCountByHand(t *testing.T) {
	for _, tc := range []struct {
		n      int
		chains string
		count  int
	}{
		{1, "1", 1},
		{2, "1 2", 1},
		{5, "1 2 3 5, 1 2 4 5", 2},
		{6, "1 2 3 6, 1 2 4 6", 2},
		{7, "1 2 3 4 7, 1 2 3 5 7, 1 2 3 6 7, 1 2 4 5 7, 1 2 4 6 7", 5},
		{8, "1 2 4 8", 1},
		{9, "1 2 3 6 9, 1 2 4 8 9, 1 2 4 5 9", 3},
	} {
		got, _, err := dfs.Count(context.Background(), addchain.Instance{N: tc.n}, 100, search.Run{})
		require.NoError(t, err)
		require.Equal(t, tc.count, got, "n=%d: %s", tc.n, tc.chains)
	}
}

// TestEachPruningOff: with each pruning off in turn, and with random sets
// of them off, every n up to 200 has the same chain, and the counts up to
// 40 are the same.
func TestEachPruningOff(t *testing.T) {
	var specs []string
	for _, p := range dfs.Prunings() {
		specs = append(specs, "-"+p.Name)
	}
	rng := rand.New(rand.NewPCG(1, 39))
	for range 4 {
		var off []string
		for _, p := range dfs.Prunings() {
			if rng.IntN(2) == 0 {
				off = append(off, "-"+p.Name)
			}
		}
		specs = append(specs, strings.Join(off, ","))
	}
	for n := 1; n <= 200; n++ {
		want, _ := solve(t, n, technique.Set{})
		for _, spec := range specs {
			on := set(t, spec)
			a, _ := solve(t, n, on)
			require.Equal(t, want.Chain, a.Chain, "n=%d %s", n, spec)
			if n <= 40 {
				c0, _, err := dfs.Count(context.Background(), addchain.Instance{N: n}, 1000, search.Run{})
				require.NoError(t, err)
				c, _, err := dfs.Count(context.Background(), addchain.Instance{N: n}, 1000, search.Run{Prunings: on, CountCuts: true})
				require.NoError(t, err)
				require.Equal(t, c0, c, "n=%d %s", n, spec)
			}
		}
	}
}

// TestZeroCountsChangeNothing: on every n up to 300, a pruning that is
// not an order and counted 0 can be switched off without changing the
// nodes or the other counts, and one that counted more changes the nodes
// or another count.
func TestZeroCountsChangeNothing(t *testing.T) {
	ps := dfs.Prunings()
	for n := 1; n <= 300; n++ {
		_, all := solve(t, n, technique.Set{})
		for i, p := range ps {
			if p.Category == technique.Order {
				continue
			}
			_, off := solve(t, n, set(t, "-"+p.Name))
			if all.Cuts[i] == 0 {
				require.Equal(t, all.Nodes, off.Nodes, "n=%d -%s", n, p.Name)
				continue
			}
			changed := off.Nodes != all.Nodes || !slices.Equal(without(off.Cuts, i), without(all.Cuts, i))
			require.True(t, changed, "n=%d: %s counted %d and changes nothing", n, p.Name, all.Cuts[i])
		}
	}
}

// without returns the counts but the i-th.
func without(cuts []int64, i int) []int64 {
	return append(slices.Clone(cuts[:i]), cuts[i+1:]...)
}

// TestPruningsIndexed: every pruning has a name, a category, a doc and
// what one count is, names are distinct, and the counts come indexed
// like the list, one per pruning.
func TestPruningsIndexed(t *testing.T) {
	ps := dfs.Prunings()
	names := map[string]bool{}
	for _, p := range ps {
		require.NotEmpty(t, p.Name)
		require.NotEmpty(t, p.Category, p.Name)
		require.NotEmpty(t, p.Doc, p.Name)
		require.NotEmpty(t, p.Counts, p.Name)
		require.False(t, names[p.Name], p.Name)
		names[p.Name] = true
	}
	_, st := solve(t, 77, technique.Set{})
	require.Len(t, st.Cuts, len(ps))
	for i, p := range ps {
		_, off := solve(t, 77, set(t, "-"+p.Name))
		require.Zero(t, off.Cuts[i], "%s is off and counts", p.Name)
	}
}

// TestSample: the statement's sample has chains of its lengths.
func TestSample(t *testing.T) {
	for _, tc := range []struct{ n, m int }{{5, 3}, {7, 4}, {12, 4}, {15, 5}, {77, 8}} {
		a, _ := solve(t, tc.n, technique.Set{})
		require.Equal(t, tc.m, a.Len(), "n=%d", tc.n)
	}
}

// TestRange: every n in a range reads a chain that passes Verify, of the
// brute force's length where it is quick.
func TestRange(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 39))
	for range 40 {
		n := 1 + rng.IntN(3000)
		solve(t, n, technique.Set{})
	}
}

// doneAfter is a context that reports itself done from the k-th look at
// Err on: a search sees it at its next poll, whatever the clock.
type doneAfter struct {
	context.Context
	k int
}

func (c *doneAfter) Err() error {
	if c.k--; c.k < 0 {
		return context.Canceled
	}
	return nil
}

func (c *doneAfter) Done() <-chan struct{} { return nil }

// TestStopsWhenDone: a search stops within poll.Every nodes of its
// context being done, Solve and Count alike, with the context's error
// and no answer, on n = 131071 whose search takes minutes.
func TestStopsWhenDone(t *testing.T) {
	p := addchain.Instance{N: 131071}
	for looks := range 4 {
		ctx := &doneAfter{Context: context.Background(), k: looks}
		a, st, err := dfs.Solve(ctx, p, search.Run{})
		require.ErrorIs(t, err, context.Canceled)
		require.Empty(t, a.Chain)
		require.LessOrEqual(t, st.Nodes, int64(looks+1)*poll.Every)

		ctx = &doneAfter{Context: context.Background(), k: looks}
		c, st, err := dfs.Count(ctx, p, 10, search.Run{})
		require.ErrorIs(t, err, context.Canceled)
		require.Zero(t, c, "no chain is found that soon")
		require.LessOrEqual(t, st.Nodes, int64(looks+1)*poll.Every)
	}
}

// TestCountStoppedSaysHowFar: a count stopped by its context returns the
// chains counted so far with the context's error: n = 127 has 2661
// shortest chains, 36,811 nodes to count them all, and by the search's
// fifth look at its context some are counted, not all.
func TestCountStoppedSaysHowFar(t *testing.T) {
	p := addchain.Instance{N: 127}
	all, _, err := dfs.Count(context.Background(), p, 0, search.Run{})
	require.NoError(t, err)
	require.Equal(t, 2661, all)
	c, st, err := dfs.Count(&doneAfter{Context: context.Background(), k: 5}, p, 0, search.Run{})
	require.ErrorIs(t, err, context.Canceled)
	require.Less(t, st.Nodes, int64(36811))
	require.Positive(t, c)
	require.Less(t, c, all)
}
