package solver

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// TestGiniToldSatisfiable: a gini whose clause set another engine proved
// satisfiable answers UNSAT under an assumption and is reused, not
// rebuilt; without the news it is rebuilt (the re-solve guard).
func TestGiniToldSatisfiable(t *testing.T) {
	for _, told := range []bool{false, true} {
		f := cnf.New()
		a, b := f.Lit(), f.Lit()
		f.Add(a, b)
		f.Add(a.Not(), b)
		s := Gini().open(f).(*giniSession)
		s.sync(context.Background(), &Stats{})
		if told {
			s.satisfiable()
		}
		var work Stats
		for range 2 {
			got, err := s.solve(context.Background(), []cnf.Lit{b.Not()})
			require.NoError(t, err)
			require.Equal(t, Unsat, got.status)
			work.addWork(got.work)
		}
		want := 1
		if told {
			want = 0
		}
		require.Equal(t, want, work.Rebuilds, "told %v", told)
	}
}

// TestGiniSyncStops: giving gini the clauses looks at the context, and a
// solve stopped there goes on from the clause it reached.
func TestGiniSyncStops(t *testing.T) {
	f := cnf.New()
	x := f.Lit()
	for range 3 * syncCheckEvery {
		f.Add(x, f.Lit())
	}
	s := Gini().open(f).(*giniSession)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	require.ErrorIs(t, s.sync(ctx, &Stats{}), context.Canceled)
	require.Zero(t, s.added, "nothing given once the context ended")
	s.added = syncCheckEvery + 1 // as if stopped part way
	require.ErrorIs(t, s.sync(ctx, &Stats{}), context.Canceled)
	require.Equal(t, 2*syncCheckEvery, s.added, "stopped at the next look")
	got, err := s.solve(context.Background(), []cnf.Lit{x.Not()})
	require.NoError(t, err)
	require.Equal(t, Sat, got.status)
	require.Equal(t, f.NumClauses(), s.added)
}

// TestStreamingBuildStops: a streaming gini watching a context takes no
// more clauses once the context has ended, and its solves then return the
// context's error, never an answer of the part it was given: here that
// part is satisfiable and the whole formula is not.
func TestStreamingBuildStops(t *testing.T) {
	f := cnf.New()
	s := Config{Engine: Gini()}.NewStreaming(f)
	defer s.Close()
	ctx, cancel := context.WithCancel(context.Background())
	s.watch(ctx)
	x := f.Lit()
	for range syncCheckEvery {
		f.Add(x, f.Lit())
	}
	cancel()
	for range 2 * syncCheckEvery {
		f.Add(x, f.Lit())
	}
	f.Add(x.Not()) // with these two the whole formula is unsatisfiable
	f.Add(x)
	gs := s.s.(*giniSession)
	require.Less(t, int(gs.g.MaxVar()), syncCheckEvery*2+2, "gini was given the clauses up to the first look after the cancel")
	st, err := s.Solve(context.Background())
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, Unknown, st)
}
