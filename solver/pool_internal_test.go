package solver

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// TestPoolRenews: a kept gini is made afresh once it has had renewEvery
// conflicts, keeps answering right after, and does not check its models.
func TestPoolRenews(t *testing.T) {
	build := func(f *cnf.CNF) cnf.Lit {
		sel := f.Lit()
		// 7 pigeons in 6 holes, guarded by sel.
		p := make([][]cnf.Lit, 7)
		for i := range p {
			p[i] = make([]cnf.Lit, 6)
			for j := range p[i] {
				p[i][j] = f.Lit()
			}
			f.Add(append(append([]cnf.Lit(nil), p[i]...), sel.Not())...)
		}
		for j := range 6 {
			for i := range p {
				for k := i + 1; k < len(p); k++ {
					f.Add(p[i][j].Not(), p[k][j].Not(), sel.Not())
				}
			}
		}
		return sel
	}
	ctx := context.Background()
	c := Config{Engine: Gini(), Pool: NewPool()}
	defer c.Pool.Close()
	s, sel, _, err := Pooled(ctx, c, "k", build)
	require.NoError(t, err)
	gs := s.s.(*giniSession)
	require.True(t, gs.noCheck)
	first := gs.g
	renewed := false
	for range 4 {
		s, sel, _, err = Pooled(ctx, c, "k", build)
		require.NoError(t, err)
		renewed = renewed || gs.g != first
		st, err := s.Solve(ctx, sel)
		require.NoError(t, err)
		require.Equal(t, Unsat, st)
		st, err = s.Solve(ctx)
		require.NoError(t, err)
		require.Equal(t, Sat, st)
	}
	require.GreaterOrEqual(t, s.Stats().Conflicts, int64(renewEvery))
	require.True(t, renewed)
	require.Same(t, gs.g, gs.checked)
}
