package sudokuref_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/internal/ref/sudokuref"
)

// TestShuffledIsValid: every grid Shuffled makes, boxes 2 to 8, is a
// valid full grid.
func TestShuffledIsValid(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for box := 2; box <= 8; box++ {
		for range 5 {
			cells := sudokuref.Shuffled(rng, box)
			p := sudoku.Instance{Box: box, Cells: make([]int16, len(cells))}
			require.NoError(t, p.Verify(sudoku.Answer{Cells: cells}), "box %d", box)
		}
	}
}
