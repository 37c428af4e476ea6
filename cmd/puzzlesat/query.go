package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"puzzlesat/encode/cnf"
)

// pick returns the instance that --case names.
func pick[I any](ps []I, o *options, in input) (I, error) {
	var zero I
	if o.caseNum < 1 || o.caseNum > len(ps) {
		return zero, usagef("--case %d: %s has %d instances", o.caseNum, in.name, len(ps))
	}
	return ps[o.caseNum-1], nil
}

// build parses the input and encodes the instance --case picks, with the
// hash of kind, instance and query among its comments.
func (k *spec[I, A]) build(ctx context.Context, o *options, in input) (I, query[A], string, error) {
	var zero I
	if k.encode == nil {
		return zero, query[A]{}, "", usagef("encode is not defined for %s", k.name)
	}
	ps, err := k.parse(in.name, in.r, o)
	if err != nil {
		return zero, query[A]{}, "", err
	}
	p, err := pick(ps, o, in)
	if err != nil {
		return zero, query[A]{}, "", err
	}
	q, err := k.encode(ctx, p, o)
	if err != nil {
		return zero, query[A]{}, "", err
	}
	sum := sha256.Sum256([]byte(k.name + "\n" + p.String() + "\n" + q.name))
	hash := hex.EncodeToString(sum[:8])
	q.cnf.Comment("query %s", q.name)
	q.cnf.Comment("hash %s", hash)
	return p, q, hash, nil
}

func (k *spec[I, A]) encodeOne(ctx context.Context, e env, o *options, in input) error {
	_, q, _, err := k.build(ctx, o, in)
	if err != nil {
		return err
	}
	if o.output == "" || o.output == "-" {
		return cnf.WriteDIMACS(e.stdout, q.cnf)
	}
	f, err := os.Create(o.output)
	if err != nil {
		return err
	}
	if err := cnf.WriteDIMACS(f, q.cnf); err != nil {
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
	p, q, hash, err := k.build(ctx, o, in)
	if err != nil {
		return err
	}
	m, err := readModel(e, o.model, q.cnf, hash)
	if errors.Is(err, cnf.ErrUnsatisfiable) {
		io.WriteString(e.stdout, p.Fail("no solution"))
		return errFailed
	}
	if err != nil {
		return err
	}
	a, err := q.decode(m)
	if err != nil {
		return fmt.Errorf("%s: %w", o.model, err)
	}
	if err := p.Verify(a); err != nil {
		return fmt.Errorf("%s: the decoded answer fails Verify: %w", o.model, err)
	}
	s := p.Format(a)
	if o.certificate && k.certificate != nil {
		s += k.certificate(p, a)
	}
	_, err = io.WriteString(e.stdout, s)
	return err
}

// readModel reads a solver's output and checks that it belongs to f: no
// variable beyond f's, the same hash if the output carries one, and every
// clause of f satisfied.
func readModel(e env, path string, f *cnf.CNF, hash string) (cnf.Model, error) {
	r, name := e.stdin, "<stdin>"
	if path != "-" {
		file, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer file.Close()
		r, name = bufio.NewReader(file), path
	}
	m, comments, err := cnf.ReadModel(name, r)
	if err != nil {
		return nil, err
	}
	for _, c := range comments {
		if h, ok := strings.CutPrefix(c, "hash "); ok && h != hash {
			return nil, fmt.Errorf("%s: model is for hash %s, this instance and query have %s", name, h, hash)
		}
	}
	if len(m)-1 > f.NumVars() {
		return nil, fmt.Errorf("%s: model has %d variables, this instance's CNF has %d: made for another instance or query?", name, len(m)-1, f.NumVars())
	}
	if ok, i := m.Satisfies(f); !ok {
		return nil, fmt.Errorf("%s: model falsifies clause %d of this instance's CNF: made for another instance or query?", name, i+1)
	}
	return m, nil
}
