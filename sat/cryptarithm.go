package sat

import (
	"context"

	"puzzlesat/encode"
	"puzzlesat/puzzle"
)

// Cryptarithm solves p by its CNF (encode.Cryptarithm). The error is
// puzzle.ErrNoSolution when there is none, or the context's error.
func Cryptarithm(ctx context.Context, p puzzle.Cryptarithm) (puzzle.CryptarithmAnswer, Stats, error) {
	return CryptarithmWith(ctx, p, encode.ColumnsAndBounds)
}

// CryptarithmWith is Cryptarithm with the chosen formulation of the sum.
func CryptarithmWith(ctx context.Context, p puzzle.Cryptarithm, sum encode.CryptarithmSum) (puzzle.CryptarithmAnswer, Stats, error) {
	q := encode.CryptarithmWith(p, sum)
	s := New(q.Formula())
	st, err := s.Solve(ctx)
	if err != nil || st != Sat {
		return puzzle.CryptarithmAnswer{}, s.Stats(), noAnswer(err)
	}
	a, err := q.Decode(s.Model())
	return a, s.Stats(), err
}

// CountCryptarithm counts the answers of p up to limit (a limit below 1
// counts them all), blocking each answer found on one solver.
func CountCryptarithm(ctx context.Context, p puzzle.Cryptarithm, limit int) (int, Stats, error) {
	return CountCryptarithmWith(ctx, p, limit, encode.ColumnsAndBounds)
}

// CountCryptarithmWith is CountCryptarithm with the chosen formulation.
func CountCryptarithmWith(ctx context.Context, p puzzle.Cryptarithm, limit int, sum encode.CryptarithmSum) (int, Stats, error) {
	if limit < 1 {
		limit = int(^uint(0) >> 1)
	}
	q := encode.CryptarithmWith(p, sum)
	s := New(q.Formula())
	n, err := s.CountBlocking(ctx, q.Block, limit)
	return n, s.Stats(), err
}
