package puzzle

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

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

// TestRuneCount: the ASCII fast path counts what utf8 counts, wherever
// the first non-ASCII character stands.
func TestRuneCount(t *testing.T) {
	for n := range 40 {
		ascii := strings.Repeat("1", n)
		require.Equal(t, n, runeCount(ascii))
		for at := 0; at <= n; at++ {
			s := ascii[:at] + "é" + ascii[at:] + "\xff"
			require.Equal(t, utf8.RuneCountInString(s), runeCount(s), "%q", s)
		}
	}
}

// TestLineEnd: two byte searches find the first CR or LF as
// bytes.IndexAny does.
func TestLineEnd(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		b := make([]byte, rng.IntN(20))
		for i := range b {
			b[i] = "ab\r\n"[rng.IntN(4)]
		}
		require.Equal(t, bytes.IndexAny(b, "\r\n"), lineEnd(b), "%q", b)
	}
}

// TestSudokuWriteUnknownValues: a value outside the alphabet prints as
// '?', in both character layouts.
func TestSudokuWriteUnknownValues(t *testing.T) {
	p := Sudoku{Box: 2, Layout: SudokuGrid, Alphabet: "1234"}
	cells := []int16{1, 2, 3, 4, 0, 5, -1, 300, 4, 3, 2, 1, 1, 1, 1, 1}
	require.Equal(t, "1234\n-???\n4321\n1111\n\n", p.write(cells, '-'))
	p.Layout = SudokuLine
	require.Equal(t, "1234.???43211111\n", p.write(cells, '.'))
}
