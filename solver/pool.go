package solver

import (
	"context"
	"errors"
	"fmt"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// Pool keeps solvers for reuse across the queries of a batch: one Solver
// per key, built on first use from a formula the caller writes, such as
// the rules that every sudoku of one size shares. Each query then solves
// on it under assumptions, without building a formula of its own. A Pool
// knows no puzzle; its keys are the caller's. It is not safe for
// concurrent use: one per goroutine (Config.Pool).
type Pool struct {
	kept map[poolKey]*pooled
}

// NewPool returns an empty pool.
func NewPool() *Pool { return &Pool{kept: make(map[poolKey]*pooled)} }

// Close closes every solver the pool keeps (Solver.Close) and empties
// it; the pool may be used again after.
func (p *Pool) Close() {
	for k, e := range p.kept {
		e.s.Close()
		delete(p.kept, k)
	}
}

// poolKey tells apart the solvers of one caller's key under different
// configurations: a solver answers with the engine and budget it was made
// with.
type poolKey struct {
	key    any
	engine string
	budget int
}

// pooled is one kept solver and what its builder returned with it.
type pooled struct {
	s         *Solver
	query     any
	built     int   // literals of the formula as built
	conflicts int64 // Stats().Conflicts at the last renewal
}

// poolGrowth bounds what a kept formula may gain over its built size
// (counting's blocking clauses, retired but still held, and the literals
// they count towards the budget): past poolGrowth times, the solver is
// built afresh, so that a long batch neither grows without bound nor
// drifts towards the budget.
const poolGrowth = 2

// renewEvery is how many conflicts a kept gini may have since it was
// made before it is made afresh from the kept formula (giniSession.renew).
// gini keeps nearly every clause it learns over short solves, and its
// watch lists grow with them: on the 17-clue sudokus a gini kept for the
// whole batch spent far more time propagating than one renewed at this
// rate (about every hundred puzzles), and renewing much more often cost
// more than it saved (docs/results.md). CaDiCaL reduces its learnt
// clauses itself and is never renewed.
const renewEvery = 200

// renewer is a session that can be made afresh from its formula, and
// told that its models need no check of its own: gini's.
type renewer interface {
	renew()
	skipModelCheck()
}

// Pooled returns the solver that c.Pool keeps under key, and the query
// that build returned when it was made. On first use (and after the
// formula outgrew its built size, see poolGrowth) it makes a formula, has
// build write it, and solves it once with no assumptions: the kept
// formula must be satisfiable, and that solve proves it, so the solver is
// known satisfiable from then on and an UNSAT answer under assumptions
// leaves it safe to reuse (the re-solve guard, notes/gini.md bug 1). The
// caller must add to the kept formula only clauses guarded by a selector
// (as Count does), or the solver may have to be rebuilt after an UNSAT
// answer, and must verify every model it decodes: a kept gini does not
// check its models itself (giniSession.skipModelCheck). Read a query's
// work as Stats().Since the Stats before it. A kept formula belongs to
// the pool, not to a run: it takes nothing from c.Lease, so keep in a
// pool only formulas small beside the budget, as the 9x9 rules are.
//
// The error is one wrapping ErrUnsatisfiable when the built formula has
// no model, a *TooLarge when it is over c's budget, or the context's
// error; then nothing is kept. ok is false, and the caller solves its own
// formula instead, when c has no Pool, when its engine keeps nothing from
// one solve to the next (an external program), or when c certifies UNSAT
// answers (c.Proof): a proof names its instance, which a kept solver
// cannot.
func Pooled[Q any](ctx context.Context, c Config, key any, build func(*cnf.CNF) Q) (s *Solver, q Q, ok bool, err error) {
	if c.Pool == nil || c.PerProcess() || c.Proof != nil {
		return nil, q, false, nil
	}
	k := poolKey{key: key, engine: c.engine().Name(), budget: c.budget()}
	if e := c.Pool.kept[k]; e != nil && e.s.f.NumLits() <= poolGrowth*max(e.built, 1) {
		kept, same := e.query.(Q)
		if !same {
			return nil, q, true, fmt.Errorf("%w: %T, then %T", errPoolKey, e.query, q)
		}
		if n := e.s.stats.Conflicts; n-e.conflicts >= renewEvery {
			if r, ok := e.s.s.(renewer); ok {
				r.renew()
			}
			e.conflicts = n
		}
		return e.s, kept, true, nil
	} else if e != nil {
		e.s.Close()
		delete(c.Pool.kept, k)
	}
	f := cnf.New()
	q = build(f)
	s = c.New(f)
	s.resolve(true) // a kept solver answers query after query
	if r, ok := s.s.(renewer); ok {
		r.skipModelCheck() // the callers verify every answer they decode
	}
	st, err := s.Solve(ctx)
	switch {
	case err != nil:
		s.Close()
		return nil, q, true, err
	case st != Sat:
		s.Close()
		return nil, q, true, fmt.Errorf("sat: a pooled formula: %w", ErrUnsatisfiable)
	}
	c.Pool.kept[k] = &pooled{s: s, query: q, built: f.NumLits(), conflicts: s.stats.Conflicts}
	return s, q, true, nil
}

// errPoolKey is wrapped by the error of a Pool's key reused with another
// query type: a bug of the caller.
var errPoolKey = errors.New("sat: a pool key reused for another query type")

// Since returns the work a solver did since it returned before from
// Stats: the difference of the counters, the solves each engine answered
// since, and s's formula size.
func (s Stats) Since(before Stats) Stats {
	d := s
	d.Wins = nil
	d.Solves -= before.Solves
	d.Rebuilds -= before.Rebuilds
	d.Conflicts -= before.Conflicts
	d.Decisions -= before.Decisions
	d.Propagations -= before.Propagations
	d.Time -= before.Time
	d.Proofs = s.Proofs[len(before.Proofs):]
	for _, w := range s.Wins {
		n := w.Solves
		for _, b := range before.Wins {
			if b.Engine == w.Engine {
				n -= b.Solves
			}
		}
		if n > 0 {
			d.win(w.Engine, n)
		}
	}
	return d
}
