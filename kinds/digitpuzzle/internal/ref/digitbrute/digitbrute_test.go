package digitbrute_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/internal/ref/digitbrute"
)

// TestDigitProducts checks every triple's products by arithmetic: each is a
// true product with the right lengths and no leading zero above one
// digit, and together they are all 100 x 100 pairs.
func TestDigitProducts(t *testing.T) {
	total := 0
	for la := range 4 {
		for lb := range 4 {
			for lc := range 6 {
				ps := digitbrute.Products(la, lb, lc)
				if la < 1 || la > 2 || lb < 1 || lb > 2 || lc < 1 || lc > 4 {
					require.Empty(t, ps, "Products(%d, %d, %d)", la, lb, lc)
					continue
				}
				total += len(ps)
				for _, p := range ps {
					n := [3]int{}
					for i, s := range []string{p.A, p.B, p.C} {
						require.Equal(t, []int{la, lb, lc}[i], len(s), "Products(%d, %d, %d): %+v", la, lb, lc, p)
						require.False(t, len(s) > 1 && s[0] == '0', "leading zero in %+v", p)
						v, err := strconv.Atoi(s)
						require.NoError(t, err)
						n[i] = v
					}
					require.Equal(t, n[0]*n[1], n[2], "%+v", p)
				}
			}
		}
	}
	require.Equal(t, 100*100, total)
	// * * *: the one-digit products, 0*y and x*0 (19) and 1..9 (23).
	require.Len(t, digitbrute.Products(1, 1, 1), 42)
	require.Empty(t, digitbrute.Products(2, 2, 1))
	require.Empty(t, digitbrute.Products(1, 1, 3))
}

func TestDigitProductsIsACopy(t *testing.T) {
	ps := digitbrute.Products(1, 1, 1)
	ps[0] = digitpuzzle.Answer{A: "x"}
	require.Equal(t, digitpuzzle.Answer{A: "0", B: "0", C: "0"}, digitbrute.Products(1, 1, 1)[0])
}

func TestDigitFits(t *testing.T) {
	tests := []struct {
		pattern, product digitpuzzle.Answer
		want             bool
	}{
		{digitpuzzle.Answer{A: "7", B: "**", C: "8*"}, digitpuzzle.Answer{A: "7", B: "12", C: "84"}, true},
		{digitpuzzle.Answer{A: "7", B: "**", C: "8*"}, digitpuzzle.Answer{A: "7", B: "11", C: "77"}, false},
		{digitpuzzle.Answer{A: "*", B: "1*", C: "1**"}, digitpuzzle.Answer{A: "11", B: "1", C: "111"}, false}, // other lengths
		{digitpuzzle.Answer{A: "**", B: "**", C: "****"}, digitpuzzle.Answer{A: "99", B: "99", C: "9801"}, true},
	}
	for _, tc := range tests {
		require.Equal(t, tc.want, digitbrute.Fits(tc.pattern, tc.product), "Fits(%+v, %+v)", tc.pattern, tc.product)
	}
}

func TestDigitCount(t *testing.T) {
	tests := []struct {
		pattern digitpuzzle.Answer
		limit   int
		want    int
	}{
		{digitpuzzle.Answer{A: "*", B: "*", C: "*"}, 0, 42},
		{digitpuzzle.Answer{A: "*", B: "*", C: "*"}, -1, 42},
		{digitpuzzle.Answer{A: "*", B: "*", C: "*"}, 2, 2},
		{digitpuzzle.Answer{A: "*", B: "*", C: "*"}, 100, 42},
		{digitpuzzle.Answer{A: "7", B: "**", C: "8*"}, 0, 1},
		{digitpuzzle.Answer{A: "**", B: "**", C: "980"}, 0, 8}, // 10*98, 14*70, 20*49, 28*35 and swapped
		{digitpuzzle.Answer{A: "1*", B: "1*", C: "2*1"}, 0, 2},
		{digitpuzzle.Answer{A: "11", B: "11", C: "021"}, 0, 0},
		{digitpuzzle.Answer{A: "**", B: "**", C: "*"}, 0, 0},
		{digitpuzzle.Answer{A: "***", B: "*", C: "*"}, 0, 0},
		{digitpuzzle.Answer{A: "*", B: "x", C: "*"}, 0, 0},
	}
	for _, tc := range tests {
		require.Equal(t, tc.want, digitbrute.Count(tc.pattern, tc.limit), "Count(%+v, %d)", tc.pattern, tc.limit)
		ok, err := digitbrute.Unique(tc.pattern)
		require.NoError(t, err)
		require.Equal(t, tc.want == 1, ok, "Unique(%+v)", tc.pattern)
	}
}

func TestDigitSolve(t *testing.T) {
	tests := []struct {
		in   digitpuzzle.Instance
		want digitpuzzle.Answer
		ok   bool
	}{
		{digitpuzzle.Instance{A: "7", B: "**", C: "8*"}, digitpuzzle.Answer{A: "7", B: "**", C: "8*"}, true},
		{digitpuzzle.Instance{A: "**", B: "**", C: "***"}, digitpuzzle.Answer{A: "**", B: "**", C: "1*1"}, true},
		{digitpuzzle.Instance{A: "0", B: "5", C: "0"}, digitpuzzle.Answer{A: "0", B: "5", C: "0"}, true},
		{digitpuzzle.Instance{A: "**", B: "**", C: "*"}, digitpuzzle.Answer{}, false},
		{digitpuzzle.Instance{A: "*", B: "*", C: "***"}, digitpuzzle.Answer{}, false},
		{digitpuzzle.Instance{A: "**", B: "**", C: "**"}, digitpuzzle.Answer{}, false},
	}
	for _, tc := range tests {
		got, ok := digitbrute.Solve(tc.in)
		require.Equal(t, tc.ok, ok, "Solve(%+v)", tc.in)
		require.Equal(t, tc.want, got, "Solve(%+v)", tc.in)
	}
	// A leading zero in B or C is changed, and the answer is unique.
	for _, p := range []digitpuzzle.Instance{{A: "1*", B: "05", C: "0**"}, {A: "9", B: "09", C: "0*"}} {
		got, ok := digitbrute.Solve(p)
		require.True(t, ok, "Solve(%+v)", p)
		require.NotEqual(t, byte('0'), got.B[0], "Solve(%+v) = %+v", p, got)
		require.NotEqual(t, byte('0'), got.C[0], "Solve(%+v) = %+v", p, got)
		require.Equal(t, 1, digitbrute.Count(got, 0), "Solve(%+v) = %+v", p, got)
	}
}

func TestDigitSolveStatementSample(t *testing.T) {
	ps, want := digitbrute.Sample(t)
	var out strings.Builder
	for _, p := range ps {
		a, ok := digitbrute.Solve(p)
		require.True(t, ok, "Solve(%+v)", p)
		out.WriteString(p.Format(a))
	}
	require.Equal(t, string(want), out.String())
}
