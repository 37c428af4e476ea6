package puzzlesat_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/solver"
)

// TestSolveCNFHint: a formula that Encode wrote, read back from DIMACS
// as `puzzlesat sat` reads it, is solved by auto with its kind's hint,
// which its first comment names: for every kind with a hint and an
// encoder, the query of its sample's first instance is picked for by the
// rule that the kind's Hint for that instance applies to it.
func TestSolveCNFHint(t *testing.T) {
	ctx := context.Background()
	for _, k := range puzzlesat.Kinds() {
		h, ok := k.Kind.(kind.Hinter)
		if _, enc := k.Kind.(kind.Encoder); !ok || !enc {
			continue
		}
		t.Run(k.Name(), func(t *testing.T) {
			p := kindtest.FirstInstance(t, k, judgedata.Path(t, k.Name(), "sample.in"))
			q, err := k.Encode(ctx, p, 0, puzzlesat.Options{})
			require.NoError(t, err)
			var b bytes.Buffer
			require.NoError(t, q.WriteDIMACS(&b))
			f, err := cnf.ReadDIMACS(ctx, "query.cnf", &b)
			require.NoError(t, err)
			_, _, st, err := puzzlesat.Options{Solver: solver.Auto()}.SolveCNF(ctx, f)
			require.NoError(t, err)
			r := h.Hint(p).Match(solver.Formula{Vars: f.NumVars(), Lits: f.NumLits()})
			require.Equal(t, kindtest.Picked(r.Name, r.Cadical), st.Picked)
		})
	}
}

// TestSolveCNFWithoutKind: a formula whose comment names no kind of the
// registry is picked for by auto's rule for any formula.
func TestSolveCNFWithoutKind(t *testing.T) {
	for _, comment := range []string{"", "c puzzlesat no-such-kind 9x9\n", "c made by hand\n"} {
		f, err := cnf.ReadDIMACS(context.Background(), "f.cnf", bytes.NewBufferString(comment+"p cnf 2 2\n1 2 0\n-1 0\n"))
		require.NoError(t, err)
		status, _, st, err := puzzlesat.Options{Solver: solver.Auto()}.SolveCNF(context.Background(), f)
		require.NoError(t, err)
		require.Equal(t, solver.Sat, status)
		require.Equal(t, kindtest.Picked("other-formula", true), st.Picked, "%q", comment)
	}
}
