// Package sudokuref makes the full sudoku grids that the tests draw their
// puzzles from, apart from the generator (package gen) that completes
// grids by the search it would be checking.
package sudokuref

import (
	"math/rand/v2"
)

// Shuffled returns a full grid of box side box: the pattern grid (row r
// holds symbol (box*(r%box) + r/box + c) % side + 1 in column c) with its
// symbols, bands, stacks, and the lines inside them shuffled, which keeps
// it valid.
func Shuffled(rng *rand.Rand, box int) []int16 {
	side := box * box
	order := func() []int { // lines in a random order that keeps bands together
		out := make([]int, 0, side)
		for _, b := range rng.Perm(box) {
			for _, l := range rng.Perm(box) {
				out = append(out, b*box+l)
			}
		}
		return out
	}
	sym, rows, cols := rng.Perm(side), order(), order()
	cells := make([]int16, side*side)
	for r := range side {
		for c := range side {
			rr, cc := rows[r], cols[c]
			cells[r*side+c] = int16(sym[(box*(rr%box)+rr/box+cc)%side] + 1)
		}
	}
	return cells
}
