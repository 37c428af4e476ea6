package solver

import (
	"context"
	"math"
	"reflect"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// Gini returns the engine that solves in process with gini v1.0.4,
// incrementally: each Solver keeps one gini, fed the clauses added to
// the formula since its last solve. It is the engine of a zero Config.
func Gini() Engine { return giniEngine{} }

type giniEngine struct{}

func (giniEngine) Name() string { return "gini" }

func (giniEngine) budget() int { return DefaultBudget }

// footprint is gini's peak RSS for a formula: 40 bytes a literal and 170
// a variable, measured on a random 3-CNF of 6.8 million variables and
// 11.4 million literals (1.8 GB in all) and on the puzzle formulas of
// solver/internal/cadical's memory test (35 to 38 bytes a literal).
func (giniEngine) footprint(vars, lits int64) int64 { return 40*lits + 170*vars }

// open returns a session whose gini is made at the first solve, sized
// then, once the Solver has checked the formula against its budget.
func (giniEngine) open(f *cnf.CNF) session { return &giniSession{f: f} }

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
	// build, when not nil, is looked at while a streaming f is built:
	// once it has ended, g is given no more clauses and cut holds its
	// error, which every solve returns.
	build    context.Context
	streamed int // clauses f handed over while build is watched
	cut      error
	// noCheck: g need not check its models against every clause
	// (skipModelCheck); checked is the gini on which that was set up.
	noCheck bool
	checked *gini.Gini
}

// newGini returns an empty gini sized for the variables f uses and the
// clauses it holds: a DIMACS header may declare far more variables than
// the clauses use, and gini grows as clauses come. gini.NewV, sized by
// variables alone, would reserve room for eight clauses of five literals
// per variable, 1.1 GB for ten million variables whatever the clauses.
func newGini(f *cnf.CNF) *gini.Gini { return gini.NewVc(int(f.MaxVar())+1, f.NumClauses()) }

// lit converts an encode literal to gini's; the only place that does.
func lit(l cnf.Lit) z.Lit { return z.Var(l.Var()).Pos() ^ z.Lit(l&1) }

// syncCheckEvery is how many clauses sync adds between two looks at the
// context: a few milliseconds of adding at most.
const syncCheckEvery = 4096

// sync gives g the clauses added to f since the last call, first
// building a fresh gini when the old one is poisoned or none was made.
// It looks at ctx every syncCheckEvery clauses and returns its error; the
// clauses not added then are added by the next call.
func (s *giniSession) sync(ctx context.Context, work *Stats) error {
	if s.poisoned {
		s.g = nil
		s.added = 0
		s.poisoned = false
		work.Rebuilds++
	}
	if s.g == nil {
		s.g = newGini(s.f)
	}
	for ; s.added < s.f.NumClauses(); s.added++ {
		if s.added%syncCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
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
		if s.cut != nil {
			return a, s.cut
		}
		if s.poisoned {
			return a, ErrNoRebuild
		}
		s.gini()
	}
	if err := s.sync(ctx, &a.work); err != nil {
		return a, err
	}
	if s.noCheck && s.checked != s.g {
		s.g.ActivationLit()
		s.checked = s.g
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

// close lets go of gini, which lives in Go's heap.
func (s *giniSession) close() { s.g = nil }

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
		res := s.g.Solve()
		readHeld(s.g, work)
		return res
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
			res := ctl.Stop()
			readHeld(s.g, work)
			return res
		}
	}
}

// readHeld adds to work the counters of a solve that was stopped, or
// that ran inline, which no StatsResult carries: gini keeps them in its
// solver (xo.S) until they are read, and ReadStats reads and resets them. That solver
// is the unexported field xo of gini.Gini, so it is reached by
// reflection, through reflect.NewAt, which lifts the read-only mark that
// an unexported field's value carries; its ReadStats locks the solver, so
// the call is safe once the solve has stopped. A gini without that field
// or method (another version) leaves the counters unread.
func readHeld(g *gini.Gini, work *Stats) {
	v := reflect.ValueOf(g).Elem().FieldByName("xo")
	if !v.IsValid() || v.Kind() != reflect.Pointer || v.IsNil() {
		return
	}
	m := reflect.NewAt(v.Type().Elem(), v.UnsafePointer()).MethodByName("ReadStats")
	if !m.IsValid() || m.Type().NumIn() != 1 || m.Type().NumOut() != 0 || m.Type().In(0).Kind() != reflect.Pointer {
		return
	}
	st := reflect.New(m.Type().In(0).Elem())
	m.Call([]reflect.Value{st})
	addCounters(st.Elem(), work)
}

// readCounters adds gini's counters from a StatsResult to work.
func readCounters(x reflect.Value, work *Stats) {
	st := x.FieldByName("Stats")
	if !st.IsValid() || st.IsNil() {
		return
	}
	addCounters(st.Elem(), work)
}

// addCounters adds the counters of an xo.Stats to work.
func addCounters(st reflect.Value, work *Stats) {
	if st.Kind() != reflect.Struct {
		return
	}
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

// skipModelCheck stops gini from checking each model against every
// clause given to it, a pass over the whole clause set per SAT answer
// until the next clause is added, which on a solver kept for many small
// queries is a good part of the solving (docs/results.md). gini skips the check once its activation machinery is set up, so the
// next solve sets it up by taking an activation literal, a variable of
// gini's own that no clause holds and that is never activated. The
// check is redundant where every answer is verified anyway, as every
// answer a kind decodes is (puzzlesat's Verify).
func (s *giniSession) skipModelCheck() { s.noCheck = true }

// renew replaces g by a fresh gini given every clause of f: what g
// learnt and its branching scores are dropped, the clause set is the
// same, and so is what is known of its satisfiability. A streaming
// session, whose f keeps no clauses, is left as it is.
func (s *giniSession) renew() {
	if s.stream || s.g == nil {
		return
	}
	safe := s.safe && !s.poisoned
	s.g, s.added, s.poisoned = newGini(s.f), 0, false
	s.sync(context.Background(), &Stats{}) // a background context: never stopped
	s.safe = safe
}
