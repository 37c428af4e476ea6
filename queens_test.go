package puzzlesat_test

import (
	"testing"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// TestSwitchesQueens: boards of 1 to 9, random prunings off and random
// encodings, counted and solved by both backends.
func TestSwitchesQueens(t *testing.T) {
	var ps []puzzle.Queens
	for range 3 {
		for n := 1; n <= 9; n++ {
			ps = append(ps, puzzle.Queens{N: n})
		}
	}
	checkSwitches(t, puzzlesat.Queens(), 8, false, ps) // a board without a solution answers the count 0
}
