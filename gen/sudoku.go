package gen

import (
	"context"
	"math/rand/v2"

	"puzzlesat/native"
	"puzzlesat/puzzle"
)

// sudokuNodeBudget bounds each uniqueness check for box 5: proving a
// sparse 25x25 puzzle unique can take the search minutes, so a clue whose
// removal needs a longer proof stays. With 100 nodes a puzzle keeps about
// 270 of 625 clues and takes a few seconds; ten times the budget keeps
// about as many clues and takes ten times as long.
const sudokuNodeBudget = 100

// Sudoku returns a random sudoku of box side box (clamped to 3..5) with
// exactly one answer, in line layout with the default alphabet
// (puzzle.SudokuAlphabet). It fills a random grid, then visits the cells
// in random order and blanks each one whose removal keeps the answer
// unique. For box 3 and 4 no clue of the result can go; for box 5 some
// could, see sudokuNodeBudget. The same rng state gives the same puzzle.
func Sudoku(rng *rand.Rand, box int) puzzle.Sudoku {
	box = min(max(box, 3), 5)
	p := puzzle.Sudoku{
		Box:      box,
		Cells:    sudokuGrid(rng, box),
		Layout:   puzzle.SudokuLine,
		Alphabet: puzzle.SudokuAlphabet(box),
	}
	budget := int64(0) // no bound
	if box == 5 {
		budget = sudokuNodeBudget
	}
	for _, c := range rng.Perm(len(p.Cells)) {
		v := p.Cells[c]
		p.Cells[c] = 0
		// Without a context that ends, the count fails only at the budget.
		if n, _, err := native.CountSudokuNodes(context.Background(), p, 2, budget); err != nil || n != 1 {
			p.Cells[c] = v
		}
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
		p := puzzle.Sudoku{Box: box, Cells: make([]int16, side*side)}
		for b := range box {
			for k, v := range rng.Perm(side) {
				r, c := b*box+k/box, b*box+k%box
				p.Cells[r*side+c] = int16(v + 1)
			}
		}
		a, _, err := native.Sudoku(context.Background(), p)
		if err != nil {
			continue // no completion: draw the diagonal again
		}
		return sudokuShuffle(rng, box, a.Cells)
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
