package solver

import (
	"context"

	"github.com/go-air/gini/z"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// search runs Solver.Search on gini with its scoped propagation: Test
// opens a scope holding the assumptions made since the last one and
// propagates them, Untest closes it. A refuted scope leaves a conflict
// that the Untest closing it analyses, which teaches gini a clause; when
// that clause refutes the scope below too, Untest says so (-1), and the
// search closes that one as well before trying anything else there. A
// leaf, where every group is set, is completed by a solve under the
// scopes, unless propagation assigned every variable already.
//
// gini's conflict analysis breaks on a conflict at decision level 0
// (notes/gini.md, bug 1), which closing a refuted scope right above level
// 0 would analyse when the clause set is unsatisfiable. So the whole search
// runs inside the scope of outer, a variable no clause holds, at level 1:
// every conflict is then analysed at level 1 or above, where gini asserts
// the units it learns, and when the clauses learnt refute the outer scope
// itself, the clause set is unsatisfiable and the scope is left open, the
// solver poisoned. So is it after a search that found no model, as after
// an UNSAT answer (see solve).
func (s *giniSession) search(ctx context.Context, outer cnf.Lit, groups [][]cnf.Lit, visit func(cnf.Model) bool) (int, Stats, error) {
	x := &giniSearch{s: s, ctx: ctx, visit: visit, groups: make([][]z.Lit, len(groups))}
	for k, g := range groups {
		x.groups[k] = make([]z.Lit, len(g))
		for i, l := range g {
			x.groups[k][i] = lit(l)
		}
	}
	if err := s.sync(ctx, &x.work); err != nil {
		return 0, x.work, err
	}
	s.g.Assume(lit(outer))
	refuted := true
	if res, _ := s.g.Test(nil); res != -1 && !x.node(0) {
		refuted = s.g.Untest() == -1
	}
	if refuted || x.found == 0 && !s.safe {
		s.poisoned = true
	}
	return x.found, x.work, x.err
}

// giniSearch is the state of one search.
type giniSearch struct {
	s      *giniSession
	ctx    context.Context
	groups [][]z.Lit
	visit  func(cnf.Model) bool
	found  int
	stop   bool  // visit said stop, or ctx ended
	err    error // ctx's error
	work   Stats
}

// node tries each literal of group k that propagation has not refuted,
// each in a scope of its own. It returns true when the scope it runs in
// turned out refuted: the clause learnt on closing a child refutes it.
func (x *giniSearch) node(k int) bool {
	g := x.s.g
	for _, l := range x.groups[k] {
		if x.stop {
			return false
		}
		if g.Value(l.Not()) {
			continue
		}
		if err := x.ctx.Err(); err != nil {
			x.stop, x.err = true, err
			return false
		}
		x.work.Decisions++
		g.Assume(l)
		switch res, _ := g.Test(nil); {
		case res == -1:
			x.work.Conflicts++
		case k+1 < len(x.groups):
			x.node(k + 1)
		default:
			x.leaf(res == 1)
		}
		if g.Untest() == -1 {
			return true
		}
	}
	return false
}

// leaf completes a model under the scopes: every group is set, and
// assigned says propagation set every variable too.
func (x *giniSearch) leaf(assigned bool) {
	if !assigned {
		switch x.s.run(x.ctx, &x.work) {
		case -1:
			return // the groups' values have no model
		case 0:
			x.stop, x.err = true, x.ctx.Err()
			return
		}
	}
	x.found++
	x.s.safe = true
	if !x.visit(x.s.readModel()) {
		x.stop = true
	}
}
