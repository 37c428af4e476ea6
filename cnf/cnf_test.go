package cnf_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/solver"
)

// forced returns the value that f forces on out for inputs fixed to vals,
// by solving: it fails the test unless exactly one value is possible.
func forced(t *testing.T, f *cnf.CNF, ins []cnf.Lit, vals []bool, out cnf.Lit) bool {
	t.Helper()
	var as []cnf.Lit
	for i, in := range ins {
		if vals[i] {
			as = append(as, in)
		} else {
			as = append(as, in.Not())
		}
	}
	s := solver.New(f)
	can := func(l cnf.Lit) bool {
		st, err := s.Solve(context.Background(), append(as, l)...)
		require.NoError(t, err)
		return st == solver.Sat
	}
	canT, canF := can(out), can(out.Not())
	require.True(t, canT != canF, "output not determined by inputs %v", vals)
	return canT
}

func TestGates(t *testing.T) {
	gates := []struct {
		name  string
		build func(f *cnf.CNF, a, b, c cnf.Lit) cnf.Lit
		want  func(a, b, c bool) bool
	}{
		{"and", func(f *cnf.CNF, a, b, _ cnf.Lit) cnf.Lit { return f.And(a, b) }, func(a, b, _ bool) bool { return a && b }},
		{"or", func(f *cnf.CNF, a, b, _ cnf.Lit) cnf.Lit { return f.Or(a, b) }, func(a, b, _ bool) bool { return a || b }},
		{"xor", func(f *cnf.CNF, a, b, _ cnf.Lit) cnf.Lit { return f.Xor(a, b) }, func(a, b, _ bool) bool { return a != b }},
		{"ite", func(f *cnf.CNF, a, b, c cnf.Lit) cnf.Lit { return f.Ite(a, b, c) }, func(a, b, c bool) bool {
			if a {
				return b
			}
			return c
		}},
		{"sum", func(f *cnf.CNF, a, b, c cnf.Lit) cnf.Lit { s, _ := f.FullAdder(a, b, c); return s }, func(a, b, c bool) bool { return a != b != c }},
		{"carry", func(f *cnf.CNF, a, b, c cnf.Lit) cnf.Lit { _, k := f.FullAdder(a, b, c); return k }, func(a, b, c bool) bool {
			return a && b || a && c || b && c
		}},
		{"and-const", func(f *cnf.CNF, a, _, _ cnf.Lit) cnf.Lit { return f.And(a, f.True()) }, func(a, _, _ bool) bool { return a }},
		{"adder-const", func(f *cnf.CNF, a, b, _ cnf.Lit) cnf.Lit { s, _ := f.FullAdder(a, f.True(), b); return s }, func(a, b, _ bool) bool { return a == b }},
	}
	for _, g := range gates {
		t.Run(g.name, func(t *testing.T) {
			f := cnf.New()
			ins := []cnf.Lit{f.Lit(), f.Lit(), f.Lit()}
			out := g.build(f, ins[0], ins[1], ins[2])
			for m := 0; m < 8; m++ {
				vals := []bool{m&1 == 1, m&2 == 2, m&4 == 4}
				require.Equal(t, g.want(vals[0], vals[1], vals[2]), forced(t, f, ins, vals, out), "inputs %v", vals)
			}
		})
	}
}

// value reads a bit-vector from a model.
func value(m cnf.Model, b cnf.Bits) uint64 {
	var v uint64
	for i, l := range b {
		if m.Value(l) {
			v |= 1 << i
		}
	}
	return v
}

func TestArithmetic(t *testing.T) {
	f := cnf.New()
	a, b := f.NewBits("a", 4), f.NewBits("b", 3)
	sum, prod, scaled := f.Sum(a, b), f.Product(a, b), f.Scale(a, 13)
	le := f.LessEq(a, b)
	eq := f.Equal(a, b)
	s := solver.New(f)
	for x := uint64(0); x < 16; x++ {
		for y := uint64(0); y < 8; y++ {
			var as []cnf.Lit
			for i, l := range a {
				as = append(as, Sign(l, x>>i&1 == 1))
			}
			for i, l := range b {
				as = append(as, Sign(l, y>>i&1 == 1))
			}
			st, err := s.Solve(context.Background(), as...)
			require.NoError(t, err)
			require.Equal(t, solver.Sat, st)
			m := s.Model()
			require.Equal(t, x+y, value(m, sum), "%d+%d", x, y)
			require.Equal(t, x*y, value(m, prod), "%d*%d", x, y)
			require.Equal(t, 13*x, value(m, scaled), "13*%d", x)
			require.Equal(t, x <= y, m.Value(le), "%d<=%d", x, y)
			require.Equal(t, x == y, m.Value(eq), "%d==%d", x, y)
		}
	}
}

func TestAssertEqualConstFactors(t *testing.T) {
	f := cnf.New()
	a, b := f.NewBits("a", 3), f.NewBits("b", 3)
	f.AssertEqualConst(f.Product(a, b), 35)
	s := solver.New(f)
	st, err := s.Solve(context.Background())
	require.NoError(t, err)
	require.Equal(t, solver.Sat, st)
	x, y := value(s.Model(), a), value(s.Model(), b)
	require.Equal(t, uint64(35), x*y)
	// Too wide a constant makes the formula unsatisfiable.
	g := cnf.New()
	g.AssertEqualConst(g.NewBits("c", 2), 4)
	st, err = solver.New(g).Solve(context.Background())
	require.NoError(t, err)
	require.Equal(t, solver.Unsat, st)
}

func Sign(l cnf.Lit, pos bool) cnf.Lit {
	if pos {
		return l
	}
	return l.Not()
}

func TestCardinalityCounts(t *testing.T) {
	for n := 1; n <= 9; n++ {
		for k := 0; k <= n; k++ {
			f := cnf.New()
			ls := make([]cnf.Lit, n)
			for i := range ls {
				ls[i] = f.Lit()
			}
			f.AtMostK(ls, k)
			got, err := solver.New(f).Count(context.Background(), vars(ls), 1<<n+1)
			require.NoError(t, err)
			want := 0
			for m := 0; m < 1<<n; m++ {
				if popcount(m) <= k {
					want++
				}
			}
			require.Equal(t, want, got, "at most %d of %d", k, n)
		}
		f := cnf.New()
		ls := make([]cnf.Lit, n)
		for i := range ls {
			ls[i] = f.Lit()
		}
		f.ExactlyOne(ls...)
		got, err := solver.New(f).Count(context.Background(), vars(ls), 1<<n+1)
		require.NoError(t, err)
		require.Equal(t, n, got, "exactly one of %d", n)
	}
}

func popcount(m int) int {
	c := 0
	for ; m > 0; m &= m - 1 {
		c++
	}
	return c
}

func vars(ls []cnf.Lit) []cnf.Var {
	vs := make([]cnf.Var, len(ls))
	for i, l := range ls {
		vs[i] = l.Var()
	}
	return vs
}

func TestDIMACSRoundTrip(t *testing.T) {
	f := cnf.New()
	f.Comment("puzzlesat test")
	a := f.Var("A=1")
	b := f.Lit()
	f.Add(a.Pos(), b.Not())
	f.Add(b)
	var buf bytes.Buffer
	require.NoError(t, cnf.WriteDIMACS(&buf, f))
	require.Equal(t, "c puzzlesat test\nc var 1 A=1\np cnf 2 2\n1 -2 0\n2 0\n", buf.String())
	g, err := cnf.ReadDIMACS(context.Background(), "x.cnf", &buf)
	require.NoError(t, err)
	require.Equal(t, 2, g.NumVars())
	require.Equal(t, [][]cnf.Lit{f.Clause(0), f.Clause(1)}, [][]cnf.Lit{g.Clause(0), g.Clause(1)})
}

// TestWriteProblem: the solver's input has no comments, and the units
// after the clauses, counted in the header.
func TestWriteProblem(t *testing.T) {
	f := cnf.New()
	f.Comment("not for the solver")
	a, b := f.Var("A=1"), f.Lit()
	f.Add(a.Pos(), b.Not())
	var buf bytes.Buffer
	require.NoError(t, cnf.WriteProblem(&buf, f, a.Neg(), b))
	require.Equal(t, "p cnf 2 3\n1 -2 0\n-1 0\n2 0\n", buf.String())
	buf.Reset()
	require.NoError(t, cnf.WriteProblem(&buf, f))
	require.Equal(t, "p cnf 2 1\n1 -2 0\n", buf.String())
}

func TestReadDIMACS(t *testing.T) {
	tests := []struct {
		name, in string
		clauses  int
		errLine  int // 0: no error
	}{
		{"plain", "p cnf 3 2\n1 -2 0\n3 0\n", 2, 0},
		{"crlf comments split", "c hi\r\np cnf 3 2\r\n1\r\n-2 0 3\r\n0\r\n", 2, 0},
		{"satlib trailer", "p cnf 2 1\n1 2 0\n%\n0\n", 1, 0},
		{"no header", "1 2 0\n", 0, 1},
		{"bad literal", "p cnf 2 1\n1 x 0\n", 0, 2},
		{"beyond header", "p cnf 2 1\n1 3 0\n", 0, 2},
		{"count mismatch", "p cnf 2 2\n1 2 0\n", 0, 2},
		{"unterminated", "p cnf 2 1\n1 2\n", 0, 2},
		{"bad header", "p cnf x 1\n", 0, 1},
		{"int64 minimum", "p cnf 1 2\n1 0\n-1 -9223372036854775808 0\n", 0, 3},
		{"int64 maximum", "p cnf 1 1\n9223372036854775807 0\n", 0, 2},
		{"huge literal", "p cnf 1 1\n-" + strings.Repeat("9", 100) + " 0\n", 0, 2},
		{"header beyond MaxVars", "p cnf 268435457 1\n", 0, 1},
		{"header count overflow", "p cnf 1 99999999999999999999\n", 0, 1},
		{"more clauses than the header", "p cnf 1 1\n1 0\n-1 0\n", 0, 3},
		{"second header", "p cnf 1 1\np cnf 1 1\n", 0, 2},
		{"clause line beyond 64 MiB", "p cnf 1 1\n" + strings.Repeat("1 ", 1<<22) + "0\n", 1, 0},
		{"error line after a long line", "p cnf 1 2\n" + strings.Repeat("1 ", 1<<20) + "0\nx 0\n", 0, 3},
		{"long comment", "c " + strings.Repeat("x", 1<<21) + "\np cnf 1 1\n1 0\n", 1, 0},
		{"header only promises", "p cnf 268435456 1\n1 0\n", 1, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := cnf.ReadDIMACS(context.Background(), "in.cnf", strings.NewReader(tc.in))
			if tc.errLine == 0 {
				require.NoError(t, err)
				require.Equal(t, tc.clauses, f.NumClauses())
				return
			}
			var de *cnf.DIMACSError
			require.ErrorAs(t, err, &de)
			require.Equal(t, tc.errLine, de.Line, "%v", err)
		})
	}
}

func TestReadModel(t *testing.T) {
	tests := []struct {
		name, in string
		want     cnf.Model
		unsat    bool
		bad      bool
	}{
		{"competition", "c cadical\ns SATISFIABLE\nv 1 -2\nv 3 0\n", cnf.Model{false, true, false, true}, false, false},
		{"minisat", "SAT\n-1 2 0\n", cnf.Model{false, false, true}, false, false},
		{"minisat unsat", "UNSAT\n", nil, true, false},
		{"competition unsat", "s UNSATISFIABLE\n", nil, true, false},
		{"unknown", "s UNKNOWN\n", nil, false, true},
		{"no status", "v 1 0\n", nil, false, true},
		{"clasp: values first", "v 1 -2 0\ns SATISFIABLE\n", cnf.Model{false, true, false}, false, false},
		{"values, then unsat", "v 1 0\ns UNSATISFIABLE\n", nil, false, true},
		{"unsat, then values", "s UNSATISFIABLE\nv 1 -2 0\n", nil, false, true},
		{"minisat unsat, then literals", "UNSAT\n1 -2 0\n", nil, false, true},
		{"unsat, then comments", "s UNSATISFIABLE\nc done\n", nil, true, false},
		{"unsat twice", "s UNSATISFIABLE\ns UNSATISFIABLE\n", nil, false, true},
		{"values, then unknown", "v 1 0\ns UNKNOWN\n", nil, false, true},
		{"no end", "s SATISFIABLE\nv 1 2\n", nil, false, true},
		{"garbage", "s SATISFIABLE\nv 1 x 0\n", nil, false, true},
		{"int64 minimum", "s SATISFIABLE\nv -9223372036854775808 0\n", nil, false, true},
		{"beyond the formula", "s SATISFIABLE\nv 268435456 0\n", nil, false, true},
		{"both values", "s SATISFIABLE\nv 1 -1 0\n", nil, false, true},
		{"same value twice", "s SATISFIABLE\nv 1 1 0\n", cnf.Model{false, true}, false, false},
		{"status with more", "s SATISFIABLE yes\nv 1 0\n", nil, false, true},
		{"two statuses", "s SATISFIABLE\ns SATISFIABLE\nv 1 0\n", nil, false, true},
		{"long v line", "s SATISFIABLE\nv" + strings.Repeat(" -3", 1<<21) + " 0\n", cnf.Model{false, false, false, false}, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := cnf.ReadModel(context.Background(), "out", strings.NewReader(tc.in), 4)
			switch {
			case tc.unsat:
				require.ErrorIs(t, err, cnf.ErrUnsatisfiable)
			case tc.bad:
				var de *cnf.DIMACSError
				require.ErrorAs(t, err, &de)
			default:
				require.NoError(t, err)
				require.Equal(t, tc.want, out.Model)
			}
		})
	}
}

// TestReadModelLies: an answer that says SAT and UNSAT, or
// gives model values with UNSAT, wraps ErrContradiction (a lie caught);
// one that fails to answer does not.
func TestReadModelLies(t *testing.T) {
	for _, tc := range []struct {
		in  string
		lie bool
	}{
		{"v 1 0\ns UNSATISFIABLE\n", true},
		{"s UNSATISFIABLE\nv 1 -2 0\n", true},
		{"UNSAT\n1 -2 0\n", true},
		{"s SATISFIABLE\ns UNSATISFIABLE\n", true},
		{"s UNSATISFIABLE\ns UNSATISFIABLE\n", false},
		{"s UNKNOWN\n", false},
		{"s SATISFIABLE\nv 1 x 0\n", false},
		{"s SATISFIABLE\nv 1 0\nv 2 0\n", false},
	} {
		_, err := cnf.ReadModel(context.Background(), "out", strings.NewReader(tc.in), 4)
		var de *cnf.DIMACSError
		require.ErrorAs(t, err, &de, "%q", tc.in)
		require.Equal(t, tc.lie, errors.Is(err, cnf.ErrContradiction), "%q: %v", tc.in, err)
	}
}

// dimacsSeeds are fuzz seeds with the extremes: int64 limits, literals
// past the header, headers that promise more than the file holds.
var dimacsSeeds = []string{
	"p cnf 3 2\n1 -2 0\n3 0\n",
	"c x\np cnf 2 1\n1 2 0\n%\n0\n",
	"p cnf 1 1\n1\n",
	"p cnf 1 2\n1 0\n-1 -9223372036854775808 0\n",
	"p cnf 1 1\n9223372036854775807 0\n",
	"p cnf 9223372036854775807 1\n1 0\n",
	"p cnf 268435456 1\n1 0\n",
	"p cnf 1 -1\n",
	"p  cnf 1 1\r\n-1 0\r\n",
	// The probe of issue 23: line ends, a byte order mark, the header's
	// case and last line, "-0", characters of several bytes, long lines.
	"c x\rp cnf 2 2\r1 -2 0\r2 0\r",
	"p cnf 2 1\r\n\r1 2 0",
	"\xef\xbb\xbfp cnf 1 1\n1 0\n",
	"P CNF 1 1\n1 0\n",
	"p CNF 1 1\n1 0\n",
	"c x\np cnf 1 1",
	"p cnf 2 1\n1 -0 0\n",
	"p cnf 2 1\n-0\n",
	"p cnf 2 1\n1 é 0\n",
	"p cnf 2 1\n1 \xff 0\n",
	"c " + strings.Repeat("五", 1<<18) + "\np cnf 1 1\n1 0\n",
}

func FuzzReadDIMACS(f *testing.F) {
	for _, s := range dimacsSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		g, err := cnf.ReadDIMACS(context.Background(), "f", strings.NewReader(in))
		if err != nil {
			var de *cnf.DIMACSError
			require.ErrorAs(t, err, &de)
			return
		}
		require.LessOrEqual(t, int(g.MaxVar()), g.NumVars())
		var buf bytes.Buffer
		require.NoError(t, cnf.WriteDIMACS(&buf, g))
		h, err := cnf.ReadDIMACS(context.Background(), "g", &buf)
		require.NoError(t, err)
		require.Equal(t, g.NumClauses(), h.NumClauses())
		require.Equal(t, g.NumVars(), h.NumVars())
	})
}

func FuzzReadModel(f *testing.F) {
	for _, s := range []string{
		"s SATISFIABLE\nv 1 -2 0\n", "SAT\n-1 2 0\n", "UNSAT\n", "c x\ns UNKNOWN\n",
		"s SATISFIABLE\nv -9223372036854775808 0\n", "s SATISFIABLE\nv 9223372036854775807 0\n",
		"s SATISFIABLE\nv 268435456 0\n", "s SATISFIABLE\nv 1 -1 0\n", "SAT\n3 -3 0\n",
		"v 1 -2 0\ns SATISFIABLE\n", "v 1 0\ns UNSATISFIABLE\n",
		// The probe of issue 23: answers that contradict themselves, line
		// ends, a byte order mark, "-0".
		"s UNSATISFIABLE\nv 1 -2 0\n", "UNSAT\n1 0\n", "s SATISFIABLE\ns UNSATISFIABLE\n",
		"s SATISFIABLE\nv 1 0\nv 2 0\n", "SAT\n1 0 2\n", "s SATISFIABLE\nv 1 -0\n",
		"c x\rs SATISFIABLE\rv 1 -2\rv 3 0\r", "\xef\xbb\xbfs SATISFIABLE\r\nv 1 0\r\n", "s UNKNOWN",
		"s SATISFIABLE\nv 1 é 0\n",
	} {
		f.Add(s)
	}
	const maxVar = 8
	f.Fuzz(func(t *testing.T, in string) {
		out, err := cnf.ReadModel(context.Background(), "f", strings.NewReader(in), maxVar)
		if err != nil {
			if !errors.Is(err, cnf.ErrUnsatisfiable) {
				var de *cnf.DIMACSError
				require.ErrorAs(t, err, &de)
			}
			return
		}
		m := out.Model
		require.LessOrEqual(t, len(m), maxVar+1)
		// Writing the model back in competition form reads the same.
		var b strings.Builder
		b.WriteString("s SATISFIABLE\nv")
		for v := 1; v < len(m); v++ {
			b.WriteString(" " + cnf.Sign(cnf.Var(v).Pos(), m[v]).String())
		}
		b.WriteString(" 0\n")
		again, err := cnf.ReadModel(context.Background(), "g", strings.NewReader(b.String()), maxVar)
		require.NoError(t, err)
		for v := 1; v <= maxVar; v++ {
			require.Equal(t, m.Value(cnf.Var(v).Pos()), again.Model.Value(cnf.Var(v).Pos()), "variable %d", v)
		}
	})
}

func TestCompact(t *testing.T) {
	f, err := cnf.ReadDIMACS(context.Background(), "sparse", strings.NewReader("c keep\np cnf 268435456 3\n-268435456 7 0\n7 0\n-7 100000 0\n"))
	require.NoError(t, err)
	g, old := f.Compact()
	require.Equal(t, []cnf.Var{0, 7, 100000, 268435456}, old)
	require.Equal(t, 3, g.NumVars())
	require.Equal(t, cnf.Var(3), g.MaxVar())
	require.Equal(t, []string{"keep"}, g.Comments())
	for i := range f.NumClauses() {
		c := g.Clause(i)
		for j, l := range f.Clause(i) {
			require.Equal(t, l.IsPos(), c[j].IsPos())
			require.Equal(t, l.Var(), old[c[j].Var()])
		}
	}
}

// TestCompactRandom: on random formulas whose variables lie far apart or
// close together, Compact numbers the variables used 1..k in order and
// keeps every literal's sign.
func TestCompactRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 5))
	for trial := range 50 {
		top := []int{70, 1000, 1 << 20}[trial%3]
		used := map[int]bool{}
		var b strings.Builder
		n := 1 + rng.IntN(200)
		fmt.Fprintf(&b, "p cnf %d %d\n", top, n)
		for range n {
			for range 1 + rng.IntN(4) {
				v := 1 + rng.IntN(top)
				used[v] = true
				fmt.Fprintf(&b, "%d ", v*(1-2*rng.IntN(2)))
			}
			b.WriteString("0\n")
		}
		f, err := cnf.ReadDIMACS(context.Background(), "random", strings.NewReader(b.String()))
		require.NoError(t, err)
		g, old := f.Compact()
		require.Len(t, old, len(used)+1, "trial %d", trial)
		require.True(t, slices.IsSorted(old), "trial %d", trial)
		for i := range f.NumClauses() {
			c := g.Clause(i)
			for j, l := range f.Clause(i) {
				require.Equal(t, l.IsPos(), c[j].IsPos())
				require.Equal(t, l.Var(), old[c[j].Var()], "trial %d", trial)
			}
		}
	}
}
