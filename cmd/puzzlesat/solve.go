package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/solver"
)

func (k *puzzleKind) solve(ctx context.Context, e env, o *options, ins []*input) error {
	lib := k.lib
	return k.batch(ctx, e, o, ins, func(ctx context.Context, lo puzzlesat.Options, x item) result {
		p := x.p
		a, st, err := lib.Solve(ctx, p, proofFor(lo, x.file, x.kase))
		r := k.report(ctx, x, o, st, err, func(a any) string { return a.(puzzlesat.Answer).Text })
		if err == nil {
			r.out = k.text(o, p, a)
			if o.certificate {
				r.out += o.proofLines(st)
			}
		}
		return r
	})
}

func (k *puzzleKind) count(ctx context.Context, e env, o *options, ins []*input) error {
	lib := k.lib
	if !k.canCount() {
		return usagef("count is not defined for %s", lib.Name())
	}
	if s, _ := lib.SearchOf(o.lib.Prunings); s.Name != "" && o.lib.Backend != puzzlesat.SAT {
		return usagef("count is not defined for the %s search of %s, which stops at its first answer", s.Name, lib.Name())
	}
	if o.limit < 0 {
		return usagef("--limit must be 0 (count every solution) or more, got %d", o.limit)
	}
	return k.batch(ctx, e, o, ins, func(ctx context.Context, lo puzzlesat.Options, x item) result {
		n, st, err := lib.Count(ctx, x.p, o.limit, proofFor(lo, x.file, x.kase))
		r := k.report(ctx, x, o, st, err, func(n any) string { return countText(n.(int), o.limit) })
		switch {
		case err == nil:
			r.out = countText(n, o.limit)
		case n > 0 && r.failed && stoppedEarly(err):
			// What was counted is a lower bound, worth more than the
			// bare "timeout" or "too large".
			r.out = fmt.Sprintf(">=%d\n", n)
			why := "the timeout"
			if tl := (*solver.TooLarge)(nil); errors.As(err, &tl) {
				why = fmt.Sprintf("the budget (%v; %s)", tl, tooLargeAdvice(tl))
			}
			r.errs = fmt.Sprintf("puzzlesat: %s case %d: the count stopped at %s after %d solutions\n", x.file, x.kase, why, n)
		}
		return r
	})
}

// stoppedEarly reports whether err stopped a count before its end: a
// timeout or a formula that outgrew the budget.
func stoppedEarly(err error) bool {
	return errors.Is(err, context.DeadlineExceeded) || errors.As(err, new(*solver.TooLarge))
}

// report turns the error of instance x, if any, into its printed result:
// "no solution" or "timeout" in place of the answer, or a message on
// stderr (for a disagreement, with both backends' results as show prints
// them); and the --stats line. An instance cut short because ctx, the
// batch's, ended is not reported at all.
func (k *puzzleKind) report(ctx context.Context, x item, o *options, st puzzlesat.Stats, err error, show func(any) string) result {
	file, kase, p := x.file, x.kase, x.p
	var r result
	if o.stats != statsOff {
		r.stats = fmt.Sprintf("%s case %d: %s\n", file, kase, o.stats.text(st))
	}
	if err == nil {
		return r
	}
	// Declared past the answers, as errors.As moves them to the heap.
	var (
		d  *puzzlesat.Disagreement
		wa *puzzlesat.WrongAnswer
		tl *solver.TooLarge
	)
	switch {
	case ctx.Err() != nil:
		return result{stopped: true}
	case errors.As(err, &wa):
		r.errs = fmt.Sprintf("puzzlesat: %s case %d: %v\n", file, kase, err)
		r.bug = true
		return r
	case errors.As(err, &tl):
		r.out = k.fail(p, "too large")
		r.errs = fmt.Sprintf("puzzlesat: %s case %d: %v (%s)\n", file, kase, err, tooLargeAdvice(tl))
	case errors.Is(err, puzzlesat.ErrNoSolution):
		r.out = k.fail(p, "no solution")
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		r.out = k.fail(p, "timeout")
	case errors.As(err, &d):
		r.errs = fmt.Sprintf("puzzlesat: %s case %d: %v\n", file, kase, err)
		for _, side := range []struct {
			name string
			res  any
		}{{"dfs", d.DFS}, {"sat", d.SAT}} {
			text := k.fail(p, "no solution")
			if side.res != nil {
				text = show(side.res)
			}
			r.errs += fmt.Sprintf("-- %s:\n%s", side.name, text)
		}
	default:
		r.errs = fmt.Sprintf("puzzlesat: %s case %d: %v\n", file, kase, err)
	}
	r.failed = true
	return r
}

// countText prints a count, or ">=limit" when it reached a limit (0: none).
func countText(n, limit int) string {
	if limit > 0 && n >= limit {
		return fmt.Sprintf(">=%d\n", limit)
	}
	return fmt.Sprintf("%d\n", n)
}
