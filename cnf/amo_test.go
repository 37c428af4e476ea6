package cnf_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/solver"
)

var amos = []cnf.AMO{cnf.AMOPairwise, cnf.AMOSequential, cnf.AMOCommander, cnf.AMOProduct, cnf.AMOBimander, cnf.AMOBinary}

// TestAMOModels counts the models of every at-most-one encoding over n
// literals: 1 + n, whatever its auxiliary variables.
func TestAMOModels(t *testing.T) {
	for _, e := range amos {
		for n := 0; n <= 17; n++ {
			f := cnf.New()
			ls := make([]cnf.Lit, n)
			for i := range ls {
				ls[i] = f.Lit()
			}
			f.AtMostOneWith(e, ls...)
			got, err := solver.New(f).Count(context.Background(), vars(ls), n+2)
			require.NoError(t, err)
			require.Equal(t, n+1, got, "%v over %d", e, n)
		}
	}
}

// TestAMOPropagation: with one literal assumed true, unit propagation
// alone (gini without a decision) falsifies the others, for every
// encoding but binary... and binary too, since the bits it fixes rule
// each other literal out. Checked by solving with that literal and one
// other assumed: unsatisfiable without any decision.
func TestAMOPropagation(t *testing.T) {
	for _, e := range amos {
		f := cnf.New()
		ls := make([]cnf.Lit, 13)
		for i := range ls {
			ls[i] = f.Lit()
		}
		f.AtMostOneWith(e, ls...)
		s := solver.New(f)
		for i := range ls {
			st, err := s.Solve(context.Background(), ls[i], ls[(i+5)%len(ls)])
			require.NoError(t, err)
			require.Equal(t, solver.Unsat, st, "%v", e)
		}
		require.Zero(t, s.Stats().Decisions, "%v: propagation alone", e)
		require.NotEmpty(t, e.String())
	}
	require.Equal(t, "AMO(99)", cnf.AMO(99).String())
}

// clauseSink records the clauses a streaming formula hands over.
type clauseSink struct {
	clauses              [][]cnf.Lit
	vars, expected, lits int
}

func (s *clauseSink) AddClause(ls []cnf.Lit) {
	s.clauses = append(s.clauses, append([]cnf.Lit(nil), ls...))
}
func (s *clauseSink) Hint(vars, clauses, lits int) { s.vars, s.expected, s.lits = vars, clauses, lits }

func TestStream(t *testing.T) {
	f := cnf.New()
	kept := f.Lit()
	f.Add(kept)
	sink := &clauseSink{}
	f.Stream(sink)
	f.Hint(7, 3, 6)
	a, b := f.Lit(), f.Lit()
	f.Add(a, f.False(), b)
	f.Add(a, f.True())
	f.Add(b.Not())
	require.Equal(t, 1, f.NumClauses(), "only the clause added before streaming is kept")
	require.Equal(t, 3, f.Streamed(), "the constant's unit, a or b, and not b")
	require.Equal(t, [][]cnf.Lit{{f.True()}, {a, b}, {b.Not()}}, sink.clauses)
	require.Equal(t, []int{7, 3, 6}, []int{sink.vars, sink.expected, sink.lits})
	require.Equal(t, 5, f.NumLits(), "the kept unit and the four streamed literals")
}

func TestNameFuncAndVars(t *testing.T) {
	f := cnf.New()
	a := f.Var("a")
	first := f.Vars(3)
	require.Equal(t, cnf.Var(2), first)
	require.Equal(t, 4, f.NumVars())
	f.NameFunc(func(v cnf.Var) string {
		if v == first+1 {
			return "lazy"
		}
		return ""
	})
	f.Hint(4, 1, 2)
	f.Add(a.Pos(), (first + 1).Neg())
	require.Equal(t, "a", f.Name(a))
	require.Equal(t, "lazy", f.Name(first+1))
	require.Empty(t, f.Name(first))
	var buf bytes.Buffer
	require.NoError(t, cnf.WriteDIMACS(&buf, f))
	require.Equal(t, "c var 1 a\nc var 3 lazy\np cnf 4 1\n1 -3 0\n", buf.String())
	sel := f.Selector("")
	require.True(t, f.IsSelector(sel))
	require.False(t, f.IsSelector(a))
	require.False(t, f.IsSelector(sel+9))
}

// TestAtMostOneWithSize: the size function of every at-most-one encoding
// is what the encoding adds, for every group up to 300 literals.
func TestAtMostOneWithSize(t *testing.T) {
	for _, e := range []cnf.AMO{cnf.AMOPairwise, cnf.AMOSequential, cnf.AMOCommander, cnf.AMOProduct, cnf.AMOBimander, cnf.AMOBinary, cnf.AMO(9)} {
		for n := range 301 {
			f := cnf.New()
			ls := make([]cnf.Lit, n)
			for i := range ls {
				ls[i] = f.Lit()
			}
			before := f.Size()
			f.AtMostOneWith(e, ls...)
			after := f.Size()
			got := cnf.Size{Vars: after.Vars - before.Vars, Clauses: after.Clauses - before.Clauses, Lits: after.Lits - before.Lits}
			require.Equal(t, got, cnf.AtMostOneWithSize(e, n), "%v, %d literals", e, n)
		}
	}
}
