package sat

import (
	"context"

	"puzzlesat/encode"
	"puzzlesat/puzzle"
)

// Cryptarithm solves p by its CNF, encode.Cryptarithm, as c says. The
// error is puzzle.ErrNoSolution when there is none, a *TooLarge when the
// formula's bound (encode.CryptarithmSize) is over c's budget, which is
// told before the formula is built, or the context's error.
func Cryptarithm(ctx context.Context, p puzzle.Cryptarithm, c Config) (puzzle.CryptarithmAnswer, Stats, error) {
	if err := c.CheckBound(encode.CryptarithmSize(p, encode.ColumnsAndBounds).Lits); err != nil {
		return puzzle.CryptarithmAnswer{}, Stats{}, err
	}
	return Find[puzzle.CryptarithmAnswer](ctx, encode.Cryptarithm(p), c)
}

// CountCryptarithm counts the answers of p up to limit on one solver, as
// c says, with the errors of Cryptarithm.
func CountCryptarithm(ctx context.Context, p puzzle.Cryptarithm, limit int, c Config) (int, Stats, error) {
	if err := c.CheckBound(encode.CryptarithmSize(p, encode.ColumnsAndBounds).Lits); err != nil {
		return 0, Stats{}, err
	}
	return CountAnswers[puzzle.CryptarithmAnswer](ctx, encode.Cryptarithm(p), limit, c)
}
