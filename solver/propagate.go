package solver

import (
	"github.com/puzzlesat/puzzlesat/cnf"
)

// propagator runs unit propagation over a formula in Go, without a SAT
// engine: a check of assumptions that costs microseconds and works the
// same whatever engine solves. It keeps a trail of levels, so that a
// caller can extend the assumptions, check, and take them back, as a
// search over cubes does. It reads the formula's clauses lazily, as a
// Solver does, at level 0.
//
// Two watched literals per clause (Moskewicz et al., "Chaff", DAC 2001),
// with a blocking literal in each watch (Sörensson and Eén, "MiniSat
// 2.1", 2008) and binary clauses kept as implications: a clause is
// visited only when a watched literal becomes false and the blocker is
// not true, and nothing is undone on backtracking but the values.
type propagator struct {
	f       *cnf.CNF
	read    int       // clauses of f read so far
	lits    []cnf.Lit // the clauses of three literals or more, back to back
	starts  []int32   // starts[c]: clause c's first literal in lits; one more at the end
	watches [][]watch // watches[l]: visited when l becomes false
	value   []int8    // by literal: 1 true, -1 false, 0 unknown
	trail   []cnf.Lit // the literals made true, in order
	levels  []int     // levels[i]: the trail's length when level i+1 began
	head    int       // trail[head:] is not propagated yet
	unsat   bool      // the clauses alone propagate to a conflict
	scratch []cnf.Lit // the clause being read
}

// watch is an entry of a watch list: a binary clause (clause < 0) whose
// other literal is other, or a longer clause with a blocker, a literal of
// the clause whose truth satisfies it.
type watch struct {
	clause int32
	other  cnf.Lit
}

// newPropagator returns a propagator for f, at level 0.
func newPropagator(f *cnf.CNF) *propagator {
	return &propagator{f: f, starts: []int32{0}}
}

// sync reads the clauses added to f since the last call and propagates
// them. It must be called at level 0.
func (p *propagator) sync() {
	if n := 2 * (p.f.NumVars() + 1); len(p.value) < n {
		p.value = append(p.value, make([]int8, n-len(p.value))...)
		p.watches = append(p.watches, make([][]watch, n-len(p.watches))...)
	}
	for ; p.read < p.f.NumClauses(); p.read++ {
		p.addClause(p.f.Clause(p.read))
	}
	if !p.unsat && !p.propagate() {
		p.unsat = true
	}
}

// addClause adds a clause at level 0: dropped when satisfied there, its
// false literals left out; a unit is assigned, an empty one makes the
// propagator unsat.
func (p *propagator) addClause(c []cnf.Lit) {
	p.scratch = p.scratch[:0]
	for _, l := range c {
		switch p.value[l] {
		case 1:
			return
		case 0:
			p.scratch = append(p.scratch, l)
		}
	}
	c = p.scratch
	switch len(c) {
	case 0:
		p.unsat = true
	case 1:
		p.assign(c[0])
	case 2:
		p.watches[c[0]] = append(p.watches[c[0]], watch{-1, c[1]})
		p.watches[c[1]] = append(p.watches[c[1]], watch{-1, c[0]})
	default:
		id := int32(len(p.starts) - 1)
		p.lits = append(p.lits, c...)
		p.starts = append(p.starts, int32(len(p.lits)))
		p.watches[c[0]] = append(p.watches[c[0]], watch{id, c[1]})
		p.watches[c[1]] = append(p.watches[c[1]], watch{id, c[0]})
	}
}

// assign makes l true, to be propagated.
func (p *propagator) assign(l cnf.Lit) {
	p.value[l], p.value[l.Not()] = 1, -1
	p.trail = append(p.trail, l)
}

// assume opens a level, makes the literals true and propagates. It
// reports false when that conflicts; the level stays open either way, for
// undo to close.
func (p *propagator) assume(ls ...cnf.Lit) bool {
	p.open()
	if p.unsat {
		return false
	}
	for _, l := range ls {
		switch p.value[l] {
		case -1:
			return false
		case 0:
			p.assign(l)
		}
	}
	return p.propagate()
}

// open opens an empty level, for undo to close: a place holder for
// assumptions not made.
func (p *propagator) open() { p.levels = append(p.levels, len(p.trail)) }

// undo closes the last level opened by assume or open.
func (p *propagator) undo() {
	n := p.levels[len(p.levels)-1]
	p.levels = p.levels[:len(p.levels)-1]
	for _, l := range p.trail[n:] {
		p.value[l], p.value[l.Not()] = 0, 0
	}
	p.trail = p.trail[:n]
	p.head = n
}

// propagate assigns what the clauses imply until nothing is left or a
// clause is false; it reports false in that case.
func (p *propagator) propagate() bool {
	for p.head < len(p.trail) {
		f := p.trail[p.head].Not() // the literal that became false
		p.head++
		ws := p.watches[f]
		kept := ws[:0]
		for i, w := range ws {
			if p.value[w.other] == 1 {
				kept = append(kept, w)
				continue
			}
			if w.clause < 0 { // binary: other is unit or false
				kept = append(kept, w)
				if p.value[w.other] == -1 {
					p.watches[f] = append(kept, ws[i+1:]...)
					return false
				}
				p.assign(w.other)
				continue
			}
			c := p.lits[p.starts[w.clause]:p.starts[w.clause+1]]
			if c[0] == f { // keep the false watch in c[1]
				c[0], c[1] = c[1], c[0]
			}
			if c[0] != w.other && p.value[c[0]] == 1 {
				kept = append(kept, watch{w.clause, c[0]})
				continue
			}
			moved := false
			for j := 2; j < len(c); j++ {
				if p.value[c[j]] != -1 {
					c[1], c[j] = c[j], c[1]
					p.watches[c[1]] = append(p.watches[c[1]], watch{w.clause, c[0]})
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			kept = append(kept, watch{w.clause, c[0]})
			if p.value[c[0]] == -1 { // conflict: keep the rest of the watches
				p.watches[f] = append(kept, ws[i+1:]...)
				return false
			}
			p.assign(c[0])
		}
		p.watches[f] = kept
	}
	return true
}
