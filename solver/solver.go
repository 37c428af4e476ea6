package solver

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/internal/addrspace"
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
	// Picks lists the engines that Auto picked and why, most solvers
	// first; nil for another engine.
	Picks []Pick
	// Proofs lists the UNSAT answers certified by a checked proof
	// (Config.Proof), in order.
	Proofs []ProofCheck
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
	if p := s.Picked(); p != "" {
		text += " auto=" + p
	}
	return text
}

// Picked names Auto's picks and their rules, such as
// "cadical(sudoku-36-49)"; when it picked for several solvers by more
// than one rule, each with its count of solvers, most first:
// "cadical(cake-bound):1,gini(cake-cubes):1". It is "" when Auto picked
// nothing.
func (s Stats) Picked() string {
	if len(s.Picks) == 1 {
		return s.Picks[0].String()
	}
	parts := make([]string, len(s.Picks))
	for i, p := range s.Picks {
		parts[i] = fmt.Sprintf("%v:%d", p, p.Solvers)
	}
	return strings.Join(parts, ",")
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
	for _, p := range o.Picks {
		s.pick(p)
	}
	if len(o.Proofs) > 0 { // a new slice: copies of s may share the old one
		s.Proofs = append(append([]ProofCheck(nil), s.Proofs...), o.Proofs...)
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

// pick counts p.Solvers solvers for which Auto picked p.Engine by the
// rule p.Why, building a new Picks slice as win does.
func (s *Stats) pick(p Pick) {
	picks := make([]Pick, 0, len(s.Picks)+1)
	found := false
	for _, q := range s.Picks {
		if q.Engine == p.Engine && q.Why == p.Why {
			q.Solvers += p.Solvers
			found = true
		}
		picks = append(picks, q)
	}
	if !found {
		picks = append(picks, p)
	}
	slices.SortStableFunc(picks, func(a, b Pick) int { return cmp.Compare(b.Solvers, a.Solvers) })
	s.Picks = picks
}

// Solver solves one formula, possibly many times with different
// assumptions and with clauses added between solves. It reads the
// formula's clauses lazily: clauses added to the CNF after New are
// picked up by the next solve. Its engine (see Config) does the solving.
// A Solver is not safe for concurrent use.
type Solver struct {
	f      *cnf.CNF
	budget int // the most literals f may hold when it is solved
	e      Engine
	s      session
	model  cnf.Model
	stats  Stats
	closed bool
	proof  *Proof // certify every UNSAT answer, when not nil
	query  string // the query's name, for the proofs' files
}

// Config says how the SAT backend solves. The zero value solves with
// the Default engine (Auto in a build with CaDiCaL, gini in a pure-Go
// build) under its default budget.
type Config struct {
	// Budget is the most literals a formula may hold, blocking clauses of
	// counting included; 0 means the engine's default: DefaultBudget, or
	// CadicalBudget for CaDiCaL in process (less for a portfolio that
	// holds both; for Auto, that of the engine it picks, which is gini
	// past CadicalBudget). A solve over it returns a *TooLarge error.
	Budget int
	// Engine is the SAT solver that answers every solve; nil means
	// Default().
	Engine Engine
	// Lease, when not nil, is the run's share of a Quota that it shares
	// with runs going on at once: Reserve takes a formula's literals from
	// it before the formula is built.
	Lease *Lease
	// Proof, when not nil, has every UNSAT answer certified before a
	// solve returns it: solved again by a Prover that writes a DRAT proof,
	// on the formula with the solve's assumptions as unit clauses, and the
	// proof checked by package sat/drat; an answer whose proof fails is an
	// error wrapping ErrNotCertified. The formula then keeps its clauses
	// (NewStreaming streams none), and Search finds its models by solves.
	// Stats.Proofs lists the checks.
	Proof *Proof
	// Pool keeps solvers that the queries of a batch share (see Pooled);
	// nil keeps none, and every query builds its own formula. A Pool is
	// not safe for concurrent use, so neither is a Config that holds one.
	Pool *Pool
	// Hint tells Auto, and a portfolio, what the formulas are like: the
	// rules of the puzzle kind that builds them. nil gives none.
	Hint Hint
}

// DefaultBudget is the budget of a zero Config with gini or a program:
// 50 million literals. A formula that size takes about 1.2 GB in this
// package and in gini together (about 24 bytes per literal for the binary
// clauses that dominate puzzle formulas), which leaves room for Go's
// garbage collector on a machine with 4 GB.
const DefaultBudget = 50_000_000

// CadicalBudget is the budget of a zero Config with CaDiCaL in process:
// 32 million literals. CaDiCaL holds 43 to 58 bytes per literal where gini
// holds 35 to 38 (peak RSS, solver/internal/cadical), so at this budget it
// takes what gini takes at DefaultBudget, and the same machine holds it;
// a lower budget than gini's, rather than the same one, keeps the promise
// that the default fits a machine with 4 GB whatever the engine.
const CadicalBudget = 32_000_000

// budget returns c's budget in literals.
func (c Config) budget() int {
	if c.Budget > 0 {
		return c.Budget
	}
	return engineBudget(c.engine())
}

// Limit returns the most literals a formula may hold under c: its Budget,
// or the engine's default when that is 0.
func (c Config) Limit() int { return c.budget() }

// engineBudget returns e's default budget: DefaultBudget for gini and
// programs, CadicalBudget for CaDiCaL in process, and for a portfolio
// the budget at which its members in process hold together what one
// does at its own (1/b = Σ 1/b_i: each holds the formula).
func engineBudget(e Engine) int {
	switch e := e.(type) {
	case *portfolio:
		inv, n := 0.0, 0
		for _, m := range e.members {
			if _, ok := m.(*program); !ok {
				inv += 1 / float64(engineBudget(m))
				n++
			}
		}
		if n > 0 {
			return int(1 / inv)
		}
	case resident:
		return e.budget()
	}
	return DefaultBudget
}

// engine returns c's engine.
func (c Config) engine() Engine {
	if c.Engine == nil {
		return Default()
	}
	return c.Engine
}

// TooLarge is the error of a formula that holds, or would hold, more
// literals than the budget allows, or that would not fit under the
// process's address-space limit.
type TooLarge struct {
	Literals, Budget int64
	// Bound says that Literals is an upper bound on a formula not built,
	// from a size function such as sat.Size.
	Bound bool
	// Bytes, when not 0, is the memory the formula would take in the
	// engines in process, more than what Limit, the address-space limit
	// (ulimit -v, RLIMIT_AS), leaves, although Literals is within Budget.
	Bytes, Limit int64
}

func (e *TooLarge) Error() string {
	if e.Bytes > 0 {
		up := ""
		if e.Bound {
			up = "up to "
		}
		return fmt.Sprintf("the formula (%s%d literals) would take about %d MB in the solver, more than the address-space limit of %d MB leaves",
			up, e.Literals, e.Bytes>>20, e.Limit>>20)
	}
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
// budget, or when the engines in process could not hold that many under
// the address-space limit (see Solver.fits): a formula streamed into gini
// as it is built would meet the limit before its solve. Else it takes the
// literals from c's lease, in place of what the lease held for the run's
// previous formula, waiting while the other runs of its quota hold too
// many. It returns ctx's error when ctx ends first.
func (c Config) Reserve(ctx context.Context, literals int64) error {
	if err := c.CheckBound(literals); err != nil {
		return err
	}
	if err := fitsAddress(c.engine(), 0, literals); err != nil {
		err.Budget, err.Bound = int64(c.budget()), true
		return err
	}
	return c.Lease.reserve(ctx, literals)
}

// New returns a solver for f with a zero Config.
func New(f *cnf.CNF) *Solver { return Config{}.New(f) }

// New returns a solver for f as c says.
func (c Config) New(f *cnf.CNF) *Solver {
	e := c.engine()
	s := &Solver{f: f, budget: c.budget(), e: e, s: e.open(f), proof: c.Proof}
	switch ss := s.s.(type) {
	case *pending:
		ss.fixed, ss.budget, ss.rules = c.Budget > 0, s.budget, c.Hint
	case *race:
		ss.rules = c.Hint
	}
	return s
}

// resolve makes an Auto solver pick its engine, if it has not yet, for a
// formula that loop says is one step of an incremental loop, and takes
// the pick's session, and its budget unless c set one, as its own.
func (s *Solver) resolve(loop bool) {
	p, ok := s.s.(*pending)
	if !ok {
		return
	}
	e, why, sess := p.resolve(loop)
	s.e, s.s, s.budget = e, sess, p.budget
	s.stats.pick(Pick{Engine: e.Name(), Why: why, Solvers: 1})
}

// Name names the query that the solver's formula asks, such as "L=12",
// in the files of its proofs (Config.Proof), for the solves from now on.
func (s *Solver) Name(query string) { s.query = query }

// Formula returns the formula the solver reads.
func (s *Solver) Formula() *cnf.CNF { return s.f }

// ErrClosed is the error of a solve on a Solver that was closed.
var ErrClosed = errors.New("sat: the solver was closed")

// Close frees what the engine holds for the formula: for CaDiCaL in
// process, its memory outside Go's heap, which the garbage collector does
// not see. Later solves return ErrClosed; Model, Stats and Formula stay
// readable, and closing again does nothing. Every Solver should be closed
// once it is done with; one that is not is freed some time after it
// becomes unreachable (a cleanup of the CaDiCaL binding), which is a
// backstop, not a plan.
func (s *Solver) Close() {
	if !s.closed {
		s.closed = true
		s.s.close()
	}
}

// Solve looks for a model of the formula under the assumptions. It returns
// Unknown and the context's error when ctx ends first, a *TooLarge error
// when the formula is over the budget, ErrClosed after Close, and the
// engine's error when it failed (an external program that crashed or
// lied: a *ProgramError).
func (s *Solver) Solve(ctx context.Context, assume ...cnf.Lit) (Status, error) {
	if s.closed {
		return Unknown, ErrClosed
	}
	if err := ctx.Err(); err != nil {
		return Unknown, err
	}
	s.resolve(len(assume) > 0)
	if n := s.f.NumLits(); n > s.budget {
		return Unknown, &TooLarge{Literals: int64(n), Budget: int64(s.budget)}
	}
	if err := s.fits(); err != nil {
		return Unknown, err
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
	case s.proof != nil:
		if err := s.certify(ctx, assume); err != nil {
			return Unknown, err
		}
	}
	s.stats.win(a.by, 1)
	return a.status, nil
}

// fits returns a *TooLarge error when the engines in process could not
// hold the formula under the process's address-space limit, if one is
// set (ulimit -v): under a limit a Go program dies when an allocation
// fails. What they would take (footprint), with a quarter more for what
// growing buffers reserve on the way, must fit in the address space left,
// the limit less what the process has mapped already: 1.6 GB at the start
// of a Go 1.26 program on Linux, most of it reserved and never touched.
// Where the mapped size cannot be read, the formula must take less than
// half the limit.
func (s *Solver) fits() error {
	if err := fitsAddress(s.e, int64(s.f.MaxVar()), int64(s.f.NumLits())); err != nil {
		err.Budget = int64(s.budget)
		return err
	}
	return nil
}

// fitsAddress returns the *TooLarge error of fits for a formula of vars
// variables and lits literals solved by e, its Budget not set; nil when
// it fits or no limit is set.
func fitsAddress(e Engine, vars, lits int64) *TooLarge {
	limit := addrspace.Limit()
	if limit <= 0 {
		return nil
	}
	need := footprint(e, vars, lits)
	left := limit / 2
	if used := addrspace.Used(); used > 0 {
		left = limit - used
	}
	if need+need/4 <= left {
		return nil
	}
	return &TooLarge{Literals: lits, Bytes: need, Limit: limit}
}

// resident is an engine that holds the formula in this process: gini or
// CaDiCaL.
type resident interface {
	// budget returns the engine's default budget.
	budget() int
	// footprint estimates the engine's peak resident memory, in bytes,
	// for a formula of vars variables and lits literals.
	footprint(vars, lits int64) int64
}

// footprint estimates the peak resident memory, in bytes, of the engines
// in process of e for a formula of vars variables and lits literals.
// Programs cost nothing here: they run in processes of their own.
func footprint(e Engine, vars, lits int64) int64 {
	switch e := e.(type) {
	case *portfolio:
		var sum int64
		for _, m := range e.members {
			sum += footprint(m, vars, lits)
		}
		return sum
	case resident:
		return e.footprint(vars, lits)
	}
	return 0
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
