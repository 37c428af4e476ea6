package sat_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm/internal/ref/cryptbrute"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm/sat"
	"github.com/puzzlesat/puzzlesat/solver"
)

func TestCryptarithmQuery(t *testing.T) {
	p := cryptarithm.Instance{Base: 10, Addends: []string{"SEND", "MORE"}, Sum: "MONEY"}
	for _, sum := range []sat.Sum{sat.ColumnsAndBounds, sat.ColumnSums, sat.WeightedSum, sat.ColumnMDDs} {
		q := sat.EncodeWith(p, sum)
		s := solver.New(q.Formula())
		n, err := s.Count(context.Background(), q.Vars(), 10)
		require.NoError(t, err)
		require.Equal(t, 1, n, sum.String())
		st, err := s.Solve(context.Background())
		require.NoError(t, err)
		require.Equal(t, solver.Sat, st)
		a, err := q.Decode(s.Model())
		require.NoError(t, err)
		require.Equal(t, "D=7 E=5 M=1 N=6 O=0 R=8 S=9 Y=2\n", p.Format(a))

		var x, y bytes.Buffer
		require.NoError(t, cnf.WriteDIMACS(&x, sat.EncodeWith(p, sum).Formula()))
		require.NoError(t, cnf.WriteDIMACS(&y, sat.EncodeWith(p, sum).Formula()))
		require.Equal(t, x.String(), y.String(), "deterministic")
		require.Contains(t, x.String(), "c var 1 D=0\n")
	}
}

func TestCryptarithmQueryDecodeErrors(t *testing.T) {
	p := cryptarithm.Instance{Base: 10, Addends: []string{"A"}, Sum: "B"}
	q := sat.Encode(p)
	m := make(cnf.Model, q.Formula().NumVars()+1)
	_, err := q.Decode(m)
	require.EqualError(t, err, "model gives letter A no digit")
	for _, v := range q.Vars()[:2] {
		m[v] = true
	}
	_, err = q.Decode(m)
	require.EqualError(t, err, "model gives letter A two digits")

	many := cryptarithm.Instance{Base: 2, Addends: []string{"AB"}, Sum: "C"}
	q = sat.Encode(many)
	st, err := solver.New(q.Formula()).Solve(context.Background())
	require.NoError(t, err)
	require.Equal(t, solver.Unsat, st)
	_, err = q.Decode(nil)
	require.Error(t, err)
}

// TestCryptarithmSize checks that CryptarithmSize bounds the real formula.
func TestCryptarithmSize(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 7))
	for i := range 200 {
		base := 2 + rng.IntN(15)
		p := cryptbrute.Random(rng, base, 1+rng.IntN(min(base, 8)), 1+rng.IntN(20), 1+rng.IntN(8), i%2 == 0)
		for _, sum := range []sat.Sum{sat.ColumnsAndBounds, sat.ColumnSums, sat.WeightedSum, sat.ColumnMDDs} {
			got := sat.EncodeWith(p, sum).Formula().Size()
			bound := sat.Size(p, sum)
			require.True(t, got.Within(bound), "%s base %d, %s: %v over %v", p.String(), base, sum, got, bound)
		}
	}
	p := cryptarithm.Instance{Base: 10, Addends: []string{"A"}, Sum: strings.Repeat("B", 100000)}
	t.Logf("a sum of 100,000 letters: %v", sat.Size(p, sat.ColumnsAndBounds))
}

// TestCryptarithmDecisions checks that the decision groups are the
// letters' one-hot groups, heaviest letter first.
func TestCryptarithmDecisions(t *testing.T) {
	for _, tc := range []struct {
		p    cryptarithm.Instance
		want string
	}{
		// M: -9000, S: 1000, O: -900, E: 91, N: -90, R: 10, D: 1, Y: -1.
		{cryptarithm.Instance{Base: 10, Addends: []string{"SEND", "MORE"}, Sum: "MONEY"}, "MSOENRDY"},
		// Past 2^62: by the highest column a letter counts in; A cancels.
		{cryptarithm.Instance{Base: 10, Addends: []string{strings.Repeat("A", 30) + "B", "D"}, Sum: strings.Repeat("A", 30) + "C"}, "BCDA"},
	} {
		q := sat.Encode(tc.p)
		vars := q.Vars()
		var got []byte
		for _, g := range q.Decisions() {
			require.Len(t, g, tc.p.Base)
			i := slices.Index(vars, g[0].Var()) / tc.p.Base
			for d, l := range g {
				require.Equal(t, vars[i*tc.p.Base+d].Pos(), l, "the group of letter %d, digit %d", i, d)
			}
			got = append(got, tc.p.Letters()[i])
		}
		require.Equal(t, tc.want, string(got))
	}
	require.Empty(t, sat.Encode(cryptarithm.Instance{Base: 2, Addends: []string{"AB"}, Sum: "C"}).Decisions())
}
