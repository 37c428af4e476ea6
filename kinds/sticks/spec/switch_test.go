package spec_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/kinds/sticks"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/gen"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/internal/ref/sticksref"
)

// TestSwitchesSticks solves generated blocks with both backends, random
// prunings off and random encoding picks, against sticksref.Classic.
func TestSwitchesSticks(t *testing.T) {
	rng := rand.New(rand.NewPCG(1011, 21))
	k := theKind
	for range 40 {
		prunings, encoding := kindtest.RandomSwitches(rng, k)
		p := gen.Random(rng, 2+rng.IntN(5), 5+rng.IntN(30))
		// Without these the DFS tries every order of every stick, or
		// every length: a block of 22 pieces at most without one, 8
		// without two.
		off := 0
		for _, name := range []string{"-equal-skip", "-first-piece", "-index-order", "-divisors"} {
			if strings.Contains(prunings, name) {
				off++
			}
		}
		for most := 36 - 14*min(off, 2); len(p.Pieces) > most; {
			p = gen.Random(rng, 2+rng.IntN(3), 5+rng.IntN(20))
		}
		want := sticksref.Classic(p.Pieces)
		for _, b := range []puzzlesat.Backend{puzzlesat.DFS, puzzlesat.SAT} {
			o := puzzlesat.Options{Backend: b, Prunings: prunings, Encoding: encoding, Timeout: kindtest.SwitchTimeout}
			a, _, err := k.Solve(context.Background(), p, o)
			require.NoError(t, err, "%v by %v with %q and %q", p.Pieces, b, prunings, encoding)
			require.Equal(t, want, a.Value.(sticks.Answer).Length, "%v by %v with %q and %q", p.Pieces, b, prunings, encoding)
		}
	}
}
