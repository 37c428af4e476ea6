package dfs_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/alphametic"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic/dfs"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/technique/techniquetest"
)

// TestAlphameticCuts pins the cut counts of AB + BA = BB in base 2, worked
// by hand. The columns from the right are B + A = B and A + B = B; no
// carry comes into the bottom and none leaves the top (top-no-carry 1).
// The bottom column has B twice: B + A + in = B + 2·out leaves A = 0 with
// no carries, so A loses 1 (column-narrow 1) and the carry between the
// columns loses 1 (carry-bounds 1); A = 0 takes 0 from B, which is left
// with 1 (all-different 1). The top column, 0 + 1 = 1, then holds, both
// digits are some letter's, and the root is a leaf: no digit is tried, so
// no node (largest-first 0). The order by columns is B, A against A, B
// alphabetically (column-order 2). Counting is the same search.
func TestAlphameticCuts(t *testing.T) {
	p := alphametic.Instance{N: 2, Words: [3]string{"AB", "BA", "BB"}}
	want := map[string]int64{"column-narrow": 1, "carry-bounds": 1, "top-no-carry": 1, "all-different": 1, "column-order": 2}
	ctx := context.Background()
	for range 2 { // the same on every run
		a, st, err := dfs.Solve(ctx, p, search.Run{CountCuts: true})
		require.NoError(t, err)
		require.Equal(t, []int{0, 1}, a.Digits)
		require.Equal(t, int64(0), st.Nodes)
		require.Equal(t, want, techniquetest.Cuts(dfs.Prunings(), st))
		n, st, err := dfs.Count(ctx, p, 0, search.Run{CountCuts: true})
		require.NoError(t, err)
		require.Equal(t, 1, n)
		require.Equal(t, want, techniquetest.Cuts(dfs.Prunings(), st))
	}
}

// TestAlphameticPruningsIndexed checks that the constants the search
// counts with name the prunings of AlphameticPrunings: each count is zero
// when its own pruning is off, on instances where it is not at the
// defaults, solving and counting; and the counts are the same on a second
// run.
func TestAlphameticPruningsIndexed(t *testing.T) {
	ps := []alphametic.Instance{{N: 5, Words: [3]string{"ABCED", "BDACE", "EBBAA"}}}
	for i := 1; i <= 3; i++ {
		p, _ := readAlphameticPoint(t, i)
		ps = append(ps, p)
	}
	rng := rand.New(rand.NewPCG(2004, 28))
	for range 10 {
		ps = append(ps, randomAlphametic(rng, 5+rng.IntN(3), rng.IntN(4) != 0))
	}
	all := dfs.Prunings()
	for i, pr := range all {
		require.NotEmpty(t, pr.Counts, "%s", pr.Name)
		off := techniquetest.Resolve(t, all, "-"+pr.Name)
		acted := false
		for _, p := range ps {
			if pr.Name == "column-check" && p.N > 8 {
				continue // a permutation search: up to N! nodes
			}
			for _, counting := range []bool{false, true} {
				def := alphameticStats(t, p, counting, technique.Set{})
				require.Equal(t, def, alphameticStats(t, p, counting, technique.Set{}), "%+v: a second run", p)
				acted = acted || def.Cuts[i] != 0
				require.Zero(t, alphameticStats(t, p, counting, off).Cuts[i], "%s off still counts on %+v", pr.Name, p)
			}
		}
		require.True(t, acted, "%s counts nothing at the defaults", pr.Name)
	}
}

// alphameticStats solves p, or counts its answers, with the prunings on.
func alphameticStats(t *testing.T, p alphametic.Instance, counting bool, on technique.Set) search.Stats {
	t.Helper()
	var st search.Stats
	var err error
	if counting {
		_, st, err = dfs.Count(context.Background(), p, 0, search.Run{Prunings: on, CountCuts: true})
	} else {
		_, st, err = dfs.Solve(context.Background(), p, search.Run{Prunings: on, CountCuts: true})
	}
	if !errors.Is(err, puzzle.ErrNoSolution) {
		require.NoError(t, err)
	}
	return st
}
