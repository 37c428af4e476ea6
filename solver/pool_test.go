package solver_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/solver"
)

// pooledPigeons is a kept formula for the pool tests: the pigeonhole
// formula of n holes with its n+1 pigeons' clauses guarded by one
// selector, satisfiable without it, and the selector to assume.
type pooledPigeons struct{ sel cnf.Lit }

func buildPigeons(n int) func(f *cnf.CNF) *pooledPigeons {
	return func(f *cnf.CNF) *pooledPigeons {
		sel := f.Lit()
		pigeons(f, n, sel)
		return &pooledPigeons{sel: sel}
	}
}

// TestPooled: a pool keeps one solver per key and hands it out again,
// which answers UNSAT under assumptions and SAT after, again and again
// (past the renewals of a kept gini: a refutation of 7 pigeons in 6
// holes takes hundreds of conflicts), with each query's work read by
// Stats.Since;
// another key gets another solver, and Close empties the pool. It runs
// with every engine in process.
func TestPooled(t *testing.T) {
	for _, e := range inProcess() {
		t.Run(e.Name(), func(t *testing.T) {
			ctx := context.Background()
			c := solver.Config{Engine: e, Pool: solver.NewPool()}
			first, q, ok, err := solver.Pooled(ctx, c, "php6", buildPigeons(6))
			require.NoError(t, err)
			require.True(t, ok)
			for i := range 6 {
				s, q2, ok, err := solver.Pooled(ctx, c, "php6", buildPigeons(6))
				require.NoError(t, err)
				require.True(t, ok)
				require.Same(t, first, s)
				require.Equal(t, q, q2)
				before := s.Stats()
				st, err := s.Solve(ctx, q.sel)
				require.NoError(t, err)
				require.Equal(t, solver.Unsat, st, "query %d", i)
				work := s.Stats().Since(before)
				require.Equal(t, 1, work.Solves)
				if i == 0 {
					require.Positive(t, work.Conflicts) // later ones may reuse what it learnt
				}
				st, err = s.Solve(ctx, q.sel.Not())
				require.NoError(t, err)
				require.Equal(t, solver.Sat, st)
				require.Zero(t, s.Stats().Rebuilds)
			}
			other, _, ok, err := solver.Pooled(ctx, c, "php3", buildPigeons(3))
			require.NoError(t, err)
			require.True(t, ok)
			require.NotSame(t, first, other)
			c.Pool.Close()
			again, _, _, err := solver.Pooled(ctx, c, "php6", buildPigeons(6))
			require.NoError(t, err)
			require.NotSame(t, first, again)
			c.Pool.Close()
		})
	}
}

// TestPooledRefused: no pool, a program as the engine, or proofs asked
// for: Pooled keeps nothing and says so; a kept formula without a model,
// or a key reused for another query type, is an error.
func TestPooledRefused(t *testing.T) {
	ctx := context.Background()
	_, _, ok, err := solver.Pooled(ctx, solver.Config{}, "k", buildPigeons(2))
	require.NoError(t, err)
	require.False(t, ok)
	_, _, ok, err = solver.Pooled(ctx, solver.Config{Pool: solver.NewPool(), Proof: &solver.Proof{}}, "k", buildPigeons(2))
	require.NoError(t, err)
	require.False(t, ok)
	if p, perr := solver.Program("minisat"); perr == nil {
		_, _, ok, err = solver.Pooled(ctx, solver.Config{Engine: p, Pool: solver.NewPool()}, "k", buildPigeons(2))
		require.NoError(t, err)
		require.False(t, ok)
	}

	c := solver.Config{Pool: solver.NewPool()}
	defer c.Pool.Close()
	_, _, ok, err = solver.Pooled(ctx, c, "unsat", func(f *cnf.CNF) *pooledPigeons {
		pigeons(f, 2, 0)
		return &pooledPigeons{}
	})
	require.True(t, ok)
	require.ErrorIs(t, err, solver.ErrUnsatisfiable)
	_, _, ok, err = solver.Pooled(ctx, c, "k", buildPigeons(2))
	require.NoError(t, err)
	require.True(t, ok)
	_, _, ok, err = solver.Pooled(ctx, c, "k", func(f *cnf.CNF) *cnf.CNF { return f })
	require.True(t, ok)
	require.ErrorContains(t, err, "another query type")
}

// TestPooledCanceled: a context that has ended fails the first use and
// keeps nothing; the next use builds the solver.
func TestPooledCanceled(t *testing.T) {
	c := solver.Config{Pool: solver.NewPool()}
	defer c.Pool.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, ok, err := solver.Pooled(ctx, c, "k", buildPigeons(3))
	require.True(t, ok)
	require.ErrorIs(t, err, context.Canceled)
	s, q, ok, err := solver.Pooled(context.Background(), c, "k", buildPigeons(3))
	require.NoError(t, err)
	require.True(t, ok)
	st, err := s.Solve(context.Background(), q.sel)
	require.NoError(t, err)
	require.Equal(t, solver.Unsat, st)
}
