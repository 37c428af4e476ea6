package sat

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"puzzlesat/encode/cnf"
)

// Status is the answer of one solve.
type Status int8

// The three answers of a solve.
const (
	Unknown Status = 0 // stopped before an answer: the context ended
	Sat     Status = 1
	Unsat   Status = -1
)

func (s Status) String() string {
	switch s {
	case Sat:
		return "SATISFIABLE"
	case Unsat:
		return "UNSATISFIABLE"
	case Unknown:
		return "UNKNOWN"
	}
	return fmt.Sprintf("Status(%d)", int8(s))
}

// Stats counts the work of a solver. Conflicts, Decisions and Propagations
// come from gini's internal counters and are zero where it gives none.
type Stats struct {
	Vars, Clauses int
	Solves        int
	Rebuilds      int // fresh gini solvers made to dodge the re-solve bug
	Conflicts     int64
	Decisions     int64
	Propagations  int64
	Time          time.Duration // time spent inside gini
}

func (s Stats) String() string {
	return fmt.Sprintf("vars=%d clauses=%d solves=%d conflicts=%d decisions=%d", s.Vars, s.Clauses, s.Solves, s.Conflicts, s.Decisions)
}

// Add adds the counts of o to s.
func (s *Stats) Add(o Stats) {
	s.Vars, s.Clauses = max(s.Vars, o.Vars), max(s.Clauses, o.Clauses)
	s.Solves += o.Solves
	s.Rebuilds += o.Rebuilds
	s.Conflicts += o.Conflicts
	s.Decisions += o.Decisions
	s.Propagations += o.Propagations
	s.Time += o.Time
}

// Solver solves one formula, possibly many times with different
// assumptions and with clauses added between solves. It reads the
// formula's clauses lazily: clauses added to the CNF after New are
// picked up by the next solve. A Solver is not safe for concurrent use.
type Solver struct {
	f      *cnf.CNF
	g      *gini.Gini
	budget int // the most literals f may hold when it is solved
	added  int // clauses of f already given to g
	// safe: the clause set is known satisfiable, because a solve answered
	// SAT and every clause added since is guarded by a selector. Only then
	// may g be solved again after an UNSAT answer.
	safe     bool
	poisoned bool // g answered UNSAT while not safe: rebuild before solving
	model    cnf.Model
	stats    Stats
}

// Config says how the SAT backend solves. The zero value solves with
// gini in process under DefaultBudget.
type Config struct {
	// Budget is the most literals a formula may hold, blocking clauses of
	// counting included; 0 means DefaultBudget. A solve over it returns a
	// *TooLarge error.
	Budget int
}

// DefaultBudget is the budget of a zero Config: 50 million literals. A
// formula that size takes about 1.2 GB in this package and in gini
// together (about 24 bytes per literal for the binary clauses that
// dominate puzzle formulas), which leaves room for Go's garbage collector
// on a machine with 4 GB.
const DefaultBudget = 50_000_000

// budget returns c's budget in literals.
func (c Config) budget() int {
	if c.Budget > 0 {
		return c.Budget
	}
	return DefaultBudget
}

// TooLarge is the error of a formula that holds, or would hold, more
// literals than the budget allows.
type TooLarge struct {
	Literals, Budget int64
	// Bound says that Literals is an upper bound on a formula not built,
	// from a size function such as encode.SticksSize.
	Bound bool
}

func (e *TooLarge) Error() string {
	if e.Bound {
		return fmt.Sprintf("the formula would hold up to %d literals, over the budget of %d", e.Literals, e.Budget)
	}
	return fmt.Sprintf("the formula holds %d literals, over the budget of %d", e.Literals, e.Budget)
}

// CheckBound returns a *TooLarge error when a formula of at most the
// given number of literals, not built yet, may be over c's budget.
func (c Config) CheckBound(literals int64) error {
	if literals > int64(c.budget()) {
		return &TooLarge{Literals: literals, Budget: int64(c.budget()), Bound: true}
	}
	return nil
}

// New returns a solver for f with a zero Config.
func New(f *cnf.CNF) *Solver { return Config{}.New(f) }

// New returns a solver for f as c says.
func (c Config) New(f *cnf.CNF) *Solver {
	return &Solver{f: f, g: newGini(f), budget: c.budget()}
}

// newGini returns an empty gini sized for the variables f uses: a
// DIMACS header may declare far more than the clauses use, and gini
// grows as clauses come.
func newGini(f *cnf.CNF) *gini.Gini { return gini.NewV(int(f.MaxVar()) + 1) }

// Formula returns the formula the solver reads.
func (s *Solver) Formula() *cnf.CNF { return s.f }

// lit converts an encode literal to gini's; the only place that does.
func lit(l cnf.Lit) z.Lit { return z.Var(l.Var()).Pos() ^ z.Lit(l&1) }

// sync gives g the clauses added to f since the last call, unless f has
// grown over the budget.
func (s *Solver) sync() error {
	if n := s.f.NumLits(); n > s.budget {
		return &TooLarge{Literals: int64(n), Budget: int64(s.budget)}
	}
	if s.poisoned {
		s.g = newGini(s.f)
		s.added = 0
		s.poisoned = false
		s.stats.Rebuilds++
	}
	for ; s.added < s.f.NumClauses(); s.added++ {
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

// Solve looks for a model of the formula under the assumptions. It returns
// Unknown and the context's error when ctx ends first.
func (s *Solver) Solve(ctx context.Context, assume ...cnf.Lit) (Status, error) {
	if err := ctx.Err(); err != nil {
		return Unknown, err
	}
	if err := s.sync(); err != nil {
		return Unknown, err
	}
	for _, a := range assume {
		s.g.Assume(lit(a))
	}
	start := time.Now()
	res := s.run(ctx)
	s.stats.Time += time.Since(start)
	s.stats.Solves++
	s.stats.Vars, s.stats.Clauses = s.f.NumVars(), s.f.NumClauses()
	switch res {
	case 1:
		s.readModel()
		s.safe = true
		return Sat, nil
	case -1:
		s.model = nil
		if !s.safe {
			s.poisoned = true
		}
		return Unsat, nil
	}
	s.model = nil
	if err := ctx.Err(); err != nil {
		return Unknown, err
	}
	return Unknown, context.Canceled
}

// readModel copies the model out of g before anything can reset it: the
// variables g knows, which are those of some clause or assumption; the
// others read false.
func (s *Solver) readModel() {
	top := min(s.f.NumVars(), int(s.g.MaxVar()))
	m := make(cnf.Model, top+1)
	for v := 1; v <= top; v++ {
		m[v] = s.g.Value(z.Var(v).Pos())
	}
	s.model = m
}

// Model returns the model of the last solve, valid only after Sat.
func (s *Solver) Model() cnf.Model { return s.model }

// Stats returns the work done so far.
func (s *Solver) Stats() Stats { return s.stats }

// pollEvery is how often a running solve checks its context: a compromise
// between the latency of a cancel and the cost of polling.
const pollEvery = 10 * time.Millisecond

// run solves in gini's own goroutine, returning 1, -1, or 0 when ctx ended.
// It reads gini's counters through the TryStats method of the solve handle,
// which the gini API does not export a type for, so it is reached by
// reflection; without it run still works, only without the counters.
func (s *Solver) run(ctx context.Context) int {
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
				s.readCounters(x)
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

// readCounters adds gini's counters from a StatsResult to s.stats.
func (s *Solver) readCounters(x reflect.Value) {
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
	s.stats.Conflicts += get("Conflicts")
	s.stats.Decisions += get("Guesses")
	s.stats.Propagations += get("Props")
}
