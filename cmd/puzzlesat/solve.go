package main

import (
	"context"
	"errors"
	"fmt"

	"puzzlesat"
	"puzzlesat/puzzle"
)

func (k *spec[I, A]) solve(ctx context.Context, e env, o *options, in *input) error {
	lib := k.lib(o)
	return k.batch(ctx, e, o, in, func(ctx context.Context, i int, p I) result {
		a, st, err := lib.Solve(ctx, p, o.lib)
		r := report(ctx, in.name, i, o, st, err, p.Fail, func(a A) string { return p.Format(a) })
		if err == nil {
			r.out = p.Format(a) + k.certificate(o, p, a)
		}
		return r
	})
}

func (k *spec[I, A]) count(ctx context.Context, e env, o *options, in *input) error {
	lib := k.lib(o)
	if !lib.CanCount() {
		return usagef("count is not defined for %s", lib.Name())
	}
	if o.limit < 1 {
		return usagef("--limit must be at least 1")
	}
	return k.batch(ctx, e, o, in, func(ctx context.Context, i int, p I) result {
		n, st, err := lib.Count(ctx, p, o.limit, o.lib)
		text := func(n int) string { return countText(n, o.limit) }
		r := report(ctx, in.name, i, o, st, err, p.Fail, text)
		if err == nil {
			r.out = text(n)
		}
		return r
	})
}

// report turns the error of instance i, if any, into its printed result:
// "no solution" or "timeout" in place of the answer, or a message on
// stderr (for a disagreement, with both backends' results as show and
// fail print them); and the --stats line. An instance cut short because
// ctx, the batch's, ended is not reported at all.
func report[R any](ctx context.Context, file string, i int, o *options, st puzzlesat.Stats, err error, fail func(string) string, show func(R) string) result {
	var r result
	if o.stats {
		r.stats = fmt.Sprintf("%s case %d: %v\n", file, i+1, st)
	}
	var (
		d  *puzzlesat.Disagreement[R]
		wa *puzzlesat.WrongAnswer
		tl *puzzlesat.TooLarge
	)
	switch {
	case err == nil:
		return r
	case ctx.Err() != nil:
		return result{stopped: true}
	case errors.As(err, &wa):
		r.errs = fmt.Sprintf("puzzlesat: %s case %d: %v\n", file, i+1, err)
		r.bug = true
		return r
	case errors.As(err, &tl):
		r.out = fail("too large")
		r.errs = fmt.Sprintf("puzzlesat: %s case %d: %v (raise --budget to allow it)\n", file, i+1, err)
	case errors.Is(err, puzzle.ErrNoSolution):
		r.out = fail("no solution")
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		r.out = fail("timeout")
	case errors.As(err, &d):
		r.errs = fmt.Sprintf("puzzlesat: %s case %d: %v\n", file, i+1, err)
		for _, side := range []struct {
			name string
			res  *R
		}{{"dfs", d.DFS}, {"sat", d.SAT}} {
			text := fail("no solution")
			if side.res != nil {
				text = show(*side.res)
			}
			r.errs += fmt.Sprintf("-- %s:\n%s", side.name, text)
		}
	default:
		r.errs = fmt.Sprintf("puzzlesat: %s case %d: %v\n", file, i+1, err)
	}
	r.failed = true
	return r
}

// countText prints a count, or ">=limit" when it reached the limit.
func countText(n, limit int) string {
	if n >= limit {
		return fmt.Sprintf(">=%d\n", limit)
	}
	return fmt.Sprintf("%d\n", n)
}
