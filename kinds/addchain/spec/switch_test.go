package spec_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/kinds/addchain"
	"github.com/puzzlesat/puzzlesat/kinds/addchain/gen"
	"github.com/puzzlesat/puzzlesat/kinds/addchain/internal/brute"
)

// TestSwitches: n drawn from 1..120, random prunings off and random
// encodings, counted and solved by both backends, which agree on the
// count and on the chain (the kind is canonical).
func TestSwitches(t *testing.T) {
	rng := rand.New(rand.NewPCG(2248, 170))
	var ps []addchain.Instance
	for range 24 {
		ps = append(ps, gen.Random(rng, 1, 120))
	}
	kindtest.CheckSwitches(t, theKind, 2248, true, kindtest.Instances(ps))
}

// TestBothAgainstBrute: through package puzzlesat, Both (the DFS and the
// SAT backend, which must agree) gives the brute force's chain for every
// n to 60, with random switches, and both backends count its shortest
// chains for n to 24.
func TestBothAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(39, 6))
	ctx := context.Background()
	for n := 1; n <= 60; n++ {
		prunings, encoding := kindtest.RandomSwitches(rng, theKind)
		o := puzzlesat.Options{Backend: puzzlesat.Both, Prunings: prunings, Encoding: encoding}
		p := addchain.Instance{N: n}
		a, _, err := theKind.Solve(ctx, p, o)
		require.NoError(t, err, "n=%d with %q and %q", n, prunings, encoding)
		_, want := brute.Length(n)
		require.Equal(t, want, a.Value.(addchain.Answer).Chain, "n=%d with %q and %q", n, prunings, encoding)
		if n <= 24 {
			_, count := brute.Count(n)
			got, _, err := theKind.Count(ctx, p, 0, o)
			require.NoError(t, err, "n=%d", n)
			require.Equal(t, count, got, "n=%d with %q and %q", n, prunings, encoding)
		}
	}
}
