package puzzle

import (
	"fmt"
	"io"
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
)

// String returns "grid" or "line".
func (l SudokuLayout) String() string {
	switch l {
	case SudokuGrid:
		return "grid"
	case SudokuLine:
		return "line"
	}
	return "SudokuLayout(" + strconv.Itoa(int(l)) + ")"
}

// Sudoku is one n^2 x n^2 sudoku: fill the S x S grid (S = Box*Box) so
// that every row, column and Box x Box box holds each of the S symbols once.
type Sudoku struct {
	Box      int          // box side n: 3, 4 or 5 from the parser (native also takes 2)
	Cells    []int8       // S*S cells row-major: 0 blank, v in 1..S the symbol Alphabet[v-1]
	Layout   SudokuLayout // how the input wrote it; String and Format write it the same way
	Alphabet string       // the S symbols in order, one byte each
	Line     int          // 1-based input line where the puzzle starts; 0 when not parsed
}

// SudokuAnswer is a filled grid: S*S cells row-major, each in 1..S.
type SudokuAnswer struct {
	Cells []int8
}

// SudokuAlphabet returns the default symbols for box side box: 1-9 for 3,
// A-P for 4 and A-Y for 5; "" for any other box.
func SudokuAlphabet(box int) string {
	switch box {
	case 3:
		return "123456789"
	case 4:
		return "ABCDEFGHIJKLMNOP"
	case 5:
		return "ABCDEFGHIJKLMNOPQRSTUVWXY"
	}
	return ""
}

// sudokuHex is the other 16x16 alphabet, chosen when a puzzle holds a digit 1-9.
const sudokuHex = "0123456789ABCDEF"

// Side returns S = Box*Box, the number of symbols and the grid's side.
func (p Sudoku) Side() int { return p.Box * p.Box }

// symbol returns the character of cell value v, blank for 0 and '?' for a
// value outside the alphabet (only a hand-built instance has one).
func (p Sudoku) symbol(v int8, blank byte) byte {
	switch {
	case v == 0:
		return blank
	case int(v) <= len(p.Alphabet) && v > 0:
		return p.Alphabet[v-1]
	}
	return '?'
}

// write prints cells in p's layout, blanks as blank.
func (p Sudoku) write(cells []int8, blank byte) string {
	s := p.Side()
	var b strings.Builder
	b.Grow(len(cells) + s + 2)
	for i, v := range cells {
		b.WriteByte(p.symbol(v, blank))
		if p.Layout == SudokuGrid && s > 0 && (i+1)%s == 0 {
			b.WriteByte('\n')
		}
	}
	b.WriteByte('\n') // ends the line, or is the blank line after a grid
	return b.String()
}

// String returns the puzzle in its layout, blanks as '-' in a grid and '.'
// on a line, so that ParseSudoku reads it back (with p.Alphabet forced
// when it is not the one auto-detection picks).
func (p Sudoku) String() string {
	if p.Layout == SudokuLine {
		return p.write(p.Cells, '.')
	}
	return p.write(p.Cells, '-')
}

// Format returns the solved grid in p's layout and alphabet: one line, or
// S lines and a blank line.
func (p Sudoku) Format(a SudokuAnswer) string { return p.write(a.Cells, '?') }

// Fail returns the line printed instead of an answer (word is "no
// solution" or "timeout"), plus a blank line in grid layout.
func (p Sudoku) Fail(word string) string {
	if p.Layout == SudokuGrid {
		return word + "\n\n"
	}
	return word + "\n"
}

// Verify returns nil iff a fills p: every cell holds a symbol, the givens
// are kept, and no row, column or box repeats a symbol.
func (p Sudoku) Verify(a SudokuAnswer) error {
	s := p.Side()
	if p.Box < 1 || p.Box > 8 || len(p.Cells) != s*s {
		return fmt.Errorf("not a sudoku: box %d with %d cells", p.Box, len(p.Cells))
	}
	if len(a.Cells) != s*s {
		return fmt.Errorf("answer has %d cells, want %d", len(a.Cells), s*s)
	}
	rows, cols, boxes := make([]uint64, s), make([]uint64, s), make([]uint64, s)
	for i, v := range a.Cells {
		r, c := i/s, i%s
		if v < 1 || int(v) > s {
			return fmt.Errorf("row %d column %d holds %d, want 1..%d", r+1, c+1, v, s)
		}
		if g := p.Cells[i]; g != 0 && g != v {
			return fmt.Errorf("row %d column %d is %c, the given is %c", r+1, c+1, p.symbol(v, '.'), p.symbol(g, '.'))
		}
		bit, b := uint64(1)<<(v-1), r/p.Box*p.Box+c/p.Box
		switch {
		case rows[r]&bit != 0:
			return fmt.Errorf("symbol %c twice in row %d", p.symbol(v, '.'), r+1)
		case cols[c]&bit != 0:
			return fmt.Errorf("symbol %c twice in column %d", p.symbol(v, '.'), c+1)
		case boxes[b]&bit != 0:
			return fmt.Errorf("symbol %c twice in box %d", p.symbol(v, '.'), b+1)
		}
		rows[r] |= bit
		cols[c] |= bit
		boxes[b] |= bit
	}
	return nil
}

// ParseSudoku reads every sudoku in r; file names the input in errors.
//
// Each puzzle is either a grid, S lines of S symbols (S = 9, 16, 25), or one
// line of S*S symbols; the two may be mixed. Blank lines and lines starting
// with '#' are skipped between puzzles, a line "end" ends the input, and a
// first line holding only a number is the count of puzzles, checked at the
// end. Symbols are 1-9 for S = 9, A-Y for S = 25, and for S = 16 either A-P
// or, when the puzzle holds a digit 1-9, 0-9A-F. A non-empty alphabet
// (the --alphabet flag) forces the symbols, and with them S, for every
// puzzle. Blanks are '-', '.', and '0' when it is not a symbol.
//
// Errors are *ParseError values: a line of the wrong length, a grid cut
// off, a character that is neither a symbol nor a blank, two equal givens
// in one row, column or box, a wrong count, and a bad alphabet (Line 0).
func ParseSudoku(file string, r io.Reader, alphabet string) ([]Sudoku, error) {
	if alphabet != "" {
		if err := checkSudokuAlphabet(alphabet); err != nil {
			return nil, &ParseError{File: file, Err: err}
		}
	}
	sp := &sudokuParser{lines: newLines(file, r), forced: alphabet}
	return sp.parse()
}

// checkSudokuAlphabet accepts 9, 16 or 25 distinct printable characters
// that cannot be mistaken for a blank or a comment.
func checkSudokuAlphabet(a string) error {
	if sudokuBox(len(a)) == 0 {
		return fmt.Errorf("alphabet %q has %d symbols, want 9, 16 or 25", a, len(a))
	}
	for i := range len(a) {
		c := a[i]
		if c <= ' ' || c > '~' || c == '.' || c == '-' || c == '#' || strings.IndexByte(a[:i], c) >= 0 {
			return fmt.Errorf("alphabet %q: want distinct printable symbols other than . - #", a)
		}
	}
	return nil
}

// sudokuBox returns the box side of grid side s, or 0 for an unknown side.
func sudokuBox(s int) int {
	switch s {
	case 9:
		return 3
	case 16:
		return 4
	case 25:
		return 5
	}
	return 0
}

// sudokuParser reads puzzles line by line.
type sudokuParser struct {
	*lines
	forced string // the alphabet every puzzle must use; "" to auto-detect
	ended  bool   // a line "end" was read
}

func (sp *sudokuParser) parse() ([]Sudoku, error) {
	var out []Sudoku
	count, countLine := 0, 0
	for first := true; ; first = false {
		s, ok := sp.content()
		if !ok {
			break
		}
		if first && isSudokuCount(s) {
			count, _ = strconv.Atoi(s) // at most 8 digits: cannot fail
			countLine = sp.n
			continue
		}
		p, err := sp.puzzle(s)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	if err := sp.ioErr(); err != nil {
		return nil, err
	}
	if countLine > 0 && count != len(out) {
		return nil, sp.errorAt(countLine, "expected %d puzzles as this line says, the input has %d", count, len(out))
	}
	return out, nil
}

// isSudokuCount reports whether s can only be a count: a row has 9 or more
// symbols, a count at most 8 digits.
func isSudokuCount(s string) bool {
	if len(s) > 8 {
		return false
	}
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// content returns the next line that is neither blank nor a comment, with
// surrounding blanks removed; false at the end of input or at a line "end".
func (sp *sudokuParser) content() (string, bool) {
	for !sp.ended {
		s, ok := sp.next()
		if !ok {
			return "", false
		}
		s = strings.TrimLeft(s, " \t")
		switch {
		case s == "" || s[0] == '#':
		case s == "end":
			sp.ended = true
		default:
			return s, true
		}
	}
	return "", false
}

// puzzle reads the puzzle whose first line is s.
func (sp *sudokuParser) puzzle(s string) (Sudoku, error) {
	side, layout, err := sp.shape(s)
	if err != nil {
		return Sudoku{}, err
	}
	rows, lineOf := []string{s}, []int{sp.n}
	if layout == SudokuGrid {
		if rows, lineOf, err = sp.grid(s, side); err != nil {
			return Sudoku{}, err
		}
	}
	alphabet := sp.forced
	if alphabet == "" {
		alphabet = sudokuAutoAlphabet(side, rows)
	}
	p := Sudoku{Box: sudokuBox(side), Layout: layout, Alphabet: alphabet, Line: lineOf[0]}
	if p.Cells, err = sp.decode(rows, lineOf, alphabet); err != nil {
		return Sudoku{}, err
	}
	return p, sp.checkGivens(p, lineOf)
}

// shape tells from the length of a puzzle's first line its side and layout.
func (sp *sudokuParser) shape(s string) (int, SudokuLayout, error) {
	n := len(s)
	if f := len(sp.forced); f > 0 {
		switch n {
		case f:
			return f, SudokuGrid, nil
		case f * f:
			return f, SudokuLine, nil
		}
		return 0, 0, sp.errorf("expected a row of %d symbols or a puzzle of %d, got %d characters: %s", f, f*f, n, sudokuQuote(s))
	}
	switch n {
	case 9, 16, 25:
		return n, SudokuGrid, nil
	}
	for _, side := range [...]int{9, 16, 25} {
		if n == side*side {
			return side, SudokuLine, nil
		}
	}
	return 0, 0, sp.errorf("expected a row of 9, 16 or 25 symbols or a puzzle of 81, 256 or 625, got %d characters: %s", n, sudokuQuote(s))
}

// grid reads the rows of a grid after its first row first; it returns the
// rows and their line numbers.
func (sp *sudokuParser) grid(first string, side int) ([]string, []int, error) {
	rows, lineOf := make([]string, 1, side), make([]int, 1, side)
	rows[0], lineOf[0] = first, sp.n
	for len(rows) < side {
		s, ok := sp.next()
		if !ok {
			if err := sp.ioErr(); err != nil {
				return nil, nil, err
			}
			return nil, nil, sp.errorAt(sp.n+1, "grid cut off: expected %d rows, got %d before the end of input", side, len(rows))
		}
		s = strings.TrimLeft(s, " \t")
		switch {
		case s != "" && s[0] == '#':
			continue
		case s == "" || s == "end":
			return nil, nil, sp.errorf("grid cut off: expected %d rows, got %d", side, len(rows))
		case len(s) != side:
			return nil, nil, sp.errorf("expected row %d of the grid, %d symbols, got %d characters: %s", len(rows)+1, side, len(s), sudokuQuote(s))
		}
		rows, lineOf = append(rows, s), append(lineOf, sp.n)
	}
	return rows, lineOf, nil
}

// sudokuAutoAlphabet picks a puzzle's symbols from its side and, for 16,
// from whether it holds a digit 1-9.
func sudokuAutoAlphabet(side int, rows []string) string {
	if side == 16 {
		for _, r := range rows {
			if strings.ContainsAny(r, "123456789") {
				return sudokuHex
			}
		}
	}
	return SudokuAlphabet(sudokuBox(side))
}

// decode turns the rows (all of one puzzle) into cell values.
func (sp *sudokuParser) decode(rows []string, lineOf []int, alphabet string) ([]int8, error) {
	var value [256]int8
	for i := range value {
		value[i] = -1
	}
	value['.'], value['-'], value['0'] = 0, 0, 0
	for i := range len(alphabet) {
		value[alphabet[i]] = int8(i + 1)
	}
	side := len(alphabet)
	cells := make([]int8, 0, side*side)
	for r, row := range rows {
		for i := range len(row) {
			v := value[row[i]]
			if v < 0 {
				return nil, sp.errorAt(lineOf[r], "expected symbols %s or blanks %s, got %q at character %d",
					sudokuDescribe(alphabet), sudokuBlanks(alphabet), row[i], i+1)
			}
			cells = append(cells, v)
		}
	}
	return cells, nil
}

// sudokuDescribe names an alphabet briefly: 1-9, A-P, 0-9A-F, A-Y, or quoted.
func sudokuDescribe(a string) string {
	switch a {
	case "123456789":
		return "1-9"
	case sudokuHex:
		return "0-9A-F"
	case SudokuAlphabet(4):
		return "A-P"
	case SudokuAlphabet(5):
		return "A-Y"
	}
	return strconv.Quote(a)
}

// sudokuBlanks lists the characters that mean a blank cell with alphabet a.
func sudokuBlanks(a string) string {
	if strings.IndexByte(a, '0') >= 0 {
		return "- ."
	}
	return "- . 0"
}

// checkGivens reports the first given, in reading order, that repeats an
// earlier one in its row, column or box.
func (sp *sudokuParser) checkGivens(p Sudoku, lineOf []int) error {
	s := p.Side()
	rows, cols, boxes := make([]uint32, s), make([]uint32, s), make([]uint32, s)
	for i, v := range p.Cells {
		if v == 0 {
			continue
		}
		r, c := i/s, i%s
		b, bit := r/p.Box*p.Box+c/p.Box, uint32(1)<<v
		unit := ""
		switch {
		case rows[r]&bit != 0:
			unit = "row"
		case cols[c]&bit != 0:
			unit = "column"
		case boxes[b]&bit != 0:
			unit = "box"
		}
		if unit != "" {
			line := lineOf[0]
			if p.Layout == SudokuGrid {
				line = lineOf[r]
			}
			return sp.errorAt(line, "given %q at row %d column %d repeats one in its %s", p.Alphabet[v-1], r+1, c+1, unit)
		}
		rows[r] |= bit
		cols[c] |= bit
		boxes[b] |= bit
	}
	return nil
}

// sudokuQuote quotes s, shortened when long.
func sudokuQuote(s string) string {
	if len(s) > 40 {
		return strconv.Quote(s[:37]) + "..."
	}
	return strconv.Quote(s)
}
