package engine

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/kinds/cats"
	"github.com/puzzlesat/puzzlesat/kinds/cats/internal/ref/catsref"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// binsRandom draws an instance for the bin-completion tests: a catsref
// kind, or (kind 4) cats just over W/3, where the LP bound does the work.
func binsRandom(rng *rand.Rand, n, w, kind int) cats.Instance {
	if kind < 4 {
		return catsref.Random(rng, n, w, kind)
	}
	p := cats.Instance{W: w}
	for range n {
		p.Weights = append(p.Weights, w/3+1+rng.IntN(max(1, w/12)))
	}
	return p
}

// set resolves spec against Prunings.
func set(t *testing.T, spec string) technique.Set {
	t.Helper()
	on, _, err := technique.ResolvePrunings(Prunings(), spec)
	require.NoError(t, err, spec)
	return on
}

// binsOnly solves p by bin completion with a cheap pass of the given
// budget (0: every question goes to the full pass, with its LP), and the
// prunings that spec switches off.
func binsOnly(t *testing.T, p cats.Instance, cheap int64, spec string) cats.Answer {
	ctx := context.Background()
	on := set(t, spec)
	s, ok := newSearch[trace.Counted](ctx, p, on, nil)
	require.True(t, ok)
	s.cheap = cheap
	s.keep = s.firstFit()
	s.best = 0
	for _, c := range s.keep {
		s.best = max(s.best, c+1)
	}
	s.binCompletion(ctx)
	require.NoError(t, s.err)
	return s.answer()
}

// binsPrunings are the prunings of bin completion, which
// TestBinSearchFull switches off at random.
var binsPrunings = []string{"heaviest-first", "fullest-first", "sum-bound", "l2-bound", "waste", "lp-bound", "nogoods", "maximal", "dominance"}

// TestBinSearchFull runs bin completion with no cheap pass, so that the
// LP, its pool and the nogoods all take part, against the subset DP on
// 1500 instances of up to 16 cats, five kinds: by default, without the
// LP, without nogoods, and with a random set of its prunings off.
func TestBinSearchFull(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for i := range 1500 {
		w, n := []int{10, 30, 100, 1000, 1e9}[rng.IntN(5)], 3+rng.IntN(14)
		p := binsRandom(rng, n, w, i%5)
		want := catsref.Cars(p)
		var off []string
		for _, name := range binsPrunings {
			if rng.IntN(3) == 0 {
				off = append(off, "-"+name)
			}
		}
		for _, spec := range []string{"", "-lp-bound", "-nogoods", strings.Join(off, ",")} {
			a := binsOnly(t, p, 0, spec)
			require.NoError(t, p.Verify(a), "%d %s: %s", i, spec, p.String())
			require.Len(t, a.Cars, want, "%d %s: %s", i, spec, p.String())
		}
	}
}

// TestBinSearchMedium compares bin completion (full pass only, and
// default) with the item search on 150 instances of 18 to 40 cats with
// small capacities (many equal cats and equal sums), where the subset DP
// is too slow; instances the item search does not finish within a budget
// of work (poll.Budget: the same on any machine) are skipped.
func TestBinSearchMedium(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	checked := 0
	for i := range 150 {
		w := []int{30, 100, 1000}[rng.IntN(3)]
		p := binsRandom(rng, 18+rng.IntN(23), w, i%5)
		ref, _, _, err := Solve[trace.Counted](poll.Budget(context.Background(), 200), p, set(t, "-bin-completion"), nil)
		if err != nil {
			continue
		}
		checked++
		for _, cheap := range []int64{0, binsCheapNodes} {
			a := binsOnly(t, p, cheap, "")
			require.NoError(t, p.Verify(a), "%d: %s", i, p.String())
			require.Len(t, a.Cars, len(ref.Cars), "%d cheap %d: %s", i, cheap, p.String())
		}
	}
	require.Greater(t, checked, 100)
}
