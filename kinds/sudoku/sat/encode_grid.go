package sat

import (
	"math/bits"
	"sync"

	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
)

// sudokuGrid is what the encoder knows of a grid before it writes
// clauses: the candidates of each open cell, and the symbols placed in
// each cell and each unit.
type sudokuGrid struct {
	*sudokuGeom
	box, side, w int
	cand         []uint64 // w words per cell: bit v for symbol v+1; the placed symbol for a fixed cell
	count        []int    // candidates per cell
	fixed        []int16  // the placed symbol of each cell, 0 for an open cell
	used         []uint64 // w words per unit (rows, columns, boxes): the symbols placed in it
	ok           bool     // no contradiction seen
	places       []int    // per unit symbol u*side+v: open cells of u that may take v (singles only)
	queue        []int    // cells with one candidate, and unit symbols (n + u*side+v) with one place
}

// sudokuUnits returns the row, column and box (numbered 0..side-1,
// side..2side-1, 2side..3side-1) of cell c.
func sudokuUnits(box, c int) [3]int {
	side := box * box
	r, col := c/side, c%side
	return [3]int{r, side + col, 2*side + r/box*box + col/box}
}

// sudokuGeom lists the cells of every unit and the units of every cell of
// one box size.
type sudokuGeom struct {
	unitCells []int32    // the cells of unit u at u*side
	cellUnits [][3]int32 // the row, column and box of each cell
}

// sudokuGeoms gives the lists of the boxes up to 5, each built on first
// use and only read after; larger boxes build their own.
var sudokuGeoms = [...]func() *sudokuGeom{2: geomOnce(2), 3: geomOnce(3), 4: geomOnce(4), 5: geomOnce(5)}

func geomOnce(box int) func() *sudokuGeom {
	return sync.OnceValue(func() *sudokuGeom { return newSudokuGeom(box) })
}

func sudokuGeomOf(box int) *sudokuGeom {
	if box < len(sudokuGeoms) {
		return sudokuGeoms[box]()
	}
	return newSudokuGeom(box)
}

func newSudokuGeom(box int) *sudokuGeom {
	side := box * box
	g := &sudokuGeom{unitCells: make([]int32, 3*side*side), cellUnits: make([][3]int32, side*side)}
	fill := make([]int, 3*side)
	for c := range side * side {
		for i, u := range sudokuUnits(box, c) {
			g.unitCells[u*side+fill[u]] = int32(c)
			fill[u]++
			g.cellUnits[c][i] = int32(u)
		}
	}
	return g
}

// newSudokuGrid places the givens and gives every other cell the symbols
// that no given in its row, column or box rules out. Two equal givens in
// a unit make ok false.
func newSudokuGrid(p sudoku.Instance) *sudokuGrid {
	box, side := p.Box, p.Side()
	n := side * side
	w := (side + 63) / 64
	g := &sudokuGrid{
		sudokuGeom: sudokuGeomOf(box),
		box:        box, side: side, w: w, ok: true,
		cand: make([]uint64, n*w), count: make([]int, n), fixed: make([]int16, n),
		used: make([]uint64, 3*side*w),
	}
	for c, v := range p.Cells {
		if v < 1 || int(v) > side {
			continue
		}
		k, bit := int(v-1)/64, uint64(1)<<((v-1)%64)
		for _, u := range sudokuUnits(box, c) {
			g.ok = g.ok && g.used[u*w+k]&bit == 0
			g.used[u*w+k] |= bit
		}
		g.fixed[c] = v
		g.cand[c*w+k] = bit
		g.count[c] = 1
	}
	for c := range n {
		if g.fixed[c] != 0 {
			continue
		}
		us := sudokuUnits(box, c)
		for k := range w {
			m := ^uint64(0)
			if rest := side - 64*k; rest < 64 {
				m = 1<<rest - 1
			}
			m &^= g.used[us[0]*w+k] | g.used[us[1]*w+k] | g.used[us[2]*w+k]
			g.cand[c*w+k] = m
			g.count[c] += bits.OnesCount64(m)
		}
	}
	return g
}

// placed reports whether symbol v+1 is placed in unit u.
func (g *sudokuGrid) placed(u, v int) bool { return g.used[u*g.w+v/64]>>(v%64)&1 == 1 }

// has reports whether symbol v+1 is a candidate of cell c.
func (g *sudokuGrid) has(c, v int) bool { return g.cand[c*g.w+v/64]>>(v%64)&1 == 1 }

// groupStarts returns where the variables of every unit symbol, u*side+v,
// start and end in the list unitGroups makes: the group of i is
// [starts[i], starts[i+1]). Only open cells count.
func (g *sudokuGrid) groupStarts() []int {
	side := g.side
	starts := make([]int, 3*side*side+1)
	g.eachOpen(func(c, v int, us [3]int) {
		for _, u := range us {
			starts[u*side+v+1]++
		}
	})
	for i := range 3 * side * side {
		starts[i+1] += starts[i]
	}
	return starts
}

// eachOpen calls visit for every candidate v of every open cell c.
func (g *sudokuGrid) eachOpen(visit func(c, v int, us [3]int)) {
	for c := range g.side * g.side {
		if g.fixed[c] != 0 {
			continue
		}
		us := g.units(c)
		for k, m := range g.cand[c*g.w : c*g.w+g.w] {
			for ; m != 0; m &= m - 1 {
				visit(c, 64*k+bits.TrailingZeros64(m), us)
			}
		}
	}
}

// singles places naked singles (an open cell with one candidate) and
// hidden singles (a symbol with one open place in a unit that lacks it)
// until none is left, and takes each placed symbol from the other cells
// of its units. These are exactly the deductions of unit propagation on
// the formula of the givens: a cell's at-least-one clause with one
// literal not false, a unit symbol's likewise, and the at-most-ones that
// a true literal makes false. It returns false on a contradiction: an
// open cell without candidates, a unit symbol without a place, or a
// symbol placed twice in a unit, which make the formula false.
func (g *sudokuGrid) singles() bool {
	side, n := g.side, g.side*g.side
	g.places = make([]int, 3*side*side)
	g.eachOpen(func(_, v int, us [3]int) {
		for _, u := range us {
			g.places[u*side+v]++
		}
	})
	for c := range n {
		if g.fixed[c] == 0 && g.count[c] <= 1 {
			g.queue = append(g.queue, c)
		}
	}
	for i, k := range g.places {
		if k <= 1 && !g.placed(i/side, i%side) {
			g.queue = append(g.queue, n+i)
		}
	}
	for len(g.queue) > 0 {
		i := g.queue[len(g.queue)-1]
		g.queue = g.queue[:len(g.queue)-1]
		if !g.single(i) {
			return false
		}
	}
	return true
}

// single places the single that i names, if it still is one.
func (g *sudokuGrid) single(i int) bool {
	side, n := g.side, g.side*g.side
	if i < n {
		switch {
		case g.fixed[i] != 0:
			return true
		case g.count[i] == 0:
			return false
		}
		for k, m := range g.cand[i*g.w : i*g.w+g.w] {
			if m != 0 {
				return g.fix(i, 64*k+bits.TrailingZeros64(m))
			}
		}
	}
	u, v := (i-n)/side, (i-n)%side
	if g.placed(u, v) {
		return true
	}
	for _, c := range g.unitCells[u*side : u*side+side] {
		if g.fixed[c] == 0 && g.has(int(c), v) {
			return g.fix(int(c), v)
		}
	}
	return false // no place left
}

// fix places symbol v+1 in open cell c.
func (g *sudokuGrid) fix(c, v int) bool {
	us := g.units(c)
	for _, u := range us {
		if g.placed(u, v) {
			return false
		}
	}
	for _, u := range us {
		g.used[u*g.w+v/64] |= 1 << (v % 64)
	}
	// c leaves the open places of its candidates.
	for k, m := range g.cand[c*g.w : c*g.w+g.w] {
		for ; m != 0; m &= m - 1 {
			if !g.unplace(us, 64*k+bits.TrailingZeros64(m)) {
				return false
			}
		}
	}
	for k := range g.w {
		g.cand[c*g.w+k] = 0
	}
	g.cand[c*g.w+v/64] = 1 << (v % 64)
	g.fixed[c], g.count[c] = int16(v+1), 1
	// The other cells of its units lose v.
	for _, u := range us {
		for _, p := range g.unitCells[u*g.side : u*g.side+g.side] {
			if g.fixed[p] != 0 || !g.has(int(p), v) {
				continue
			}
			g.cand[int(p)*g.w+v/64] &^= 1 << (v % 64)
			g.count[p]--
			if g.count[p] <= 1 {
				g.queue = append(g.queue, int(p))
			}
			if !g.unplace(g.units(int(p)), v) {
				return false
			}
		}
	}
	return true
}

// units returns the row, column and box of cell c.
func (g *sudokuGrid) units(c int) [3]int {
	u := &g.cellUnits[c]
	return [3]int{int(u[0]), int(u[1]), int(u[2])}
}

// unplace takes one open place of symbol v+1 from each of the units us,
// queueing a unit symbol left with one place and failing on one left with
// none (unless the symbol is placed there).
func (g *sudokuGrid) unplace(us [3]int, v int) bool {
	n := g.side * g.side
	for _, u := range us {
		i := u*g.side + v
		g.places[i]--
		if g.placed(u, v) {
			continue
		}
		switch g.places[i] {
		case 0:
			return false
		case 1:
			g.queue = append(g.queue, n+i)
		}
	}
	return true
}
