package sat

import (
	"context"

	"puzzlesat/encode"
	"puzzlesat/puzzle"
)

// Cryptarithm solves p by its CNF, encode.Cryptarithm, as c says: by
// Solver.Search, deciding the letters in the order of the query's
// Decisions (largest weight first), which took 5 times less CPU than
// gini's own branching on the 199-addend puzzle (README). The error is puzzle.ErrNoSolution when there is none, a *TooLarge when the
// formula's bound (encode.CryptarithmSize) is over c's budget, which is
// told before the formula is built, or the context's error.
func Cryptarithm(ctx context.Context, p puzzle.Cryptarithm, c Config) (puzzle.CryptarithmAnswer, Stats, error) {
	if err := c.CheckBound(encode.CryptarithmSize(p, encode.ColumnsAndBounds).Lits); err != nil {
		return puzzle.CryptarithmAnswer{}, Stats{}, err
	}
	return FindOrdered[puzzle.CryptarithmAnswer](ctx, encode.Cryptarithm(p), c)
}

// CountCryptarithm counts the answers of p up to limit on one solver, as
// c says, by the same search (no blocking clauses), with the errors of
// Cryptarithm.
func CountCryptarithm(ctx context.Context, p puzzle.Cryptarithm, limit int, c Config) (int, Stats, error) {
	if err := c.CheckBound(encode.CryptarithmSize(p, encode.ColumnsAndBounds).Lits); err != nil {
		return 0, Stats{}, err
	}
	return CountOrdered[puzzle.CryptarithmAnswer](ctx, encode.Cryptarithm(p), limit, c)
}
