package sat

import (
	"context"
	"fmt"

	"puzzlesat/encode"
	"puzzlesat/puzzle"
	"puzzlesat/sat/solver"
)

// Cryptarithm solves p by its CNF, encode.Cryptarithm, as c says: by
// Solver.Search, deciding the letters in the order of the query's
// Decisions (largest weight first), which beat gini's own branching on
// the 199-addend puzzle (docs/results.md). The error is puzzle.ErrNoSolution when
// there is none, a *solver.TooLarge when the formula's bound
// (encode.CryptarithmSize) is over c's budget, which is told before the
// formula is built, or the context's error.
func Cryptarithm(ctx context.Context, p puzzle.Cryptarithm, c solver.Config) (puzzle.CryptarithmAnswer, solver.Stats, error) {
	q, err := cryptarithmQuery(ctx, p, c)
	if err != nil {
		return puzzle.CryptarithmAnswer{}, solver.Stats{}, err
	}
	return solved(solver.FindOrdered[puzzle.CryptarithmAnswer](ctx, q, c))
}

// CountCryptarithm counts the answers of p up to limit on one solver, as
// c says, by the same search (no blocking clauses), with the errors of
// Cryptarithm.
func CountCryptarithm(ctx context.Context, p puzzle.Cryptarithm, limit int, c solver.Config) (int, solver.Stats, error) {
	q, err := cryptarithmQuery(ctx, p, c)
	if err != nil {
		return 0, solver.Stats{}, err
	}
	return solver.CountOrdered[puzzle.CryptarithmAnswer](ctx, q, limit, c)
}

// CryptarithmQuery returns the query that Cryptarithm solves, named with
// its base, which the instance's text does not hold; it takes no bound.
func CryptarithmQuery(ctx context.Context, p puzzle.Cryptarithm, _ int, c solver.Config) (solver.Query[puzzle.CryptarithmAnswer], string, error) {
	q, err := cryptarithmQuery(ctx, p, c)
	return q, fmt.Sprintf("solution in base %d", p.Base), err
}

// cryptarithmQuery builds p's query once c's budget allows its size bound.
func cryptarithmQuery(ctx context.Context, p puzzle.Cryptarithm, c solver.Config) (*encode.CryptarithmQuery, error) {
	return sized(ctx, c, encode.CryptarithmSize(p, encode.ColumnsAndBounds), func() (*encode.CryptarithmQuery, error) {
		return encode.Cryptarithm(p), nil
	})
}
