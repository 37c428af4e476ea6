package sat

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/internal/ref/sudokuref"
)

// TestSudokuPlaced: the word-wide propagation of SudokuPlaced reaches the
// fixpoint of the encoder's own (sudokuGrid.singles, tested equal to unit
// propagation), and finds the same contradictions, on random puzzles of
// boxes 2 to 8 at every share of givens, some with wrong givens.
func TestSudokuPlaced(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	conflicts, decided := 0, 0
	for _, box := range []int{2, 3, 4, 5, 6, 7, 8} {
		side := box * box
		for trial := range 60 {
			full := sudokuref.Shuffled(rng, box)
			p := sudoku.Instance{Box: box, Cells: make([]int16, side*side)}
			for _, i := range rng.Perm(side * side)[:side*side*(1+trial%9)/10] {
				p.Cells[i] = full[i]
				if trial%4 == 0 && rng.IntN(side*2) == 0 {
					p.Cells[i] = int16(rng.IntN(side) + 1) // a given that may be wrong
				}
			}
			g := newSudokuGrid(p)
			ok := g.ok && g.singles()
			got, gotOK := sudokuPlacedWord(p)
			require.Equal(t, ok, gotOK, "box %d trial %d", box, trial)
			if !ok {
				conflicts++
				continue
			}
			require.Equal(t, g.fixed, got, "box %d trial %d", box, trial)
			if !sliceHas(got, 0) {
				decided++
			}
		}
	}
	require.Positive(t, conflicts)
	require.Positive(t, decided)
	t.Logf("%d contradictions, %d decided by propagation", conflicts, decided)
}

func sliceHas(s []int16, v int16) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
