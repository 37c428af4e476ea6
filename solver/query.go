package solver

import (
	"context"
	"errors"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// Query is one question asked as a formula: its models are the answers,
// and Decode turns a model into an answer of type A. Every encoder of
// package puzzlesat/encode returns one.
type Query[A any] interface {
	Formula() *cnf.CNF
	Decode(cnf.Model) (A, error)
}

// Countable is a Query whose answers can be counted: Vars lists the
// variables that tell two answers apart, so that models agreeing on them
// count as one. They fall into exactly-one groups: every model makes
// exactly one variable of each group true (a one-hot digit per letter, a
// symbol per cell), so that counting blocks an answer by its true
// variables alone.
type Countable[A any] interface {
	Query[A]
	Vars() []cnf.Var
}

// Find solves q as c says and decodes its first model. The error is
// ErrUnsatisfiable when q has no model, a *TooLarge when q is over
// c's budget, or the context's error.
func Find[A any](ctx context.Context, q Query[A], c Config) (A, Stats, error) {
	var zero A
	s := c.New(q.Formula())
	defer s.Close()
	s.Name("solution")
	st, err := s.Solve(ctx)
	if err != nil || st != Sat {
		return zero, s.Stats(), noAnswer(err)
	}
	a, err := q.Decode(s.Model())
	return a, s.Stats(), err
}

// CountAnswers counts the answers of q up to limit (0 or less: every
// answer), on one solver, as c says, as Solver.CountOneHot does. Each answer found adds a blocking clause of one literal per group
// of Vars, and those count towards c's budget: past it the error is a
// *TooLarge.
func CountAnswers[A any](ctx context.Context, q Countable[A], limit int, c Config) (int, Stats, error) {
	s := c.New(q.Formula())
	defer s.Close()
	s.Name("count")
	n, err := s.CountOneHot(ctx, q.Vars(), limit)
	return n, s.Stats(), err
}

// ErrUnsatisfiable is the error of Find and FindOrdered when the query has
// no model.
var ErrUnsatisfiable = errors.New("unsatisfiable")

// noAnswer returns err, or ErrUnsatisfiable when err is nil.
func noAnswer(err error) error {
	if err != nil {
		return err
	}
	return ErrUnsatisfiable
}

// Ordered is a Countable query that also says in which order a search
// should decide its groups: Decisions lists the exactly-one groups of Vars,
// as literals, those to decide first first (for a cryptarithm, the letters
// with the largest weight in the sum). Solver.Search uses them.
type Ordered[A any] interface {
	Countable[A]
	Decisions() [][]cnf.Lit
}

// FindOrdered is Find by Solver.Search over q's Decisions: the first model
// the ordered search reaches.
func FindOrdered[A any](ctx context.Context, q Ordered[A], c Config) (A, Stats, error) {
	var zero A
	s := c.New(q.Formula())
	defer s.Close()
	s.Name("solution")
	var m cnf.Model
	n, err := s.Search(ctx, q.Decisions(), func(model cnf.Model) bool {
		m = model
		return false
	})
	if err != nil || n == 0 {
		return zero, s.Stats(), noAnswer(err)
	}
	a, err := q.Decode(m)
	return a, s.Stats(), err
}

// CountOrdered is CountAnswers by Solver.Search over q's Decisions, which
// adds no blocking clause.
func CountOrdered[A any](ctx context.Context, q Ordered[A], limit int, c Config) (int, Stats, error) {
	s := c.New(q.Formula())
	defer s.Close()
	s.Name("count")
	n := 0
	_, err := s.Search(ctx, q.Decisions(), func(cnf.Model) bool {
		n++
		return limit <= 0 || n < limit
	})
	return n, s.Stats(), err
}
