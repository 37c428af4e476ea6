package sudoku

import (
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Layout says how a sudoku was written; answers are printed the same way.
type Layout int

const (
	// Grid is S lines of S symbols, puzzles separated by blank lines
	// (POJ 3076). Every answer grid is followed by one blank line.
	Grid Layout = iota
	// Line is one puzzle per line of S*S symbols (top95, POJ 3074).
	Line
	// Numeric is S lines of S numbers 1..S separated by blanks, 0 or
	// '.' for an empty cell, grids separated by blank lines (the layout of
	// large-sudoku collections). Answers are printed as numbers separated
	// by single spaces, each grid followed by one blank line.
	Numeric
)

// String returns "grid", "line" or "numeric".
func (l Layout) String() string {
	switch l {
	case Grid:
		return "grid"
	case Line:
		return "line"
	case Numeric:
		return "numeric"
	}
	return "SudokuLayout(" + strconv.Itoa(int(l)) + ")"
}

// MaxBox is the largest box side: grids up to 400x400.
const MaxBox = 20

// Instance is one n^2 x n^2 sudoku: fill the S x S grid (S = Box*Box) so
// that every row, column and Box x Box box holds each of the S symbols once.
type Instance struct {
	Box      int     // box side n, 2..SudokuMaxBox from the parser
	Cells    []int16 // S*S cells row-major: 0 blank, v in 1..S the v-th symbol
	Layout   Layout  // how the input wrote it; String and Format write it the same way
	Alphabet string  // the S symbols in order, one byte each; "" in numeric layout
	Line     int     // 1-based input line where the puzzle starts; 0 when not parsed
}

// Answer is a filled grid: S*S cells row-major, each in 1..S.
type Answer struct {
	Cells []int16
}

// Alphabet returns the default symbols for box side box: 1-4 for 2,
// 1-9 for 3, A-P for 4, A-Y for 5 and 0-9A-Z for 6; "" for any other box,
// whose puzzles are written in numbers (or with an alphabet given).
func Alphabet(box int) string {
	switch box {
	case 2:
		return "1234"
	case 3:
		return nineAlphabet
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
func (p Instance) Side() int { return p.Box * p.Box }

// symbol appends the text of cell value v: its number in numeric layout,
// else its character; blank for 0 and '?' for a value outside 1..S (only a
// hand-built instance or a broken answer has one).
func (p Instance) symbol(b []byte, v int16, blank byte) []byte {
	switch {
	case v == 0:
		return append(b, blank)
	case v < 0 || int(v) > p.Side():
		return append(b, '?')
	case p.Layout == Numeric:
		return strconv.AppendInt(b, int64(v), 10)
	case int(v) <= len(p.Alphabet):
		return append(b, p.Alphabet[v-1])
	}
	return append(b, '?')
}

// symbolText returns the text of cell value v, for messages.
func (p Instance) symbolText(v int16) string { return string(p.symbol(nil, v, '.')) }

// write prints cells in p's layout, blanks as blank.
func (p Instance) write(cells []int16, blank byte) string {
	s := p.Side()
	if p.Layout == Numeric {
		return p.writeNumbers(cells, blank)
	}
	var chars [128]byte // by value: blank, then the alphabet (81 symbols at most); 0 for none
	chars[0] = blank
	copy(chars[1:], p.Alphabet[:min(s, len(p.Alphabet), len(chars)-1)])
	row := len(cells) // cells a row: all of them on a line
	if p.Layout == Grid && s > 0 {
		row = s
	}
	rows := 0 // the full rows of a grid, each ended by a newline
	if p.Layout == Grid {
		rows = len(cells) / max(row, 1)
	}
	var small [128]byte // a 9x9 grid is written without an allocation of its own
	var b []byte
	if n := len(cells) + rows + 1; n <= len(small) {
		b = small[:n]
	} else {
		b = make([]byte, n)
	}
	out := b
	for len(cells) > 0 {
		n := min(row, len(cells))
		line := out[:n]
		for i, v := range cells[:n] {
			c := byte(0)
			if uint16(v) < uint16(len(chars)) {
				c = chars[v]
			}
			if c == 0 {
				c = '?' // a value outside the alphabet
			}
			line[i] = c
		}
		out = out[n:]
		if cells = cells[n:]; n == row && p.Layout == Grid {
			out[0] = '\n'
			out = out[1:]
		}
	}
	out[0] = '\n' // ends the line, or is the blank line after a grid
	return string(b)
}

// writeNumbers prints cells as rows of numbers and a blank line.
func (p Instance) writeNumbers(cells []int16, blank byte) string {
	s := p.Side()
	b := make([]byte, 0, 4*len(cells)+2)
	for i, v := range cells {
		b = p.symbol(b, v, blank)
		if s > 0 && (i+1)%s == 0 {
			b = append(b, '\n')
		} else {
			b = append(b, ' ')
		}
	}
	b = append(b, '\n')
	return string(b)
}

// String returns the puzzle in its layout, blanks as '-' in a grid, '.' on
// a line and 0 in numbers, so that ParseSudoku reads it back (with
// p.Alphabet forced when it is not the one auto-detection picks).
func (p Instance) String() string {
	switch p.Layout {
	case Line:
		return p.write(p.Cells, '.')
	case Numeric:
		return p.write(p.Cells, '0')
	}
	return p.write(p.Cells, '-')
}

// Format returns the solved grid in p's layout and alphabet: one line, or
// S lines and a blank line.
func (p Instance) Format(a Answer) string { return p.write(a.Cells, '?') }

// Fail returns the line printed instead of an answer (word is "no
// solution" or "timeout"), plus a blank line in grid and numeric layouts.
func (p Instance) Fail(word string) string {
	if p.Layout == Line {
		return word + "\n"
	}
	return word + "\n\n"
}

// Verify returns nil iff a fills p: every cell holds a symbol, the givens
// are kept, and no row, column or box repeats a symbol.
func (p Instance) Verify(a Answer) error {
	s := p.Side()
	if p.Box < 1 || p.Box > MaxBox || len(p.Cells) != s*s {
		return fmt.Errorf("not a sudoku: box %d with %d cells", p.Box, len(p.Cells))
	}
	if len(a.Cells) != s*s {
		return fmt.Errorf("answer has %d cells, want %d", len(a.Cells), s*s)
	}
	if p.Box == 3 && sudoku9Fills(p.Cells, a.Cells) {
		return nil
	}
	return p.verifySlow(a)
}

// verifySlow is Verify cell by cell, which finds what is wrong, for an
// answer of the right size.
func (p Instance) verifySlow(a Answer) error {
	s := p.Side()
	for i, v := range a.Cells {
		if v < 1 || int(v) > s {
			return fmt.Errorf("row %d column %d holds %d, want 1..%d", i/s+1, i%s+1, v, s)
		}
		if g := p.Cells[i]; g != 0 && g != v {
			return fmt.Errorf("row %d column %d is %s, the given is %s", i/s+1, i%s+1, p.symbolText(v), p.symbolText(g))
		}
	}
	if sudokuComplete(p.Box, a.Cells) {
		return nil
	}
	i, unit := sudokuRepeat(p.Box, a.Cells)
	return fmt.Errorf("symbol %s twice in %s", p.symbolText(a.Cells[i]), unit)
}

// sudokuComplete reports whether cells, every one in 1..S, hold no value
// twice in a row, column or box. A unit of S cells holds no value twice
// exactly when it holds all S, which a union of bits shows without a test
// per cell; for sides over 63 it asks sudokuRepeat.
func sudokuComplete(box int, cells []int16) bool {
	side := box * box
	if side >= 64 || len(cells) != side*side {
		i, _ := sudokuRepeat(box, cells)
		return i < 0
	}
	var rows, cols, boxes [64]uint64
	var boxOf [64]uint8 // the box of each column in the first band
	for c := range side {
		boxOf[c] = uint8(c / box)
	}
	for r := range side {
		row, br := cells[r*side:r*side+side], uint8(r/box*box)
		for c, v := range row {
			bit := uint64(1) << (uint16(v) & 63)
			rows[r&63] |= bit
			cols[c&63] |= bit
			boxes[(br+boxOf[c&63])&63] |= bit
		}
	}
	all := uint64(1)<<(side+1) - 2 // values 1..side
	for u := range side {
		if rows[u]&cols[u]&boxes[u] != all {
			return false
		}
	}
	return true
}

// sudokuRepeat returns the first cell, in reading order, whose value (in
// 1..S, or 0 for none) is already in its row, column or box, and that
// unit as "row 3", "column 1" or "box 7"; -1 when none repeats.
func sudokuRepeat(box int, cells []int16) (int, string) {
	side := box * box
	if side < 64 && len(cells) == side*side {
		return sudokuRepeatSmall(box, cells)
	}
	words := (side + 64) / 64 // bit v for value v in 1..side
	seen := make([]uint64, 3*side*words)
	rows, cols, boxes := seen[:side*words], seen[side*words:2*side*words], seen[2*side*words:]
	i := 0
	for r := range side {
		br := r / box * box
		for bc := range box {
			b := br + bc
			for c := bc * box; c < bc*box+box; c, i = c+1, i+1 {
				v := int(cells[i])
				if v == 0 {
					continue
				}
				w, bit := v>>6, uint64(1)<<(v&63)
				rw, cw, bw := r*words+w, c*words+w, b*words+w
				if (rows[rw]|cols[cw]|boxes[bw])&bit != 0 {
					return i, sudokuRepeatUnit(rows[rw]&bit != 0, cols[cw]&bit != 0, r, c, b)
				}
				rows[rw] |= bit
				cols[cw] |= bit
				boxes[bw] |= bit
			}
		}
	}
	return -1, ""
}

// sudokuRepeatSmall is sudokuRepeat for sides up to 63, one word a unit:
// it runs on every puzzle read and every answer checked, so a batch of
// 9x9 puzzles spends much of its time outside the search here.
func sudokuRepeatSmall(box int, cells []int16) (int, string) {
	var rows, cols, boxes [64]uint64
	side := box * box
	i := 0
	for r := range side {
		br := r / box * box
		for bc := range box {
			b := (br + bc) & 63
			for c := bc * box; c < bc*box+box; c, i = c+1, i+1 {
				v := cells[i]
				if v == 0 {
					continue
				}
				bit := uint64(1) << (uint16(v) & 63)
				if (rows[r&63]|cols[c&63]|boxes[b])&bit != 0 {
					return i, sudokuRepeatUnit(rows[r&63]&bit != 0, cols[c&63]&bit != 0, r, c, b)
				}
				rows[r&63] |= bit
				cols[c&63] |= bit
				boxes[b] |= bit
			}
		}
	}
	return -1, ""
}

// sudokuRepeatUnit names the unit of row r, column c and box b in which
// a value repeats: the row when it is there, else the column, else the
// box.
func sudokuRepeatUnit(inRow, inCol bool, r, c, b int) string {
	switch {
	case inRow:
		return "row " + strconv.Itoa(r+1)
	case inCol:
		return "column " + strconv.Itoa(c+1)
	}
	return "box " + strconv.Itoa(b+1)
}

// sudokuQuote quotes s, shortened to 37 characters and "..." when it
// has more than 40.
func sudokuQuote(s string) string {
	if utf8.RuneCountInString(s) > 40 {
		return strconv.Quote(s[:puzzle.RuneOffset(s, 37)]) + "..."
	}
	return strconv.Quote(s)
}
