package puzzlesat

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// Query is one question about one instance as CNF, ready to be written as
// DIMACS for any SAT solver and to read that solver's answer back.
type Query struct {
	Name     string // the question, such as "solution", "L=454" or "Q<=1448"
	Encoding string // every choice point of the formula with its option, such as "product=table"
	Hash     string // of kind, instance, question and formula's picks; written among the comments
	Note     string // how the bound was chosen when it was not the answer's own, or ""

	query  solver.Query[kind.Answer]
	verify func(kind.Answer) error
	answer func(kind.Answer) Answer
}

// Encode returns the query about p at bound (for a kind.Optimizer, 0
// asks about the optimum); a kind that is not a kind.Encoder gives an error
// wrapping errors.ErrUnsupported. The same instance, bound and encoding
// always give the same formula, its comments naming what it asks.
func (k Kind) Encode(ctx context.Context, p kind.Instance, bound int, o Options) (*Query, error) {
	enc, ok := k.Kind.(kind.Encoder)
	if !ok {
		return nil, fmt.Errorf("%s cannot be encoded: %w", k.Name(), errors.ErrUnsupported)
	}
	if bound < 0 {
		return nil, fmt.Errorf("bound %d: want 0 (the optimum) or more", bound)
	}
	_, picks, _, err := k.techniques(o)
	if err != nil {
		return nil, err
	}
	var note string
	if opt, ok := k.Kind.(kind.Optimizer); ok && bound == 0 {
		a, _, err := k.Solve(ctx, p, o)
		if err != nil {
			return nil, fmt.Errorf("no answer to encode the query at (%w); give the bound", err)
		}
		bound, note = opt.Bound(p, a.Value)
	}
	q, name, err := enc.Query(ctx, p, bound, k.config(o, p), picks)
	if err != nil {
		return nil, err
	}
	text := k.Name() + "\n" + p.String() + "\n" + name
	if f := picks.FormulaString(k.Encodings()); f != "" { // the default encoding keeps the hash it always had
		text += "\n" + f
	}
	sum := sha256.Sum256([]byte(text))
	verify := func(a kind.Answer) error { return k.Verify(p, a) }
	answer := func(a kind.Answer) Answer { return k.answer(p, a) }
	e := &Query{Name: name, Encoding: k.encodingText(picks), Hash: hex.EncodeToString(sum[:8]), Note: note, query: q, verify: verify, answer: answer}
	f := q.Formula()
	f.Comment("query %s", e.Name)
	if e.Encoding != "" {
		f.Comment("encoding %s", e.Encoding)
	}
	f.Comment("hash %s", e.Hash)
	return e, nil
}

// Formula returns the query's CNF.
func (e *Query) Formula() *cnf.CNF { return e.query.Formula() }

// WriteDIMACS writes the query's CNF as DIMACS, comments first.
func (e *Query) WriteDIMACS(w io.Writer) error { return cnf.WriteDIMACS(w, e.Formula()) }

// ReadModel reads a SAT solver's output for the query (SAT-competition
// or MiniSat form) and returns the verified answer its model holds. It
// refuses a model of another query; UNSATISFIABLE gives ErrNoSolution.
func (e *Query) ReadModel(ctx context.Context, file string, r io.Reader) (Answer, error) {
	var zero Answer
	f := e.Formula()
	out, err := cnf.ReadModel(ctx, file, r, f.NumVars())
	if errors.Is(err, cnf.ErrUnsatisfiable) {
		return zero, ErrNoSolution
	}
	if err != nil {
		return zero, err
	}
	for _, c := range out.Comments {
		if enc, ok := strings.CutPrefix(c.Text, "encoding "); ok && enc != e.Encoding {
			return zero, &cnf.DIMACSError{File: file, Line: c.Line,
				Err: fmt.Errorf("model is for the encoding %s, this query has %s: give the same encoding", enc, e.Encoding)}
		}
		if h, ok := strings.CutPrefix(c.Text, "hash "); ok && h != e.Hash {
			return zero, &cnf.DIMACSError{File: file, Line: c.Line,
				Err: fmt.Errorf("model is for hash %s, this instance and query have %s", h, e.Hash)}
		}
	}
	if ok, i := out.Model.Satisfies(f); !ok {
		v := cnf.Var(0) // the last line, for the empty clause
		if c := f.Clause(i); len(c) > 0 {
			v = c[0].Var()
		}
		return zero, out.Errorf(v, "model falsifies clause %d of this instance's CNF: made for another instance or query?", i+1)
	}
	a, err := e.query.Decode(out.Model)
	if err != nil {
		return zero, out.Errorf(0, "%w", err)
	}
	if err := e.verify(a); err != nil {
		return zero, out.Errorf(0, "the decoded answer fails Verify: %w", err)
	}
	return e.answer(a), nil
}

// encodingText returns every choice point of the kind's formula (not the
// Search ones) with the option picks holds for it, such as
// "product=table".
func (k Kind) encodingText(picks technique.Picks) string {
	var parts []string
	cs := k.Encodings()
	for _, c := range cs {
		if !c.Search {
			parts = append(parts, c.Point+"="+picks.Get(cs, c.Point))
		}
	}
	return strings.Join(parts, ",")
}
