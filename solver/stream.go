package solver

import (
	"context"
	"errors"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// ErrNoRebuild is returned by a streaming solver asked to solve again
// after an UNSAT answer that left gini unusable: without a clause list it
// cannot build a fresh gini.
var ErrNoRebuild = errors.New("sat: a streaming solver cannot solve again after this UNSAT answer")

// NewStreaming returns a solver as c says for f, a formula without
// clauses yet. When c's engine runs in process (gini or CaDiCaL), f then
// hands every clause added to it straight to the engine: f keeps no
// clause list and nothing is copied (cnf.CNF.Stream). Build the query
// into f after this call. f cannot be written as DIMACS then, and a
// streaming gini cannot solve again after an UNSAT answer unless every
// clause added since its last SAT answer is guarded by a selector (as
// counting's are): for one-shot queries and counts. With any other
// engine f keeps its clauses, as with New. Past c's budget the engine is
// given no more clauses, and Solve reports the formula *TooLarge.
func (c Config) NewStreaming(f *cnf.CNF) *Solver {
	e, ok := c.engine().(streamer)
	if !ok || c.Proof != nil { // a proof is checked against the clauses kept
		return c.New(f)
	}
	s := &Solver{f: f, budget: c.budget(), e: c.engine(), s: e.stream(f, c.budget())}
	if p, ok := s.s.(*pending); ok {
		p.fixed, p.rules = c.Budget > 0, c.Hint
	}
	return s
}

// streamer is an engine that a formula can stream its clauses into.
type streamer interface {
	// stream returns a session that f hands every clause to from now
	// on, and that takes none past budget literals.
	stream(f *cnf.CNF, budget int) session
}

func (giniEngine) stream(f *cnf.CNF, budget int) session {
	s := &giniSession{f: f, stream: true, budget: budget}
	f.Stream(s)
	return s
}

// Inline makes a gini solver solve in the caller's goroutine: no
// goroutine, channel or timer per solve, which cost more than a small
// query takes to solve, but a solve that has started cannot be stopped
// (its context is looked at before it starts). Only for queries that
// gini answers within milliseconds whatever they hold, such as a 9x9
// sudoku (729 variables at most). It does nothing for other engines.
func (s *Solver) Inline() {
	s.resolve(false)
	if gs, ok := s.s.(*giniSession); ok {
		gs.inline = true
	}
}

// gini returns the streaming session's gini, made at first need (Hint
// makes it to size).
func (s *giniSession) gini() *gini.Gini {
	if s.g == nil {
		s.g = newGini(s.f)
	}
	return s.g
}

// Hint sizes gini for the whole formula (cnf.CNF.Hint), if nothing was
// given to it yet.
func (s *giniSession) Hint(vars, clauses, lits int) {
	if s.g == nil && lits <= s.budget {
		s.g = gini.NewVc(vars+1, clauses)
	}
}

// AddClause gives gini one clause of a streaming formula (cnf.Sink).
func (s *giniSession) AddClause(ls []cnf.Lit) {
	if s.f.NumLits()+len(ls) > s.budget {
		return // the solve will report the formula too large
	}
	if s.build != nil {
		if s.streamed++; s.streamed%syncCheckEvery == 0 && s.cut == nil {
			s.cut = s.build.Err()
		}
		if s.cut != nil {
			return // the solve will return the context's error
		}
	}
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

// watch makes a streaming gini look at ctx while the formula is built
// into it, every syncCheckEvery clauses: gini taking the clauses of a
// large query (a 400x400 sudoku) is most of its building. Once ctx has
// ended, gini is given no more and every solve returns ctx's error, never
// an answer of the part it was given.
func (s *Solver) watch(ctx context.Context) {
	if p, ok := s.s.(*pending); ok {
		p.build = ctx // for the pick's gini
	}
	if gs, ok := s.s.(*giniSession); ok && gs.stream {
		gs.build = ctx
	}
}

// Built is a query built into a formula that the caller gives it, such as
// sat.EncodeWith's. It may say that its constants decide it (Decided:
// the formula has no variable left to choose, and any model that makes
// the constant true decodes to its answer), and that gini answers it in
// milliseconds whatever it holds (Small), which lets it be solved inline.
type Built interface {
	Decided() bool
	Small() bool
}

// FindBuilt builds a query into a formula that streams straight into the
// engine (NewStreaming), and solves it once as Find does. A query that is
// Decided is decoded without a solve; one that is Small is solved inline.
func FindBuilt[A any, Q interface {
	Query[A]
	Built
}](ctx context.Context, c Config, build func(*cnf.CNF) Q) (A, Stats, error) {
	var zero A
	f := cnf.New()
	s := c.NewStreaming(f)
	defer s.Close()
	s.Name("solution")
	s.watch(ctx)
	q := build(f)
	if q.Decided() && f.NumLits() <= c.budget() {
		m := make(cnf.Model, f.NumVars()+1)
		m[f.True().Var()] = true
		a, err := q.Decode(m)
		return a, Stats{Vars: f.NumVars(), Clauses: f.NumClauses() + f.Streamed()}, err
	}
	if q.Small() {
		s.Inline()
	}
	st, err := s.Solve(ctx)
	if err != nil || st != Sat {
		return zero, s.Stats(), noAnswer(err)
	}
	a, err := q.Decode(s.Model())
	return a, s.Stats(), err
}

// CountBuilt builds a query into a formula that streams straight into the
// engine (NewStreaming), and counts its answers up to limit as
// CountAnswers does.
func CountBuilt[A any, Q Countable[A]](ctx context.Context, c Config, build func(*cnf.CNF) Q, limit int) (int, Stats, error) {
	f := cnf.New()
	s := c.NewStreaming(f)
	defer s.Close()
	s.Name("count")
	s.watch(ctx)
	q := build(f)
	n, err := s.CountOneHot(ctx, q.Vars(), limit)
	return n, s.Stats(), err
}
