package solver

import (
	"context"
	"errors"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Sized returns what build makes, once c's budget allows a formula of
// size, a bound told before the formula is built, and c's lease holds its
// literals (see Quota); else a *TooLarge error, or ctx's
// error when ctx ends while the lease waits, and build is not called.
func Sized[Q any](ctx context.Context, c Config, size cnf.Size, build func() (Q, error)) (Q, error) {
	var zero Q
	if err := c.Reserve(ctx, size.Lits); err != nil {
		return zero, err
	}
	return build()
}

// Solved returns a driver's result with its "no model" error as
// puzzle.ErrNoSolution.
func Solved[R any](r R, st Stats, err error) (R, Stats, error) {
	if errors.Is(err, ErrUnsatisfiable) {
		err = puzzle.ErrNoSolution
	}
	return r, st, err
}
