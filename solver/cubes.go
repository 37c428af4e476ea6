package solver

import (
	"context"
	"errors"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// Cubes holds a cube being built over a Solver's formula: a stack of
// groups of assumptions, each extension checked by unit propagation, and
// solves under the whole stack. A search over cubes pushes a group, goes
// deeper while the stack survives, and pops it to try the next.
type Cubes interface {
	// Push puts the group g on top and reports whether the stack still
	// survives unit propagation. A refuted group stays until Pop.
	Push(g []cnf.Lit) bool
	// Hold puts a group that is not checked on top, over a stack that is
	// refuted already, so that pushes and pops stay paired.
	Hold()
	// Pop takes the top group off and reports whether the rest is still
	// not known refuted.
	Pop() bool
	// Solve solves under every group of the stack.
	Solve(ctx context.Context) (Status, error)
	// Clear takes every group off; the clauses added to the formula since
	// the last Clear are read by the next Push.
	Clear()
	// InSolver reports whether the stack lives in the engine's own test
	// scopes (gini's), where a push costs less and the engine's counters
	// are read only by a solve.
	InSolver() bool
}

// Cubes returns a cube stack over s: gini's test scopes (giniCubes) when
// s is a gini whose clause set is known satisfiable and unit is false,
// and otherwise our own unit propagation with the stack solved as
// assumptions (unitCubes), which works with any engine.
func (s *Solver) Cubes(unit bool) Cubes {
	s.resolve(true)
	if g, ok := s.s.(*giniSession); ok && g.safe && !unit {
		return &giniCubes{s: s, g: g}
	}
	return &unitCubes{s: s, up: newPropagator(s.f)}
}

// unitCubes checks the stack by our own propagator and solves it as
// assumptions: each solve propagates the whole cube again in the engine.
type unitCubes struct {
	s      *Solver
	up     *propagator
	groups [][]cnf.Lit
	flat   []cnf.Lit
}

func (u *unitCubes) Push(g []cnf.Lit) bool {
	if len(u.groups) == 0 {
		u.up.sync()
	}
	u.groups = append(u.groups, g)
	return u.up.assume(g...)
}

func (u *unitCubes) InSolver() bool { return false }

func (u *unitCubes) Hold() {
	u.groups = append(u.groups, nil)
	u.up.open()
}

func (u *unitCubes) Pop() bool {
	u.groups = u.groups[:len(u.groups)-1]
	u.up.undo()
	return true
}

func (u *unitCubes) Solve(ctx context.Context) (Status, error) {
	u.flat = u.flat[:0]
	for _, g := range u.groups {
		u.flat = append(u.flat, g...)
	}
	return u.s.Solve(ctx, u.flat...)
}

func (u *unitCubes) Clear() {
	for range u.groups {
		u.up.undo()
	}
	u.groups = u.groups[:0]
}

// giniCubes keeps the stack in gini's test scopes (Gini.Test and
// Untest): each group is propagated once, with the clauses gini has
// learnt, which refute more cubes than the formula's alone, and a solve
// starts from the scopes instead of propagating the cube again. gini
// allows no clause to be added under a scope, so the session reads new
// clauses when the stack is empty; and it must be known satisfiable, so
// that an UNSAT answer under the scopes leaves it usable (notes/gini.md,
// bug 1). gini holds a conflict after a refuted Test, an UNSAT solve or an
// Untest that leaves the scopes refuted; only Untest may follow then.
type giniCubes struct {
	s        *Solver
	g        *giniSession
	scopes   []bool // by group: a test scope of gini (true) or a hold
	conflict bool   // gini holds a conflict under its scopes
	err      error
}

// errUnguarded is the error of giniCubes when a clause not guarded by a
// selector was added after the session was known satisfiable: gini may
// have to be rebuilt after an UNSAT answer, and its scopes with it.
var errUnguarded = errors.New("sat: a clause without a selector was added under cubes")

func (c *giniCubes) Push(g []cnf.Lit) bool {
	if c.conflict {
		c.Hold()
		return false
	}
	if len(c.scopes) == 0 {
		// The stack was made after a solve, which made the gini.
		c.g.sync(context.Background(), &c.s.stats)
		if !c.g.safe {
			c.err = errUnguarded
		}
	}
	for _, l := range g {
		c.g.g.Assume(lit(l))
	}
	res, _ := c.g.g.Test(nil)
	c.scopes = append(c.scopes, true)
	c.conflict = res == -1
	return !c.conflict
}

func (c *giniCubes) InSolver() bool { return true }

func (c *giniCubes) Hold() { c.scopes = append(c.scopes, false) }

func (c *giniCubes) Pop() bool {
	top := c.scopes[len(c.scopes)-1]
	c.scopes = c.scopes[:len(c.scopes)-1]
	if top {
		c.conflict = c.g.g.Untest() == -1
	}
	return !c.conflict
}

func (c *giniCubes) Solve(ctx context.Context) (Status, error) {
	if c.err != nil {
		return Unknown, c.err
	}
	if c.conflict {
		return Unsat, nil
	}
	st, err := c.s.Solve(ctx)
	c.conflict = st == Unsat
	return st, err
}

func (c *giniCubes) Clear() {
	for len(c.scopes) > 0 {
		c.Pop()
	}
	c.conflict = false
}
