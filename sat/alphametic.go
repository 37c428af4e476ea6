package sat

import (
	"context"

	"puzzlesat/encode"
	"puzzlesat/puzzle"
	"puzzlesat/sat/solver"
)

// Alphametic solves p by its one query, encode.Alphametic: a one-hot digit
// per letter and a binary adder per column. The error is
// puzzle.ErrNoSolution when it has no model, or the context's error.
func Alphametic(ctx context.Context, p puzzle.Alphametic, c solver.Config) (puzzle.AlphameticAnswer, solver.Stats, error) {
	return solved(solver.Find[puzzle.AlphameticAnswer](ctx, encode.Alphametic(p), c))
}

// CountAlphametic counts the answers of p up to limit on one solver, each
// blocked by its digits.
func CountAlphametic(ctx context.Context, p puzzle.Alphametic, limit int, c solver.Config) (int, solver.Stats, error) {
	return solver.CountAnswers[puzzle.AlphameticAnswer](ctx, encode.Alphametic(p), limit, c)
}

// AlphameticQuery returns the query that Alphametic solves; it takes no
// bound.
func AlphameticQuery(_ context.Context, p puzzle.Alphametic, _ int, _ solver.Config) (solver.Query[puzzle.AlphameticAnswer], string, error) {
	return encode.Alphametic(p), "solution", nil
}
