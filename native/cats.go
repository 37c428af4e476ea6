package native

import (
	"context"

	"puzzlesat/native/internal/cats"
	"puzzlesat/puzzle"
)

// Cats returns the fewest cable cars of capacity p.W that carry every cat
// of p, with the cats of each car as a certificate. It returns
// puzzle.ErrNoSolution when a cat is heavier than W (or W < 1), and
// ctx.Err() when ctx is done first.
//
// It runs bin completion: for k cars from Martello and Toth's lower bound
// up, it fills one car at a time, the car of the heaviest cat left, in
// every undominated way, with nogoods and an LP bound. Stats.Nodes counts
// the cars filled.
func Cats(ctx context.Context, p puzzle.Cats) (puzzle.CatsAnswer, Stats, error) {
	return CatsWith(ctx, p, CatsOptions{})
}

// CatsOptions selects the search of CatsWith. The zero value is the
// search of Cats.
type CatsOptions = cats.Options

// CatsWith is Cats with the chosen search. With Items, Stats.Nodes
// counts the cats placed.
func CatsWith(ctx context.Context, p puzzle.Cats, o CatsOptions) (puzzle.CatsAnswer, Stats, error) {
	a, nodes, err := cats.Solve(ctx, p, o)
	return a, Stats{Nodes: nodes}, err
}
