package sat

import (
	"math/bits"

	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
)

// Placed returns the symbol of every cell of p after unit
// propagation on the formula of its givens (naked and hidden singles to a
// fixpoint, as SudokuSingles applies them), 0 for a cell left open, and
// false when that propagation meets a contradiction: then p has no
// answer. It builds no formula. Cells outside 0..S are read as blanks.
//
// Grids up to 64x64 take one machine word of candidates per cell and
// sweep the units with bit-parallel counting; larger ones go through the
// encoder's own propagation (sudokuGrid.singles). Both reach the same
// fixpoint, the least set of facts closed under the two rules, whatever
// the order in which the rules are applied.
func Placed(p sudoku.Instance) ([]int16, bool) {
	if p.Side() <= 64 {
		return sudokuPlacedWord(p)
	}
	g := newSudokuGrid(p)
	if !g.ok || !g.singles() {
		return nil, false
	}
	return g.fixed, true
}

// sudokuPlacedWord is SudokuPlaced with one word per cell. A placement
// takes its symbol from the other cells of its three units at once; a
// cell left with one candidate is queued to be placed (a naked single),
// and a cell left with none is a contradiction. Once the queue is empty,
// a sweep over the units not yet full places their hidden singles: the
// symbols with exactly one open place in the unit, counted for all
// symbols at once (once holds those seen in one open cell or more, twice
// in two or more); a symbol with no place in a unit that lacks it is a
// contradiction. It stops after a sweep that placed nothing. A sweep
// costs O(S²) word operations.
func sudokuPlacedWord(p sudoku.Instance) ([]int16, bool) {
	box, side := p.Box, p.Side()
	n := side * side
	geom := sudokuGeomOf(box)
	full := ^uint64(0) >> (64 - side)
	fixed := make([]int16, n)
	cand := make([]uint64, n)
	used := make([]uint64, 3*side) // per unit: the symbols placed in it
	queue := make([]int32, 0, n)   // open cells with one candidate left
	// place puts symbol bit b (one bit) in open cell c.
	place := func(c int32, b uint64) bool {
		us := &geom.cellUnits[c]
		for _, u := range us {
			if used[u]&b != 0 {
				return false
			}
			used[u] |= b
		}
		fixed[c] = int16(bits.TrailingZeros64(b) + 1)
		cand[c] = b
		for _, u := range us {
			for _, q := range geom.unitCells[int(u)*side : int(u)*side+side] {
				if fixed[q] != 0 || cand[q]&b == 0 {
					continue
				}
				m := cand[q] &^ b
				cand[q] = m
				switch {
				case m == 0:
					return false
				case m&(m-1) == 0:
					queue = append(queue, q)
				}
			}
		}
		return true
	}
	// drain places the queued cells.
	drain := func() bool {
		for len(queue) > 0 {
			c := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			if fixed[c] == 0 && !place(c, cand[c]) {
				return false // queued with one candidate; candidates only go
			}
		}
		return true
	}
	for c, v := range p.Cells {
		if v >= 1 && int(v) <= side {
			b := uint64(1) << (v - 1)
			for _, u := range geom.cellUnits[c] {
				if used[u]&b != 0 {
					return nil, false
				}
				used[u] |= b
			}
			fixed[c], cand[c] = v, b
		}
	}
	for c := range int32(n) {
		if fixed[c] != 0 {
			continue
		}
		us := geom.cellUnits[c]
		m := full &^ (used[us[0]] | used[us[1]] | used[us[2]])
		cand[c] = m
		switch {
		case m == 0:
			return nil, false
		case m&(m-1) == 0:
			queue = append(queue, c)
		}
	}
	for changed := true; changed; {
		if !drain() {
			return nil, false
		}
		changed = false
		for u := range 3 * side {
			missing := full &^ used[u]
			if missing == 0 {
				continue
			}
			cells := geom.unitCells[u*side : u*side+side]
			var once, twice uint64
			for _, q := range cells {
				if fixed[q] == 0 {
					twice |= once & cand[q]
					once |= cand[q]
				}
			}
			if missing&^once != 0 {
				return nil, false // a symbol with no place left in u
			}
			for hidden := missing & once &^ twice; hidden != 0; hidden &= hidden - 1 {
				b := hidden & -hidden
				for _, q := range cells {
					if fixed[q] == 0 && cand[q]&b != 0 {
						if !place(q, b) || !drain() {
							return nil, false
						}
						changed = true
						break
					}
				}
			}
		}
	}
	return fixed, true
}
