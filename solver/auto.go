package solver

import (
	"context"
	"fmt"
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
// formula is then: the rules of the Hint its Config carries (those of
// the puzzle kind that built it), its variables and literals, and
// whether it is one step of an incremental loop (solved under
// assumptions, counted, searched or cubed); a streaming formula is
// picked for when its size is first hinted or its first clauses arrive.
// The choice depends on nothing else, so the same formula with the same
// hint in the same build always gets the same engine. Auto never picks
// an engine that is not built in, nor CaDiCaL for a formula over
// CadicalBudget, nor a program: a program would start a process for
// every solve of a loop, and its UNSAT answer, of a program the user
// never named, could not be believed alone. A formula that no rule of its
// hint matches gets CaDiCaL, which wins on formulas hard for their size.
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
	hint Hint
	Formula
}

// factsOf returns the facts of f, whose Config carries hint, for a
// solver that loop says is in a loop, lits its literals (those hinted,
// for a streaming f).
func factsOf(f *cnf.CNF, hint Hint, lits int, loop bool) facts {
	return facts{hint: hint, Formula: Formula{Vars: f.NumVars(), Lits: lits, Loop: loop}}
}

// overBudget is auto's first rule, before any hint's: a formula over
// CaDiCaL's budget is gini's.
var overBudget = Rule{Name: "over-cadical-budget", Cost: 500 * time.Nanosecond, Match: func(f Formula) bool { return f.Lits > CadicalBudget }}

// otherFormula is auto's rule for a formula that no rule of its hint
// matches: CaDiCaL, which wins where formulas are hard for their size.
var otherFormula = Rule{Name: "other-formula", Cadical: true, Cost: 2 * time.Microsecond}

// ruleFor returns the rule auto applies to q: the budget's, else the
// first of q's hint that matches, else otherFormula.
func ruleFor(q facts) Rule { return q.hint.Match(q.Formula) }

// engineName is the name of the engine in process that r picks.
func (r Rule) engineName() string {
	if r.Cadical {
		return "cadical"
	}
	return "gini"
}

// pick returns the engine auto picks for q, and why.
func pick(q facts) (Engine, string) {
	r := ruleFor(q)
	if r.Cadical {
		if e, ok := Cadical(); ok {
			return e, r.Name
		}
		return Gini(), "no-cadical"
	}
	return Gini(), r.Name
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
	// rules is the Config's Hint, which the pick follows.
	rules Hint

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
	p.picked, p.why = pick(factsOf(p.f, p.rules, lits, loop))
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
