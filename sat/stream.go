package sat

import (
	"errors"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"puzzlesat/encode/cnf"
)

// ErrNoRebuild is returned by a streaming solver asked to solve again
// after an UNSAT answer that left gini unusable: without a clause list it
// cannot build a fresh gini.
var ErrNoRebuild = errors.New("sat: a streaming solver cannot solve again after this UNSAT answer")

// NewStreaming returns a solver for f, a formula without clauses yet,
// and makes f hand every clause added from now on straight to gini: the
// formula keeps no clause list and nothing is copied. Build the query into
// f after this call. Such a solver cannot write DIMACS, and cannot solve
// again after an UNSAT answer unless every clause added since its last SAT
// answer is guarded by a selector (as Count's are): one-shot queries and
// counts, with gini in process.
func NewStreaming(f *cnf.CNF) *Solver {
	s := &Solver{f: f, stream: true}
	f.Stream(s)
	return s
}

// gini returns the streaming solver's gini, made at first need (Hint
// makes it to size).
func (s *Solver) gini() *gini.Gini {
	if s.g == nil {
		s.g = gini.NewV(s.f.NumVars() + 1)
	}
	return s.g
}

// Hint sizes gini for the whole formula (cnf.CNF.Hint), if nothing was
// given to it yet.
func (s *Solver) Hint(vars, clauses int) {
	if s.g == nil {
		s.g = gini.NewVc(vars+1, clauses)
	}
}

// AddClause gives gini one clause of a streaming formula (cnf.Sink).
func (s *Solver) AddClause(ls []cnf.Lit) {
	g := s.gini()
	guarded := false
	for _, l := range ls {
		g.Add(lit(l))
		guarded = guarded || !l.IsPos() && s.f.IsSelector(l.Var())
	}
	g.Add(z.LitNull)
	if !guarded {
		s.safe = false
	}
}

// Inline makes Solve run gini in the caller's goroutine: no goroutine,
// channel or timer per solve, which cost more than a small query takes to
// solve, but a solve that has started cannot be stopped: its context is
// looked at before it starts, and gini's counters are not read. Only for
// queries that gini answers within milliseconds whatever they hold, such
// as a 9x9 sudoku (729 variables at most).
func (s *Solver) Inline() { s.inline = true }
