package puzzlesat

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
)

// Solve solves p with the backends o names and returns an answer that
// passed Verify. Its errors: ErrNoSolution, *WrongAnswer (a bug),
// *Disagreement, *solver.TooLarge, or another naming the backend.
func (k Kind) Solve(ctx context.Context, p kind.Instance, o Options) (Answer, Stats, error) {
	r, err := k.resolve(o)
	if err != nil {
		return Answer{}, Stats{}, err
	}
	var a kind.Answer
	var st Stats
	switch o.Backend {
	case Race:
		a, st, err = race(ctx, func(ctx context.Context, b Backend) outcome[kind.Answer] { return k.solveBy(ctx, b, p, o, r) }, nil)
	case Both:
		outs := []outcome[kind.Answer]{k.solveBy(ctx, DFS, p, o, r), k.solveBy(ctx, SAT, p, o, r)}
		_, optimum := k.Kind.(kind.Optimizer)
		d := &Disagreement{answers: true, optimum: optimum}
		a, st, err = decide(outs, func(x, y kind.Answer) bool { return k.Format(p, x) == k.Format(p, y) }, d)
		if d := (*Disagreement)(nil); errors.As(err, &d) {
			for _, side := range []*any{&d.DFS, &d.SAT} {
				if *side != nil {
					*side = k.answer(p, *side)
				}
			}
		}
	default:
		out := k.solveBy(ctx, o.Backend, p, o, r)
		a, st, err = out.res, out.st, out.err
	}
	if err != nil {
		return Answer{}, st, err
	}
	return k.answer(p, a), st, nil
}

// run returns how the DFS runs under o and set.
func (k Kind) run(o Options, set technique.Set) search.Run {
	r := search.Run{Prunings: set, Sink: o.Tree, CountCuts: o.CountCuts}
	if _, ok := k.Kind.(kind.Tabler); ok {
		r.Memory = o.Memory.tables()
	}
	return r
}

// solveBy runs backend b on p and verifies its answer.
func (k Kind) solveBy(ctx context.Context, b Backend, p kind.Instance, o Options, r *resolution) outcome[kind.Answer] {
	out := timed(b, func() (kind.Answer, Stats, error) {
		ctx, cancel := o.withTimeout(ctx) // inside the clock: a timed-out run took the whole timeout
		defer cancel()
		if b == DFS {
			a, st, err := k.DFS(ctx, p, k.run(o, r.set))
			return a, dfsStats(st, r.search, r.set), err
		}
		c := k.config(o, p)
		c.Lease = o.Memory.lease()
		defer c.Lease.Release()
		a, st, err := k.SAT(ctx, p, c, r.picks)
		return a, satStats(st), err
	})
	if out.err == nil {
		if err := k.Verify(p, out.res); err != nil {
			out.err = &WrongAnswer{Backend: b, Err: err}
		}
	}
	return out
}

// Count returns the number of answers of p, stopping at limit (0: every
// answer). With Both the counts must agree, else a *Disagreement. A count
// stopped early returns its error with the count so far, a lower bound.
// A kind that is not a kind.Counter gives errors.ErrUnsupported.
func (k Kind) Count(ctx context.Context, p kind.Instance, limit int, o Options) (int, Stats, error) {
	counter, ok := k.Kind.(kind.Counter)
	if !ok {
		return 0, Stats{}, fmt.Errorf("count is not defined for %s: %w", k.Name(), errors.ErrUnsupported)
	}
	if limit < 0 {
		return 0, Stats{}, fmt.Errorf("count limit %d: want 0 (every answer) or more", limit)
	}
	r, err := k.resolve(o)
	if err != nil {
		return 0, Stats{}, err
	}
	if r.set.Chapter() && o.Backend != SAT {
		return 0, Stats{}, fmt.Errorf("count is not defined for the chapter's search of %s, which stops at its first answer: %w", k.Name(), errors.ErrUnsupported)
	}
	run := func(ctx context.Context, b Backend) outcome[int] {
		return timed(b, func() (int, Stats, error) {
			ctx, cancel := o.withTimeout(ctx)
			defer cancel()
			if b == DFS {
				n, st, err := counter.CountDFS(ctx, p, limit, k.run(o, r.set))
				return n, dfsStats(st, r.search, r.set), err
			}
			c := k.config(o, p)
			c.Lease = o.Memory.lease()
			defer c.Lease.Release()
			n, st, err := counter.CountSAT(ctx, p, limit, c, r.picks)
			return n, satStats(st), err
		})
	}
	if o.Backend == Race {
		return race(ctx, run, func(x, y int) int { return max(x, y) })
	}
	outs := make([]outcome[int], 0, 2)
	for _, b := range o.Backend.runs() {
		outs = append(outs, run(ctx, b))
	}
	n, st, err := decide(outs, func(x, y int) bool { return x == y }, &Disagreement{})
	if err != nil && !errors.As(err, new(*Disagreement)) {
		n = counted(outs)
	}
	return n, st, err
}

// counted returns the most answers that the runs of outs counted before
// they stopped, a lower bound when one stopped early.
func counted(outs []outcome[int]) int {
	n := 0
	for _, o := range outs {
		n = max(n, o.res)
	}
	return n
}

// race runs DFS and SAT at once and returns the first outcome that
// settles the instance, an answer or "no solution", stopping the other
// run; when neither settles it, the first error, in backend order, with
// what partial makes of the two results (the zero R when partial is
// nil). A wrong answer is a bug and ends the race as it is.
func race[R any](ctx context.Context, run func(context.Context, Backend) outcome[R], partial func(x, y R) R) (R, Stats, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan outcome[R], 2)
	for _, b := range []Backend{DFS, SAT} {
		go func() { done <- run(ctx, b) }()
	}
	var outs [2]outcome[R]
	won := -1
	for range 2 {
		out := <-done
		i := int(out.st.Backend) // DFS 0, SAT 1
		outs[i] = out
		var wa *WrongAnswer
		if won < 0 && (out.err == nil || errors.Is(out.err, ErrNoSolution) || errors.As(out.err, &wa)) {
			won = i
			cancel()
		}
	}
	if won >= 0 {
		lost := &outs[1-won]
		lost.st.Cancelled = errors.Is(lost.err, context.Canceled)
	}
	st := merge([]Stats{outs[0].st, outs[1].st})
	st.Backend = Race
	if won < 0 {
		var res R
		if partial != nil {
			res = partial(outs[0].res, outs[1].res)
		}
		return res, st, cmp.Or(outs[0].err, outs[1].err)
	}
	st.Won = Backend(won)
	return outs[won].res, st, outs[won].err
}

// outcome is what one backend's run gave: an answer or a count, or an
// error.
type outcome[R any] struct {
	res R
	st  Stats
	err error
}

// timed runs one backend and records its wall time; errors other than
// "no solution" and wrong answers are wrapped with the backend's name.
func timed[R any](b Backend, run func() (R, Stats, error)) outcome[R] {
	start := time.Now()
	res, st, err := run()
	st.Backend, st.Time = b, time.Since(start)
	if err != nil && !errors.Is(err, ErrNoSolution) {
		err = fmt.Errorf("%v backend: %w", b, err)
	}
	return outcome[R]{res, st, err}
}

// decide turns the outcomes of one or two backends into the result: the
// first error other than "no solution", in backend order; else, for two
// backends, their common result, or "no solution" from both, or d with
// the two results.
func decide[R any](outs []outcome[R], same func(x, y R) bool, d *Disagreement) (R, Stats, error) {
	var zero R
	st := outs[0].st
	if len(outs) > 1 {
		parts := make([]Stats, len(outs))
		for i, o := range outs {
			parts[i] = o.st
		}
		st = merge(parts)
	}
	for _, o := range outs {
		if o.err != nil && !errors.Is(o.err, ErrNoSolution) {
			return zero, st, o.err
		}
	}
	first := outs[0]
	if len(outs) == 1 {
		return first.res, st, first.err
	}
	second := outs[1]
	switch {
	case first.err != nil && second.err != nil:
		st.Agreed = true // no solution, both
		return zero, st, first.err
	case first.err == nil && second.err == nil && same(first.res, second.res):
		st.Agreed = true
		return first.res, st, nil
	}
	if first.err == nil {
		d.DFS = first.res
	}
	if second.err == nil {
		d.SAT = second.res
	}
	return zero, st, d
}
