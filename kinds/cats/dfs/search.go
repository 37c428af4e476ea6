package dfs

import (
	"context"

	"github.com/puzzlesat/puzzlesat/kinds/cats"
	"github.com/puzzlesat/puzzlesat/kinds/cats/dfs/internal/engine"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// Solve returns the fewest cable cars of capacity p.W that carry every cat
// of p, with the cats of each car as a certificate. It returns
// puzzle.ErrNoSolution when a cat is heavier than W (or W < 1), and
// ctx.Err() when ctx is done first.
//
// It runs bin completion: for k cars from Martello and Toth's lower bound
// up, it fills one car at a time, the car of the heaviest cat left, in
// every undominated way, with nogoods and an LP bound. Stats.Nodes counts
// the cars filled. run switches the prunings of Prunings; without
// bin-completion it runs the seed's search instead, the cats heaviest
// first, each into every open car it fits in or a new car, and
// Stats.Nodes counts the cats placed. Stats.Cuts counts what each
// pruning did, in both searches.
func Solve(ctx context.Context, p cats.Instance, run search.Run) (cats.Answer, search.Stats, error) {
	solve := engine.Solve[trace.Uncounted]
	if run.Counting() {
		solve = engine.Solve[trace.Counted]
	}
	a, nodes, cuts, err := solve(ctx, p, run.Prunings, run.Sink)
	return a, search.Stats{Nodes: nodes, Cuts: cuts}, err
}

// Prunings returns the prunings of Cats, every one on by default.
// Those that name the item search matter only without bin-completion.
func Prunings() []technique.Pruning { return engine.Prunings() }
