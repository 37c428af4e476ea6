package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"puzzlesat/native"
	"puzzlesat/puzzle"
	"puzzlesat/sat"
)

// outcome is what one backend did with one instance.
type outcome[A any] struct {
	backend string
	answer  A
	count   int
	err     error
	stats   string
	elapsed time.Duration
}

// wrongAnswer reports a backend answer that fails Verify: a bug.
type wrongAnswer struct {
	backend string
	err     error
}

func (w *wrongAnswer) Error() string {
	return fmt.Sprintf("BUG: the %s backend's answer fails Verify: %v", w.backend, w.err)
}

// backends returns the backends that --backend names.
func backends(o *options) []string {
	if o.backend == "both" {
		return []string{"dfs", "sat"}
	}
	if o.backend == "" {
		return []string{"dfs"}
	}
	return []string{o.backend}
}

// withTimeout starts the clock of --timeout for one backend on one instance.
func withTimeout(ctx context.Context, o *options) (context.Context, context.CancelFunc) {
	if o.timeout > 0 {
		return context.WithTimeout(ctx, o.timeout)
	}
	return context.WithCancel(ctx)
}

// runBackend runs one backend on p under --timeout: its solver, whose
// answer it verifies, or, when counting, its counter.
func (k *spec[I, A]) runBackend(ctx context.Context, o *options, backend string, p I, counting bool) outcome[A] {
	ctx, cancel := withTimeout(ctx, o)
	defer cancel()
	out := outcome[A]{backend: backend}
	start := time.Now()
	var stats fmt.Stringer
	switch {
	case counting && backend == "dfs":
		var st native.Stats
		out.count, st, out.err = k.countDFS(ctx, p, o.limit)
		stats = st
	case counting:
		var st sat.Stats
		out.count, st, out.err = k.countSAT(ctx, p, o.limit)
		stats = st
	case backend == "dfs":
		var st native.Stats
		out.answer, st, out.err = k.dfs(ctx, p)
		stats = st
	default:
		var st sat.Stats
		out.answer, st, out.err = k.sat(ctx, p)
		stats = st
	}
	out.elapsed, out.stats = time.Since(start), stats.String()
	if out.err == nil && !counting {
		if err := p.Verify(out.answer); err != nil {
			out.err = &wrongAnswer{backend, err}
		}
	}
	return out
}

func (k *spec[I, A]) solve(ctx context.Context, e env, o *options, in input) error {
	return k.runAll(ctx, e, o, in, false)
}

func (k *spec[I, A]) count(ctx context.Context, e env, o *options, in input) error {
	if k.countDFS == nil {
		return usagef("count is not defined for %s", k.name)
	}
	if o.limit < 1 {
		return usagef("--limit must be at least 1")
	}
	return k.runAll(ctx, e, o, in, true)
}

// runAll parses the input and solves, or counts, every instance with the
// backends --backend names.
func (k *spec[I, A]) runAll(ctx context.Context, e env, o *options, in input, counting bool) error {
	ps, err := k.parse(in.name, in.r, o)
	if err != nil {
		return err
	}
	return runBatch(ctx, e, o, len(ps), func(ctx context.Context, i int) result {
		var outs []outcome[A]
		for _, b := range backends(o) {
			outs = append(outs, k.runBackend(ctx, o, b, ps[i], counting))
		}
		if counting {
			return k.report(in.name, i, ps[i], o, outs, nil)
		}
		return k.report(in.name, i, ps[i], o, outs, ps[i].Format)
	})
}

// report turns the outcomes of the backends on instance i into its output.
// show prints an answer; nil means the outcomes are counts. The backends
// agree when show prints the same for both; certificates may differ, and
// --certificate prints the first backend's.
func (k *spec[I, A]) report(file string, i int, p I, o *options, outs []outcome[A], show func(A) string) result {
	var r result
	if o.stats {
		var parts []string
		for _, out := range outs {
			parts = append(parts, fmt.Sprintf("%s %v %s", out.backend, out.elapsed.Round(time.Microsecond), out.stats))
		}
		r.stats = fmt.Sprintf("%s case %d: %s\n", file, i+1, strings.Join(parts, "; "))
	}
	texts := make([]string, len(outs))
	for j, out := range outs {
		var wa *wrongAnswer
		switch {
		case errors.As(out.err, &wa):
			r.errs += fmt.Sprintf("puzzlesat: %s case %d: %v\n", file, i+1, out.err)
			r.failed = true
			return r
		case errors.Is(out.err, puzzle.ErrNoSolution):
			texts[j] = p.Fail("no solution")
		case errors.Is(out.err, context.DeadlineExceeded), errors.Is(out.err, context.Canceled):
			r.out, r.failed = p.Fail("timeout"), true
			return r
		case out.err != nil:
			r.errs += fmt.Sprintf("puzzlesat: %s case %d: %s backend: %v\n", file, i+1, out.backend, out.err)
			r.failed = true
			return r
		case show == nil:
			texts[j] = countText(out.count, o.limit)
		default:
			texts[j] = show(out.answer)
		}
	}
	for j := 1; j < len(texts); j++ {
		if texts[j] != texts[0] {
			why := ""
			if show != nil {
				why = disagreement(outs)
			}
			r.errs += fmt.Sprintf("puzzlesat: %s case %d: the backends disagree%s\n", file, i+1, why)
			for j, out := range outs {
				r.errs += fmt.Sprintf("-- %s:\n%s", out.backend, texts[j])
			}
			r.failed = true
			return r
		}
	}
	r.out = texts[0]
	switch {
	case show == nil:
	case errors.Is(outs[0].err, puzzle.ErrNoSolution):
		r.failed = true
	case o.certificate && k.certificate != nil:
		r.out += k.certificate(p, outs[0].answer)
	}
	return r
}

// disagreement explains two different answers that both passed Verify:
// where any valid answer is right (sudoku, alphametic), the instance has
// more than one solution.
func disagreement[A any](outs []outcome[A]) string {
	for _, out := range outs {
		if out.err != nil {
			return ""
		}
	}
	return " (each answer passes Verify: the instance has several solutions, or one backend missed the optimum)"
}

// countText prints a count, or ">=limit" when it reached the limit.
func countText(n, limit int) string {
	if n >= limit {
		return fmt.Sprintf(">=%d\n", limit)
	}
	return fmt.Sprintf("%d\n", n)
}
