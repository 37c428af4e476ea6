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
