package sat

import (
	"github.com/puzzlesat/puzzlesat/cnf"
)

// segments adds the redundant constraints of the segments, the cells a
// box shares with a row or a column: for every segment and symbol, a
// literal that holds when the segment holds the symbol, and exactly one
// segment of every line and every box holds each symbol. Every answer
// meets them; they let unit propagation do what the DFS's box-line
// pruning does. A symbol whose only places in a box lie in one row makes
// that row segment hold it (the box's exactly-one of its row segments),
// which rules the symbol out of the row's other segments (the row's), and
// so out of their cells; claiming is the same from the line's side. A
// CDCL solver finds these deductions only by learning them, one at a
// time, and the segment literals are also coarser decisions.
func (q *Query) segments(g *sudokuGrid) {
	box, side := g.box, q.side
	nseg := side * box // row segments (r, box column), then column segments (column, box row)
	// lits[(s*side+v)]: the literals of symbol v+1 in segment s, the
	// row segments first.
	lits := make([][]cnf.Lit, 2*nseg*side)
	has := make([]bool, 2*nseg*side) // the segment holds a placed symbol
	for c := range side * side {
		r, col := c/side, c%side
		rs, cs := r*box+col/box, nseg+col*box+r/box
		if v := int(q.fixed[c]); v != 0 {
			has[rs*side+v-1], has[cs*side+v-1] = true, true
			continue
		}
		for k := q.start[c]; k < q.start[c+1]; k++ {
			v := int(q.syms[k]) - 1
			lits[rs*side+v] = append(lits[rs*side+v], q.lits[k])
			lits[cs*side+v] = append(lits[cs*side+v], q.lits[k])
		}
	}
	seg := make([]cnf.Lit, len(lits))
	for i, ls := range lits {
		seg[i] = q.segment(ls, has[i])
	}
	group := make([]cnf.Lit, 0, box)
	for v := range side {
		for line := range 2 * side { // the rows, then the columns
			group = group[:0]
			for j := range box {
				group = append(group, seg[(line*box+j)*side+v])
			}
			q.exactlyOneOf(group)
		}
		for b := range side { // each box: its row segments, then its column segments
			br, bc := b/box, b%box
			for _, first := range []int{br*box*box + bc, nseg + bc*box*box + br} {
				group = group[:0]
				for j := range box {
					group = append(group, seg[(first+j*box)*side+v])
				}
				q.exactlyOneOf(group)
			}
		}
	}
}

// segment returns the literal of "the segment holds the symbol" whose
// candidates in it are ls: the constant true when placed (the symbol is
// placed in it) or when ls holds a literal and its negation, false when
// ls is empty, the one literal of ls, or a new variable defined as their
// disjunction.
func (q *Query) segment(ls []cnf.Lit, placed bool) cnf.Lit {
	f := q.f
	ls = distinct(ls)
	switch {
	case placed:
		return f.True()
	case ls == nil:
		return f.False()
	case len(ls) == 1:
		return ls[0]
	}
	for i, a := range ls {
		for _, b := range ls[i+1:] {
			if a == b.Not() {
				return f.True()
			}
		}
	}
	m := f.Lit()
	f.Add(append([]cnf.Lit{m.Not()}, ls...)...)
	for _, l := range ls {
		f.Add(l.Not(), m)
	}
	return m
}

// exactlyOneOf adds exactly one of ls, a group of segment literals:
// constants are simplified away, and a group the constant true is in
// makes the others false.
func (q *Query) exactlyOneOf(ls []cnf.Lit) {
	f := q.f
	ls = distinct(ls)
	f.AtLeastOne(ls...)
	f.AtMostOneWith(cnf.AMOPairwise, ls...)
}

// distinct returns ls without its repeated literals, in place; a segment
// holds few, so a quadratic scan does.
func distinct(ls []cnf.Lit) []cnf.Lit {
	out := ls[:0]
	for _, l := range ls {
		seen := false
		for _, o := range out {
			seen = seen || o == l
		}
		if !seen {
			out = append(out, l)
		}
	}
	return out
}

// SegmentsUpTo is the largest box that Segments applies to: past
// it the segments' literals would outgrow the formula they strengthen.
const SegmentsUpTo = 7
