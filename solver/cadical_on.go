//go:build cadical

package solver

import (
	"context"
	"os"
	"time"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/solver/internal/cadical"
)

// newCadical returns the in-process CaDiCaL engine.
func newCadical() Engine { return cadicalEngine{} }

type cadicalEngine struct{}

func (cadicalEngine) Name() string { return "cadical" }

func (cadicalEngine) budget() int { return CadicalBudget }

// footprint is CaDiCaL's peak RSS for a formula: 58 bytes a literal (the
// most solver/internal/cadical measured) and 255 a variable (2.5 GB in all
// on a random 3-CNF of 6.8 million variables and 11.4 million literals).
func (cadicalEngine) footprint(vars, lits int64) int64 { return 58*lits + 255*vars }

func (cadicalEngine) open(f *cnf.CNF) session { return &cadicalSession{f: f} }

// stream returns a session that f hands its clauses to (NewStreaming),
// under budget literals.
func (cadicalEngine) stream(f *cnf.CNF, budget int) session {
	s := &cadicalSession{f: f, stream: true, budget: budget}
	f.Stream(s)
	return s
}

// Tuning constants of the CaDiCaL session.
const (
	// exactAfter is the solving time after which CaDiCaL's statistics
	// report is read for the exact counters: long enough that reading
	// the report is a small share of the solving it covers
	// (docs/results.md).
	exactAfter = 20 * time.Millisecond
)

// cadicalSession is one CaDiCaL solving f, made at the first need.
type cadicalSession struct {
	f      *cnf.CNF
	c      *cadical.Solver
	err    error // of making c, or of a clause streamed into it
	added  int   // clauses of f given to c
	stream bool  // f hands its clauses straight to c (NewStreaming)
	budget int   // a streaming f's literals past which c is given no more

	// The counters: learned is the binding's count of learned clauses at
	// the last reading, cheap the conflicts reported by it since the last
	// exact reading, exact CaDiCaL's own counts at that reading, and
	// unread the solving time since.
	learned int64
	cheap   int64
	exact   struct{ conflicts, decisions, propagations int64 }
	unread  time.Duration
}

// solver returns the session's CaDiCaL, made at first need.
func (s *cadicalSession) solver() (*cadical.Solver, error) {
	if s.c == nil && s.err == nil {
		s.c, s.err = cadical.New()
	}
	return s.c, s.err
}

// sync gives CaDiCaL the clauses added to f since the last call, looking
// at ctx every syncCheckEvery clauses.
func (s *cadicalSession) sync(ctx context.Context, c *cadical.Solver) error {
	for ; s.added < s.f.NumClauses(); s.added++ {
		if s.added%syncCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		c.AddClause(s.f.Clause(s.added))
	}
	return c.Err()
}

func (s *cadicalSession) solve(ctx context.Context, assume []cnf.Lit) (answer, error) {
	a := answer{by: cadicalLabel}
	c, err := s.solver()
	if err != nil {
		return a, err
	}
	if err := s.sync(ctx, c); err != nil {
		return a, err
	}
	start := time.Now()
	st, err := c.Solve(ctx, assume...)
	s.count(c, &a.work, time.Since(start))
	switch st {
	case cadical.Sat:
		m, err := c.Model(nil)
		if err != nil {
			return a, err
		}
		a.status, a.model = Sat, m
	case cadical.Unsat:
		a.status = Unsat
	default:
		if err == nil {
			err = ctx.Err()
		}
		return a, err
	}
	return a, nil
}

// count adds the work of the solve that took took to work: the conflicts
// by the binding's counter, and when exactAfter of solving has gone
// unread, CaDiCaL's own counts since the last exact reading, less what
// the cheap counter reported.
func (s *cadicalSession) count(c *cadical.Solver, work *Stats, took time.Duration) {
	if n, err := c.Counters(); err == nil {
		d := n.Learned - s.learned
		s.learned = n.Learned
		work.Conflicts += d
		s.cheap += d
	}
	if s.unread += took; s.unread < exactAfter {
		return
	}
	st, err := c.Stats()
	if err != nil {
		return
	}
	work.Conflicts += st.Conflicts - s.exact.conflicts - s.cheap
	work.Decisions += st.Decisions - s.exact.decisions
	work.Propagations += st.Propagations - s.exact.propagations
	s.exact.conflicts, s.exact.decisions, s.exact.propagations = st.Conflicts, st.Decisions, st.Propagations
	s.cheap, s.unread = 0, 0
}

// close frees CaDiCaL's memory.
func (s *cadicalSession) close() {
	if s.c != nil {
		s.c.Close()
		s.c = nil
	}
	s.err = ErrClosed
}

// AddClause gives CaDiCaL one clause of a streaming formula (cnf.Sink).
func (s *cadicalSession) AddClause(ls []cnf.Lit) {
	if s.f.NumLits()+len(ls) > s.budget {
		return // the solve will report the formula too large
	}
	if c, err := s.solver(); err == nil {
		c.AddClause(ls)
	}
}

// Hint sizes CaDiCaL's variable tables for the whole formula
// (cnf.CNF.Hint), when it fits the budget.
func (s *cadicalSession) Hint(vars, clauses, lits int) {
	if lits > s.budget {
		return
	}
	if c, err := s.solver(); err == nil {
		c.Hint(vars, clauses, lits)
	}
}

// newCadicalProver returns CaDiCaL in process as a prover.
func newCadicalProver() Prover { return cadicalProver{} }

// cadicalProver proves with a fresh CaDiCaL in process, which writes its
// DRAT proof through TraceProof (binary DRAT, as `cadical FILE PROOF`
// writes it). CaDiCaL's own check of its proof as it goes (the option
// checkproof) is switched off: the proof is checked after, by sat/drat.
type cadicalProver struct{}

func (cadicalProver) Name() string    { return "cadical" }
func (cadicalProver) needsFile() bool { return false }

func (cadicalProver) prove(ctx context.Context, f *cnf.CNF, units []cnf.Lit, _, proofPath string) (Status, cnf.Model, error) {
	c, err := cadical.New()
	if err != nil {
		return Unknown, nil, err
	}
	defer c.Close()
	if err := c.SetOption("checkproof", 0); err != nil {
		return Unknown, nil, err
	}
	w, err := os.Create(proofPath)
	if err != nil {
		return Unknown, nil, err
	}
	err = c.TraceProof(w, cadical.BinaryDRAT) // the solver writes through a copy of the descriptor
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return Unknown, nil, err
	}
	for i := range f.NumClauses() {
		if i%syncCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return Unknown, nil, err
			}
		}
		c.AddClause(f.Clause(i))
	}
	for _, u := range units {
		c.AddClause([]cnf.Lit{u})
	}
	st, err := c.Solve(ctx)
	switch st {
	case cadical.Sat:
		m, err := c.Model(nil)
		return Sat, m, err
	case cadical.Unsat:
		return Unsat, nil, c.Close() // Close ends the proof
	}
	if err == nil {
		err = ctx.Err()
	}
	return Unknown, nil, err
}
