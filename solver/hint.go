package solver

import "time"

// Hint tells Auto, and a portfolio, which races Auto's pick first, what
// the formulas of one kind of problem are like, which their clauses do
// not say: the rules that pick an engine for them, measured on the
// kind's data. A puzzle kind makes the hint of its instances (kind.Hinter)
// and its SAT backend is given it in Config.Hint. The rules are tried in
// order after Auto's own for a formula over CaDiCaL's budget, the first
// match winning; a formula that none matches gets CaDiCaL. A nil Hint
// knows nothing.
type Hint []Rule

// Rule picks an engine for the formulas it matches.
type Rule struct {
	// Name names the rule in Stats.Picks, such as "sudoku-9x9".
	Name string
	// Cadical picks CaDiCaL in process (gini in a build without it);
	// else the rule picks gini.
	Cadical bool
	// Cost is the time the pick is expected to take per literal of the
	// formula on the kind's hard queries: how long a portfolio's first
	// racer races alone.
	Cost time.Duration
	// Match, when not nil, says which formulas the rule takes; nil takes
	// every formula.
	Match func(Formula) bool
}

// Formula is what a Rule sees of a formula when Auto picks for it.
type Formula struct {
	Vars, Lits int
	// Loop: the formula is one step of an incremental loop (solved
	// under assumptions, counted, searched or cubed).
	Loop bool
}

// Match returns the rule that Auto applies to a formula f of h's kind:
// its own for a formula over CadicalBudget, else the first rule of h
// that matches f, else its rule for any other formula, "other-formula".
func (h Hint) Match(f Formula) Rule {
	if overBudget.Match(f) {
		return overBudget
	}
	for _, r := range h {
		if r.Match == nil || r.Match(f) {
			return r
		}
	}
	return otherFormula
}
