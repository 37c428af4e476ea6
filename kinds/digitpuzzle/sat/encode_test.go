package sat_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/internal/ref/digitbrute"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/sat"
	"github.com/puzzlesat/puzzlesat/solver"
)

var digitEncodings = []sat.Options{
	{Product: sat.Table}, {Product: sat.Circuit},
	{Product: sat.Table, NoLastDigit: true}, {Product: sat.Circuit, NoLastDigit: true},
}

// digitModels decodes every model of q under the assumptions, blocking
// each over q.Vars(); it fails the test past limit models.
func digitModels(t *testing.T, q *sat.Query, limit int, assume ...cnf.Lit) []digitpuzzle.Answer {
	t.Helper()
	s := solver.New(q.Formula())
	var out []digitpuzzle.Answer
	for {
		st, err := s.Solve(context.Background(), assume...)
		require.NoError(t, err)
		if st == solver.Unsat {
			return out
		}
		m := s.Model()
		a, err := q.Decode(m)
		require.NoError(t, err)
		out = append(out, a)
		require.LessOrEqual(t, len(out), limit, "more models than products")
		var block []cnf.Lit
		for _, v := range q.Vars() {
			if m.Value(v.Pos()) {
				block = append(block, v.Neg())
			}
		}
		q.Formula().Add(block...)
	}
}

func sortDigit(as []digitpuzzle.Answer) []digitpuzzle.Answer {
	slices.SortFunc(as, func(x, y digitpuzzle.Answer) int {
		if c := len(x.A+x.B+x.C) - len(y.A+y.B+y.C); c != 0 {
			return c
		}
		if x.A+" "+x.B+" "+x.C < y.A+" "+y.B+" "+y.C {
			return -1
		}
		return 1
	})
	return as
}

// TestDigitModelsAreProducts checks the meaning of every encoding for
// every length triple: with no pattern, the decoded models are exactly
// the products of those lengths (enumerated in full up to 614 of them, or
// 100 without the last-digit clauses); under random patterns (fewer
// without them), exactly the products that fit.
func TestDigitModelsAreProducts(t *testing.T) {
	rng := rand.New(rand.NewPCG(12107, 10))
	for _, enc := range digitEncodings {
		for la := 1; la <= 2; la++ {
			for lb := 1; lb <= 2; lb++ {
				for lc := 1; lc <= 4; lc++ {
					t.Run(fmt.Sprintf("%s/%d%d%d", enc, la, lb, lc), func(t *testing.T) {
						all := digitbrute.Products(la, lb, lc)
						q := sat.Encode(la, lb, lc, enc)
						if len(all) <= 614 && (!enc.NoLastDigit || len(all) <= 100) {
							got := digitModels(t, q, len(all))
							require.Equal(t, sortDigit(all), sortDigit(got))
						}
						patterns := 12
						if enc.NoLastDigit {
							patterns = 3
						}
						for range patterns {
							p := digitbrute.RandomPattern(rng, 0.5, la, lb, lc)
							var want []digitpuzzle.Answer
							for _, a := range all {
								if digitbrute.Fits(p, a) {
									want = append(want, a)
								}
							}
							q := sat.Encode(la, lb, lc, enc)
							as, err := q.Assume(p)
							require.NoError(t, err)
							got := digitModels(t, q, len(want), as...)
							require.Equal(t, sortDigit(want), sortDigit(got), "pattern %s %s %s", p.A, p.B, p.C)
						}
					})
				}
			}
		}
	}
}

func TestDigitPattern(t *testing.T) {
	tests := []struct {
		p    digitpuzzle.Instance
		want []digitpuzzle.Answer
	}{
		{digitpuzzle.Instance{A: "7", B: "**", C: "8*"}, []digitpuzzle.Answer{{A: "7", B: "12", C: "84"}}},
		{digitpuzzle.Instance{A: "**", B: "**", C: "1*1"}, []digitpuzzle.Answer{{A: "11", B: "11", C: "121"}}},
		{digitpuzzle.Instance{A: "*", B: "*", C: "*"}, digitbrute.Products(1, 1, 1)},
		{digitpuzzle.Instance{A: "1*", B: "05", C: "0**"}, nil},
		{digitpuzzle.Instance{A: "**", B: "**", C: "*"}, nil},
	}
	for _, tc := range tests {
		for _, enc := range digitEncodings {
			q, err := sat.Pattern(tc.p, enc)
			require.NoError(t, err)
			got := digitModels(t, q.Query, len(tc.want))
			require.Equal(t, sortDigit(tc.want), sortDigit(got), "DigitPattern(%s %s %s, %s)", tc.p.A, tc.p.B, tc.p.C, enc)
			var b1, b2 bytes.Buffer
			q1, _ := sat.Pattern(tc.p, enc)
			q2, _ := sat.Pattern(tc.p, enc)
			require.NoError(t, cnf.WriteDIMACS(&b1, q1.Formula()))
			require.NoError(t, cnf.WriteDIMACS(&b2, q2.Formula()))
			require.Equal(t, b1.String(), b2.String(), "deterministic DIMACS")
			require.Contains(t, b1.String(), "c var 1 A[0]=0\n")
		}
	}
}

func TestDigitBadPatterns(t *testing.T) {
	q := sat.Encode(2, 1, 2, sat.Options{})
	for _, a := range []digitpuzzle.Answer{
		{A: "1", B: "1", C: "11"}, {A: "11", B: "11", C: "11"}, {A: "11", B: "1", C: "1"},
		{A: "1x", B: "1", C: "11"}, {A: "11", B: "-", C: "11"},
	} {
		_, err := q.Assume(a)
		require.Error(t, err, "Assume(%q %q %q)", a.A, a.B, a.C)
	}
	for _, p := range []digitpuzzle.Instance{{A: "", B: "1", C: "1"}, {A: "123", B: "1", C: "1"}, {A: "1", B: "1", C: "12345"}, {A: "1", B: "y", C: "1"}} {
		_, err := sat.Pattern(p, sat.Options{})
		require.Error(t, err, "DigitPattern(%q %q %q)", p.A, p.B, p.C)
	}
	require.Panics(t, func() { sat.Encode(3, 1, 1, sat.Options{}) })
	require.Panics(t, func() { sat.Encode(1, 1, 1, sat.Options{Product: sat.Encoding(7)}) })
}

func TestDigitDecodeRejectsBadModels(t *testing.T) {
	q := sat.Encode(1, 1, 1, sat.Options{})
	m := make(cnf.Model, q.Formula().NumVars()+1) // every digit false
	_, err := q.Decode(m)
	require.ErrorContains(t, err, "no digit")
	for _, v := range q.Vars() {
		m[v] = true // A[0] and B[0] get every digit
	}
	_, err = q.Decode(m)
	require.ErrorContains(t, err, "two digits")
}
