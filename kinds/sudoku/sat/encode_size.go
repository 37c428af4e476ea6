package sat

import (
	"math/bits"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
)

// Size returns an upper bound on the size of the formula that
// EncodeWith(f, p, o) builds into a formula without clauses, without
// building it, whatever o.Reduce and o.Equivalences say: SudokuSingles
// only takes candidates and groups away, and Equivalences only joins
// candidates and turns repeats into unit clauses, so the bound is that of
// the formula of the givens, with room for the repeats. SudokuSize(p,
// Defaults()) bounds Sudoku(p), SudokuIn(f, p, r) for either
// reduction r, and the formula the SAT backend solves.
//
// It takes two passes over the cells and at most about 2·S·box·S/64 or
// sudokuExactWork word operations more (S the side), so that it answers
// long before the formula of a 400x400 grid, which can take gigabytes,
// would be built: the cost is that of a few passes over the cells
// (BenchmarkSudokuSize times it; docs/results.md has the figures).
//
// How it counts. A grid with few open cells (sudokuExactWork) has each
// open cell's candidates counted exactly: the symbols that neither its
// row, its column nor its box holds. Past that, a cell's candidates are
// bounded by the symbols that neither its row nor its box holds, and by
// those that neither its column nor its box holds, each counted once per
// row (column) and box, over the open cells they share. Each exactly-one
// group costs at most what a group of its bound would (the costs are made
// monotone, since pairs up to o.PairsUpTo can cost more than a compact
// encoding just past it). The groups of a unit's symbols hold together
// as many literals as its cells have candidates, each at most the unit's
// open cells, and are counted at the dearest cost per literal of a group
// that size.
//
// On the empty grid the variables are exact and the literals within 16%.
// With givens (TestSudokuSizeBounds logs it, 4x4 to 49x49, random
// blanks) the bound is at most 1.4x the literals of the givens' formula
// with 30% of the cells given, 1.9x with half, 2.3 to 3.8x with 70 to 90%
// (small formulas, far below the empty grid's); on 400x400 grids with 20,
// 25 and 30% blanks, 1.9x, 1.5x and 1.4x. Unit propagation can shrink
// the formula that SudokuSingles writes much further, even to nothing,
// which a bound that does not propagate cannot follow.
func Size(p sudoku.Instance, o Options) cnf.Size {
	constant := cnf.Size{Vars: 1, Clauses: 1, Lits: 1} // f.True()
	if p.Box < 1 {
		return constant
	}
	g := newSudokuScan(p)
	if !g.markGivens() {
		// Two equal givens in a unit: SudokuWith writes the constant and
		// the empty clause.
		return constant.Plus(cnf.Size{Clauses: 1})
	}
	count, openOf := g.unitCounts()
	env := sudokuGroupCosts(g.side, o)
	cands := make([]int64, 3*g.side) // the candidates of each unit's cells (at most)
	var hist []int64                 // hist[k]: open cells of k candidates (at most)
	if g.exact {
		hist = sudokuExactCells(g.opens, g.side, g.w, g.used, cands)
	} else {
		hist = sudokuSegmentCells(g.box, g.w, g.used, count, g.openR, g.openC, cands)
	}
	var s cnf.Size
	for k, n := range hist {
		s = s.Plus(env[k].Times(n)).Plus(cnf.Size{Vars: int64(k) * n})
	}
	s = s.Plus(constant)

	// The groups of each unit's symbols: as many as its open cells (the
	// givens are distinct), each of at most that many candidates, all
	// together of at most the candidates of its cells.
	perLit := sudokuPerLiteral(env)
	for u, open := range openOf {
		if open == 0 {
			continue
		}
		byGroup := env[open].Times(open)
		byLit := perLit[open].times(cands[u]).Plus(cnf.Size{Clauses: open})
		s = s.Plus(least(byGroup, byLit))
	}
	return s.Plus(sudokuSegmentsSize(g.box, o))
}

// sudokuScan is what SudokuSize learns from one pass over a grid's cells.
type sudokuScan struct {
	box, side, w int     // w: words of a set of symbols
	cells        []int16 // side² of them, the missing ones blank
	// used holds the symbols given in each unit: rows, then columns,
	// then boxes, w words each. A cell outside 1..side is a blank, as
	// EncodeWith reads it.
	used  []uint64
	stack []int32 // c / box
	// The open cells of each row and column within each box it crosses:
	// box of them, less its givens.
	openR, openC []int32 // r*box + j: row r, j-th box of its band; c*box + i likewise
	nOpen        int
	exact        bool    // few enough open cells for sudokuExactCells
	opens        []int32 // with exact: the open cells, row<<20 | column<<10 | box
}

// newSudokuScan sets up the scan of p's cells and counts the open ones.
func newSudokuScan(p sudoku.Instance) *sudokuScan {
	box := p.Box
	side := box * box
	g := &sudokuScan{box: box, side: side, w: (side + 63) / 64, cells: p.Cells}
	if n := side * side; len(g.cells) != n { // cells past the end are blanks
		g.cells = append(g.cells[:min(len(g.cells), n):min(len(g.cells), n)], make([]int16, n-min(len(g.cells), n))...)
	}
	g.used = make([]uint64, 3*side*g.w)
	g.stack = make([]int32, side)
	for c := range g.stack {
		g.stack[c] = int32(c / box)
	}
	g.openR, g.openC = make([]int32, side*box), make([]int32, side*box)
	for i := range g.openR {
		g.openR[i], g.openC[i] = int32(box), int32(box)
	}
	for _, v := range g.cells {
		open := 1
		if uint(v-1) < uint(side) {
			open = 0
		}
		g.nOpen += open
	}
	g.exact = g.nOpen*g.w <= sudokuExactWork
	if g.exact {
		g.opens = make([]int32, 0, g.nOpen)
	}
	return g
}

// markGivens marks each row's givens in used and the open cells' counts,
// and lists the open cells when exact; false when two givens of a unit
// are equal.
func (g *sudokuScan) markGivens() bool {
	side, w := g.side, g.w
	// On a grid neither mostly blank nor mostly given, a branch on each
	// cell would guess wrong at every other cell: the cells are sorted
	// into givens and blanks without one.
	mixed := 8*g.nOpen > len(g.cells) && 8*(len(g.cells)-g.nOpen) > len(g.cells)
	given, blank := make([]int32, side), make([]int32, side) // the columns of a row's givens and blanks
	for r := range side {
		row, n, band := g.cells[r*side:r*side+side], 0, r/g.box*g.box
		if mixed {
			n = g.sortRow(row, r, band, given, blank)
		} else {
			for c, v := range row {
				switch {
				case uint(v-1) < uint(side):
					given[n] = int32(c)
					n++
				case g.exact:
					g.opens = append(g.opens, int32(r)<<20|int32(c)<<10|int32(band)+g.stack[c])
				}
			}
		}
		for _, c := range given[:n] {
			v := int(row[c]) - 1
			k, bit := v>>6, uint64(1)<<(uint(v)&63)
			ri, ci, bi := r*w+k, (side+int(c))*w+k, (2*side+band+int(g.stack[c]))*w+k
			if (g.used[ri]|g.used[ci]|g.used[bi])&bit != 0 {
				return false
			}
			g.used[ri] |= bit
			g.used[ci] |= bit
			g.used[bi] |= bit
		}
		if !g.exact { // the segments' open cells, for sudokuSegmentCells
			for _, c := range given[:n] {
				g.openR[r*g.box+int(g.stack[c])]--
				g.openC[int(c)*g.box+band/g.box]--
			}
		}
	}
	return true
}

// sortRow sorts the columns of row r into its givens and blanks without a
// branch per cell, lists the blanks when exact, and returns the givens'
// count.
func (g *sudokuScan) sortRow(row []int16, r, band int, given, blank []int32) int {
	n, m := 0, 0
	for c, v := range row {
		given[n], blank[m] = int32(c), int32(c)
		ok := 0
		if uint(v-1) < uint(g.side) {
			ok = 1
		}
		n, m = n+ok, m+1-ok
	}
	if g.exact {
		for _, c := range blank[:m] {
			g.opens = append(g.opens, int32(r)<<20|c<<10|int32(band)+g.stack[c])
		}
	}
	return n
}

// unitCounts returns the symbols given in each unit and its open cells.
func (g *sudokuScan) unitCounts() (count, openOf []int64) {
	count, openOf = make([]int64, 3*g.side), make([]int64, 3*g.side)
	for u := range count {
		for _, x := range g.used[u*g.w : u*g.w+g.w] {
			count[u] += int64(bits.OnesCount64(x))
		}
		openOf[u] = int64(g.side) - count[u]
	}
	return count, openOf
}

// sudokuSegmentsSize bounds what Segments adds to a grid of box side box:
// per segment and symbol a variable and its definition over at most box
// candidates, and per line and box, for each symbol, the exactly-ones of
// box segments (a box has two: its row and its column segments).
func sudokuSegmentsSize(box int, o Options) cnf.Size {
	if !o.Segments || box < 4 || box > SegmentsUpTo {
		return cnf.Size{}
	}
	side, b := int64(box*box), int64(box)
	segs, groups := 2*side*b*side, 4*side*side
	pairs := b * (b - 1) / 2
	return cnf.Size{
		Vars:    segs,
		Clauses: segs*(1+b) + groups*(1+pairs),
		Lits:    segs*(1+3*b) + groups*(b+2*pairs),
	}
}

// sudokuExactWork is the most word operations (open cells times words
// per symbol set) for which SudokuSize counts each open cell's
// candidates exactly rather than bounding them per segment: a grid with
// few open cells has few candidates, which the bound per segment
// overcounts most; one with many is nearly empty, where that bound is
// close. 2^19 takes a 400x400 grid to 46% blanks, and any grid of 100x100
// or less whatever it holds.
const sudokuExactWork = 1 << 19

// sudokuExactCells counts the candidates of the open cells opens
// (row<<20 | column<<10 | box) of a grid of side side, from used, the
// sets of the rows, columns and boxes, w words each; it adds those of
// each unit's cells to cands, and returns how many open cells have each
// number of candidates.
func sudokuExactCells(opens []int32, side, w int, used []uint64, cands []int64) []int64 {
	hist := make([]int64, side+1)
	rb := make([]uint64, w) // the symbols of the current row and box together
	last := int32(-1)
	for _, x := range opens {
		r, c, b := int(x>>20), int(x>>10&0x3ff), int(x&0x3ff)
		if seg := x &^ (0x3ff << 10); seg != last { // opens come a row segment after another
			last = seg
			row, bx := used[r*w:r*w+w], used[(2*side+b)*w:(2*side+b)*w+w]
			for i := range rb {
				rb[i] = row[i] | bx[i]
			}
		}
		col := used[(side+c)*w : (side+c)*w+w]
		k := int64(side)
		for i, y := range rb {
			k -= int64(bits.OnesCount64(y | col[i]))
		}
		hist[k]++
		cands[r] += k
		cands[side+c] += k
		cands[2*side+b] += k
	}
	return hist
}

// sudokuSegmentCells bounds the candidates of the open cells per
// segment: a cell has at most the symbols that neither its row nor its
// box holds, and at most those that neither its column nor its box
// holds. It adds to cands the candidates of each unit's cells (a row's
// by its segments, a column's by its, a box's by the fewer of the two)
// and returns, of the two ways to count, the one with fewer candidates:
// how many open cells have at most each number of them.
func sudokuSegmentCells(box, w int, used []uint64, count []int64, openR, openC []int32, cands []int64) []int64 {
	side := box * box
	// missing returns the symbols that neither unit a nor box b holds.
	missing := func(a, b int) int64 {
		switch {
		case count[a] == 0:
			return int64(side) - count[b]
		case count[b] == 0:
			return int64(side) - count[a]
		}
		n := int64(side)
		x, y := used[a*w:a*w+w], used[b*w:b*w+w]
		for k := range x {
			n -= int64(bits.OnesCount64(x[k] | y[k]))
		}
		return n
	}
	histR, histC := make([]int64, side+1), make([]int64, side+1)
	boxByCols := make([]int64, side)
	var byRows, byCols int64
	for r := range side {
		for j := range box {
			b := r/box*box + j
			if n := int64(openR[r*box+j]); n > 0 {
				k := missing(r, 2*side+b)
				histR[k] += n
				byRows += n * k
				cands[r] += n * k
				cands[2*side+b] += n * k
			}
		}
	}
	for c := range side {
		for i := range box {
			b := i*box + c/box
			if n := int64(openC[c*box+i]); n > 0 {
				k := missing(side+c, 2*side+b)
				histC[k] += n
				byCols += n * k
				cands[side+c] += n * k
				boxByCols[b] += n * k
			}
		}
	}
	for b := range side {
		cands[2*side+b] = min(cands[2*side+b], boxByCols[b])
	}
	if byCols < byRows {
		return histC
	}
	return histR
}

// least returns the field-by-field smaller of two bounds of one thing.
func least(a, b cnf.Size) cnf.Size {
	return cnf.Size{Vars: min(a.Vars, b.Vars), Clauses: min(a.Clauses, b.Clauses), Lits: min(a.Lits, b.Lits)}
}

// sudokuGroupCosts returns, for every k up to side, a bound on what an
// exactly-one group of at most k candidates costs (sudokuEmitter): the
// clause for at least one and the at-most-one of its size, the largest
// over all sizes up to k, plus with Equivalences a unit clause per
// repeated literal.
func sudokuGroupCosts(side int, o Options) []cnf.Size {
	env := make([]cnf.Size, side+1)
	for k := range env {
		g := cnf.Size{Clauses: 1, Lits: int64(k)}
		if k <= o.PairsUpTo {
			g = g.Plus(cnf.AtMostOneWithSize(cnf.AMOPairwise, k))
		} else {
			g = g.Plus(cnf.AtMostOneWithSize(o.AMO, k))
		}
		if k > 0 {
			prev := env[k-1]
			if o.Equivalences { // a repeat: one literal fewer, one unit clause more
				prev = prev.Plus(cnf.Size{Clauses: 1, Lits: 1})
			}
			g = cnf.Size{Vars: max(g.Vars, prev.Vars), Clauses: max(g.Clauses, prev.Clauses), Lits: max(g.Lits, prev.Lits)}
		}
		env[k] = g
	}
	return env
}

// ratio is a cost per literal, as a fraction for each field.
type ratio struct{ vars, clauses, lits [2]int64 }

// times returns ⌈n·r⌉ in each field.
func (r ratio) times(n int64) cnf.Size {
	f := func(q [2]int64) int64 { return (n*q[0] + q[1] - 1) / q[1] }
	return cnf.Size{Vars: f(r.vars), Clauses: f(r.clauses), Lits: f(r.lits)}
}

// sudokuPerLiteral returns, for every k, the dearest cost per literal of
// the groups of 1..k candidates, without the clause for at least one
// (counted once per group apart).
func sudokuPerLiteral(env []cnf.Size) []ratio {
	out := make([]ratio, len(env))
	best := ratio{[2]int64{0, 1}, [2]int64{0, 1}, [2]int64{0, 1}}
	more := func(q *[2]int64, num, den int64) {
		if num*q[1] > q[0]*den {
			*q = [2]int64{num, den}
		}
	}
	for k := 1; k < len(env); k++ {
		kk := int64(k)
		more(&best.vars, env[k].Vars, kk)
		more(&best.clauses, env[k].Clauses-1, kk)
		more(&best.lits, env[k].Lits, kk)
		out[k] = best
	}
	return out
}
