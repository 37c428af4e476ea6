package dfs_test

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/gen"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/internal/ref/sudokuref"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/search"
)

// readSudokus parses a sudoku file.
func readSudokus(tb testing.TB, path string) []sudoku.Instance {
	tb.Helper()
	f, err := os.Open(path)
	require.NoError(tb, err)
	defer f.Close()
	ps, err := sudoku.Parse(filepath.Base(path), f, "")
	require.NoError(tb, err)
	return ps
}

// sudokuFixture is a file in ../testdata.
func sudokuFixture(name string) string { return filepath.Join("..", "testdata", name) }

// solveSudokus solves and verifies every puzzle and returns the output.
func solveSudokus(t *testing.T, ps []sudoku.Instance) string {
	t.Helper()
	var out strings.Builder
	for i, p := range ps {
		a, _, err := dfs.Solve(context.Background(), p, search.Run{})
		require.NoError(t, err, "puzzle %d", i+1)
		require.NoError(t, p.Verify(a), "puzzle %d", i+1)
		out.WriteString(p.Format(a))
	}
	return out.String()
}

// sudokuExpected pairs a judge input with its expected output.
var sudokuExpected = []struct{ in, out string }{
	{"sample.in", "sample.out"},
	{"poj3076_tedukuri_a.in", "poj3076_tedukuri_a.out"},
	{"poj3076_tedukuri_a.crlf.in", "poj3076_tedukuri_a.out"},
	{"michael404_16x16_poj3076fmt.in", "michael404_16x16_poj3076fmt.out"},
	{"poj3074_tedukuri.in", "poj3074_tedukuri.out"},
	{"michael404_9x9.puzzles", "michael404_9x9.solutions"},
	{"michael404_16x16.puzzles", "michael404_16x16.solutions"},
}

// TestSudokuJudgeData reproduces every expected output, comparing without
// trailing blank lines (the files differ in them).
func TestSudokuJudgeData(t *testing.T) {
	for _, tc := range sudokuExpected {
		t.Run(tc.in, func(t *testing.T) {
			got := solveSudokus(t, readSudokus(t, judgedata.Path(t, "sudoku", tc.in)))
			want, err := os.ReadFile(judgedata.Path(t, "sudoku", tc.out))
			require.NoError(t, err)
			require.Equal(t, strings.TrimRight(string(want), "\n"), strings.TrimRight(got, "\n"))
		})
	}
	t.Run("statement sample in testdata", func(t *testing.T) {
		got := solveSudokus(t, readSudokus(t, sudokuFixture("sample.in")))
		want, err := os.ReadFile(sudokuFixture("sample.out"))
		require.NoError(t, err)
		require.Equal(t, string(want), got)
	})
}

// TestSudoku25 solves the 25x25 set, minimal puzzles included, and checks
// that each has exactly one answer (in -short mode only the answers: the
// proofs take a few seconds).
func TestSudoku25(t *testing.T) {
	ps := readSudokus(t, judgedata.Path(t, "sudoku", "michael404_25x25.puzzles"))
	sols := readSudokus(t, judgedata.Path(t, "sudoku", "michael404_25x25.solutions"))
	names, err := os.ReadFile(judgedata.Path(t, "sudoku", "michael404_25x25.names"))
	require.NoError(t, err)
	require.Len(t, sols, len(ps))
	require.Len(t, strings.Fields(string(names)), len(ps))
	for i, name := range strings.Fields(string(names)) {
		t.Run(name, func(t *testing.T) {
			p := ps[i]
			a, _, err := dfs.Solve(context.Background(), p, search.Run{})
			require.NoError(t, err)
			require.NoError(t, p.Verify(a))
			require.Equal(t, sols[i].Cells, a.Cells)
			if testing.Short() {
				return
			}
			n, _, err := dfs.Count(context.Background(), p, 2, search.Run{})
			require.NoError(t, err)
			require.Equal(t, 1, n)
		})
	}
}

// TestSudokuHardSets gives every puzzle of the 9x9 benchmark sets a valid
// answer and checks that each has exactly one.
func TestSudokuHardSets(t *testing.T) {
	for _, name := range []string{"top95.txt", "hardest.txt"} {
		t.Run(name, func(t *testing.T) {
			for i, p := range readSudokus(t, judgedata.Path(t, "sudoku", name)) {
				a, _, err := dfs.Solve(context.Background(), p, search.Run{})
				require.NoError(t, err, "puzzle %d", i+1)
				require.NoError(t, p.Verify(a), "puzzle %d", i+1)
				n, _, err := dfs.Count(context.Background(), p, 2, search.Run{})
				require.NoError(t, err)
				require.Equal(t, 1, n, "puzzle %d", i+1)
			}
		})
	}
}

// TestSudokuManySolutions: the later POJ 2676 grids have many answers;
// every one found is valid and count stops at its limit.
func TestSudokuManySolutions(t *testing.T) {
	ps := readSudokus(t, judgedata.Path(t, "sudoku", "poj2676_tedukuri_inputonly.in"))
	multi := 0
	for i, p := range ps {
		a, _, err := dfs.Solve(context.Background(), p, search.Run{})
		require.NoError(t, err, "grid %d", i+1)
		require.NoError(t, p.Verify(a), "grid %d", i+1)
		n, _, err := dfs.Count(context.Background(), p, 5, search.Run{})
		require.NoError(t, err)
		require.LessOrEqual(t, n, 5)
		if n > 1 {
			multi++
		}
	}
	require.Positive(t, multi)
}

func TestSudokuFixtures(t *testing.T) {
	two := readSudokus(t, sudokuFixture("two_solutions.txt"))
	require.Len(t, two, 1)
	for _, limit := range []int{0, 3, 100} {
		n, _, err := dfs.Count(context.Background(), two[0], limit, search.Run{})
		require.NoError(t, err)
		require.Equal(t, 2, n, "limit %d", limit)
	}
	n, _, err := dfs.Count(context.Background(), two[0], 1, search.Run{})
	require.NoError(t, err)
	require.Equal(t, 1, n)

	none := readSudokus(t, sudokuFixture("no_solution.txt"))
	require.Len(t, none, 1)
	_, st, err := dfs.Solve(context.Background(), none[0], search.Run{})
	require.ErrorIs(t, err, puzzle.ErrNoSolution)
	require.Greater(t, st.Nodes, int64(1), "the contradiction should need search")
	n, _, err = dfs.Count(context.Background(), none[0], 2, search.Run{})
	require.NoError(t, err)
	require.Zero(t, n)
}

func TestSudokuBadInstances(t *testing.T) {
	clash := sudoku.Instance{Box: 3, Cells: make([]int16, 81)}
	clash.Cells[0], clash.Cells[1] = 5, 5
	_, _, err := dfs.Solve(context.Background(), clash, search.Run{})
	require.ErrorIs(t, err, puzzle.ErrNoSolution)

	bad := []sudoku.Instance{
		{Box: 21, Cells: make([]int16, 441*441)},
		{Box: 1, Cells: make([]int16, 1)},
		{Box: 3, Cells: make([]int16, 80)},
		{Box: 3, Cells: append(make([]int16, 80), 10)},
		{Box: 3, Cells: append(make([]int16, 80), -1)},
		{Box: 3, Cells: append(make([]int16, 80), math.MaxInt16)},
		{Box: 3, Cells: append([]int16{math.MinInt16}, make([]int16, 80)...)},
	}
	for _, p := range bad {
		_, _, err := dfs.Solve(context.Background(), p, search.Run{})
		require.Error(t, err)
		require.NotErrorIs(t, err, puzzle.ErrNoSolution)
		_, _, err = dfs.Count(context.Background(), p, 2, search.Run{})
		require.Error(t, err)
	}
}

func TestSudokuContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, box := range []int{2, 3, 4, 8} { // each search: small, 9x9, small, wide
		side := box * box
		empty := sudoku.Instance{Box: box, Cells: make([]int16, side*side)}
		n, _, err := dfs.Count(ctx, empty, 0, search.Run{})
		require.ErrorIs(t, err, context.Canceled, "box %d", box)
		require.Zero(t, n, "a context done already stops the search at its first step")
	}

	// The minimal puzzle takes far more than the 1024 steps between two
	// looks at ctx, so the expired deadline is seen however fast it runs.
	hard := readSudokus(t, judgedata.Path(t, "sudoku", "michael404_25x25.puzzles"))[1]
	ctx, cancel = context.WithDeadline(context.Background(), time.Now())
	defer cancel()
	_, _, err := dfs.Solve(ctx, hard, search.Run{})
	require.ErrorIs(t, err, context.DeadlineExceeded)
	_, _, err = dfs.Count(ctx, hard, 2, search.Run{})
	require.ErrorIs(t, err, context.DeadlineExceeded)
}

func TestSudokuNodeLimit(t *testing.T) {
	hard := readSudokus(t, judgedata.Path(t, "sudoku", "michael404_25x25.puzzles"))[1]
	n, st, err := dfs.CountNodes(context.Background(), hard, 2, 10, search.Run{})
	require.ErrorIs(t, err, dfs.ErrNodeLimit)
	require.Zero(t, n)
	require.GreaterOrEqual(t, st.Nodes, int64(10), "10 states, some decisions failing at once")

	two := readSudokus(t, sudokuFixture("two_solutions.txt"))[0]
	n, _, err = dfs.CountNodes(context.Background(), two, 0, 1000, search.Run{})
	require.NoError(t, err)
	require.Equal(t, 2, n)
}

// sudokuBruteCount counts the answers of cells by plain backtracking in
// reading order, up to limit, keeping the symbols used in each row, column
// and box as bitmasks.
func sudokuBruteCount(box int, cells []int16, limit int) int {
	side := box * box
	rows, cols, boxes := make([]int, side), make([]int, side), make([]int, side)
	boxOf := func(i int) int { return i/side/box*box + i%side/box }
	// Clashing givens have no answer; the backtracking would not see them.
	for i, v := range cells {
		if v == 0 {
			continue
		}
		bit := 1 << v
		if (rows[i/side]|cols[i%side]|boxes[boxOf(i)])&bit != 0 {
			return 0
		}
		rows[i/side] |= bit
		cols[i%side] |= bit
		boxes[boxOf(i)] |= bit
	}
	count := 0
	var rec func(i int)
	rec = func(i int) {
		for i < len(cells) && cells[i] != 0 {
			i++
		}
		if i == len(cells) {
			count++
			return
		}
		r, c, b := i/side, i%side, boxOf(i)
		for v := 1; v <= side && count < limit; v++ {
			bit := 1 << v
			if (rows[r]|cols[c]|boxes[b])&bit != 0 {
				continue
			}
			rows[r], cols[c], boxes[b] = rows[r]|bit, cols[c]|bit, boxes[b]|bit
			rec(i + 1)
			rows[r], cols[c], boxes[b] = rows[r]&^bit, cols[c]&^bit, boxes[b]&^bit
		}
	}
	rec(0)
	return count
}

// TestSudokuCountMatchesBruteForce compares counts on random partial grids:
// 4x4 with any givens (clashes included), 9x9 with many givens, and 9x9
// with so few that counting runs past the nodes the search spends without
// look-ahead, so that its failed options and dilemmas are checked too.
func TestSudokuCountMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cases := []struct {
		box, givens, trials, limit int
		noise                      bool
		minNodes                   int64 // the most nodes of a trial must reach it
	}{
		{2, 0, 1, 1000, false, 0},
		{2, 3, 200, 1000, true, 0},
		{2, 5, 200, 1000, false, 0},
		{3, 30, 40, 50, false, 0},
		{3, 24, 6, 1500, false, 1000},
	}
	for _, tc := range cases {
		side := tc.box * tc.box
		most := int64(0)
		for range tc.trials {
			full := sudokuref.Shuffled(rng, tc.box)
			cells := make([]int16, len(full))
			for _, i := range rng.Perm(len(full))[:tc.givens] {
				cells[i] = full[i]
				if tc.noise && rng.IntN(4) == 0 {
					cells[i] = int16(rng.IntN(side) + 1)
				}
			}
			p := sudoku.Instance{Box: tc.box, Cells: cells}
			want := sudokuBruteCount(tc.box, cells, tc.limit)
			got, st, err := dfs.Count(context.Background(), p, tc.limit, search.Run{})
			require.NoError(t, err)
			require.Equal(t, want, got, "box %d cells %v", tc.box, cells)
			most = max(most, st.Nodes)
			a, _, err := dfs.Solve(context.Background(), p, search.Run{})
			if want == 0 {
				require.ErrorIs(t, err, puzzle.ErrNoSolution)
				continue
			}
			require.NoError(t, err)
			require.NoError(t, p.Verify(a))
		}
		require.GreaterOrEqual(t, most, tc.minNodes, "box %d givens %d", tc.box, tc.givens)
	}
}

// sudokuBench times solving (limit 0) or counting to limit every puzzle
// of a judge file, each iteration over the whole file.
func sudokuBench(b *testing.B, name string, first, limit int) {
	ps := readSudokus(b, judgedata.Find(b, "sudoku", name))
	if first > 0 {
		ps = ps[:first]
	}
	ctx := context.Background()
	var nodes int64
	for b.Loop() {
		for _, p := range ps {
			nodes += sudokuNodes(b, ctx, p, limit)
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(len(ps)*b.N)/b.Elapsed().Seconds(), "puzzles/s")
}

func BenchmarkSudoku(b *testing.B) {
	b.Run("book16x16", func(b *testing.B) { sudokuBench(b, "poj3076_tedukuri_a.in", 0, 0) })
	b.Run("poj3074", func(b *testing.B) { sudokuBench(b, "poj3074_tedukuri.in", 0, 0) })
	b.Run("top95", func(b *testing.B) { sudokuBench(b, "top95.txt", 0, 0) })
	b.Run("royle17-2000", func(b *testing.B) { sudokuBench(b, "royle_17clue_49151.txt", 2000, 0) })
	b.Run("magictour", func(b *testing.B) { sudokuBench(b, "magictour_top1465.txt", 0, 0) })
	b.Run("forum_hardest", func(b *testing.B) { sudokuBench(b, "forum_hardest_1106.txt", 0, 0) })
	b.Run("michael16x16", func(b *testing.B) { sudokuBench(b, "michael404_16x16.puzzles", 0, 0) })
	b.Run("michael25x25-1", func(b *testing.B) { sudokuBench(b, "michael404_25x25.puzzles", 1, 0) })
	b.Run("michael25x25", func(b *testing.B) { sudokuBench(b, "michael404_25x25.puzzles", 0, 0) })
}

func BenchmarkCountSudoku(b *testing.B) {
	b.Run("book16x16", func(b *testing.B) { sudokuBench(b, "poj3076_tedukuri_a.in", 0, 2) })
	b.Run("poj3074", func(b *testing.B) { sudokuBench(b, "poj3074_tedukuri.in", 0, 2) })
	b.Run("top95", func(b *testing.B) { sudokuBench(b, "top95.txt", 0, 2) })
	b.Run("magictour", func(b *testing.B) { sudokuBench(b, "magictour_top1465.txt", 0, 2) })
	b.Run("forum_hardest", func(b *testing.B) { sudokuBench(b, "forum_hardest_1106.txt", 0, 2) })
	b.Run("michael25x25", func(b *testing.B) { sudokuBench(b, "michael404_25x25.puzzles", 0, 2) })
}

// BenchmarkSudoku25 solves (limit 0) or counts to 2 each 25x25 puzzle
// on its own, to show which are hard.
func BenchmarkSudoku25(b *testing.B) {
	ps := readSudokus(b, judgedata.Path(b, "sudoku", "michael404_25x25.puzzles"))
	names, err := os.ReadFile(judgedata.Path(b, "sudoku", "michael404_25x25.names"))
	if err != nil {
		b.Fatal(err)
	}
	for i, name := range strings.Fields(string(names)) {
		for _, limit := range []int{0, 2} {
			op := "solve"
			if limit > 0 {
				op = "count"
			}
			b.Run(op+"/"+name, func(b *testing.B) { sudokuBenchOne(b, ps[i], limit) })
		}
	}
}

// sudokuBenchOne times solving (limit 0) or counting to limit one puzzle.
func sudokuBenchOne(b *testing.B, p sudoku.Instance, limit int) {
	ctx := context.Background()
	var nodes int64
	for b.Loop() {
		nodes += sudokuNodes(b, ctx, p, limit)
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// sudokuNodes solves p (limit 0) or counts its answers to limit, and
// returns the search's nodes.
func sudokuNodes(b *testing.B, ctx context.Context, p sudoku.Instance, limit int) int64 {
	var st search.Stats
	var err error
	if limit == 0 {
		_, st, err = dfs.Solve(ctx, p, search.Run{})
	} else {
		_, st, err = dfs.Count(ctx, p, limit, search.Run{})
	}
	if err != nil {
		b.Fatal(err)
	}
	return st.Nodes
}

// BenchmarkSudoku17 solves Royle's 49,151 17-clue puzzles (outside the
// repository: PUZZLESAT_DATA) one after the other, as `solve sudoku
// --jobs=1` does, without parsing and printing.
func BenchmarkSudoku17(b *testing.B) { sudokuBench(b, "royle_17clue_49151.txt", 0, 0) }

// BenchmarkSudokuLarge solves one generated grid of each large size, with
// the largest share of random blanks both backends solve in well under a
// second (README).
func BenchmarkSudokuLarge(b *testing.B) {
	sizes := []struct {
		name   string
		box    int
		blanks float64
	}{
		{"64x64-35%", 8, 0.35}, {"100x100-30%", 10, 0.30}, {"144x144-25%", 12, 0.25},
		{"225x225-20%", 15, 0.20}, {"400x400-20%", 20, 0.20},
	}
	for _, tc := range sizes {
		p := gen.RandomBlanks(rand.New(rand.NewPCG(1, uint64(tc.box))), tc.box, tc.blanks)
		b.Run(tc.name, func(b *testing.B) { sudokuBenchOne(b, p, 0) })
	}
}
