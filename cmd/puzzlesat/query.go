package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/solver"
)

// pick reads the whole input and returns the instance that --case names.
func (k *puzzleKind) pick(ctx context.Context, o *options, in *input) (kind.Instance, error) {
	var p kind.Instance
	if o.caseNum < 1 {
		return p, usagef("--case must be at least 1, got %d", o.caseNum)
	}
	n := 0
	err := k.each(ctx, o, in, func(x kind.Instance) error {
		if n++; n == o.caseNum {
			p = x
		}
		return nil
	})
	if err == nil && n < o.caseNum {
		err = usagef("--case %d: %s has %d instances", o.caseNum, in.name, n)
	}
	return p, err
}

// build reads the input and makes the query about the instance --case
// picks, at the bound of the kind's bound flag.
func (k *puzzleKind) build(ctx context.Context, o *options, in *input) (kind.Instance, *puzzlesat.Query, error) {
	var zero kind.Instance
	if o.bound < 0 {
		b, _ := k.bound()
		return zero, nil, usagef("--%s must not be negative, got %d", b.Name, o.bound)
	}
	p, err := k.pick(ctx, o, in)
	if err != nil {
		return zero, nil, err
	}
	lib := k.lib
	q, err := lib.Encode(ctx, p, o.bound, o.lib)
	var tl *solver.TooLarge
	if errors.As(err, &tl) {
		// Not bad input: this instance's formula does not fit the budget.
		o.note("%s case %d: %v (%s)", in.name, o.caseNum, err, tooLargeAdvice(tl))
		return zero, nil, errFailed
	}
	if b, ok := k.bound(); err != nil && ok && o.bound == 0 {
		return zero, nil, fmt.Errorf("%w; give --%s", err, b.Name)
	}
	if err != nil {
		return zero, nil, err
	}
	if q.Note != "" {
		o.note("%s", q.Note)
	}
	return p, q, nil
}

func (k *puzzleKind) encodeOne(ctx context.Context, e env, o *options, in *input) error {
	return timed(ctx, o, "encode", func(ctx context.Context) error {
		_, q, err := k.build(ctx, o, in)
		if err != nil {
			return err
		}
		return q.WriteDIMACS(e.stdout)
	})
}

func (k *puzzleKind) decodeOne(ctx context.Context, e env, o *options, in *input) error {
	if o.model == "" {
		return usagef("decode needs --model PATH (- for stdin)")
	}
	if o.model == "-" && in.name == stdinName {
		return usagef("the model and the instance cannot both come from stdin")
	}
	hint := "the SAT solver's output"
	if o.model != "-" {
		hint = ""
	}
	models, err := openInputs(e, []string{o.model}, hint)
	if err != nil {
		return err
	}
	defer closeInputs(models)
	return timed(ctx, o, "decode", func(ctx context.Context) error {
		p, q, err := k.build(ctx, o, in)
		if err != nil {
			return err
		}
		r, err := models[0].reader(ctx)
		if err != nil {
			return err
		}
		a, err := q.ReadModel(ctx, models[0].name, r)
		if errors.Is(err, puzzlesat.ErrNoSolution) {
			io.WriteString(e.stdout, k.fail(p, "no solution"))
			return errFailed
		}
		if err != nil {
			return err
		}
		_, err = io.WriteString(e.stdout, k.text(o, p, a))
		return err
	})
}

// timed runs f, a command's work, under --timeout (0: none), which bounds
// every wait of it, for input, for a FIFO's reader or for the work
// itself: at the deadline it says so on stderr and fails (exit 1).
func timed(ctx context.Context, o *options, what string, f func(context.Context) error) error {
	tctx, cancel := context.WithTimeout(ctx, forever(o.timeout))
	defer cancel()
	err := f(tctx)
	// A wait of f's own (for -o's reader) may end at a deadline a moment
	// after tctx's, before tctx's timer has cancelled it: the clock says
	// whether the time was up.
	deadline, _ := tctx.Deadline()
	expired := tctx.Err() != nil || o.timeout > 0 && !time.Now().Before(deadline)
	if err != nil && ctx.Err() == nil && expired && !errors.Is(err, errFailed) {
		fmt.Fprintf(o.stderr, "puzzlesat: %s: timeout after %v\n", what, o.timeout)
		return errTimedOut
	}
	return err
}

// errTimedOut is the failure of a command that timed, once it said so.
var errTimedOut = fmt.Errorf("timed out: %w", errFailed)
