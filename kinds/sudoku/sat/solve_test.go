package sat_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/sat"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// readSudoku parses a sudoku data file and its expected output, if any.
func readSudoku(tb testing.TB, name, want string) ([]sudoku.Instance, string) {
	tb.Helper()
	path := judgedata.Path(tb, "sudoku", name)
	f, err := os.Open(path)
	require.NoError(tb, err)
	defer f.Close()
	ps, err := sudoku.Parse(path, f, "")
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
	{"sample.in", "sample.out"},
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
func sudokuLean(ctx context.Context, p sudoku.Instance) (sudoku.Answer, solver.Stats, error) {
	o := sat.Defaults()
	o.Reduce, o.Equivalences = sat.Singles, true
	return solver.FindBuilt[sudoku.Answer](ctx, solver.Config{}, func(f *cnf.CNF) *sat.Query { return sat.EncodeWith(f, p, o) })
}

// sudokuPooled returns a function that solves puzzles as the command
// solves a batch: Solve with one pool for all of them.
func sudokuPooled() func(context.Context, sudoku.Instance) (sudoku.Answer, solver.Stats, error) {
	c := solver.Config{Pool: solver.NewPool()}
	return func(ctx context.Context, p sudoku.Instance) (sudoku.Answer, solver.Stats, error) {
		return sat.Solve(ctx, p, c, technique.Picks{})
	}
}

// sudokuGivens solves p by the formula of its givens, as exported.
func sudokuGivens(ctx context.Context, p sudoku.Instance) (sudoku.Answer, solver.Stats, error) {
	return solver.Find(ctx, sat.Encode(p), solver.Config{})
}

func TestSudokuJudgeData(t *testing.T) {
	for _, set := range sudokuSets {
		for name, solve := range map[string]func(context.Context, sudoku.Instance) (sudoku.Answer, solver.Stats, error){"lean": sudokuLean, "givens": sudokuGivens, "pooled": sudokuPooled()} {
			t.Run(set.in+"/"+name, func(t *testing.T) { testSudokuSet(t, set.in, set.out, solve) })
		}
	}
}

// testSudokuSet solves every puzzle of a judge file and compares the
// answers with its expected output.
func testSudokuSet(t *testing.T, in, out string, solve func(context.Context, sudoku.Instance) (sudoku.Answer, solver.Stats, error)) {
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

// sudokuNine are the 9x9 judge files, those with puzzles of several
// answers or none included.
var sudokuNine = []string{
	"poj3074_tedukuri.in", "michael404_9x9.puzzles", "top95.txt", "hardest.txt",
	"no_solution.txt", "two_solutions.txt", "poj2676_tedukuri_inputonly.in",
}

// TestSudokuSession: on one pool, with every engine in process and in
// the default encoding and two others (the pool keeps rules per
// encoding), the 9x9 judge files one after the other (an UNSAT answer in
// the middle, past renewals of a kept gini) get what a formula per
// puzzle gets: the same answer for a puzzle with one, "no solution" for
// one with none, and a verified answer for one with several. A grid of
// another size goes the formula's way.
func TestSudokuSession(t *testing.T) {
	var ps []sudoku.Instance
	for _, name := range sudokuNine {
		set, _ := readSudoku(t, name, "")
		ps = append(ps, set...)
	}
	big, _ := readSudoku(t, "michael404_16x16.puzzles", "")
	ps = append(ps, big[0])
	for _, e := range inProcess() {
		for _, spec := range []string{"", "sides=minimal,amo=sequential,small-groups=amo", "sides=efficient"} {
			enc, err := technique.ResolveEncoding(sat.Encodings(), spec)
			require.NoError(t, err)
			t.Run(e.Name()+"/"+spec, func(t *testing.T) { testSudokuSession(t, ps, e, enc) })
		}
	}
}

// testSudokuSession is TestSudokuSession with one engine and encoding.
func testSudokuSession(t *testing.T, ps []sudoku.Instance, e solver.Engine, enc technique.Picks) {
	ctx := context.Background()
	c := solver.Config{Engine: e, Pool: solver.NewPool()}
	defer c.Pool.Close()
	several, none := 0, 0
	for i, p := range ps {
		want, _, wantErr := sat.Solve(ctx, p, solver.Config{Engine: e}, enc)
		got, st, err := sat.Solve(ctx, p, c, enc)
		if wantErr != nil {
			require.ErrorIs(t, wantErr, puzzle.ErrNoSolution, "puzzle %d", i)
			require.ErrorIs(t, err, puzzle.ErrNoSolution, "puzzle %d", i)
			none++
			continue
		}
		require.NoError(t, err, "puzzle %d", i)
		require.NoError(t, p.Verify(got), "puzzle %d", i)
		require.LessOrEqual(t, st.Solves, 1)
		if n, _, err := sat.Count(ctx, p, 2, solver.Config{Engine: e}, technique.Picks{}); err == nil && n > 1 {
			several++
			continue
		}
		require.Equal(t, p.Format(want), p.Format(got), "puzzle %d", i)
	}
	require.Positive(t, several)
	require.Positive(t, none)
}

// inProcess returns the engines that run in process: gini, and CaDiCaL
// in a build with the tag cadical.
func inProcess() []solver.Engine {
	es := []solver.Engine{solver.Gini()}
	if e, ok := solver.Cadical(); ok {
		es = append(es, e)
	}
	return es
}
