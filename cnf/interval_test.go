package cnf_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/solver"
)

// TestIntervalMDDMeaning checks Σ w·x ≤ bound on every assignment of small
// random instances, with weights up to 10^9 and bounds around the sums.
func TestIntervalMDDMeaning(t *testing.T) {
	rng := rand.New(rand.NewPCG(2012, 1))
	for i := range 60 {
		f := cnf.New()
		m := 1 + rng.IntN(4)
		terms := make([]cnf.Term, m)
		maxSum := 0
		for j := range terms {
			w := 1 + rng.IntN(10)
			if i%2 == 1 {
				w = 1 + rng.IntN(1e9)
			}
			terms[j] = cnf.Term{W: w, X: f.NewUnary("", 1+rng.IntN(2))}
			maxSum += w * len(terms[j].X)
		}
		bound := rng.IntN(maxSum+3) - 1
		if i%5 == 0 {
			bound = maxSum // trivially true
		}
		_, ok := f.IntervalMDDAtMost(terms, bound, -1)
		require.True(t, ok)
		s := solver.New(f)
		vals := make([]int, m)
		var each func(j int)
		each = func(j int) {
			if j == m {
				var as []cnf.Lit
				sum := 0
				for k, v := range vals {
					sum += v * terms[k].W
					for u, l := range terms[k].X {
						as = append(as, cnf.Sign(l, u < v))
					}
				}
				st, err := s.Solve(context.Background(), as...)
				require.NoError(t, err)
				require.Equal(t, sum <= bound, st == solver.Sat, "instance %d, values %v, sum %d, bound %d", i, vals, sum, bound)
				return
			}
			for v := 0; v <= len(terms[j].X); v++ {
				vals[j] = v
				each(j + 1)
			}
		}
		each(0)
	}
}

// TestIntervalMDDSize checks that the node count follows the weights'
// structure, not the bound: equal weights of 10^9 give a chain, and the
// budget stops a build without adding anything.
func TestIntervalMDDSize(t *testing.T) {
	f := cnf.New()
	var terms []cnf.Term
	for range 40 {
		terms = append(terms, cnf.Term{W: 1e9, X: f.NewUnary("", 1)})
	}
	// At most 7 of 40 equal weights: the nodes (j, r) are "at most t of the
	// terms j.." for t < 7 and j + t < 40 ... at most 7·40.
	nodes, ok := f.IntervalMDDAtMost(terms, 7e9+5, -1)
	require.True(t, ok)
	require.LessOrEqual(t, nodes, 7*40)
	t.Logf("at most 7 of 40 weights of 10^9: %d nodes", nodes)

	before := f.NumClauses()
	nodes, ok = f.IntervalMDDAtMost(terms, 20e9, 10)
	require.False(t, ok)
	require.Equal(t, 10, nodes)
	require.Equal(t, before, f.NumClauses(), "a build over budget adds nothing")

	_, ok = f.IntervalMDDAtMost(terms, -1, -1)
	require.True(t, ok)
	st, err := solver.New(f).Solve(context.Background())
	require.NoError(t, err)
	require.Equal(t, solver.Unsat, st, "a negative bound")
}
