package sudoku

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Warning is a remark on a puzzle that was read, but perhaps not as
// its writer meant: a 16x16 grid that fits both of its alphabets.
type Warning struct {
	File string
	Line int // where the puzzle starts
	Msg  string
}

func (w Warning) String() string { return fmt.Sprintf("%s:%d: %s", w.File, w.Line, w.Msg) }

// Parse reads every sudoku in r, as ParseSudokuWarn does, and drops
// its warnings.
func Parse(file string, r io.Reader, alphabet string) ([]Instance, error) {
	ps, _, err := ParseWarn(file, r, alphabet)
	return ps, err
}

// ParseWarn reads every sudoku in r; file names the input in errors.
//
// Each puzzle is a grid of S lines of S symbols, one line of S*S symbols,
// or a numeric grid of S lines of S numbers separated by blanks (any S
// that is a square from 4 to 400); the three may be mixed. Blank lines and
// lines starting with '#' are skipped between puzzles, a line "end" ends
// the input, and a first line holding only a number is the count of
// puzzles, checked at the end.
//
// Symbols are 1-4 for S = 4, 1-9 for S = 9, A-Y for S = 25, 0-9A-Z for S = 36, and for S = 16
// A-P or 0-9A-F: 0-9A-F when the puzzle holds a digit 1-9, or a 0 beside
// blanks written '.' or '-'; A-P when it holds a letter G-P, or a 0 and no
// other blank. A 16x16 puzzle that fits both (givens A-F only) is read as
// A-P with a warning. A non-empty alphabet (the --alphabet flag) forces
// the symbols, and with them S, for every puzzle not in numbers. Blanks
// are '-', '.', and '0' when it is not a symbol; in numbers '.' and 0.
//
// A line of 16 characters is either a whole 4x4 puzzle or the first row
// of a 16x16 grid, and what follows it decides: it starts a 16x16 grid
// when 15 more lines of 16 characters follow it without a break (comment
// lines aside), or when it holds a character other than 1-4 and the
// blanks; otherwise it is a 4x4 puzzle on one line. So a lone line of 16
// followed by a blank line or the end is a 4x4 puzzle, and 4x4 puzzles
// may follow one another a line each, up to 15 in a row. An alphabet of
// 4 symbols reads every line of 16 as a 4x4 puzzle.
//
// Lengths and positions in messages count characters (runes), not bytes.
//
// Errors are *ParseError values: a line of the wrong length, a side that
// is not a square, rows of unequal length, a grid cut off, a character
// that is neither a symbol nor a blank, a number out of range, two equal
// givens in one row, column or box, a wrong count, and a bad alphabet
// (Line 0).
//
// An input with no puzzle is an error.
func ParseWarn(file string, r io.Reader, alphabet string) ([]Instance, []Warning, error) {
	var ps []Instance
	warns, err := Scan(file, r, alphabet, func(p Instance) error {
		ps = append(ps, p)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return ps, warns, nil
}

// Scan reads the puzzles of r as ParseSudokuWarn does, calling yield
// with each as soon as it is read, and stops at the first error of the
// input or of yield. It returns the warnings once the whole input is read.
func Scan(file string, r io.Reader, alphabet string, yield func(Instance) error) ([]Warning, error) {
	if alphabet != "" {
		if err := CheckAlphabet(alphabet); err != nil {
			return nil, &puzzle.ParseError{File: file, Err: err}
		}
	}
	sp := &sudokuParser{Lines: puzzle.NewLines(file, r), forced: alphabet}
	if err := sp.parse(yield); err != nil {
		return nil, err
	}
	return sp.warnings, nil
}

// CheckAlphabet returns nil for an alphabet that ScanSudoku takes: a
// square number (4 to 81) of distinct printable characters that cannot be
// mistaken for a blank or a comment; else an error, not a *ParseError,
// so that a command can check its --alphabet before it reads any input.
func CheckAlphabet(a string) error {
	if n := utf8.RuneCountInString(a); sudokuCharBox(n) == 0 {
		return fmt.Errorf("alphabet %s has %d symbols, want 4, 9, 16, 25, 36, 49, 64 or 81", sudokuQuote(a), n)
	}
	for i := range len(a) {
		c := a[i]
		if c <= ' ' || c > '~' || c == '.' || c == '-' || c == '#' || strings.IndexByte(a[:i], c) >= 0 {
			return fmt.Errorf("alphabet %s: want distinct printable symbols other than . - #", sudokuQuote(a))
		}
	}
	return nil
}

// sudokuCharBox returns the box side of a grid side s that characters can
// write (at most 81 symbols), or 0.
func sudokuCharBox(s int) int {
	if b := sudokuBoxOf(s); b <= 9 {
		return b
	}
	return 0
}

// sudokuBoxOf returns the box side of grid side s (s = box*box with box
// in 2..SudokuMaxBox), or 0.
func sudokuBoxOf(s int) int {
	for b := 2; b <= MaxBox; b++ {
		if b*b == s {
			return b
		}
	}
	return 0
}

// sudokuAutoSides are the sides whose alphabet the parser knows.
var sudokuAutoSides = [...]int{4, 9, 16, 25, 36}

// sudokuParser reads puzzles line by line.
type sudokuParser struct {
	*puzzle.Lines
	forced   string       // the alphabet every puzzle must use; "" to auto-detect
	ended    bool         // a line "end" was read
	back     []sudokuLine // lines pushed back, the next one last
	warnings []Warning
	table    *[256]int16 // cell values by byte for tableFor (see values)
	tableFor string
	slab     []int16 // where the cells of the next puzzles are taken from
}

// sudokuLine is a line read ahead and pushed back, with its number.
type sudokuLine struct {
	s string
	n int
}

// line returns the next line, the ones pushed back first.
func (sp *sudokuParser) line() (string, bool) {
	if k := len(sp.back); k > 0 {
		l := sp.back[k-1]
		sp.back = sp.back[:k-1]
		sp.Line = l.n
		return l.s, true
	}
	return sp.Shared() // the parser keeps no line: cells are values
}

// unread pushes back s, the line just read, for the next call of line.
func (sp *sudokuParser) unread(s string) {
	sp.back = append(sp.back, sudokuLine{s, sp.Line})
	sp.Line--
}

// sudokuFour are the characters a 4x4 puzzle of the automatic alphabet
// holds: its symbols and the blanks.
const sudokuFour = "1234.-0"

// fourByFour reports whether s, a line of 16 characters just read, is a
// whole 4x4 puzzle rather than the first row of a 16x16 grid (see
// ParseWarn). It reads ahead at most 15 rows and gives back what it
// read.
func (sp *sudokuParser) fourByFour(s string) bool {
	if strings.Trim(s, sudokuFour) != "" {
		return false
	}
	cur := sp.Line
	var ahead []sudokuLine
	rows := 1
	for rows < 16 {
		t, ok := sp.line()
		if !ok {
			break
		}
		ahead = append(ahead, sudokuLine{t, sp.Line})
		t = puzzle.TrimLeading(t)
		if t != "" && t[0] == '#' {
			continue
		}
		if puzzle.RuneCount(t) != 16 || puzzle.HasBlank(t) {
			break
		}
		rows++
	}
	for i := len(ahead) - 1; i >= 0; i-- {
		sp.back = append(sp.back, ahead[i])
	}
	sp.Line = cur
	return rows < 16
}

func (sp *sudokuParser) parse(yield func(Instance) error) error {
	n, count, countLine := 0, 0, 0
	for first := true; ; first = false {
		s, ok := sp.content()
		if !ok {
			break
		}
		if first && sp.isCount(s) {
			count, _ = strconv.Atoi(s) // at most 8 digits: cannot fail
			countLine = sp.Line
			continue
		}
		p, err := sp.puzzle(s)
		if err != nil {
			return err
		}
		if err := yield(p); err != nil {
			return err
		}
		n++
	}
	if err := sp.Err(); err != nil {
		return err
	}
	switch {
	case countLine > 0 && count != n:
		return sp.ErrorAt(countLine, "expected %d puzzles as this line says, the input has %d", count, n)
	case n == 0:
		return sp.ErrorAt(sp.Line+1, "expected a sudoku, got end of input")
	}
	return nil
}

// isCount reports whether s, the first line, is the count of puzzles: at
// most 8 digits, and not the first row of a 4x4 grid (four characters
// followed by a row of four more).
func (sp *sudokuParser) isCount(s string) bool {
	if len(s) > 8 || s == "" {
		return false
	}
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	if len(s) != 4 || len(sp.forced) > 0 && len(sp.forced) != 4 {
		return true
	}
	next, ok := sp.line()
	if !ok {
		return true
	}
	sp.unread(next)
	return len(puzzle.TrimLeading(next)) != 4
}

// content returns the next line that is neither blank nor a comment, with
// surrounding blanks removed; false at the end of input or at a line "end".
func (sp *sudokuParser) content() (string, bool) {
	for !sp.ended {
		s, ok := sp.line()
		if !ok {
			return "", false
		}
		s = puzzle.TrimLeading(s)
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

// row returns the next row of a grid that has got rows rows of want:
// comments are skipped, and a blank line, "end" or the end of input cut
// the grid off.
func (sp *sudokuParser) row(rows, want int) (string, error) {
	for {
		s, ok := sp.line()
		if !ok {
			if err := sp.Err(); err != nil {
				return "", err
			}
			return "", sp.ErrorAt(sp.Line+1, "grid cut off: expected %d rows, got %d before the end of input", want, rows)
		}
		s = puzzle.TrimLeading(s)
		switch {
		case s != "" && s[0] == '#':
			continue
		case s == "" || s == "end":
			return "", sp.Errorf("grid cut off: expected %d rows, got %d", want, rows)
		}
		return s, nil
	}
}

// puzzle reads the puzzle whose first line is s.
func (sp *sudokuParser) puzzle(s string) (Instance, error) {
	if len(s) == 81 && (sp.forced == "" || sp.forced == nineAlphabet) {
		if p, ok := sp.nine(s); ok {
			return p, sp.checkGivens(p, []int{p.Line})
		}
	}
	if puzzle.HasBlank(s) {
		return sp.numeric(s)
	}
	side, layout, err := sp.shape(s)
	if err != nil {
		return Instance{}, err
	}
	rows, lineOf := []string{s}, []int{sp.Line}
	if layout == Grid {
		if rows, lineOf, err = sp.grid(s, side); err != nil {
			return Instance{}, err
		}
	}
	alphabet := sp.forced
	if alphabet == "" {
		var warn string
		alphabet, warn = sudokuAutoAlphabet(side, rows)
		if warn != "" {
			sp.warnings = append(sp.warnings, Warning{File: sp.File, Line: lineOf[0], Msg: warn})
		}
	}
	p := Instance{Box: sudokuBoxOf(side), Layout: layout, Alphabet: alphabet, Line: lineOf[0]}
	if p.Cells, err = sp.decode(rows, lineOf, alphabet); err != nil {
		return Instance{}, err
	}
	return p, sp.checkGivens(p, lineOf)
}

// nineAlphabet is the symbols of a 9x9 sudoku.
const nineAlphabet = "123456789"

// nine reads s, a line of 81 bytes, as a 9x9 puzzle when each byte is
// one of its symbols or a blank, the usual case in a batch, without
// asking what else s could be; false leaves s to the general path,
// which reads it as it is or says what is wrong.
func (sp *sudokuParser) nine(s string) (Instance, bool) {
	var cells [81]int16
	if sudokuDecode(cells[:], s, sp.values(nineAlphabet)) >= 0 {
		return Instance{}, false
	}
	p := Instance{Box: 3, Cells: sp.cells(81), Layout: Line, Alphabet: nineAlphabet, Line: sp.Line}
	copy(p.Cells, cells[:])
	return p, true
}

// shape tells from the length of a puzzle's first line its side and
// layout, and for a line of 16 from what follows it.
func (sp *sudokuParser) shape(s string) (int, Layout, error) {
	n := puzzle.RuneCount(s)
	if f := len(sp.forced); f > 0 {
		switch n {
		case f:
			return f, Grid, nil
		case f * f:
			return f, Line, nil
		}
		return 0, 0, sp.Errorf("expected a row of %d symbols or a puzzle of %d, got %d characters: %s", f, f*f, n, sudokuQuote(s))
	}
	if n == 16 && sp.fourByFour(s) {
		return 4, Line, nil
	}
	for _, side := range sudokuAutoSides {
		switch {
		case n == side:
			return side, Grid, nil
		case n == side*side && side > 4: // 16 characters that fourByFour refused: a 16x16 row
			return side, Line, nil
		}
	}
	return 0, 0, sp.Errorf("expected a row of 4, 9, 16, 25 or 36 symbols, a puzzle of 81, 256, 625 or 1296, or numbers separated by blanks, got %d characters: %s", n, sudokuQuote(s))
}

// grid reads the rows of a grid after its first row first; it returns the
// rows and their line numbers.
func (sp *sudokuParser) grid(first string, side int) ([]string, []int, error) {
	rows, lineOf := make([]string, 1, side), make([]int, 1, side)
	rows[0], lineOf[0] = first, sp.Line
	for len(rows) < side {
		s, err := sp.row(len(rows), side)
		if err != nil {
			return nil, nil, err
		}
		if k := puzzle.RuneCount(s); k != side {
			return nil, nil, sp.Errorf("expected row %d of the grid, %d symbols, got %d characters: %s", len(rows)+1, side, k, sudokuQuote(s))
		}
		rows, lineOf = append(rows, s), append(lineOf, sp.Line)
	}
	return rows, lineOf, nil
}

// sudokuAutoAlphabet picks a puzzle's symbols from its side and, for 16,
// from the characters it holds; it returns a warning when the choice is a
// guess.
func sudokuAutoAlphabet(side int, rows []string) (string, string) {
	if side != 16 {
		return Alphabet(sudokuBoxOf(side)), ""
	}
	var digit, letter, zero, blank bool
	for _, r := range rows {
		for i := range len(r) {
			switch c := r[i]; {
			case c >= '1' && c <= '9':
				digit = true
			case c >= 'G' && c <= 'P':
				letter = true
			case c == '0':
				zero = true
			case c == '.' || c == '-':
				blank = true
			}
		}
	}
	switch {
	case digit:
		return sudokuHex, ""
	case letter:
		return Alphabet(4), ""
	case zero && blank: // blanks are marked, so 0 is a symbol
		return sudokuHex, ""
	case zero: // 0 is the blank: read as 0-9A-F the grid would be full, with repeats
		return Alphabet(4), ""
	}
	return Alphabet(4), "16x16 puzzle with givens A-F only fits both A-P and 0-9A-F: read as A-P"
}

// decode turns the rows (all of one puzzle) into cell values.
func (sp *sudokuParser) decode(rows []string, lineOf []int, alphabet string) ([]int16, error) {
	value := sp.values(alphabet)
	side := len(alphabet)
	cells := sp.cells(side * side)
	n := 0
	for r, row := range rows {
		if i := sudokuDecode(cells[n:], row, value); i >= 0 {
			return nil, sp.ErrorAt(lineOf[r], "expected symbols %s or blanks %s, got %s at character %d",
				sudokuDescribe(alphabet), sudokuBlanks(alphabet), puzzle.QuoteChar(row[i:]), i+1)
		}
		n += len(row)
	}
	return cells[:n], nil
}

// slabCells is how many cells the parser allocates at once for the
// puzzles it reads: a 9x9 batch then makes one allocation for 50 puzzles,
// not one each. A puzzle keeps its slab alive, and a slab no more than
// the puzzles beside it in the input.
const slabCells = 4096

// cells returns n cells of their own for a puzzle.
func (sp *sudokuParser) cells(n int) []int16 {
	if n > slabCells/4 {
		return make([]int16, n)
	}
	if len(sp.slab) < n {
		sp.slab = make([]int16, slabCells)
	}
	c := sp.slab[:n:n]
	sp.slab = sp.slab[n:]
	return c
}

// sudokuDecode writes the values of the bytes of row into dst, and
// returns the index of the first byte that is neither a symbol nor a
// blank, or -1 when there is none. Every symbol and blank is one byte,
// so that the first byte that is neither starts a character, all before
// it being ASCII; and as a row holds as many characters as dst has cells
// at least, a row of more bytes than that holds such a byte.
func sudokuDecode(dst []int16, row string, value *[256]int16) int {
	if len(row) <= len(dst) {
		dst = dst[:len(row)]
		var union int16 // negative when a byte is neither
		for i := range len(row) {
			v := value[row[i]]
			union |= v
			dst[i] = v
		}
		if union >= 0 {
			return -1
		}
	}
	for i := range min(len(row), len(dst)) {
		if value[row[i]] < 0 {
			return i
		}
	}
	return min(len(row), len(dst))
}

// values returns the table of cell values by byte for alphabet: 1..S for
// its symbols, 0 for a blank, -1 for any other byte. The table is made
// once for the alphabet of a run of puzzles.
func (sp *sudokuParser) values(alphabet string) *[256]int16 {
	if sp.tableFor == alphabet && sp.table != nil {
		return sp.table
	}
	if sp.table == nil {
		sp.table = new([256]int16)
	}
	t := sp.table
	for i := range t {
		t[i] = -1
	}
	t['.'], t['-'], t['0'] = 0, 0, 0
	for i := range len(alphabet) {
		t[alphabet[i]] = int16(i + 1)
	}
	sp.tableFor = alphabet
	return t
}

// sudokuDescribe names an alphabet briefly: 1-9, A-P, 0-9A-F, or quoted.
func sudokuDescribe(a string) string {
	switch a {
	case "1234":
		return "1-4"
	case nineAlphabet:
		return "1-9"
	case sudokuHex:
		return "0-9A-F"
	case Alphabet(4):
		return "A-P"
	case Alphabet(5):
		return "A-Y"
	case sudoku36:
		return "0-9A-Z"
	}
	return sudokuQuote(a)
}

// sudokuBlanks lists the characters that mean a blank cell with alphabet a.
func sudokuBlanks(a string) string {
	if strings.IndexByte(a, '0') >= 0 {
		return "- ."
	}
	return "- . 0"
}

// numeric reads the numeric grid whose first row is s.
func (sp *sudokuParser) numeric(s string) (Instance, error) {
	side := len(strings.Fields(s))
	box := sudokuBoxOf(side)
	if box == 0 {
		return Instance{}, sp.Errorf("a row of %d numbers: the side must be a square from 4 to %d (4, 9, 16, ..., 400)", side, MaxBox*MaxBox)
	}
	p := Instance{Box: box, Cells: sp.cells(side * side), Layout: Numeric, Line: sp.Line}
	lineOf := make([]int, side)
	for r := range side {
		if r > 0 {
			var err error
			if s, err = sp.row(r, side); err != nil {
				return Instance{}, err
			}
		}
		lineOf[r] = sp.Line
		if err := sp.numbers(s, r, p.Cells[r*side:(r+1)*side]); err != nil {
			return Instance{}, err
		}
	}
	return p, sp.checkGivens(p, lineOf)
}

// numbers reads row r of a numeric grid, s, into cells, whose length is
// the side: each field is '.' or a number 0..side.
func (sp *sudokuParser) numbers(s string, r int, cells []int16) error {
	side := len(cells)
	k := 0
	for f := range strings.FieldsSeq(s) {
		if k == side {
			return sp.Errorf("expected row %d of the grid, %d numbers, got %d", r+1, side, len(strings.Fields(s)))
		}
		v, ok := sudokuNumber(f, side)
		if !ok {
			if f != "" && f[0] >= '0' && f[0] <= '9' && strings.Trim(f, "0123456789") == "" {
				return sp.Errorf("number %s at row %d column %d out of range 0..%d", sudokuQuote(f), r+1, k+1, side)
			}
			return sp.Errorf("expected a number 0..%d or '.' at row %d column %d, got %s", side, r+1, k+1, sudokuQuote(f))
		}
		cells[k] = v
		k++
	}
	if k != side {
		return sp.Errorf("expected row %d of the grid, %d numbers, got %d", r+1, side, k)
	}
	return nil
}

// sudokuNumber reads field f as a cell value 0..side: '.' or decimal
// digits. It never overflows, however long f is.
func sudokuNumber(f string, side int) (int16, bool) {
	if f == "." {
		return 0, true
	}
	v := 0
	for i := range len(f) {
		c := f[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
		if v > side {
			return 0, false
		}
	}
	return int16(v), f != ""
}

// checkGivens reports the first given, in reading order, that repeats an
// earlier one in its row, column or box.
func (sp *sudokuParser) checkGivens(p Instance, lineOf []int) error {
	if p.Box == 3 && sudoku9Distinct(p.Cells) {
		return nil
	}
	i, unit := sudokuRepeat(p.Box, p.Cells)
	if i < 0 {
		return nil
	}
	s := p.Side()
	r, c := i/s, i%s
	line := lineOf[0]
	if p.Layout != Line {
		line = lineOf[r]
	}
	kind, _, _ := strings.Cut(unit, " ")
	return sp.ErrorAt(line, "given %s at row %d column %d repeats one in its %s", sudokuGivenText(p, p.Cells[i]), r+1, c+1, kind)
}

// sudokuGivenText quotes a given as it was written: '5', or 12 in numbers.
func sudokuGivenText(p Instance, v int16) string {
	if p.Layout == Numeric {
		return strconv.Itoa(int(v))
	}
	return strconv.QuoteRune(rune(p.Alphabet[v-1]))
}
