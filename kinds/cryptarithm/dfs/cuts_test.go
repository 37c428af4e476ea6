package dfs_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm/internal/ref/cryptbrute"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/technique/techniquetest"
)

// TestCryptarithmCuts pins the cut counts of A + A = B in base 3, counted
// by hand, with three sets of prunings; the only answer is A = 1, B = 2.
// The one column is 2A - B = 3·carry, and no carry leaves the top, so
// the window is 2A - B = 0, A is chosen first, and B closes the column.
//
// At the defaults the root's window narrows A: with A = 0, B over {1, 2}
// gives -2..-1, and with A = 2, B over {0, 1} gives 3..4, neither 0, so
// A keeps 1; B loses 0, since A over {1, 2} gives 2..4 (narrow-each 3).
// A = 1 and B = 2 are the two nodes, the decisions.
//
// Without narrow-each, A = 0 and A = 2 are tried and cut by the window
// (window-bound 2); below A = 1 the column fixes 2B ≡ 2 (mod 3), so B
// skips 0 (column-digit 1): four nodes. Without column-digit too, B = 0
// is a node, whose column 2 - 0 = 2 is no multiple of 3 (column-check
// 1): five. Solving stops at the answer, before A = 2: one window cut
// less, one node less.
//
// In SEND + MORE = MONEY the order by columns, D E Y, N R, O, M S, puts
// five letters of D E M N O R S Y elsewhere (column-order 5); in column 0
// E's weight 91 (100 + 1 - 10) goes before D's and Y's 1 (weight-order 2);
// each column's last letter, Y, R, O and S, has a coefficient prime to 10
// already (prime-last 0); S and M start words (leading-zero 2).
func TestCryptarithmCuts(t *testing.T) {
	ctx := context.Background()
	all := dfs.Prunings()
	small := crypt(3, "B", "A", "A")
	for _, tc := range []struct {
		spec              string
		nodes, solveNodes int64
		cuts, solveCuts   map[string]int64
	}{
		{"", 2, 2, map[string]int64{"narrow-each": 3}, map[string]int64{"narrow-each": 3}},
		{"-narrow-each", 4, 3,
			map[string]int64{"window-bound": 2, "column-digit": 1},
			map[string]int64{"window-bound": 1, "column-digit": 1}},
		{"-narrow-each,-column-digit", 5, 4,
			map[string]int64{"window-bound": 2, "column-check": 1},
			map[string]int64{"window-bound": 1, "column-check": 1}},
	} {
		on := techniquetest.Resolve(t, all, tc.spec)
		for range 2 { // the same on every run
			n, st, err := dfs.Count(ctx, small, 0, search.Run{Prunings: on, CountCuts: true})
			require.NoError(t, err)
			require.Equal(t, 1, n)
			require.Equal(t, tc.nodes, st.Nodes, "%q", tc.spec)
			require.Equal(t, tc.cuts, techniquetest.Cuts(all, st), "%q", tc.spec)
			a, st, err := dfs.Solve(ctx, small, search.Run{Prunings: on, CountCuts: true})
			require.NoError(t, err)
			require.Equal(t, []int{1, 2}, a.Digits)
			require.Equal(t, tc.solveNodes, st.Nodes, "%q, solving", tc.spec)
			require.Equal(t, tc.solveCuts, techniquetest.Cuts(all, st), "%q, solving", tc.spec)
		}
	}
	send := crypt(10, "MONEY", "SEND", "MORE")
	_, st, err := dfs.Solve(ctx, send, search.Run{CountCuts: true})
	require.NoError(t, err)
	got := techniquetest.Cuts(all, st)
	for name, want := range map[string]int64{"column-order": 5, "weight-order": 2, "prime-last": 0, "leading-zero": 2} {
		require.Equal(t, want, got[name], name)
	}
}

// TestCryptarithmPruningsIndexed checks that the constants the search
// counts with name the prunings of CryptarithmPrunings: each count is
// zero when its own pruning is off, and not zero on some instance with it
// on (column-check and window-bound act once column-digit and narrow-each,
// which do their work first, are off); and the counts are the same on a
// second run.
func TestCryptarithmPruningsIndexed(t *testing.T) {
	ps, _ := cryptbrute.Fixture(t, "sample")
	ps = append(ps, crypt(10, "YY", "AX", "BX"), crypt(3, "B", "A", "A"))
	rng := rand.New(rand.NewPCG(13, 28))
	for range 10 {
		ps = append(ps, cryptbrute.Random(rng, 10, 3+rng.IntN(5), 2+rng.IntN(4), 1+rng.IntN(3), true))
	}
	all := dfs.Prunings()
	acting := map[string]string{"column-check": "-column-digit", "window-bound": "-narrow-each"}
	for i, pr := range all {
		require.NotEmpty(t, pr.Counts, "%s", pr.Name)
		on := techniquetest.Resolve(t, all, acting[pr.Name])
		off := techniquetest.Resolve(t, all, "-"+pr.Name)
		acted := false
		for _, p := range ps {
			for _, counting := range []bool{false, true} {
				st := cryptarithmStats(t, p, counting, on)
				require.Equal(t, st, cryptarithmStats(t, p, counting, on), "%s: a second run", p.String())
				acted = acted || st.Cuts[i] != 0
				require.Zero(t, cryptarithmStats(t, p, counting, off).Cuts[i], "%s off still counts on %s", pr.Name, p.String())
			}
		}
		require.True(t, acted, "%s counts nothing", pr.Name)
	}
}

// cryptarithmStats solves p, or counts its answers, with the prunings on.
func cryptarithmStats(t *testing.T, p cryptarithm.Instance, counting bool, on technique.Set) search.Stats {
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
