package gen_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/gen"
	"github.com/puzzlesat/puzzlesat/native"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/technique"
)

// TestAlphametic makes one instance of every size and checks that it is
// well formed, uses every letter, reads back from its String, and has
// exactly one answer.
func TestAlphametic(t *testing.T) {
	rng := rand.New(rand.NewPCG(2004, 26))
	for n := puzzle.AlphameticMinN; n <= puzzle.AlphameticMaxN; n++ {
		p := gen.Alphametic(rng, n)
		require.Equal(t, n, p.N)
		require.NoError(t, p.Validate())
		for l := range n {
			require.Contains(t, p.Words[0]+p.Words[1]+p.Words[2], string(rune('A'+l)), "%+v", p)
		}
		ps, err := puzzle.ParseAlphametic("gen", strings.NewReader(p.String()))
		require.NoError(t, err)
		require.Equal(t, []puzzle.Alphametic{p}, ps)
		count, st, err := native.CountAlphametic(context.Background(), p, 0, technique.Set{})
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
		p := gen.Alphametic(rng, 6)
		a, _, err := native.Alphametic(context.Background(), p, technique.Set{})
		require.NoError(t, err)
		digitsOfA[a.Digits[0]] = true
	}
	require.Greater(t, len(digitsOfA), 2)
}

func TestAlphameticClamp(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	require.Equal(t, puzzle.AlphameticMinN, gen.Alphametic(rng, 0).N)
	require.Equal(t, puzzle.AlphameticMinN, gen.Alphametic(rng, -5).N)
	require.Equal(t, puzzle.AlphameticMaxN, gen.Alphametic(rng, 99).N)
}
