package solver

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"puzzlesat/encode/cnf"
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
