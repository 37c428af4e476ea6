package sudoku_test

import (
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// sudokuNumbers writes the fixed valid grid of box in numbers, keeping the
// cells for which keep is true and writing blank ("0" or ".") for the
// others, fields separated by sep.
func sudokuNumbers(box int, blank, sep string, keep func(i int) bool) string {
	side := box * box
	var b strings.Builder
	for r := range side {
		for c := range side {
			if c > 0 {
				b.WriteString(sep)
			}
			if keep(r*side + c) {
				b.WriteString(strconv.Itoa(sudokuFull(box, r, c)))
			} else {
				b.WriteString(blank)
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// sudokuNumeric is the numeric instance of sudokuNumbers(box, ..., keep).
func sudokuNumeric(box int, keep func(int) bool, line int) sudoku.Instance {
	return sudoku.Instance{Box: box, Cells: sudokuCells(box, keep), Layout: sudoku.Numeric, Line: line}
}

const sudoku36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

var parseSudokuSizes = []struct {
	name     string
	in       string
	alphabet string
	want     []sudoku.Instance
}{
	{"4x4 grid", sudokuText(2, "1234", '.', "\n", sudokuEvery(3)) + "\n", "",
		[]sudoku.Instance{{Box: 2, Cells: sudokuCells(2, sudokuEvery(3)), Layout: sudoku.Grid, Alphabet: "1234", Line: 1}}},
	{"4x4 grid whose first row looks like a count", sudokuText(2, "1234", '0', "\n", sudokuEvery(1)), "",
		[]sudoku.Instance{{Box: 2, Cells: sudokuCells(2, sudokuEvery(1)), Layout: sudoku.Grid, Alphabet: "1234", Line: 1}}},
	{"count of four digits", "1000\n" + strings.Repeat(sudokuLine9+"\n", 1000), "", nil}, // checked by length below
	{"4x4 on one line with its alphabet", sudokuText(2, "1234", '.', "", sudokuEvery(2)), "1234",
		[]sudoku.Instance{{Box: 2, Cells: sudokuCells(2, sudokuEvery(2)), Layout: sudoku.Line, Alphabet: "1234", Line: 1}}},
	{"36x36 line", sudokuText(6, sudoku36, '.', "", sudokuEvery(2)), "",
		[]sudoku.Instance{{Box: 6, Cells: sudokuCells(6, sudokuEvery(2)), Layout: sudoku.Line, Alphabet: sudoku36, Line: 1}}},
	{"36x36 grid", sudokuText(6, sudoku36, '-', "\n", sudokuEvery(5)), "",
		[]sudoku.Instance{{Box: 6, Cells: sudokuCells(6, sudokuEvery(5)), Layout: sudoku.Grid, Alphabet: sudoku36, Line: 1}}},
	{"numeric 9x9", sudokuNumbers(3, "0", " ", sudokuEvery(3)), "", []sudoku.Instance{sudokuNumeric(3, sudokuEvery(3), 1)}},
	{"numeric 4x4, dots, tabs and padding", "  " + strings.ReplaceAll(sudokuNumbers(2, ".", " \t ", sudokuEvery(2)), "\n", " \r\n"), "",
		[]sudoku.Instance{sudokuNumeric(2, sudokuEvery(2), 1)}},
	{"numeric grids separated by blank lines, with comments", "# two\n" + sudokuNumbers(4, "0", " ", sudokuEvery(3)) + "\n\n" +
		strings.Replace(sudokuNumbers(4, ".", "  ", sudokuEvery(4)), "\n", "\n# inside\n", 2), "",
		[]sudoku.Instance{sudokuNumeric(4, sudokuEvery(3), 2), sudokuNumeric(4, sudokuEvery(4), 20)}},
	{"numeric 100x100", sudokuNumbers(10, "0", " ", sudokuEvery(3)), "", []sudoku.Instance{sudokuNumeric(10, sudokuEvery(3), 1)}},
	{"numeric then character layouts", sudokuNumbers(3, "0", " ", sudokuEvery(2)) + sudokuLine9 + "\n", "",
		[]sudoku.Instance{sudokuNumeric(3, sudokuEvery(2), 1), sudokuNine(sudoku.Line, sudokuEvery(3), 10)}},
	{"count then numeric grids", "2\n" + sudokuNumbers(2, "0", " ", sudokuEvery(2)) + sudokuNumbers(2, "0", " ", sudokuEvery(3)), "",
		[]sudoku.Instance{sudokuNumeric(2, sudokuEvery(2), 2), sudokuNumeric(2, sudokuEvery(3), 6)}},
	{"numeric ignores the alphabet", sudokuNumbers(3, "0", " ", sudokuEvery(3)), "abcdefghi", []sudoku.Instance{sudokuNumeric(3, sudokuEvery(3), 1)}},
	{"16x16: a 0 beside . blanks is a symbol", sudokuText(4, sudokuHex16, '.', "", func(i int) bool { return sudokuFull(4, i/16, i%16) == 1 || sudokuFull(4, i/16, i%16) > 10 }), "",
		[]sudoku.Instance{{Box: 4, Cells: sudokuCells(4, func(i int) bool { return sudokuFull(4, i/16, i%16) == 1 || sudokuFull(4, i/16, i%16) > 10 }),
			Layout: sudoku.Line, Alphabet: sudokuHex16, Line: 1}}},
	{"16x16: 0 blanks and A-F givens are A-P", sudokuText(4, sudokuAP, '0', "\n", func(i int) bool { return sudokuFull(4, i/16, i%16) <= 6 }), "",
		[]sudoku.Instance{{Box: 4, Cells: sudokuCells(4, func(i int) bool { return sudokuFull(4, i/16, i%16) <= 6 }),
			Layout: sudoku.Grid, Alphabet: sudokuAP, Line: 1}}},
}

func TestParseSudokuSizes(t *testing.T) {
	for _, tc := range parseSudokuSizes {
		t.Run(tc.name, func(t *testing.T) {
			got, warns, err := sudoku.ParseWarn("in", strings.NewReader(tc.in), tc.alphabet)
			require.NoError(t, err)
			require.Empty(t, warns)
			if tc.want == nil {
				require.Len(t, got, 1000)
				return
			}
			require.Equal(t, tc.want, got)
			for _, p := range got {
				if tc.alphabet == "" {
					requireSudokuRoundTrip(t, p)
				}
			}
		})
	}
}

// TestParseSudokuAmbiguous16: givens A-F and '.' blanks fit both 16x16
// alphabets; the parser reads A-P and says so, and --alphabet settles it.
func TestParseSudokuAmbiguous16(t *testing.T) {
	keep := func(i int) bool { return sudokuFull(4, i/16, i%16) <= 6 }
	in := sudokuLine9 + "\n" + sudokuText(4, sudokuAP, '.', "", keep) + "\n" + sudokuText(4, sudokuAP, '-', "\n", keep) + "\n"
	ps, warns, err := sudoku.ParseWarn("in", strings.NewReader(in), "")
	require.NoError(t, err)
	require.Len(t, ps, 3)
	require.Equal(t, sudokuAP, ps[1].Alphabet)
	require.Equal(t, []sudoku.Warning{
		{File: "in", Line: 2, Msg: "16x16 puzzle with givens A-F only fits both A-P and 0-9A-F: read as A-P"},
		{File: "in", Line: 3, Msg: "16x16 puzzle with givens A-F only fits both A-P and 0-9A-F: read as A-P"},
	}, warns)
	require.Equal(t, "in:2: 16x16 puzzle with givens A-F only fits both A-P and 0-9A-F: read as A-P", warns[0].String())

	hex, warns, err := sudoku.ParseWarn("in", strings.NewReader(sudokuText(4, sudokuAP, '.', "", keep)), sudokuHex16)
	require.NoError(t, err)
	require.Empty(t, warns)
	require.Equal(t, sudokuHex16, hex[0].Alphabet)
	for i, v := range ps[1].Cells {
		if v != 0 {
			require.Equal(t, v+10, hex[0].Cells[i], "A is the 11th hexadecimal symbol")
		}
	}
}

// sudokuRow9 is a numeric 9x9 grid whose row 3 (line 3) is row.
func sudokuRow9(row string) string {
	lines := strings.Split(sudokuNumbers(3, "0", " ", sudokuEvery(4)), "\n")
	lines[2] = row
	return strings.Join(lines, "\n")
}

var parseSudokuSizeErrors = []struct {
	name, in, alphabet string
	line               int
	msg                string
}{
	{"side not a square", "1 2 3 4 5\n", "", 1, "a row of 5 numbers: the side must be a square from 4 to 400 (4, 9, 16, ..., 400)"},
	{"side over 400", strings.Repeat("0 ", 441) + "\n", "", 1, "a row of 441 numbers: the side must be a square from 4 to 400 (4, 9, 16, ..., 400)"},
	{"side 1", "\n\nx \n", "", 3, `expected a row of 4, 9, 16, 25 or 36 symbols, a puzzle of 81, 256, 625 or 1296, or numbers separated by blanks, got 1 characters: "x"`},
	{"short numeric row", sudokuRow9("1 2 3 4 5 6 7 8"), "", 3, "expected row 3 of the grid, 9 numbers, got 8"},
	{"long numeric row", sudokuRow9("0 0 0 0 0 0 0 0 0 0 0"), "", 3, "expected row 3 of the grid, 9 numbers, got 11"},
	{"number out of range", sudokuRow9("0 0 0 0 10 0 0 0 0"), "", 3, `number "10" at row 3 column 5 out of range 0..9`},
	{"huge number", sudokuRow9("0 0 0 0 0 0 0 0 " + strings.Repeat("9", 100)), "", 3,
		`number "` + strings.Repeat("9", 37) + `"... at row 3 column 9 out of range 0..9`},
	{"int64 max", sudokuRow9("9223372036854775807 0 0 0 0 0 0 0 0"), "", 3, `number "9223372036854775807" at row 3 column 1 out of range 0..9`},
	{"int64 min", sudokuRow9("-9223372036854775808 0 0 0 0 0 0 0 0"), "", 3, `expected a number 0..9 or '.' at row 3 column 1, got "-9223372036854775808"`},
	{"negative", sudokuRow9("0 -1 0 0 0 0 0 0 0"), "", 3, `expected a number 0..9 or '.' at row 3 column 2, got "-1"`},
	{"letter", sudokuRow9("0 0 A 0 0 0 0 0 0"), "", 3, `expected a number 0..9 or '.' at row 3 column 3, got "A"`},
	{"two equal givens in a numeric box", "1 0 0 0\n0 1 0 0\n0 0 0 0\n0 0 0 0\n", "", 2, "given 1 at row 2 column 2 repeats one in its box"},
	{"two equal givens in a numeric column", "# c\n\n12 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n" + strings.Repeat("0 ", 16) + "\n12" + strings.Repeat(" 0", 15) + "\n" +
		strings.Repeat(strings.Repeat("0 ", 16)+"\n", 13), "", 5, "given 12 at row 3 column 1 repeats one in its column"},
	{"numeric grid cut off", "1 2 3 4\n3 4 1 2\n\n", "", 3, "grid cut off: expected 4 rows, got 2"},
	{"numeric grid cut off at the end", "1 2 3 4\n3 4 1 2\n", "", 3, "grid cut off: expected 4 rows, got 2 before the end of input"},
	{"4x4 symbol outside 1-4", "1234\n3412\n2143\n4325\n", "", 4, "expected symbols 1-4 or blanks - . 0, got '5' at character 4"},
	{"36x36 zero is a symbol", sudokuSet(sudokuText(6, sudoku36, '.', "", sudokuEvery(7)), 1, '0'), "", 1,
		`given '0' at row 1 column 2 repeats one in its row`},
	{"alphabet of a square size too big for characters", sudokuLine9, strings.Repeat("x", 100), 0,
		`alphabet "` + strings.Repeat("x", 37) + `"... has 100 symbols, want 4, 9, 16, 25, 36, 49, 64 or 81`},
}

func TestParseSudokuSizeErrors(t *testing.T) {
	for _, tc := range parseSudokuSizeErrors {
		t.Run(tc.name, func(t *testing.T) {
			got, err := sudoku.Parse("in", strings.NewReader(tc.in), tc.alphabet)
			require.Nil(t, got)
			var pe *puzzle.ParseError
			require.ErrorAs(t, err, &pe)
			require.Equal(t, tc.line, pe.Line, "%v", err)
			require.EqualError(t, pe.Err, tc.msg)
		})
	}
}

// TestSudokuNumericFormat: answers in numbers are single-spaced rows and a
// blank line, and the 36x36 judge answers print as they are written.
func TestSudokuNumericFormat(t *testing.T) {
	p := sudokuNumeric(2, sudokuEvery(3), 1)
	full := sudoku.Answer{Cells: sudokuCells(2, sudokuEvery(1))}
	require.NoError(t, p.Verify(full))
	require.Equal(t, "1 2 3 4\n3 4 1 2\n2 3 4 1\n4 1 2 3\n\n", p.Format(full))
	require.Equal(t, "1 0 0 4\n0 0 1 0\n0 3 0 0\n4 0 0 3\n\n", p.String())
	require.Equal(t, "no solution\n\n", p.Fail("no solution"))
	require.Equal(t, "numeric", sudoku.Numeric.String())

	sols := readSudokuFile(t, "michael404_36x36.solutions")
	want := readText(t, "michael404_36x36.solutions")
	var got strings.Builder
	for _, s := range sols {
		require.NoError(t, s.Verify(sudoku.Answer{Cells: s.Cells}))
		got.WriteString(s.Format(sudoku.Answer{Cells: s.Cells}))
	}
	require.Equal(t, want, got.String())
}

// TestSudokuVerifyEverySize checks a full grid of every box 1..20 and
// catches a swap of two cells in each.
func TestSudokuVerifyEverySize(t *testing.T) {
	for box := 1; box <= sudoku.MaxBox; box++ {
		p := sudokuNumeric(box, func(i int) bool { return i%7 == 0 }, 1)
		a := sudoku.Answer{Cells: sudokuCells(box, sudokuEvery(1))}
		require.NoError(t, p.Verify(a), "box %d", box)
		if box == 1 {
			continue
		}
		side := box * box
		a.Cells[side+1], a.Cells[side+2] = a.Cells[side+2], a.Cells[side+1]
		require.ErrorContains(t, p.Verify(a), "twice in", "box %d", box)
		a.Cells[side+1] = int16(side + 1)
		require.ErrorContains(t, p.Verify(a), "holds", "box %d", box)
	}
	require.Error(t, sudoku.Instance{Box: 21, Cells: make([]int16, 441*441)}.Verify(sudoku.Answer{}))
}

func readSudokuFile(t *testing.T, name string) []sudoku.Instance {
	t.Helper()
	ps, err := sudoku.Parse(name, strings.NewReader(readText(t, name)), "")
	require.NoError(t, err)
	return ps
}

func readText(t *testing.T, name string) string {
	t.Helper()
	return string(must(t, name))
}

// sudokuFuzzExtremes are seeds at the limits: huge and int64 numbers, a
// 400x400 numeric row, the longest lines.
func sudokuFuzzExtremes() []string {
	return []string{
		sudokuRow9(strconv.FormatInt(math.MaxInt64, 10) + " 0 0 0 0 0 0 0 0"),
		sudokuRow9(strconv.FormatInt(math.MinInt64, 10) + " 0 0 0 0 0 0 0 0"),
		sudokuRow9("0 0 0 0 0 0 0 0 " + strings.Repeat("9", 1000)),
		strings.Repeat("0 ", 400) + "\n",
		strings.Repeat("400 ", 400) + "\n",
		strings.Repeat("1 ", 401) + "\n",
		strings.Repeat(".", 1296) + "\n",
		strings.Repeat(".", 36) + "\n",
		"1 2 3 4\n",
		"99999999\n" + sudokuLine9,
		"1234\n",
	}
}

func must(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(judgedata.Path(t, "sudoku", name))
	require.NoError(t, err)
	return b
}

// sudoku4 is the fixed 4x4 grid keeping every k-th cell, "1234" and '.'.
func sudoku4(k int) string { return sudokuText(2, "1234", '.', "", sudokuEvery(k)) }

// sudoku4Line is the 4x4 instance of sudoku4(k), on one line at line.
func sudoku4Line(k, line int) sudoku.Instance {
	return sudoku.Instance{Box: 2, Cells: sudokuCells(2, sudokuEvery(k)), Layout: sudoku.Line, Alphabet: "1234", Line: line}
}

// sudokuLow16 keeps the cells of the fixed 16x16 grid whose symbol in
// 0-9A-F is 1-4: a 16x16 grid every line of which could be a 4x4 puzzle.
func sudokuLow16(i int) bool { v := sudokuFull(4, i/16, i%16); return v >= 2 && v <= 5 }

// parseSudoku16 are the lines of 16 characters: what follows each decides
// whether it is a 4x4 puzzle or a 16x16 row.
var parseSudoku16 = []struct {
	name string
	in   string
	want []sudoku.Instance
}{
	{"a lone line at the end", sudoku4(3) + "\n", []sudoku.Instance{sudoku4Line(3, 1)}},
	{"a lone line without newline", sudoku4(3), []sudoku.Instance{sudoku4Line(3, 1)}},
	{"a lone line, then a blank line", "# 4x4\n" + sudoku4(3) + "\n\n" + sudokuLine9 + "\n",
		[]sudoku.Instance{sudoku4Line(3, 2), sudokuNine(sudoku.Line, sudokuEvery(3), 4)}},
	{"a lone line, then end", sudoku4(2) + "\nend\n" + sudokuGrid16, []sudoku.Instance{sudoku4Line(2, 1)}},
	{"a line, then a 9x9 line", sudoku4(2) + "\n" + sudokuLine9 + "\n",
		[]sudoku.Instance{sudoku4Line(2, 1), sudokuNine(sudoku.Line, sudokuEvery(3), 2)}},
	{"three lines in a row, CR line ends", sudoku4(2) + "\r" + sudoku4(3) + "\r" + sudoku4(5) + "\r",
		[]sudoku.Instance{sudoku4Line(2, 1), sudoku4Line(3, 2), sudoku4Line(5, 3)}},
	{"fifteen lines in a row", strings.Repeat(sudoku4(3)+"\n", 15), func() []sudoku.Instance {
		var ps []sudoku.Instance
		for i := range 15 {
			ps = append(ps, sudoku4Line(3, i+1))
		}
		return ps
	}()},
	{"16x16 grid of 1-4 only: sixteen lines", sudokuText(4, sudokuHex16, '.', "\n", sudokuLow16) + "\n",
		[]sudoku.Instance{{Box: 4, Cells: sudokuCells(4, sudokuLow16), Layout: sudoku.Grid, Alphabet: sudokuHex16, Line: 1}}},
	{"16x16 grid with a comment inside", strings.Replace(sudokuText(4, sudokuHex16, '.', "\n", sudokuLow16), "\n", "\n# x\n", 3) + "\n",
		[]sudoku.Instance{{Box: 4, Cells: sudokuCells(4, sudokuLow16), Layout: sudoku.Grid, Alphabet: sudokuHex16, Line: 1}}},
	{"16x16 grid, then a 4x4 line", sudokuGrid16 + "\n" + sudoku4(3) + "\n",
		[]sudoku.Instance{{Box: 4, Cells: sudokuCells(4, sudokuEvery(3)), Layout: sudoku.Grid, Alphabet: sudokuAP, Line: 1}, sudoku4Line(3, 17)}},
	{"a count, then 4x4 lines", "2\n" + sudoku4(3) + "\n" + sudoku4(2) + "\n", []sudoku.Instance{sudoku4Line(3, 2), sudoku4Line(2, 3)}},
}

func TestParseSudoku16Characters(t *testing.T) {
	for _, tc := range parseSudoku16 {
		t.Run(tc.name, func(t *testing.T) {
			got, err := sudoku.Parse("in", strings.NewReader(tc.in), "")
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
			for _, p := range got {
				requireSudokuRoundTrip(t, p)
			}
		})
	}
}

// parseSudokuRunes are errors about characters that are not ASCII:
// lengths and positions count characters, and the character is quoted
// whole.
var parseSudokuRunes = []struct {
	name, in string
	line     int
	msg      string
}{
	{"81 characters with one é", sudokuLine9[:4] + "é" + sudokuLine9[5:] + "\n", 1,
		"expected symbols 1-9 or blanks - . 0, got 'é' at character 5"},
	{"82 characters with one é", sudokuLine9 + "é\n", 1,
		`expected a row of 4, 9, 16, 25 or 36 symbols, a puzzle of 81, 256, 625 or 1296, or numbers separated by blanks, got 82 characters: "` + sudokuLine9[:37] + `"...`},
	{"a byte that is not UTF-8", sudokuLine9[:80] + "\xff\n", 1,
		`expected symbols 1-9 or blanks - . 0, got '\xff' at character 81`},
	{"a grid row with a CJK character", strings.Join(append(strings.Split(sudokuGrid9, "\n")[:1:1], append([]string{"1234五6789"}, strings.Split(sudokuGrid9, "\n")[2:]...)...), "\n"), 2,
		"expected symbols 1-9 or blanks - . 0, got '五' at character 5"},
	{"a grid row one character short", "123456789\n1234五678\n", 2,
		`expected row 2 of the grid, 9 symbols, got 8 characters: "1234五678"`},
	{"a long line of é quoted by characters", strings.Repeat("é", 50) + "\n", 1,
		`expected a row of 4, 9, 16, 25 or 36 symbols, a puzzle of 81, 256, 625 or 1296, or numbers separated by blanks, got 50 characters: "` + strings.Repeat("é", 37) + `"...`},
	{"a 4x4 line with a letter is a 16x16 row", sudoku4(3)[:15] + "A\n", 2,
		"grid cut off: expected 16 rows, got 1 before the end of input"},
	{"alphabet of four runes", "αβγδ", 0, `alphabet "αβγδ": want distinct printable symbols other than . - #`},
}

func TestParseSudokuRunes(t *testing.T) {
	for _, tc := range parseSudokuRunes {
		t.Run(tc.name, func(t *testing.T) {
			alphabet := ""
			if tc.line == 0 {
				alphabet = tc.in // the alphabet is the case
				tc.in = sudokuLine9
			}
			_, err := sudoku.Parse("in", strings.NewReader(tc.in), alphabet)
			var pe *puzzle.ParseError
			require.ErrorAs(t, err, &pe)
			require.Equal(t, tc.line, pe.Line, "%v", err)
			require.EqualError(t, pe.Err, tc.msg)
		})
	}
}
