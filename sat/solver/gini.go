package solver

import (
	"context"
	"math"
	"reflect"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"puzzlesat/encode/cnf"
)

// Gini returns the engine that solves in process with gini v1.0.4,
// incrementally: each Solver keeps one gini, fed the clauses added to
// the formula since its last solve. It is the engine of a zero Config.
func Gini() Engine { return giniEngine{} }

type giniEngine struct{}

func (giniEngine) Name() string { return "gini" }

func (giniEngine) open(f *cnf.CNF) session { return &giniSession{f: f, g: newGini(f)} }

// giniSession is one gini solving f, with the guard against gini's
// re-solve bug (notes/gini.md, bug 1).
type giniSession struct {
	f     *cnf.CNF
	g     *gini.Gini
	added int // clauses of f already given to g
	// safe: the clause set is known satisfiable, because a solve answered
	// SAT and every clause added since is guarded by a selector. Only then
	// may g be solved again after an UNSAT answer.
	safe     bool
	poisoned bool // g answered UNSAT while not safe: rebuild before solving
	stream   bool // f hands its clauses straight to g (Config.NewStreaming)
	inline   bool // solve in the caller's goroutine (Solver.Inline)
	budget   int  // a streaming f's literals past which g is given no more
}

// newGini returns an empty gini sized for the variables f uses: a
// DIMACS header may declare far more than the clauses use, and gini
// grows as clauses come.
func newGini(f *cnf.CNF) *gini.Gini { return gini.NewV(int(f.MaxVar()) + 1) }

// lit converts an encode literal to gini's; the only place that does.
func lit(l cnf.Lit) z.Lit { return z.Var(l.Var()).Pos() ^ z.Lit(l&1) }

// sync gives g the clauses added to f since the last call, first
// building a fresh gini when the old one is poisoned.
func (s *giniSession) sync(work *Stats) { s.syncUntil(context.Background(), work) }

// syncCheck is how many clauses sync gives g between two looks at the
// context: a million clauses take gini about a second.
const syncCheck = 1 << 14

// syncUntil is sync that stops when ctx ends, returning ctx's error, the
// clauses given so far kept for the next call.
func (s *giniSession) syncUntil(ctx context.Context, work *Stats) error {
	if s.poisoned {
		s.g = newGini(s.f)
		s.added = 0
		s.poisoned = false
		work.Rebuilds++
	}
	for ; s.added < s.f.NumClauses(); s.added++ {
		if s.added%syncCheck == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		for _, l := range s.f.Clause(s.added) {
			s.g.Add(lit(l))
		}
		s.g.Add(z.LitNull)
		if !s.f.Guarded(s.added) {
			s.safe = false
		}
	}
	return nil
}

func (s *giniSession) solve(ctx context.Context, assume []cnf.Lit) (answer, error) {
	a := answer{by: "gini"}
	if err := ctx.Err(); err != nil {
		return a, err
	}
	if s.stream {
		if s.poisoned {
			return a, ErrNoRebuild
		}
		s.gini()
	}
	if err := s.syncUntil(ctx, &a.work); err != nil {
		return a, err
	}
	for _, l := range assume {
		s.g.Assume(lit(l))
	}
	switch s.run(ctx, &a.work) {
	case 1:
		a.status, a.model = Sat, s.readModel()
		s.safe = true
		return a, nil
	case -1:
		a.status = Unsat
		if !s.safe {
			s.poisoned = true
		}
		return a, nil
	}
	return a, ctx.Err()
}

// satisfiable tells s that its clause set is known satisfiable: another
// engine found a model of every clause of f, which holds every clause
// given to g. So g may be solved again after an UNSAT answer, and a
// portfolio's gini is not rebuilt after UNSAT answers that depend on
// assumptions just because another engine found the models.
func (s *giniSession) satisfiable() {
	if s.added == s.f.NumClauses() {
		s.safe = true
	}
}

// readModel copies the model out of g before anything can reset it: the
// variables g knows, which are those of some clause or assumption; the
// others read false.
func (s *giniSession) readModel() cnf.Model {
	top := min(s.f.NumVars(), int(s.g.MaxVar()))
	m := make(cnf.Model, top+1)
	for v := 1; v <= top; v++ {
		m[v] = s.g.Value(z.Var(v).Pos())
	}
	return m
}

// pollEvery is how often a running solve checks its context: a compromise
// between the latency of a cancel and the cost of polling.
const pollEvery = 10 * time.Millisecond

// run solves in gini's own goroutine, returning 1, -1, or 0 when ctx ended.
// It reads gini's counters through the TryStats method of the solve handle,
// which the gini API does not export a type for, so it is reached by
// reflection; without it run still works, only without the counters.
func (s *giniSession) run(ctx context.Context, work *Stats) int {
	if s.inline {
		return s.g.Solve()
	}
	ctl := s.g.GoSolve()
	poll := time.Duration(math.MaxInt64)
	if ctx.Done() != nil {
		poll = pollEvery
	}
	tryStats := reflect.ValueOf(ctl).MethodByName("TryStats")
	for {
		if tryStats.IsValid() {
			ch := tryStats.Call([]reflect.Value{reflect.ValueOf(poll), reflect.ValueOf(time.Duration(math.MaxInt64))})[0]
			if x, ok := ch.Recv(); ok {
				readCounters(x, work)
				return int(x.FieldByName("Result").Int())
			}
		} else if res, done := ctl.Test(); done {
			return res
		} else {
			time.Sleep(time.Millisecond)
		}
		if ctx.Err() != nil {
			return ctl.Stop()
		}
	}
}

// readCounters adds gini's counters from a StatsResult to work.
func readCounters(x reflect.Value, work *Stats) {
	st := x.FieldByName("Stats")
	if !st.IsValid() || st.IsNil() {
		return
	}
	st = st.Elem()
	get := func(name string) int64 {
		if f := st.FieldByName(name); f.IsValid() && f.CanInt() {
			return f.Int()
		}
		return 0
	}
	work.Conflicts += get("Conflicts")
	work.Decisions += get("Guesses")
	work.Propagations += get("Props")
}
