package sat

import (
	"context"
	"errors"

	"github.com/puzzlesat/puzzlesat/encode/cnf"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat/solver"
)

// sized returns what build makes, once c's budget allows a formula of
// size, a bound told before the formula is built, and c's lease holds its
// literals (see solver.Quota); else a *solver.TooLarge error, or ctx's
// error when ctx ends while the lease waits, and build is not called.
func sized[Q any](ctx context.Context, c solver.Config, size cnf.Size, build func() (Q, error)) (Q, error) {
	var zero Q
	if err := c.Reserve(ctx, size.Lits); err != nil {
		return zero, err
	}
	return build()
}

// solved returns a driver's result with its "no model" error as
// puzzle.ErrNoSolution.
func solved[R any](r R, st solver.Stats, err error) (R, solver.Stats, error) {
	if errors.Is(err, solver.ErrUnsatisfiable) {
		err = puzzle.ErrNoSolution
	}
	return r, st, err
}
