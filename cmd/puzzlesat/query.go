package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"puzzlesat"
	"puzzlesat/puzzle"
)

// pick returns the instance that --case names.
func pick[I any](ps []I, o *options, in input) (I, error) {
	var zero I
	if o.caseNum < 1 || o.caseNum > len(ps) {
		return zero, usagef("--case %d: %s has %d instances", o.caseNum, in.name, len(ps))
	}
	return ps[o.caseNum-1], nil
}

// build parses the input and makes the query about the instance --case
// picks, at the bound of the kind's bound flag.
func (k *spec[I, A]) build(ctx context.Context, o *options, in input) (I, *puzzlesat.Export[A], error) {
	var zero I
	if o.bound < 0 {
		return zero, nil, usagef("--%s must not be negative, got %d", k.boundFlag, o.bound)
	}
	ps, err := k.parse(in.name, in.r, o)
	if err != nil {
		return zero, nil, err
	}
	p, err := pick(ps, o, in)
	if err != nil {
		return zero, nil, err
	}
	lib := k.lib(o)
	q, err := lib.Encode(ctx, p, o.bound, o.lib)
	if err != nil && lib.HasBound() && o.bound == 0 {
		return zero, nil, fmt.Errorf("%w; give --%s", err, k.boundFlag)
	}
	if err != nil {
		return zero, nil, err
	}
	if q.Note != "" {
		o.note("%s", q.Note)
	}
	return p, q, nil
}

func (k *spec[I, A]) encodeOne(ctx context.Context, e env, o *options, in input) error {
	_, q, err := k.build(ctx, o, in)
	if err != nil {
		return err
	}
	if o.output == "" || o.output == "-" {
		return q.WriteDIMACS(e.stdout)
	}
	f, err := os.Create(o.output)
	if err != nil {
		return err
	}
	if err := q.WriteDIMACS(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func (k *spec[I, A]) decodeOne(ctx context.Context, e env, o *options, in input) error {
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
	if o.model != "-" {
		f, err := os.Open(o.model)
		if err != nil {
			return err
		}
		defer f.Close()
		r, name = bufio.NewReader(f), o.model
	}
	a, err := q.ReadModel(name, r)
	if errors.Is(err, puzzle.ErrNoSolution) {
		io.WriteString(e.stdout, p.Fail("no solution"))
		return errFailed
	}
	if err != nil {
		return err
	}
	_, err = io.WriteString(e.stdout, p.Format(a)+k.certificate(o, p, a))
	return err
}
