package solver_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/solver"
)

// TestStreaming solves a formula built straight into gini, counts its
// models with guarded blocking clauses (which keep it reusable after the
// UNSAT answer that ends the count), and refuses to solve again after an
// UNSAT answer it cannot recover from.
func TestStreaming(t *testing.T) {
	for _, e := range inProcess() {
		for _, inline := range []bool{false, true} {
			streaming(t, e, inline)
		}
	}
}

// streaming is TestStreaming with the engine e: gini refuses the solve
// after an UNSAT answer of the clauses; CaDiCaL answers it.
func streaming(t *testing.T, e solver.Engine, inline bool) {
	{
		f := cnf.New()
		s := solver.Config{Engine: e}.NewStreaming(f)
		defer s.Close()
		if inline {
			s.Inline()
		}
		f.Hint(3, 2, 5)
		x, y, z := f.Lit(), f.Lit(), f.Lit()
		f.Add(x, y, z)
		f.AtMostOneWith(cnf.AMOPairwise, x, y, z)
		st, err := s.Solve(context.Background())
		require.NoError(t, err)
		require.Equal(t, solver.Sat, st)
		m := s.Model()
		require.Equal(t, 1, btoi(m.Value(x))+btoi(m.Value(y))+btoi(m.Value(z)))
		n, err := s.Count(context.Background(), []cnf.Var{x.Var(), y.Var(), z.Var()}, 10)
		require.NoError(t, err)
		require.Equal(t, 3, n)
		require.Equal(t, 4+3, s.Stats().Clauses, "and three blocking clauses, at the last solve")
		st, err = s.Solve(context.Background(), x)
		require.NoError(t, err)
		require.Equal(t, solver.Sat, st, "the count left the formula as it was")

		f.Add(x.Not())
		f.Add(y.Not())
		f.Add(z.Not())
		st, err = s.Solve(context.Background())
		require.NoError(t, err)
		require.Equal(t, solver.Unsat, st)
		st, err = s.Solve(context.Background())
		if e.Name() == "gini" {
			require.ErrorIs(t, err, solver.ErrNoRebuild)
			return
		}
		require.NoError(t, err)
		require.Equal(t, solver.Unsat, st)
	}
}

func TestStreamingCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	f := cnf.New()
	s := solver.Config{}.NewStreaming(f)
	s.Inline()
	f.Add(f.Lit())
	st, err := s.Solve(ctx)
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, solver.Unknown, st)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
