package sat

import (
	"context"

	"puzzlesat/encode"
	"puzzlesat/puzzle"
)

// Alphametic solves p by its CNF. The error is puzzle.ErrNoSolution when
// there is none, or the context's error.
func Alphametic(ctx context.Context, p puzzle.Alphametic) (puzzle.AlphameticAnswer, Stats, error) {
	q := encode.Alphametic(p)
	s := New(q.Formula())
	st, err := s.Solve(ctx)
	if err != nil || st != Sat {
		return puzzle.AlphameticAnswer{}, s.Stats(), noAnswer(err)
	}
	a, err := q.Decode(s.Model())
	return a, s.Stats(), err
}

// CountAlphametic counts the solutions of p up to limit.
func CountAlphametic(ctx context.Context, p puzzle.Alphametic, limit int) (int, Stats, error) {
	q := encode.Alphametic(p)
	s := New(q.Formula())
	n, err := s.Count(ctx, q.Vars(), limit)
	return n, s.Stats(), err
}

// noAnswer returns err, or puzzle.ErrNoSolution when err is nil.
func noAnswer(err error) error {
	if err != nil {
		return err
	}
	return puzzle.ErrNoSolution
}
