package gen_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/alphametic"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic/gen"
	"github.com/puzzlesat/puzzlesat/search"
)

// TestAlphametic makes one instance of every size and checks that it is
// well formed, uses every letter, reads back from its String, and has
// exactly one answer.
func TestAlphametic(t *testing.T) {
	rng := rand.New(rand.NewPCG(2004, 26))
	for n := alphametic.MinN; n <= alphametic.MaxN; n++ {
		p := gen.Random(rng, n)
		require.Equal(t, n, p.N)
		require.NoError(t, p.Validate())
		for l := range n {
			require.Contains(t, p.Words[0]+p.Words[1]+p.Words[2], string(rune('A'+l)), "%+v", p)
		}
		ps, err := alphametic.Parse("gen", strings.NewReader(p.String()))
		require.NoError(t, err)
		require.Equal(t, []alphametic.Instance{p}, ps)
		count, st, err := dfs.Count(context.Background(), p, 0, search.Run{})
		require.NoError(t, err)
		require.Equal(t, 1, count, "%+v", p)
		t.Logf("N=%d %s + %s = %s (%d nodes to count)", n, p.Words[0], p.Words[1], p.Words[2], st.Nodes)
	}
}

// TestAlphameticLabels checks that the letters do not give the answer
// away: over many instances, A is not always the same digit.
func TestAlphameticLabels(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	digitsOfA := map[int]bool{}
	for range 20 {
		p := gen.Random(rng, 6)
		a, _, err := dfs.Solve(context.Background(), p, search.Run{})
		require.NoError(t, err)
		digitsOfA[a.Digits[0]] = true
	}
	require.Greater(t, len(digitsOfA), 2)
}

func TestAlphameticClamp(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	require.Equal(t, alphametic.MinN, gen.Random(rng, 0).N)
	require.Equal(t, alphametic.MinN, gen.Random(rng, -5).N)
	require.Equal(t, alphametic.MaxN, gen.Random(rng, 99).N)
}
