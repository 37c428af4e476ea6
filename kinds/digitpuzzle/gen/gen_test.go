package gen_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/gen"
	"github.com/puzzlesat/puzzlesat/search"
)

// TestDigit checks that generated patterns are well formed, parse back
// from their String, have A not starting with 0, and cover exactly the
// length triples that some product has.
func TestDigit(t *testing.T) {
	admit := map[[3]int]bool{}
	for x := range 100 {
		for y := range 100 {
			admit[[3]int{len(fmt.Sprint(x)), len(fmt.Sprint(y)), len(fmt.Sprint(x * y))}] = true
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[[3]int]bool{}
	var text strings.Builder
	var ps []digitpuzzle.Instance
	stars, chars := 0, 0
	for i := range 2000 {
		p := gen.Random(rng)
		l := [3]int{len(p.A), len(p.B), len(p.C)}
		require.True(t, admit[l], "%+v: no product has lengths %v", p, l)
		require.NotEqual(t, byte('0'), p.A[0], "%+v: A starts with 0", p)
		seen[l] = true
		stars += strings.Count(p.A+p.B+p.C, "*")
		chars += len(p.A + p.B + p.C)
		if i < 300 {
			p.Case = i + 1
			ps = append(ps, p)
			text.WriteString(p.String())
		}
	}
	require.Equal(t, admit, seen, "length triples drawn")
	require.InDelta(t, 0.5, float64(stars)/float64(chars), 0.05, "share of '*'")
	again, err := digitpuzzle.Parse("gen", strings.NewReader(text.String()))
	require.NoError(t, err)
	require.Equal(t, ps, again)
	for _, p := range ps {
		a, _, err := dfs.Solve(context.Background(), p, search.Run{})
		require.NoError(t, err, "%+v", p)
		require.NoError(t, p.Verify(a))
	}
}
