package sudoku_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
)

func TestSudokuGrid(t *testing.T) {
	four := []int16{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}
	tests := []struct {
		name, got, want string
	}{
		{"4x4 line", sudoku.Instance{Box: 2, Layout: sudoku.Line, Alphabet: "1234"}.Grid(sudoku.Answer{Cells: four}),
			"1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n\n"},
		{"4x4 letters", sudoku.Instance{Box: 2, Layout: sudoku.Grid, Alphabet: "ABCD"}.Grid(sudoku.Answer{Cells: four}),
			"A B | C D\nC D | A B\n----+----\nB A | D C\nD C | B A\n\n"},
		// Numbers of one width, right-aligned; the rule as wide as a band.
		{"16x16 numbers", firstLines(sudoku.Instance{Box: 4, Layout: sudoku.Numeric}.Grid(sudoku.Answer{Cells: sixteen()}), 2),
			" 1  2  3  4 |  5  6  7  8 |  9 10 11 12 | 13 14 15 16\n" +
				" 5  6  7  8 |  9 10 11 12 | 13 14 15 16 |  1  2  3  4\n"},
		{"a broken answer", sudoku.Instance{Box: 2, Layout: sudoku.Line, Alphabet: "1234"}.Grid(sudoku.Answer{Cells: []int16{1, 9}}),
			"1 ? | . .\n. . | . .\n----+----\n. . | . .\n. . | . .\n\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, tc.got)
		})
	}
	rule := sudoku.Instance{Box: 4, Layout: sudoku.Numeric}.Grid(sudoku.Answer{Cells: sixteen()})
	require.Contains(t, rule, "\n------------+-------------+-------------+------------\n")
}

// firstLines returns the first n lines of s.
func firstLines(s string, n int) string {
	return strings.Join(strings.SplitAfter(s, "\n")[:n], "")
}

// sixteen returns a 16x16 grid whose row r is 1..16 shifted by 4r mod 16
// plus r/4: not a sudoku, only cells to draw.
func sixteen() []int16 {
	cells := make([]int16, 256)
	for r := range 16 {
		for c := range 16 {
			cells[r*16+c] = int16((c+4*r+r/4)%16 + 1)
		}
	}
	return cells
}
