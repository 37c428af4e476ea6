package solver

import (
	"context"
	"time"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// Search visits the models of the formula that differ on the groups, as
// Count does, but decides the groups itself, in the order given: a
// depth-first search that sets one literal of each group in turn, under a
// scope of its own, and drops a branch as soon as unit propagation (over
// the clauses and those the engine learnt from earlier dead branches)
// refutes it; once every group is set, a solve completes the model. No
// clause is added, so nothing slows the later branches down, and the
// order replaces the engine's own branching, which on formulas with many
// auxiliary variables wanders among them (docs/results.md: deciding a
// cryptarithm's letters, heaviest first).
//
// Each group must hold exactly one true literal in every model, and the
// groups must fix the model: two models that agree on them are one for the
// search. visit gets each model and returns false to stop. Search returns
// the number of models visited.
//
// Only gini in process can propagate under scopes; with another engine,
// or when UNSAT answers are certified (Config.Proof: "no model left" must
// then be one UNSAT answer), Search finds the models by solves, blocking
// each model by the negations of its groups' true literals, as
// CountOneHot.
func (s *Solver) Search(ctx context.Context, groups [][]cnf.Lit, visit func(cnf.Model) bool) (int, error) {
	s.resolve(true)
	x, ok := s.s.(searcher)
	if !ok || len(groups) == 0 || s.proof != nil {
		return s.enumerate(ctx, nil, visit, func(m cnf.Model) []cnf.Lit {
			var block []cnf.Lit
			for _, g := range groups {
				for _, l := range g {
					if m.Value(l) {
						block = append(block, l.Not())
						break
					}
				}
			}
			return block
		})
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	// The outer scope of the search is a fresh variable, which no clause
	// holds: see giniSession.search.
	outer := s.f.Var("")
	if n := s.f.NumLits(); n > s.budget {
		return 0, &TooLarge{Literals: int64(n), Budget: int64(s.budget)}
	}
	start := time.Now()
	n, work, err := x.search(ctx, outer.Pos(), groups, visit)
	s.stats.Time += time.Since(start)
	s.stats.Solves++
	s.stats.Vars, s.stats.Clauses = s.f.NumVars(), s.f.NumClauses()
	s.stats.addWork(work)
	s.stats.win("gini", 1)
	return n, err
}

// searcher is a session that runs Search itself: gini's.
type searcher interface {
	// search runs Search over groups under the scope of the literal
	// outer, which no clause holds, and returns the models visited and
	// the work done.
	search(ctx context.Context, outer cnf.Lit, groups [][]cnf.Lit, visit func(cnf.Model) bool) (int, Stats, error)
}

// enumerate calls visit with each model of the formula under the
// assumptions until visit returns false or there is no model left. Each
// model m found is blocked by the clause block(m), guarded by a fresh
// selector, which is switched off for good at the end, so the formula's
// meaning is unchanged and the solver can be reused for other queries. It
// returns the number of models visited.
func (s *Solver) enumerate(ctx context.Context, assume []cnf.Lit, visit func(cnf.Model) bool, block func(cnf.Model) []cnf.Lit) (int, error) {
	sel := s.f.Selector("")
	defer s.f.Add(sel.Neg())
	as := append(append([]cnf.Lit(nil), assume...), sel.Pos())
	n := 0
	for {
		st, err := s.Solve(ctx, as...)
		if err != nil || st == Unsat {
			return n, err
		}
		n++
		m := s.model
		if !visit(m) {
			return n, nil
		}
		s.f.Add(append([]cnf.Lit{sel.Neg()}, block(m)...)...)
	}
}
