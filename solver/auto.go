package solver

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// Auto returns the engine that picks, for each formula, the engine in
// process that its rules expect to answer it soonest: gini, or CaDiCaL
// when it is built in (see Cadical). It is the Default in a build with
// CaDiCaL; in a build without, it always picks gini.
//
// The pick is made once per Solver, the first time it needs its engine
// (its first solve, or the first Search, Cubes or Inline), from what the
// formula is then: the puzzle kind its first comment names ("puzzlesat
// KIND ...", which every encoder of package encode writes and
// ReadDIMACS keeps), a sudoku's side, its literals, and whether it is
// one step of an incremental loop (solved under assumptions, counted,
// searched or cubed); a streaming formula is picked for when its size is
// first hinted or its first clauses arrive. The rules are a table,
// measured on every kind's data (docs/solvers.md); the choice depends on
// nothing else, so the same formula in the same build always gets the
// same engine. Auto never picks an engine that is not built in, nor
// CaDiCaL for a formula over CadicalBudget, nor a program: a program
// would start a process for every solve of a loop, and its UNSAT answer,
// of a program the user never named, could not be believed alone.
//
// Stats.Picks names each pick and the rule that made it.
func Auto() Engine { return autoEngine{} }

type autoEngine struct{}

func (autoEngine) Name() string { return "auto" }

// budget is gini's: auto picks gini for a formula too large for CaDiCaL.
func (autoEngine) budget() int { return DefaultBudget }

// footprint is that of the engine auto may pick at that size that holds
// the most: CaDiCaL's, within its budget.
func (autoEngine) footprint(vars, lits int64) int64 {
	fp := giniEngine{}.footprint(vars, lits)
	if c, ok := Cadical(); ok && lits <= CadicalBudget {
		fp = max(fp, c.(resident).footprint(vars, lits))
	}
	return fp
}

// open returns a session that picks its engine at its first solve; a
// Solver picks sooner, where it needs the engine's own session (resolve).
func (a autoEngine) open(f *cnf.CNF) session { return &pending{f: f} }

// stream returns a session that f streams into: it holds f's first
// clauses until the formula's size is hinted (cnf.CNF.Hint) or
// pendingLits literals have come, then picks, and f streams into the
// pick from then on.
func (a autoEngine) stream(f *cnf.CNF, budget int) session {
	p := &pending{f: f, stream: true, budget: budget}
	f.Stream(p)
	return p
}

// facts are what auto knows of a formula when it picks.
type facts struct {
	kind string // the puzzle kind of the formula's first comment, "" for none
	side int    // a sudoku's side, from that comment
	vars int
	lits int
	loop bool // one step of an incremental loop
}

// factsOf returns the facts of f for a solver that loop says is in a
// loop, lits its literals (those hinted, for a streaming f).
func factsOf(f *cnf.CNF, lits int, loop bool) facts {
	q := facts{vars: f.NumVars(), lits: lits, loop: loop}
	for _, c := range f.Comments() {
		rest, ok := strings.CutPrefix(c, "puzzlesat ")
		if !ok {
			continue
		}
		words := strings.Fields(rest)
		if len(words) > 0 {
			q.kind = words[0]
		}
		if q.kind == "sudoku" && len(words) > 1 {
			side, _, _ := strings.Cut(words[1], "x")
			q.side, _ = strconv.Atoi(side)
		}
		break
	}
	return q
}

// Auto's engines: the names of rule.engine.
const (
	pickGini    = "gini"
	pickCadical = "cadical"
)

// rule is one row of auto's table: the formulas it matches, the engine it
// picks for them, its name in Stats.Picks, and the time its pick is
// expected to take per literal of the formula on the kind's hard
// queries, which sets how long a portfolio's first racer races alone.
type rule struct {
	kind   string           // the kind it matches; "" matches any
	match  func(facts) bool // nil matches every formula of the kind
	engine string           // pickGini or pickCadical
	why    string           // one word, for Stats.Picks
	cost   time.Duration    // per literal
}

// sticksLarge is the size, in literals, past which a sticks query is
// CaDiCaL's: the few that large in the CERC data are the hard ones
// (block 18 at L = 122 among them), where CaDiCaL's search pays; below,
// its start costs more than the query (docs/solvers.md).
const sticksLarge = 100_000

// rules is auto's table, the first match winning; docs/solvers.md holds
// the measurements behind each row. CaDiCaL wins where formulas are hard
// for their size (the hard 36x36 sudokus, cats, the digit-puzzle's
// oracle, a cake's single bound, the largest sticks queries) and gini
// where they are many and easy, or large and easy, or where the search
// runs in gini's own test scopes (the cake's cubes, the cryptarithm's
// ordered search).
var rules = []rule{
	{match: func(q facts) bool { return q.lits > CadicalBudget }, engine: pickGini, why: "over-cadical-budget", cost: 500 * time.Nanosecond},
	{kind: "sudoku", match: func(q facts) bool { return q.side <= 9 }, engine: pickCadical, why: "sudoku-9x9", cost: time.Microsecond},
	{kind: "sudoku", match: func(q facts) bool { return q.side <= 25 }, engine: pickGini, why: "sudoku-16-25", cost: 4 * time.Microsecond},
	{kind: "sudoku", match: func(q facts) bool { return q.side <= 49 }, engine: pickCadical, why: "sudoku-36-49", cost: 64 * time.Microsecond},
	{kind: "sudoku", engine: pickGini, why: "sudoku-64+", cost: 500 * time.Nanosecond},
	{kind: "cake", match: func(q facts) bool { return q.loop }, engine: pickGini, why: "cake-cubes", cost: time.Microsecond},
	{kind: "cake", engine: pickCadical, why: "cake-bound", cost: 10 * time.Microsecond},
	{kind: "sticks", match: func(q facts) bool { return q.lits > sticksLarge }, engine: pickCadical, why: "sticks-large", cost: 4 * time.Microsecond},
	{kind: "sticks", engine: pickGini, why: "sticks", cost: time.Microsecond},
	{kind: "cats", engine: pickCadical, why: "cats", cost: 32 * time.Microsecond},
	{kind: "digit-puzzle", engine: pickCadical, why: "digit-puzzle", cost: time.Microsecond},
	{kind: "alphametic", engine: pickGini, why: "alphametic", cost: 2 * time.Microsecond},
	{kind: "cryptarithm", engine: pickGini, why: "cryptarithm", cost: time.Microsecond},
	{engine: pickCadical, why: "other-formula", cost: 2 * time.Microsecond},
}

// ruleFor returns the first rule of the table that matches q.
func ruleFor(q facts) rule {
	for _, r := range rules {
		if (r.kind == "" || r.kind == q.kind) && (r.match == nil || r.match(q)) {
			return r
		}
	}
	return rule{engine: pickGini, why: "no-rule"} // the table ends with a rule for every formula
}

// pick returns the engine auto picks for q, and why.
func pick(q facts) (Engine, string) {
	r := ruleFor(q)
	if r.engine == pickCadical {
		if e, ok := Cadical(); ok {
			return e, r.why
		}
		return Gini(), "no-cadical"
	}
	return Gini(), r.why
}

// Pick is one of auto's picks, as Stats.Picks lists them: the engine it
// picked, the rule that picked it, and how many solvers it picked it for.
type Pick struct {
	Engine  string // the engine's Name
	Why     string // the rule's name, such as "sudoku-36-49"; "no-cadical" in a build without CaDiCaL
	Solvers int
}

func (p Pick) String() string { return fmt.Sprintf("%s(%s)", p.Engine, p.Why) }

// pendingLits is how many literals a streaming formula may hand a pending
// session before it picks without a hint: the clauses it holds meanwhile
// stay few.
const pendingLits = 1 << 12

// pending is the session of an auto solver before its pick: it picks at
// its first solve, or sooner when the Solver needs the engine's own
// session (Solver.resolve), or, streaming, at the formula's hint.
type pending struct {
	f      *cnf.CNF
	stream bool // f streams into it (NewStreaming)
	budget int  // the literals past which a streaming pick takes no more
	// fixed: the budget was set by the Config, not auto's default, so a
	// pick keeps it rather than taking its engine's own.
	fixed bool
	// A streaming f's clauses before the pick (flat, each ended by 0),
	// and its hint.
	held     []cnf.Lit
	heldLits int
	hinted   bool
	hint     [3]int // vars, clauses, lits
	// build is the context a streaming f is built under (Solver.watch).
	build context.Context

	picked Engine // nil before the pick
	why    string
	s      session // the pick's session
}

// resolve picks for a formula that loop says is one step of a loop, once,
// and returns the pick, why, and its session.
func (p *pending) resolve(loop bool) (Engine, string, session) {
	if p.picked != nil {
		return p.picked, p.why, p.s
	}
	lits := p.f.NumLits()
	if p.hinted {
		lits = max(lits, p.hint[2])
	}
	p.picked, p.why = pick(factsOf(p.f, lits, loop))
	if !p.fixed {
		p.budget = engineBudget(p.picked)
	}
	if !p.stream {
		p.s = p.picked.open(p.f)
		return p.picked, p.why, p.s
	}
	p.s = p.picked.(streamer).stream(p.f, p.budget) // f streams into it from now on
	if p.build != nil {
		if gs, ok := p.s.(*giniSession); ok {
			gs.build = p.build
		}
	}
	if h, ok := p.s.(interface{ Hint(vars, clauses, lits int) }); ok && p.hinted {
		h.Hint(p.hint[0], p.hint[1], p.hint[2]) // before the held clauses, which would size it otherwise
	}
	sink := p.s.(cnf.Sink)
	start := 0
	for i, l := range p.held {
		if l == 0 {
			sink.AddClause(p.held[start:i])
			start = i + 1
		}
	}
	p.held = nil
	return p.picked, p.why, p.s
}

func (p *pending) solve(ctx context.Context, assume []cnf.Lit) (answer, error) {
	_, _, s := p.resolve(len(assume) > 0)
	return s.solve(ctx, assume)
}

func (p *pending) close() {
	if p.s != nil {
		p.s.close()
	}
	p.held = nil
}

// AddClause holds a clause of a streaming formula until the pick
// (cnf.Sink), and picks once pendingLits have come.
func (p *pending) AddClause(ls []cnf.Lit) {
	if p.picked != nil { // f streams into the pick; only a clause in flight comes here
		p.s.(cnf.Sink).AddClause(ls)
		return
	}
	p.held = append(append(p.held, ls...), 0)
	if p.heldLits += len(ls); p.heldLits >= pendingLits {
		p.resolve(false)
	}
}

// Hint picks for a streaming formula of that size (cnf.CNF.Hint).
func (p *pending) Hint(vars, clauses, lits int) {
	if p.picked != nil {
		if h, ok := p.s.(interface{ Hint(vars, clauses, lits int) }); ok {
			h.Hint(vars, clauses, lits)
		}
		return
	}
	p.hinted, p.hint = true, [3]int{vars, clauses, lits}
	p.resolve(false)
}
