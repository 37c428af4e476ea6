package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/puzzlesat/puzzlesat"
)

// pick reads the whole input and returns the instance that --case names.
func (k *kind) pick(ctx context.Context, o *options, in *input) (puzzlesat.Problem, error) {
	var p puzzlesat.Problem
	if o.caseNum < 1 {
		return p, usagef("--case must be at least 1, got %d", o.caseNum)
	}
	n := 0
	err := k.each(ctx, o, in, func(x puzzlesat.Problem) error {
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
func (k *kind) build(ctx context.Context, o *options, in *input) (puzzlesat.Problem, *puzzlesat.Export[puzzlesat.Answer], error) {
	var zero puzzlesat.Problem
	if o.bound < 0 {
		return zero, nil, usagef("--%s must not be negative, got %d", k.lib.BoundName(), o.bound)
	}
	p, err := k.pick(ctx, o, in)
	if err != nil {
		return zero, nil, err
	}
	lib := k.lib
	q, err := lib.Encode(ctx, p, o.bound, o.lib)
	var tl *puzzlesat.TooLarge
	if errors.As(err, &tl) {
		// Not bad input: this instance's formula does not fit the budget.
		o.note("%s case %d: %v (%s)", in.name, o.caseNum, err, tooLargeAdvice(tl))
		return zero, nil, errFailed
	}
	if err != nil && lib.HasBound() && o.bound == 0 {
		return zero, nil, fmt.Errorf("%w; give --%s", err, k.lib.BoundName())
	}
	if err != nil {
		return zero, nil, err
	}
	if q.Note != "" {
		o.note("%s", q.Note)
	}
	return p, q, nil
}

func (k *kind) encodeOne(ctx context.Context, e env, o *options, in *input) error {
	_, q, err := k.build(ctx, o, in)
	if err != nil {
		return err
	}
	if o.output == "" || o.output == "-" {
		return q.WriteDIMACS(e.stdout)
	}
	return writeAtomically(ctx, o.output, q.WriteDIMACS)
}

func (k *kind) decodeOne(ctx context.Context, e env, o *options, in *input) error {
	if o.model == "" {
		return usagef("decode needs --model PATH (- for stdin)")
	}
	if o.model == "-" && in.name == "<stdin>" {
		return usagef("the model and the instance cannot both come from stdin")
	}
	p, q, err := k.build(ctx, o, in)
	if err != nil {
		return err
	}
	r, name := e.stdin, "<stdin>"
	if o.model == "-" {
		hintTerminal(e, "the SAT solver's output")
	} else {
		f, err := os.Open(o.model)
		if err != nil {
			return err
		}
		defer f.Close()
		r, name = bufio.NewReader(f), o.model
	}
	a, err := q.ReadModel(name, r)
	if errors.Is(err, puzzlesat.ErrNoSolution) {
		io.WriteString(e.stdout, fail(p, "no solution"))
		return errFailed
	}
	if err != nil {
		return err
	}
	_, err = io.WriteString(e.stdout, k.text(o, a))
	return err
}
