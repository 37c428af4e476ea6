package sudoku

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSudokuCompleteAgreesWithRepeat: the check of answers by unions of
// bits says what the first-repeat search says, on valid grids and on
// grids with two cells swapped or one changed, for every size family.
func TestSudokuCompleteAgreesWithRepeat(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, box := range []int{1, 2, 3, 4, 5, 7, 8} {
		side := box * box
		valid := make([]int16, side*side)
		for r := range side {
			for c := range side {
				valid[r*side+c] = int16((box*(r%box)+r/box+c)%side + 1)
			}
		}
		require.True(t, sudokuComplete(box, valid), "box %d", box)
		for range 200 {
			cells := append([]int16(nil), valid...)
			i, j := rng.IntN(len(cells)), rng.IntN(len(cells))
			if rng.IntN(2) == 0 {
				cells[i], cells[j] = cells[j], cells[i]
			} else {
				cells[i] = int16(rng.IntN(side) + 1)
			}
			first, _ := sudokuRepeat(box, cells)
			require.Equal(t, first < 0, sudokuComplete(box, cells), "box %d, cells %d and %d", box, i, j)
		}
	}
}

// TestSudoku9ChecksAgree: the 9x9 checks on words of three cells say
// what the cell-by-cell checks say. sudoku9Fills agrees with Verify's
// slow path on valid grids and on grids with two cells swapped, a value
// changed (to one in range, 0, a negative one, or one past 9 that is
// the same modulo 16 or 64), or a given not kept; sudoku9Distinct agrees
// with sudokuRepeat on grids with blanks, with and without repeats.
func TestSudoku9ChecksAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	valid := make([]int16, 81)
	for r := range 9 {
		for c := range 9 {
			valid[r*9+c] = int16((3*(r%3)+r/3+c)%9 + 1)
		}
	}
	for round := range 3000 {
		givens := make([]int16, 81)
		for i := range givens {
			if rng.IntN(4) == 0 {
				givens[i] = valid[i]
			}
		}
		cells := append([]int16(nil), valid...)
		i, j := rng.IntN(81), rng.IntN(81)
		switch round % 5 {
		case 0:
			cells[i], cells[j] = cells[j], cells[i]
		case 1:
			cells[i] = []int16{int16(rng.IntN(9) + 1), 0, -1, cells[i] + 16, cells[i] + 64, 10}[rng.IntN(6)]
		case 2:
			givens[i] = int16(rng.IntN(9) + 1)
		case 3:
			givens[i] = []int16{cells[i] + 16, cells[i] + 64, -cells[i]}[rng.IntN(3)]
		}
		slow := Instance{Box: 3, Cells: givens}.verifySlow(Answer{Cells: cells}) == nil
		require.Equal(t, slow, sudoku9Fills(givens, cells), "round %d, cells %d and %d", round, i, j)

		partial := make([]int16, 81)
		for k := range partial {
			switch {
			case rng.IntN(3) == 0:
				partial[k] = valid[k]
			case rng.IntN(40) == 0:
				partial[k] = int16(rng.IntN(9) + 1)
			}
		}
		first, _ := sudokuRepeat(3, partial)
		require.Equal(t, first < 0, sudoku9Distinct(partial), "round %d", round)
	}
}

// TestSudokuWriteUnknownValues: a value outside the alphabet prints as
// '?', in both character layouts.
func TestSudokuWriteUnknownValues(t *testing.T) {
	p := Instance{Box: 2, Layout: Grid, Alphabet: "1234"}
	cells := []int16{1, 2, 3, 4, 0, 5, -1, 300, 4, 3, 2, 1, 1, 1, 1, 1}
	require.Equal(t, "1234\n-???\n4321\n1111\n\n", p.write(cells, '-'))
	p.Layout = Line
	require.Equal(t, "1234.???43211111\n", p.write(cells, '.'))
}
