package sudoku_test

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/dfs"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/puzzletest"
	"github.com/puzzlesat/puzzlesat/search"
)

// sudokuFull returns the value 1..S of cell (r, c) in a fixed valid grid.
func sudokuFull(box, r, c int) int {
	side := box * box
	return (box*(r%box)+r/box+c)%side + 1
}

// sudokuInputs writes the fixed valid grid in alphabet, keeping the cells
// for which keep is true and writing blank for the others; rows are joined
// by sep ("" for one line, "\n" for a grid).
func sudokuText(box int, alphabet string, blank byte, sep string, keep func(i int) bool) string {
	side := box * box
	var b strings.Builder
	for r := range side {
		if r > 0 {
			b.WriteString(sep)
		}
		for c := range side {
			if keep(r*side + c) {
				b.WriteByte(alphabet[sudokuFull(box, r, c)-1])
			} else {
				b.WriteByte(blank)
			}
		}
	}
	return b.String()
}

func sudokuEvery(k int) func(int) bool { return func(i int) bool { return i%k == 0 } }

// sudokuCells returns the cells of sudokuText(box, ..., keep).
func sudokuCells(box int, keep func(i int) bool) []int16 {
	side := box * box
	cells := make([]int16, side*side)
	for i := range cells {
		if keep(i) {
			cells[i] = int16(sudokuFull(box, i/side, i%side))
		}
	}
	return cells
}

const (
	sudokuDigits = "123456789"
	sudokuHex16  = "0123456789ABCDEF"
	sudokuAP     = "ABCDEFGHIJKLMNOP"
	sudokuAY     = "ABCDEFGHIJKLMNOPQRSTUVWXY"
)

var (
	sudokuLine9   = sudokuText(3, sudokuDigits, '.', "", sudokuEvery(3))
	sudokuLine9b  = sudokuText(3, sudokuDigits, '0', "", sudokuEvery(5))
	sudokuGrid9   = sudokuText(3, sudokuDigits, '0', "\n", sudokuEvery(2))
	sudokuGrid16  = sudokuText(4, sudokuAP, '-', "\n", sudokuEvery(3))
	sudokuLineHex = sudokuText(4, sudokuHex16, '.', "", sudokuEvery(3))
	sudokuLine25  = sudokuText(5, sudokuAY, '.', "", sudokuEvery(2))
)

// sudokuNine is the 9x9 instance of sudokuText(3, ..., keep) starting at line.
func sudokuNine(layout sudoku.Layout, keep func(int) bool, line int) sudoku.Instance {
	return sudoku.Instance{Box: 3, Cells: sudokuCells(3, keep), Layout: layout, Alphabet: sudokuDigits, Line: line}
}

var parseSudokuTests = []struct {
	name     string
	in       string
	alphabet string
	want     []sudoku.Instance
}{
	{"one line", sudokuLine9 + "\n", "", []sudoku.Instance{sudokuNine(sudoku.Line, sudokuEvery(3), 1)}},
	{"zero and dash blanks", strings.ReplaceAll(sudokuLine9, ".", "0") + "\n" + strings.ReplaceAll(sudokuLine9b, "0", "-"), "",
		[]sudoku.Instance{sudokuNine(sudoku.Line, sudokuEvery(3), 1), sudokuNine(sudoku.Line, sudokuEvery(5), 2)}},
	{"CRLF and trailing blanks", sudokuLine9 + " \r\n" + sudokuLine9b + "\t\r\n", "",
		[]sudoku.Instance{sudokuNine(sudoku.Line, sudokuEvery(3), 1), sudokuNine(sudoku.Line, sudokuEvery(5), 2)}},
	{"no final newline", sudokuLine9, "", []sudoku.Instance{sudokuNine(sudoku.Line, sudokuEvery(3), 1)}},
	{"comments and blank lines", "# top\n#\n\n" + sudokuLine9 + "\n\n# more\n  " + sudokuLine9b + "\n\n", "",
		[]sudoku.Instance{sudokuNine(sudoku.Line, sudokuEvery(3), 4), sudokuNine(sudoku.Line, sudokuEvery(5), 7)}},
	{"end stops the input", sudokuLine9 + "\nend\nnot a puzzle\n", "", []sudoku.Instance{sudokuNine(sudoku.Line, sudokuEvery(3), 1)}},
	{"count line", "2\n" + sudokuLine9 + "\n" + sudokuLine9b + "\n", "",
		[]sudoku.Instance{sudokuNine(sudoku.Line, sudokuEvery(3), 2), sudokuNine(sudoku.Line, sudokuEvery(5), 3)}},
	{"grids without separators, POJ 2676", "2\n" + sudokuGrid9 + "\n" + sudokuGrid9 + "\n", "",
		[]sudoku.Instance{sudokuNine(sudoku.Grid, sudokuEvery(2), 2), sudokuNine(sudoku.Grid, sudokuEvery(2), 11)}},
	{"grid then line", sudokuGrid9 + "\n\n" + sudokuLine9 + "\n", "",
		[]sudoku.Instance{sudokuNine(sudoku.Grid, sudokuEvery(2), 1), sudokuNine(sudoku.Line, sudokuEvery(3), 11)}},
	{"comment inside a grid", strings.Replace(sudokuGrid9, "\n", "\n# note\n", 1), "",
		[]sudoku.Instance{sudokuNine(sudoku.Grid, sudokuEvery(2), 1)}},
	{"16x16 grid A-P", sudokuGrid16 + "\n\n", "",
		[]sudoku.Instance{{Box: 4, Cells: sudokuCells(4, sudokuEvery(3)), Layout: sudoku.Grid, Alphabet: sudokuAP, Line: 1}}},
	{"16x16 grid A-P with 0 blanks", strings.ReplaceAll(sudokuGrid16, "-", "0"), "",
		[]sudoku.Instance{{Box: 4, Cells: sudokuCells(4, sudokuEvery(3)), Layout: sudoku.Grid, Alphabet: sudokuAP, Line: 1}}},
	{"16x16 line 0-9A-F", sudokuLineHex + "\n", "",
		[]sudoku.Instance{{Box: 4, Cells: sudokuCells(4, sudokuEvery(3)), Layout: sudoku.Line, Alphabet: sudokuHex16, Line: 1}}},
	{"25x25 line", sudokuLine25 + "\n", "",
		[]sudoku.Instance{{Box: 5, Cells: sudokuCells(5, sudokuEvery(2)), Layout: sudoku.Line, Alphabet: sudokuAY, Line: 1}}},
	{"forced alphabet", sudokuText(3, "abcdefghi", '.', "", sudokuEvery(3)), "abcdefghi",
		[]sudoku.Instance{{Box: 3, Cells: sudokuCells(3, sudokuEvery(3)), Layout: sudoku.Line, Alphabet: "abcdefghi", Line: 1}}},
	{"forced 16x16 alphabet without digits", sudokuText(4, sudokuHex16, '-', "", sudokuEvery(7)), sudokuHex16,
		[]sudoku.Instance{{Box: 4, Cells: sudokuCells(4, sudokuEvery(7)), Layout: sudoku.Line, Alphabet: sudokuHex16, Line: 1}}},
}

func TestParseSudoku(t *testing.T) {
	for _, tc := range parseSudokuTests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := sudoku.Parse("in", strings.NewReader(tc.in), tc.alphabet)
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

// sudokuSet returns s with the byte at i replaced by c.
func sudokuSet(s string, i int, c byte) string { return s[:i] + string(c) + s[i+1:] }

var (
	sudokuBlank9 = strings.Repeat(".", 81)
	sudokuRows16 = strings.Split(sudokuGrid16, "\n")
)

var parseSudokuErrors = []struct {
	name     string
	in       string
	alphabet string
	line     int
	msg      string
}{
	{"short line", "\n" + sudokuLine9[:80] + "\n", "", 2,
		`expected a row of 4, 9, 16, 25 or 36 symbols, a puzzle of 81, 256, 625 or 1296, or numbers separated by blanks, got 80 characters: "` + sudokuLine9[:37] + `"...`},
	{"short row", strings.Join(sudokuRows16[:2], "\n") + "\n" + sudokuRows16[2][:15] + "\n", "", 3,
		`expected row 3 of the grid, 16 symbols, got 15 characters: "` + sudokuRows16[2][:15] + `"`},
	{"long row", sudokuGrid9 + "1", "", 9, `expected row 9 of the grid, 9 symbols, got 10 characters: "` + strings.Split(sudokuGrid9, "\n")[8] + `1"`},
	{"symbol outside 1-9", sudokuLine9 + "\n" + sudokuSet(sudokuLine9, 4, 'A') + "\n", "", 2,
		`expected symbols 1-9 or blanks - . 0, got 'A' at character 5`},
	{"symbol outside A-P", strings.Join(sudokuRows16[:3], "\n") + "\n" + sudokuSet(sudokuRows16[3], 15, 'Q') + "\n" + strings.Join(sudokuRows16[4:], "\n"), "", 4,
		`expected symbols A-P or blanks - . 0, got 'Q' at character 16`},
	{"symbol outside 0-9A-F", sudokuSet(sudokuLineHex, 200, 'G'), "", 1,
		`expected symbols 0-9A-F or blanks - ., got 'G' at character 201`},
	{"symbol outside forced alphabet", sudokuLine9, "abcdefghi", 1,
		`expected symbols "abcdefghi" or blanks - . 0, got '1' at character 1`},
	{"line of the wrong size for the alphabet", sudokuLine9, sudokuAP, 1,
		`expected a row of 16 symbols or a puzzle of 256, got 81 characters: "` + sudokuLine9[:37] + `"...`},
	{"two equal givens in a row", "# x\n" + sudokuSet(sudokuSet(sudokuBlank9, 10, '5'), 16, '5'), "", 2,
		`given '5' at row 2 column 8 repeats one in its row`},
	{"two equal givens in a column", sudokuSet(sudokuSet(sudokuBlank9, 3, '7'), 75, '7'), "", 1,
		`given '7' at row 9 column 4 repeats one in its column`},
	{"two equal givens in a box", sudokuSet(sudokuSet(sudokuBlank9, 0, '1'), 20, '1'), "", 1,
		`given '1' at row 3 column 3 repeats one in its box`},
	{"two equal givens in a grid box", "\n100000000\n001000000\n" + strings.Repeat("000000000\n", 7), "", 3,
		`given '1' at row 2 column 3 repeats one in its box`},
	{"0 is a symbol in 0-9A-F", sudokuSet(sudokuLineHex, 1, '0'), "", 1,
		`given '0' at row 1 column 2 repeats one in its row`},
	{"grid cut off by the end of input", strings.Join(sudokuRows16[:5], "\n"), "", 6,
		`grid cut off: expected 16 rows, got 5 before the end of input`},
	{"grid cut off by a blank line", strings.Join(sudokuRows16[:5], "\n") + "\n\n" + sudokuGrid16, "", 6,
		`grid cut off: expected 16 rows, got 5`},
	{"grid cut off by end", strings.Join(sudokuRows16[:15], "\n") + "\nend\n", "", 16,
		`grid cut off: expected 16 rows, got 15`},
	{"more puzzles than counted", "1\n" + sudokuLine9 + "\n" + sudokuLine9 + "\n", "", 1,
		`expected 1 puzzles as this line says, the input has 2`},
	{"fewer puzzles than counted", "\n3\n" + sudokuLine9 + "\nend\n" + sudokuLine9 + "\n", "", 2,
		`expected 3 puzzles as this line says, the input has 1`},
	{"count line not first", sudokuLine9 + "\n1\n", "", 2,
		`expected a row of 4, 9, 16, 25 or 36 symbols, a puzzle of 81, 256, 625 or 1296, or numbers separated by blanks, got 1 characters: "1"`},
	{"bad alphabet size", sudokuLine9, "abc", 0, `alphabet "abc" has 3 symbols, want 4, 9, 16, 25, 36, 49, 64 or 81`},
	{"alphabet with a blank", sudokuLine9, "12345678.", 0, `alphabet "12345678.": want distinct printable symbols other than . - #`},
	{"alphabet with a repeat", sudokuLine9, "123456788", 0, `alphabet "123456788": want distinct printable symbols other than . - #`},
	{"empty input", "\n# nothing\n", "", 3, "expected a sudoku, got end of input"},
	{"only end", "end\n", "", 2, "expected a sudoku, got end of input"},
}

func TestParseSudokuErrors(t *testing.T) {
	for _, tc := range parseSudokuErrors {
		t.Run(tc.name, func(t *testing.T) {
			got, err := sudoku.Parse("in", strings.NewReader(tc.in), tc.alphabet)
			require.Nil(t, got)
			var pe *puzzle.ParseError
			require.ErrorAs(t, err, &pe)
			require.Equal(t, "in", pe.File)
			require.Equal(t, tc.line, pe.Line, "%v", err)
			require.EqualError(t, pe.Err, tc.msg)
		})
	}
}

// sudokuSample is the POJ 3076 statement sample and its answer.
func sudokuSample(t *testing.T) (sudoku.Instance, sudoku.Answer, string) {
	t.Helper()
	in, err := os.ReadFile(filepath.Join("testdata", "sample.in"))
	require.NoError(t, err)
	out, err := os.ReadFile(filepath.Join("testdata", "sample.out"))
	require.NoError(t, err)
	ps, err := sudoku.Parse("in", strings.NewReader(string(in)), "")
	require.NoError(t, err)
	require.Len(t, ps, 1)
	as, err := sudoku.Parse("out", strings.NewReader(string(out)), "")
	require.NoError(t, err)
	require.Len(t, as, 1)
	return ps[0], sudoku.Answer{Cells: as[0].Cells}, string(out)
}

func TestSudokuFormat(t *testing.T) {
	p, a, out := sudokuSample(t)
	require.NoError(t, p.Verify(a))
	require.Equal(t, out, p.Format(a))
	require.Equal(t, "no solution\n\n", p.Fail("no solution"))

	q := sudokuNine(sudoku.Line, sudokuEvery(3), 1)
	full := sudoku.Answer{Cells: sudokuCells(3, sudokuEvery(1))}
	require.NoError(t, q.Verify(full))
	require.Equal(t, sudokuText(3, sudokuDigits, '.', "", sudokuEvery(1))+"\n", q.Format(full))
	require.Equal(t, "timeout\n", q.Fail("timeout"))
	require.Equal(t, sudokuLine9+"\n", q.String())
	require.Equal(t, "grid", sudoku.Grid.String())
	require.Equal(t, "SudokuLayout(7)", sudoku.Layout(7).String())
}

func TestSudokuVerifyRejects(t *testing.T) {
	p, a, _ := sudokuSample(t)
	given, blank := -1, -1
	for i, v := range p.Cells {
		if v != 0 && given < 0 {
			given = i
		}
		if v == 0 && blank < 0 {
			blank = i
		}
	}
	mutations := []struct {
		name string
		edit func(c []int16) []int16
		msg  string
	}{
		{"short", func(c []int16) []int16 { return c[:255] }, "answer has 255 cells, want 256"},
		{"blank cell", func(c []int16) []int16 { c[blank] = 0; return c }, "holds 0"},
		{"out of range", func(c []int16) []int16 { c[blank] = 17; return c }, "holds 17"},
		{"given changed", func(c []int16) []int16 { c[given] = c[given]%16 + 1; return c }, "the given is"},
		{"blank changed", func(c []int16) []int16 { c[blank] = c[blank]%16 + 1; return c }, "twice in row 1"},
		{"two cells of a row swapped", func(c []int16) []int16 {
			c[blank], c[blank+1] = c[blank+1], c[blank]
			return c
		}, "twice in column"},
		{"two rows swapped", func(c []int16) []int16 {
			r0, r1 := append([]int16(nil), c[:16]...), c[16:32]
			copy(c, r1)
			copy(c[16:], r0)
			return c
		}, ""},
	}
	for _, m := range mutations {
		t.Run(m.name, func(t *testing.T) {
			bad := sudoku.Answer{Cells: m.edit(append([]int16(nil), a.Cells...))}
			err := p.Verify(bad)
			require.Error(t, err)
			require.Contains(t, err.Error(), m.msg)
		})
	}
	t.Run("not a sudoku", func(t *testing.T) {
		require.Error(t, sudoku.Instance{Box: 4}.Verify(a))
	})
}

// sudokuJudgeCounts lists every judge file of a size the spec covers, with
// its number of puzzles.
var sudokuJudgeCounts = map[string]int{
	"hardest.txt":            11,
	"michael404_9x9.puzzles": 24, "michael404_9x9.solutions": 24,
	"michael404_16x16.puzzles": 3, "michael404_16x16.solutions": 3,
	"michael404_16x16_poj3076fmt.in": 3, "michael404_16x16_poj3076fmt.out": 3,
	"michael404_25x25.puzzles": 5, "michael404_25x25.solutions": 5,
	"poj2676_tedukuri_inputonly.in": 10, "poj3074_tedukuri.in": 91, "poj3074_tedukuri.out": 91,
	"sample.in": 1, "sample.out": 1,
	"poj3076_tedukuri_a.in": 4, "poj3076_tedukuri_a.crlf.in": 4, "poj3076_tedukuri_a.out": 4,
	"top95.txt": 95, "michael404_36x36.puzzles": 9, "michael404_36x36.solutions": 9,
}

// TestParseSudokuJudgeData reads every judge file and checks that String
// gives back the same puzzles.
func TestParseSudokuJudgeData(t *testing.T) {
	for name, n := range sudokuJudgeCounts {
		t.Run(name, func(t *testing.T) {
			f, err := os.Open(judgedata.Path(t, "sudoku", name))
			require.NoError(t, err)
			defer f.Close()
			ps, err := sudoku.Parse(name, f, "")
			require.NoError(t, err)
			require.Len(t, ps, n)
			for _, p := range ps[:min(len(ps), 200)] {
				requireSudokuRoundTrip(t, p)
			}
		})
	}
}

// requireSudokuRoundTrip checks that p.String() parses back to p.
func requireSudokuRoundTrip(t *testing.T, p sudoku.Instance) {
	t.Helper()
	again, err := sudoku.Parse("again", strings.NewReader(p.String()), "")
	require.NoError(t, err, "%s", p.String())
	require.Len(t, again, 1)
	p.Line = 1
	require.Equal(t, p, again[0])
}

func FuzzParseSudoku(f *testing.F) {
	for _, tc := range parseSudokuTests {
		f.Add(tc.in)
	}
	for _, tc := range parseSudokuErrors {
		f.Add(tc.in)
	}
	for _, tc := range parseSudokuSizes {
		f.Add(tc.in)
	}
	for _, tc := range parseSudokuSizeErrors {
		f.Add(tc.in)
	}
	for _, in := range sudokuFuzzExtremes() {
		f.Add(in)
	}
	f.Add(sudokuGrid16 + "\n\n" + sudokuGrid16)
	f.Add("3\n" + sudokuLine9 + "\n")
	for _, in := range puzzletest.FuzzSeeds(sudokuInputs) {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		ps, _, err := sudoku.ParseWarn("fuzz", strings.NewReader(in), "")
		if err != nil {
			var pe *puzzle.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T) is not a *ParseError", err, err)
			}
			require.Nil(t, ps)
			return
		}
		for _, p := range ps {
			requireSudokuRoundTrip(t, p)
		}
	})
}

// BenchmarkScanSudoku reads the large 9x9 sets (outside the repository:
// PUZZLESAT_DATA) as a batch's first reading does, every puzzle parsed
// and its givens checked; and checks each puzzle's answer as Verify does
// before it is printed, and formats it.
func BenchmarkScanSudoku(b *testing.B) {
	for _, name := range []string{"royle_17clue_49151.txt", "magictour_top1465.txt"} {
		text, err := os.ReadFile(judgedata.Find(b, "sudoku", name))
		require.NoError(b, err)
		b.Run(name+"/scan", func(b *testing.B) {
			n := 0
			for b.Loop() {
				n = 0
				_, err := sudoku.Scan(name, strings.NewReader(string(text)), "", func(sudoku.Instance) error { n++; return nil })
				require.NoError(b, err)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/puzzle")
		})
		ps, err := sudoku.Parse(name, strings.NewReader(string(text)), "")
		require.NoError(b, err)
		answers := make([]sudoku.Answer, len(ps))
		for i, p := range ps {
			answers[i] = sudoku.Answer{Cells: sudokuSolve(b, p)}
		}
		b.Run(name+"/verify", func(b *testing.B) {
			for b.Loop() {
				for i, p := range ps {
					if err := p.Verify(answers[i]); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/puzzle")
		})
		b.Run(name+"/format", func(b *testing.B) {
			for b.Loop() {
				for i, p := range ps {
					_ = p.Format(answers[i])
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/puzzle")
		})
	}
}

// sudokuSolve returns the answer of p by the native search.
func sudokuSolve(tb testing.TB, p sudoku.Instance) []int16 {
	a, _, err := dfs.Solve(context.Background(), p, search.Run{})
	require.NoError(tb, err)
	return a.Cells
}

// sudokuInputs is a valid input of several lines, and one whose last line is
// wrong, with its error.
var sudokuInputs = puzzletest.Sample{
	Good: "# two\n" + sudokuLine9 + "\n\n1.3.\n..1.\n.1..\n...1\n",
	Bad:  "1.3.\n..1.\n.1..\n..A1\n",
	Msg:  `expected symbols 1-4 or blanks - . 0, got 'A' at character 3`,
}

func TestParseSudokuLineEnds(t *testing.T) {
	puzzletest.LineEnds(t, func(f string, r io.Reader) ([]sudoku.Instance, error) { return sudoku.Parse(f, r, "") }, sudokuInputs)
}

func TestParseSudokuLongLines(t *testing.T) {
	puzzletest.LongLines(t, func(f string, r io.Reader) ([]sudoku.Instance, error) { return sudoku.Parse(f, r, "") }, sudokuInputs)
}
