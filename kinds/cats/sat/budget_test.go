package sat

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/cats/internal/ref/catsref"
	"github.com/puzzlesat/puzzlesat/solver"
)

// TestCatsTinyBudget solves with an MDD budget so small that most cars
// get the adder tree, so that both kinds of car meet in one formula,
// going up and down, against the subset DP.
func TestCatsTinyBudget(t *testing.T) {
	rng := rand.New(rand.NewPCG(165, 4))
	for i := range 100 {
		p := catsref.Random(rng, 1+rng.IntN(12), []int{10, 100, 1e9}[i%3], i%3)
		a, _, err := cats(context.Background(), p, solver.Config{}, Encoding{MaxNodes: 3}, i%2 == 0)
		require.NoError(t, err, "%d: %s", i, p.String())
		require.NoError(t, p.Verify(a), "%d: %s", i, p.String())
		require.Len(t, a.Cars, catsref.Cars(p), "%d: %s", i, p.String())
	}
}
