package solver

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

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
// come from gini's internal counters and are zero where it gives none (an
// external program's work is not counted); in a portfolio they count
// gini's work in the races it finished, whether it won or lost. A Search
// counts as one solve; its own decisions (one per scope it opens) and
// the scopes propagation refuted add to Decisions and Conflicts, beside
// gini's counters for the solves that complete its models.
type Stats struct {
	Vars, Clauses int
	Solves        int
	Rebuilds      int // fresh gini solvers made to dodge the re-solve bug
	Conflicts     int64
	Decisions     int64
	Propagations  int64
	Time          time.Duration // time spent solving
	// Wins says which engine answered the solves: one entry per engine,
	// most solves first. With a portfolio, the winner of each race.
	Wins []Win
}

// Win counts the solves that one engine answered.
type Win struct {
	Engine string // the engine's Name
	Solves int
}

func (s Stats) String() string {
	text := fmt.Sprintf("vars=%d clauses=%d solves=%d conflicts=%d decisions=%d", s.Vars, s.Clauses, s.Solves, s.Conflicts, s.Decisions)
	if w := s.Winner(); w != "" {
		text += " winner=" + w
	}
	return text
}

// Winner names the engine that answered the solves, such as "cadical";
// when several did, each with its count, most first: "gini:9,cadical:3".
// It is "" when no solve was answered.
func (s Stats) Winner() string {
	if len(s.Wins) == 1 {
		return s.Wins[0].Engine
	}
	parts := make([]string, len(s.Wins))
	for i, w := range s.Wins {
		parts[i] = fmt.Sprintf("%s:%d", w.Engine, w.Solves)
	}
	return strings.Join(parts, ",")
}

// Add adds the counts of o to s.
func (s *Stats) Add(o Stats) {
	s.Vars, s.Clauses = max(s.Vars, o.Vars), max(s.Clauses, o.Clauses)
	s.Solves += o.Solves
	s.addWork(o)
	s.Time += o.Time
	for _, w := range o.Wins {
		s.win(w.Engine, w.Solves)
	}
}

// addWork adds the solver's counters of o to s.
func (s *Stats) addWork(o Stats) {
	s.Rebuilds += o.Rebuilds
	s.Conflicts += o.Conflicts
	s.Decisions += o.Decisions
	s.Propagations += o.Propagations
}

// win counts n solves answered by engine. It builds a new Wins slice,
// never writing into the old one, which copies of s may share.
func (s *Stats) win(engine string, n int) {
	wins := make([]Win, 0, len(s.Wins)+1)
	found := false
	for _, w := range s.Wins {
		if w.Engine == engine {
			w.Solves += n
			found = true
		}
		wins = append(wins, w)
	}
	if !found {
		wins = append(wins, Win{engine, n})
	}
	slices.SortStableFunc(wins, func(a, b Win) int { return cmp.Compare(b.Solves, a.Solves) })
	s.Wins = wins
}

// Solver solves one formula, possibly many times with different
// assumptions and with clauses added between solves. It reads the
// formula's clauses lazily: clauses added to the CNF after New are
// picked up by the next solve. Its engine (see Config) does the solving.
// A Solver is not safe for concurrent use.
type Solver struct {
	f      *cnf.CNF
	budget int // the most literals f may hold when it is solved
	s      session
	model  cnf.Model
	stats  Stats
}

// Config says how the SAT backend solves. The zero value solves with
// gini in process under DefaultBudget.
type Config struct {
	// Budget is the most literals a formula may hold, blocking clauses of
	// counting included; 0 means DefaultBudget. A solve over it returns a
	// *TooLarge error.
	Budget int
	// Engine is the SAT solver that answers every solve; nil means Gini.
	Engine Engine
	// Lease, when not nil, is the run's share of a Quota that it shares
	// with runs going on at once: Reserve takes a formula's literals from
	// it before the formula is built.
	Lease *Lease
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

// engine returns c's engine.
func (c Config) engine() Engine {
	if c.Engine == nil {
		return Gini()
	}
	return c.Engine
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

// Reserve returns a *TooLarge error, as CheckBound does, when a formula
// of at most the given number of literals, not built yet, may be over c's
// budget; else it takes the literals from c's lease, in place of what the
// lease held for the run's previous formula, waiting while the other runs
// of its quota hold too many. It returns ctx's error when ctx ends first.
func (c Config) Reserve(ctx context.Context, literals int64) error {
	if err := c.CheckBound(literals); err != nil {
		return err
	}
	return c.Lease.reserve(ctx, literals)
}

// New returns a solver for f with a zero Config.
func New(f *cnf.CNF) *Solver { return Config{}.New(f) }

// New returns a solver for f as c says.
func (c Config) New(f *cnf.CNF) *Solver {
	return &Solver{f: f, budget: c.budget(), s: c.engine().open(f)}
}

// Formula returns the formula the solver reads.
func (s *Solver) Formula() *cnf.CNF { return s.f }

// Solve looks for a model of the formula under the assumptions. It returns
// Unknown and the context's error when ctx ends first, a *TooLarge error
// when the formula is over the budget, and the engine's error when it
// failed (an external program that crashed or lied: a *ProgramError).
func (s *Solver) Solve(ctx context.Context, assume ...cnf.Lit) (Status, error) {
	if err := ctx.Err(); err != nil {
		return Unknown, err
	}
	if n := s.f.NumLits(); n > s.budget {
		return Unknown, &TooLarge{Literals: int64(n), Budget: int64(s.budget)}
	}
	start := time.Now()
	a, err := s.s.solve(ctx, assume)
	s.stats.Time += time.Since(start)
	s.stats.Solves++
	s.stats.Vars, s.stats.Clauses = s.f.NumVars(), s.f.NumClauses()+s.f.Streamed()
	s.stats.addWork(a.work)
	s.model = nil
	switch {
	case err != nil:
		return Unknown, err
	case a.status == Unknown:
		if err := ctx.Err(); err != nil {
			return Unknown, err
		}
		return Unknown, context.Canceled
	case a.status == Sat:
		s.model = a.model
	}
	s.stats.win(a.by, 1)
	return a.status, nil
}

// Model returns the model of the last solve, valid only after Sat.
func (s *Solver) Model() cnf.Model { return s.model }

// Stats returns the work done so far.
func (s *Solver) Stats() Stats { return s.stats }

// PerProcess reports whether c's engine starts a process for every solve
// (an external program), so that a solver reused under assumptions keeps
// nothing it learnt from one solve to the next.
func (c Config) PerProcess() bool {
	_, ok := c.engine().(*program)
	return ok
}
