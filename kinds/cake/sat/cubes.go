package sat

import (
	"context"
	"fmt"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/cake"
	"github.com/puzzlesat/puzzlesat/solver"
)

// How many layers, from the bottom, the cubes of Cake fix, the best
// measured on the slowest pairs (docs/results.md): more where a cube costs
// one propagation (gini's test scopes), fewer where every solve propagates
// the cube again (our own propagation).
const (
	giniCubeLayers = 4
	unitCubeLayers = 2
)

// cakeCubes is a branch and bound over cubes, a form of cube and conquer
// (Heule et al., "Cube and Conquer", HVC 2011): a cube fixes the radius
// and height of the bottom layers by assumptions on one solver, whose
// formula bounds the area below the best cake so far by a selector
// (CakeQuery.AtMost). Cubes are built a layer at a time, radius then
// height, widest and tallest first, and each extension is checked by unit
// propagation before any solve (solver.Cubes: in gini's test scopes, with
// the clauses it has learnt, or by our own propagator for other engines):
// most die there, as the formula's bounds cut them, and only the cubes
// that survive every layer are solved. A cube that has a cake under the
// bound gives a better best, and is solved again under the tighter bound
// until it has none; the cubes before it were refuted under a looser
// bound, so they stay refuted. Every cake lies in exactly one cube, so
// when the last cube is done the best cake is optimal.
//
// The formula is the query at the bound of the first cake, so its domains
// are as tight as that bound allows (CakeQuery); each tighter bound comes
// with its own by AtMost. The solver is first shown a model, the first
// cake assumed, so that its clause set is known satisfiable: every later
// clause is guarded by a selector, and UNSAT under assumptions leaves it
// reusable (notes/gini.md, bug 1).
type cakeCubes struct {
	ctx   context.Context
	q     *Query
	s     *solver.Solver
	stack solver.Cubes
	best  cake.Answer
	depth int         // layers the cubes fix
	path  [][]cnf.Lit // path[0] is the bound's selector, then a radius or height per level
	alive int         // path[:alive] is not known refuted, the rest is, under the bound
	nodes int         // cube extensions checked by propagation
	err   error
}

// cubeOptions say how searchCubes works.
type cubeOptions struct {
	depth int      // layers the cubes fix, from the bottom; 0 for the default of the stack
	enc   Encoding // the formula's
	unit  bool     // check cubes by our own propagation even with gini
}

// searchCubes finds the optimal cake of p by cubes as o says, starting
// from the cake first.
func searchCubes(ctx context.Context, p cake.Instance, c solver.Config, first cake.Answer, o cubeOptions) (*cakeCubes, error) {
	q := EncodeWith(p, first.Area, o.enc)
	cc := &cakeCubes{ctx: ctx, q: q, s: c.New(q.Formula()), best: first}
	defer cc.s.Close() // its Stats stay readable
	if err := cc.seed(first); err != nil {
		return cc, err
	}
	cc.stack = cc.s.Cubes(o.unit)
	if o.depth == 0 {
		o.depth = unitCubeLayers
		if cc.stack.InSolver() {
			o.depth = giniCubeLayers
		}
	}
	cc.depth = min(o.depth, p.Layers-1)
	cc.path = [][]cnf.Lit{nil}
	cc.tighten(first)
	if cc.alive == 1 {
		cc.layer(0, p.Volume+1, p.Volume+1)
	}
	if cc.stack.InSolver() && cc.err == nil {
		// gini's counters are read by a solve; those of the test scopes
		// since the last one, by one more, which the best cake answers
		// at once.
		cc.stack.Clear()
		cc.err = cc.seed(cc.best)
	}
	return cc, cc.err
}

// seed solves under the assumptions of the cake a, which must be a model
// of the formula without the bound's selector.
func (c *cakeCubes) seed(a cake.Answer) error {
	var as []cnf.Lit
	for i, l := range a.Layers {
		r, ok := c.q.Radius(i, l.R)
		hs, ok2 := c.q.Height(i, l.H)
		if !ok || !ok2 {
			return fmt.Errorf("cake: layer %d of the first cake (R=%d H=%d) is outside the query's domain", i+1, l.R, l.H)
		}
		as = append(append(as, r), hs...)
	}
	st, err := c.s.Solve(c.ctx, as...)
	if err == nil && st != solver.Sat {
		err = fmt.Errorf("cake: the first cake (area %d) is no model of its query", a.Area)
	}
	return err
}

// tighten records a as the best cake, bounds the area below it from now
// on, and replays the path under the new bound: alive tells how much of
// it survives.
func (c *cakeCubes) tighten(a cake.Answer) {
	c.best = a
	c.stack.Clear()
	c.path[0] = []cnf.Lit{c.q.AtMost(a.Area - 1)}
	c.alive = 0
	for j, g := range c.path {
		switch {
		case c.alive < j:
			c.stack.Hold()
		case c.stack.Push(g):
			c.alive = j + 1
		}
	}
}

// push extends the path by the literals g and reports whether it
// survives propagation.
func (c *cakeCubes) push(g []cnf.Lit) bool {
	c.path = append(c.path, g)
	c.nodes++
	if c.alive < len(c.path)-1 {
		c.stack.Hold()
		return false
	}
	if c.stack.Push(g) {
		c.alive = len(c.path)
		return true
	}
	return false
}

// pop takes back the last push. When the stack finds the rest refuted
// (gini learnt a clause that refutes it), the top of the rest is marked
// refuted: its loop ends, and its own pop tells about the groups below.
func (c *cakeCubes) pop() {
	c.path = c.path[:len(c.path)-1]
	ok := c.stack.Pop()
	c.alive = min(c.alive, len(c.path))
	if !ok {
		c.alive = min(c.alive, len(c.path)-1)
	}
}

// live reports whether the first n groups of the path are still alive
// and the search goes on.
func (c *cakeCubes) live(n int) bool { return c.err == nil && c.alive >= n }

// layer tries every radius below rBelow and height below hBelow of layer
// i (0 is the bottom), widest and tallest first, then the layers above.
func (c *cakeCubes) layer(i, rBelow, hBelow int) {
	if i == c.depth {
		c.leaf()
		return
	}
	n := len(c.path)
	rlo, rhi, hlo, hhi := c.q.Domain(i)
	for r := min(rhi, rBelow-1); r >= rlo && c.live(n); r-- {
		if c.err = c.ctx.Err(); c.err != nil {
			return
		}
		x, _ := c.q.Radius(i, r)
		if c.push([]cnf.Lit{x}) {
			for h := min(hhi, hBelow-1); h >= hlo && c.live(n+1); h-- {
				hs, _ := c.q.Height(i, h)
				if c.push(hs) {
					c.layer(i+1, r, h)
				}
				c.pop()
			}
		}
		c.pop()
	}
}

// leaf solves the cube of the path until it has no better cake.
func (c *cakeCubes) leaf() {
	for c.live(len(c.path)) {
		st, err := c.stack.Solve(c.ctx)
		if err != nil || st == solver.Unsat {
			c.err = err
			return
		}
		a, err := c.q.Decode(c.s.Model())
		if err == nil && a.Area >= c.best.Area {
			err = fmt.Errorf("cake: a model of area %d under the bound %d", a.Area, c.best.Area-1)
		}
		if err != nil {
			c.err = err
			return
		}
		c.tighten(a)
	}
}
