package gen

import (
	"context"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/dfs"
	"github.com/puzzlesat/puzzlesat/search"
)

// sudokuNodeBudget bounds each uniqueness check for box 5: proving a
// sparse 25x25 puzzle unique can take the search minutes, so a clue whose
// removal needs a longer proof stays. With 100 nodes a puzzle keeps about
// 270 of 625 clues and takes a few seconds; ten times the budget keeps
// about as many clues and takes ten times as long.
const sudokuNodeBudget = 100

// UniqueMax is the largest box for which Sudoku makes puzzles with
// one answer: past it, proving a puzzle unique can take the search longer
// than anyone waits (see SudokuBlanks).
const UniqueMax = 5

// DefaultBlanks is the share of blank cells of the puzzles Sudoku
// makes for boxes past SudokuUniqueMax.
const DefaultBlanks = 0.30

// Random returns a random sudoku of box side box (clamped to 2..20). For
// a box up to SudokuUniqueMax it has exactly one answer: Sudoku fills a
// random grid, then visits the cells in random order and blanks each one
// whose removal keeps the answer unique, so for box 2 to 4 no clue can
// go (for box 5 some could, see sudokuNodeBudget). Larger boxes get
// RandomBlanks(rng, box, SudokuDefaultBlanks). The layout is a grid for
// box 2, a line in the default alphabet for 3 to 6, numbers past that.
// The same rng state gives the same puzzle.
func Random(rng *rand.Rand, box int) sudoku.Instance {
	box = min(max(box, 2), sudoku.MaxBox)
	if box > UniqueMax {
		return RandomBlanks(rng, box, DefaultBlanks)
	}
	p := sudokuPuzzle(box, sudokuGrid(rng, box))
	budget := int64(0) // no bound
	if box == 5 {
		budget = sudokuNodeBudget
	}
	for _, c := range rng.Perm(len(p.Cells)) {
		v := p.Cells[c]
		p.Cells[c] = 0
		// Without a context that ends, the count fails only at the budget.
		if n, _, err := dfs.CountNodes(context.Background(), p, 2, budget, search.Run{}); err != nil || n != 1 {
			p.Cells[c] = v
		}
	}
	return p
}

// RandomBlanks returns a random full grid of box side box (clamped to
// 2..20) with a share blanks of its cells, drawn at random, left blank.
// The puzzle may have several answers.
func RandomBlanks(rng *rand.Rand, box int, blanks float64) sudoku.Instance {
	box = min(max(box, 2), sudoku.MaxBox)
	var cells []int16
	if box <= UniqueMax {
		cells = sudokuGrid(rng, box)
	} else {
		cells = sudokuPattern(rng, box)
	}
	p := sudokuPuzzle(box, cells)
	k := int(blanks*float64(len(cells)) + 0.5)
	for _, c := range rng.Perm(len(cells))[:min(max(k, 0), len(cells))] {
		p.Cells[c] = 0
	}
	return p
}

// sudokuPuzzle wraps a grid in the layout and alphabet of its size.
func sudokuPuzzle(box int, cells []int16) sudoku.Instance {
	p := sudoku.Instance{Box: box, Cells: cells, Layout: sudoku.Line, Alphabet: sudoku.Alphabet(box)}
	switch {
	case box == 2:
		p.Layout = sudoku.Grid
	case p.Alphabet == "":
		p.Layout = sudoku.Numeric
	}
	return p
}

// sudokuGrid returns a random full grid. The boxes on the diagonal share
// no row or column, so each takes a random permutation; the search
// completes the grid, and shuffling the symbols, the bands, the stacks and
// the lines inside them spreads its choices over the whole grid.
func sudokuGrid(rng *rand.Rand, box int) []int16 {
	side := box * box
	for {
		p := sudoku.Instance{Box: box, Cells: make([]int16, side*side)}
		for b := range box {
			for k, v := range rng.Perm(side) {
				r, c := b*box+k/box, b*box+k%box
				p.Cells[r*side+c] = int16(v + 1)
			}
		}
		a, _, err := dfs.Solve(context.Background(), p, search.Run{})
		if err != nil {
			continue // no completion: draw the diagonal again
		}
		return sudokuShuffle(rng, box, a.Cells)
	}
}

// sudokuPattern returns a random full grid for boxes too large to complete
// by search in an instant: the pattern grid (row r holds symbol
// (box*(r%box) + r/box + c) % side + 1 in column c), shuffled, then
// changed by as many random cycle switches as it has cells.
func sudokuPattern(rng *rand.Rand, box int) []int16 {
	side := box * box
	cells := make([]int16, side*side)
	for r := range side {
		for c := range side {
			cells[r*side+c] = int16((box*(r%box)+r/box+c)%side + 1)
		}
	}
	cells = sudokuShuffle(rng, box, cells)
	for range side {
		sudokuSwitch(rng, box, cells)
	}
	return cells
}

// sudokuSwitch applies one random cycle switch to a full grid: two lines
// (rows, or columns) of one band and a cycle of their cells holding the
// same symbols, whose contents the two lines swap. Each line keeps its
// symbols; each crossing line, and each box, keeps the same two cells'
// contents; so the grid stays valid (the row switch of Latin squares,
// restricted to a band so that the boxes hold too).
func sudokuSwitch(rng *rand.Rand, box int, cells []int16) {
	side := box * box
	band, i, j := rng.IntN(box), rng.IntN(box), rng.IntN(box)
	if i == j {
		return
	}
	cols := rng.IntN(2) == 1
	at := func(line, k int) int {
		if cols {
			return k*side + line
		}
		return line*side + k
	}
	l1, l2 := band*box+i, band*box+j
	pos := make([]int, side+1) // pos[v]: where line 2 holds v
	for k := range side {
		pos[cells[at(l2, k)]] = k
	}
	start := rng.IntN(side)
	for k := start; ; {
		a, b := at(l1, k), at(l2, k)
		next := pos[cells[a]]
		cells[a], cells[b] = cells[b], cells[a]
		if k = next; k == start {
			return
		}
	}
}

// sudokuShuffle relabels the symbols of a full grid and permutes its bands,
// stacks, and the rows and columns inside them; the result is valid too.
func sudokuShuffle(rng *rand.Rand, box int, cells []int16) []int16 {
	side := box * box
	lines := func() []int { // a line order that keeps each band together
		out := make([]int, 0, side)
		for _, b := range rng.Perm(box) {
			for _, l := range rng.Perm(box) {
				out = append(out, b*box+l)
			}
		}
		return out
	}
	sym, rows, cols := rng.Perm(side), lines(), lines()
	out := make([]int16, len(cells))
	for r := range side {
		for c := range side {
			out[r*side+c] = int16(sym[cells[rows[r]*side+cols[c]]-1] + 1)
		}
	}
	return out
}
