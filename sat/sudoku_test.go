package sat_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"puzzlesat/encode"
	"puzzlesat/encode/cnf"
	"puzzlesat/internal/ref/judgedata"
	"puzzlesat/puzzle"
	"puzzlesat/sat/solver"
)

// readSudoku parses a sudoku data file and its expected output, if any.
func readSudoku(tb testing.TB, name, want string) ([]puzzle.Sudoku, string) {
	tb.Helper()
	path := judgedata.Path(tb, "sudoku", name)
	f, err := os.Open(path)
	require.NoError(tb, err)
	defer f.Close()
	ps, err := puzzle.ParseSudoku(path, f, "")
	require.NoError(tb, err)
	if want == "" {
		return ps, ""
	}
	b, err := os.ReadFile(judgedata.Path(tb, "sudoku", want))
	require.NoError(tb, err)
	return ps, string(b)
}

// sudokuSets are the judge files with expected outputs.
var sudokuSets = []struct{ in, out string }{
	{"poj3076_sample.in", "poj3076_sample.out"},
	{"poj3076_tedukuri_a.in", "poj3076_tedukuri_a.out"},
	{"poj3076_tedukuri_a.crlf.in", "poj3076_tedukuri_a.out"},
	{"michael404_16x16_poj3076fmt.in", "michael404_16x16_poj3076fmt.out"},
	{"poj3074_tedukuri.in", "poj3074_tedukuri.out"},
	{"michael404_9x9.puzzles", "michael404_9x9.solutions"},
	{"michael404_16x16.puzzles", "michael404_16x16.solutions"},
	{"michael404_25x25.puzzles", "michael404_25x25.solutions"},
}

// sudokuLean solves p as the command's SAT backend does: the formula
// unit propagation leaves, with equivalent literals substituted, built
// straight into gini.
func sudokuLean(ctx context.Context, p puzzle.Sudoku) (puzzle.SudokuAnswer, solver.Stats, error) {
	o := encode.SudokuDefaults()
	o.Reduce, o.Equivalences = encode.SudokuSingles, true
	return solver.FindBuilt[puzzle.SudokuAnswer](ctx, solver.Config{}, func(f *cnf.CNF) *encode.SudokuQuery { return encode.SudokuWith(f, p, o) })
}

// sudokuGivens solves p by the formula of its givens, as exported.
func sudokuGivens(ctx context.Context, p puzzle.Sudoku) (puzzle.SudokuAnswer, solver.Stats, error) {
	return solver.Find(ctx, encode.Sudoku(p), solver.Config{})
}

func TestSudokuJudgeData(t *testing.T) {
	for _, set := range sudokuSets {
		for name, solve := range map[string]func(context.Context, puzzle.Sudoku) (puzzle.SudokuAnswer, solver.Stats, error){"lean": sudokuLean, "givens": sudokuGivens} {
			t.Run(set.in+"/"+name, func(t *testing.T) { testSudokuSet(t, set.in, set.out, solve) })
		}
	}
}

// testSudokuSet solves every puzzle of a judge file and compares the
// answers with its expected output.
func testSudokuSet(t *testing.T, in, out string, solve func(context.Context, puzzle.Sudoku) (puzzle.SudokuAnswer, solver.Stats, error)) {
	ps, want := readSudoku(t, in, out)
	var got strings.Builder
	var worst time.Duration
	byProp := 0
	for _, p := range ps {
		a, st, err := solve(context.Background(), p)
		require.NoError(t, err)
		require.NoError(t, p.Verify(a))
		got.WriteString(p.Format(a))
		worst = max(worst, st.Time)
		if st.Solves == 0 {
			byProp++
		}
	}
	require.Equal(t, strings.TrimRight(want, "\r\n"), strings.TrimRight(strings.ReplaceAll(got.String(), "\r", ""), "\n"))
	t.Logf("%d puzzles, worst solve %v, %d decided by propagation without gini", len(ps), worst, byProp)
}

func TestSudokuTop95(t *testing.T) {
	ps, _ := readSudoku(t, "top95.txt", "")
	require.Len(t, ps, 95)
	for _, p := range ps {
		a, _, err := sudokuLean(context.Background(), p)
		require.NoError(t, err)
		require.NoError(t, p.Verify(a))
	}
}

func BenchmarkSudoku(b *testing.B) {
	for _, set := range sudokuSets[1:] {
		ps, _ := readSudoku(b, set.in, "")
		b.Run(set.in, func(b *testing.B) {
			for b.Loop() {
				for _, p := range ps {
					if _, _, err := sudokuLean(context.Background(), p); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
