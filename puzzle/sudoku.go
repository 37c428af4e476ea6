package puzzle

import (
	"fmt"
	"strconv"
	"strings"
)

// SudokuLayout says how a sudoku was written; answers are printed the same way.
type SudokuLayout int

const (
	// SudokuGrid is S lines of S symbols, puzzles separated by blank lines
	// (POJ 3076). Every answer grid is followed by one blank line.
	SudokuGrid SudokuLayout = iota
	// SudokuLine is one puzzle per line of S*S symbols (top95, POJ 3074).
	SudokuLine
	// SudokuNumeric is S lines of S numbers 1..S separated by blanks, 0 or
	// '.' for an empty cell, grids separated by blank lines (the layout of
	// large-sudoku collections). Answers are printed as numbers separated
	// by single spaces, each grid followed by one blank line.
	SudokuNumeric
)

// String returns "grid", "line" or "numeric".
func (l SudokuLayout) String() string {
	switch l {
	case SudokuGrid:
		return "grid"
	case SudokuLine:
		return "line"
	case SudokuNumeric:
		return "numeric"
	}
	return "SudokuLayout(" + strconv.Itoa(int(l)) + ")"
}

// SudokuMaxBox is the largest box side: grids up to 400x400.
const SudokuMaxBox = 20

// Sudoku is one n^2 x n^2 sudoku: fill the S x S grid (S = Box*Box) so
// that every row, column and Box x Box box holds each of the S symbols once.
type Sudoku struct {
	Box      int          // box side n, 2..SudokuMaxBox from the parser
	Cells    []int16      // S*S cells row-major: 0 blank, v in 1..S the v-th symbol
	Layout   SudokuLayout // how the input wrote it; String and Format write it the same way
	Alphabet string       // the S symbols in order, one byte each; "" in numeric layout
	Line     int          // 1-based input line where the puzzle starts; 0 when not parsed
}

// SudokuAnswer is a filled grid: S*S cells row-major, each in 1..S.
type SudokuAnswer struct {
	Cells []int16
}

// SudokuAlphabet returns the default symbols for box side box: 1-4 for 2,
// 1-9 for 3, A-P for 4, A-Y for 5 and 0-9A-Z for 6; "" for any other box,
// whose puzzles are written in numbers (or with an alphabet given).
func SudokuAlphabet(box int) string {
	switch box {
	case 2:
		return "1234"
	case 3:
		return "123456789"
	case 4:
		return "ABCDEFGHIJKLMNOP"
	case 5:
		return "ABCDEFGHIJKLMNOPQRSTUVWXY"
	case 6:
		return sudoku36
	}
	return ""
}

const (
	// sudokuHex is the other 16x16 alphabet, chosen when a puzzle holds a digit 1-9.
	sudokuHex = "0123456789ABCDEF"
	// sudoku36 is the 36x36 alphabet.
	sudoku36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
)

// Side returns S = Box*Box, the number of symbols and the grid's side.
func (p Sudoku) Side() int { return p.Box * p.Box }

// symbol appends the text of cell value v: its number in numeric layout,
// else its character; blank for 0 and '?' for a value outside 1..S (only a
// hand-built instance or a broken answer has one).
func (p Sudoku) symbol(b []byte, v int16, blank byte) []byte {
	switch {
	case v == 0:
		return append(b, blank)
	case v < 0 || int(v) > p.Side():
		return append(b, '?')
	case p.Layout == SudokuNumeric:
		return strconv.AppendInt(b, int64(v), 10)
	case int(v) <= len(p.Alphabet):
		return append(b, p.Alphabet[v-1])
	}
	return append(b, '?')
}

// symbolText returns the text of cell value v, for messages.
func (p Sudoku) symbolText(v int16) string { return string(p.symbol(nil, v, '.')) }

// write prints cells in p's layout, blanks as blank.
func (p Sudoku) write(cells []int16, blank byte) string {
	s := p.Side()
	per := 1
	if p.Layout == SudokuNumeric {
		per = 4 // up to three digits and a separator
	}
	b := make([]byte, 0, per*len(cells)+s+2)
	for i, v := range cells {
		end := s > 0 && (i+1)%s == 0
		b = p.symbol(b, v, blank)
		switch {
		case p.Layout != SudokuLine && end:
			b = append(b, '\n')
		case p.Layout == SudokuNumeric:
			b = append(b, ' ')
		}
	}
	b = append(b, '\n') // ends the line, or is the blank line after a grid
	return string(b)
}

// String returns the puzzle in its layout, blanks as '-' in a grid, '.' on
// a line and 0 in numbers, so that ParseSudoku reads it back (with
// p.Alphabet forced when it is not the one auto-detection picks).
func (p Sudoku) String() string {
	switch p.Layout {
	case SudokuLine:
		return p.write(p.Cells, '.')
	case SudokuNumeric:
		return p.write(p.Cells, '0')
	}
	return p.write(p.Cells, '-')
}

// Format returns the solved grid in p's layout and alphabet: one line, or
// S lines and a blank line.
func (p Sudoku) Format(a SudokuAnswer) string { return p.write(a.Cells, '?') }

// Fail returns the line printed instead of an answer (word is "no
// solution" or "timeout"), plus a blank line in grid and numeric layouts.
func (p Sudoku) Fail(word string) string {
	if p.Layout == SudokuLine {
		return word + "\n"
	}
	return word + "\n\n"
}

// Verify returns nil iff a fills p: every cell holds a symbol, the givens
// are kept, and no row, column or box repeats a symbol.
func (p Sudoku) Verify(a SudokuAnswer) error {
	s := p.Side()
	if p.Box < 1 || p.Box > SudokuMaxBox || len(p.Cells) != s*s {
		return fmt.Errorf("not a sudoku: box %d with %d cells", p.Box, len(p.Cells))
	}
	if len(a.Cells) != s*s {
		return fmt.Errorf("answer has %d cells, want %d", len(a.Cells), s*s)
	}
	seen := newSudokuUnits(p.Box)
	for i, v := range a.Cells {
		r, c := i/s, i%s
		if v < 1 || int(v) > s {
			return fmt.Errorf("row %d column %d holds %d, want 1..%d", r+1, c+1, v, s)
		}
		if g := p.Cells[i]; g != 0 && g != v {
			return fmt.Errorf("row %d column %d is %s, the given is %s", r+1, c+1, p.symbolText(v), p.symbolText(g))
		}
		if unit := seen.add(r, c, int(v)); unit != "" {
			return fmt.Errorf("symbol %s twice in %s", p.symbolText(v), unit)
		}
	}
	return nil
}

// sudokuUnits records the symbols seen in every row, column and box, as
// bitsets of words words each.
type sudokuUnits struct {
	box, side, words int
	bits             []uint64 // rows, then columns, then boxes
}

func newSudokuUnits(box int) *sudokuUnits {
	side := box * box
	words := (side + 64) / 64 // bit v for symbol v in 1..side
	return &sudokuUnits{box: box, side: side, words: words, bits: make([]uint64, 3*side*words)}
}

// add notes symbol v at row r, column c. It returns "" when v is new to
// the cell's three units, else the first unit that held it already, as
// "row 3", "column 1" or "box 7".
func (u *sudokuUnits) add(r, c, v int) string {
	w, bit := v/64, uint64(1)<<(v%64)
	b := r/u.box*u.box + c/u.box
	names := [3]string{"row", "column", "box"}
	for k, i := range [3]int{r, c, b} {
		at := (k*u.side+i)*u.words + w
		if u.bits[at]&bit != 0 {
			return names[k] + " " + strconv.Itoa(i+1)
		}
	}
	for k, i := range [3]int{r, c, b} {
		u.bits[(k*u.side+i)*u.words+w] |= bit
	}
	return ""
}

// sudokuQuote quotes s, shortened when long.
func sudokuQuote(s string) string {
	if len(s) > 40 {
		return strconv.Quote(s[:37]) + "..."
	}
	return strconv.Quote(s)
}

// sudokuJoin lists xs as "a, b or c".
func sudokuJoin(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}
