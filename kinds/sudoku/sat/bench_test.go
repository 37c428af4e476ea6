package sat_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/gen"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/sat"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// BenchmarkSudoku17 solves Royle's 49,151 17-clue puzzles (the set stays
// outside the repository: PUZZLESAT_DATA) one after the other, as
// `solve sudoku --backend=sat --jobs=1` does, without parsing and
// printing: by a formula per puzzle (sudokuLean, the path without a
// session), and on the rules kept in a pool (Solve with a Pool, as
// the command solves a batch).
func BenchmarkSudoku17(b *testing.B) {
	f, err := os.Open(judgedata.Find(b, "sudoku", "royle_17clue_49151.txt"))
	if err != nil {
		b.Fatal(err)
	}
	ps, err := sudoku.Parse("royle", f, "")
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	if n, err := strconv.Atoi(os.Getenv("PUZZLESAT_BENCH_N")); err == nil && n < len(ps) {
		ps = ps[:n]
	}
	for _, tc := range []struct {
		name  string
		solve func() func(context.Context, sudoku.Instance) (sudoku.Answer, solver.Stats, error)
	}{
		{"formula", func() func(context.Context, sudoku.Instance) (sudoku.Answer, solver.Stats, error) {
			return sudokuLean
		}},
		{"session", sudokuPooled},
	} {
		b.Run(tc.name, func(b *testing.B) {
			decided := 0
			for b.Loop() {
				decided = 0
				solve := tc.solve()
				for _, p := range ps {
					_, st, err := solve(context.Background(), p)
					if err != nil {
						b.Fatal(err)
					}
					if st.Solves == 0 {
						decided++
					}
				}
			}
			b.ReportMetric(float64(len(ps)*b.N)/b.Elapsed().Seconds(), "puzzles/s")
			b.ReportMetric(float64(decided), "decided-by-propagation")
		})
	}
}

// sudokuLarge are generated grids of every large size, with the largest
// share of random blanks that both backends solve in well under a second
// (README: the frontier beyond which neither, nor CaDiCaL, does in time).
var sudokuLarge = []struct {
	name   string
	box    int
	blanks float64
}{
	{"64x64-35%", 8, 0.35}, {"100x100-30%", 10, 0.30}, {"144x144-25%", 12, 0.25},
	{"225x225-20%", 15, 0.20}, {"400x400-20%", 20, 0.20},
}

// BenchmarkSudokuLarge solves one generated grid of each large size.
func BenchmarkSudokuLarge(b *testing.B) {
	for _, tc := range sudokuLarge {
		p := gen.RandomBlanks(rand.New(rand.NewPCG(1, uint64(tc.box))), tc.box, tc.blanks)
		b.Run(tc.name, func(b *testing.B) {
			var st solver.Stats
			for b.Loop() {
				var err error
				if _, st, err = sudokuLean(context.Background(), p); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(st.Vars), "vars")
			b.ReportMetric(float64(st.Clauses), "clauses")
			b.ReportMetric(float64(st.Conflicts), "conflicts")
		})
	}
}

// BenchmarkSudokuHard36 solves the four hard 36x36 grids, minimal3 to
// minimal6 of michael404_36x36, with each engine in process and with and
// without the segments, each within PUZZLESAT_BENCH_TIMEOUT (default
// 60s): seconds and conflicts per grid, and 1 in "timeouts" for a grid
// not solved. CDCL's time on them varies several times over with the
// seed and the encoding (docs/results.md), so one run is one sample.
func BenchmarkSudokuHard36(b *testing.B) {
	ps, _ := readSudoku(b, "michael404_36x36.puzzles", "")
	limit, err := time.ParseDuration(os.Getenv("PUZZLESAT_BENCH_TIMEOUT"))
	if err != nil {
		limit = time.Minute
	}
	for _, e := range inProcess() {
		for _, enc := range []string{"segments=off", "segments=on"} {
			picks, err := technique.ResolveEncoding(sat.Encodings(), enc)
			if err != nil {
				b.Fatal(err)
			}
			for i := 5; i <= 8; i++ { // minimal3..minimal6, lines 6 to 9
				b.Run(fmt.Sprintf("%s/%s/minimal%d", e.Name(), enc, i-2), func(b *testing.B) {
					var st solver.Stats
					timeouts := 0
					for b.Loop() {
						st, timeouts = sudokuHard(b, ps[i], solver.Config{Engine: e}, picks, limit)
					}
					b.ReportMetric(float64(st.Conflicts), "conflicts")
					b.ReportMetric(float64(timeouts), "timeouts")
				})
			}
		}
	}
}

// sudokuHard solves p within limit and checks the answer; timeout is 1
// when the limit ran out.
func sudokuHard(b *testing.B, p sudoku.Instance, c solver.Config, picks technique.Picks, limit time.Duration) (st solver.Stats, timeout int) {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	a, st, err := sat.Solve(ctx, p, c, picks)
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return st, 1
	case err != nil:
		b.Fatal(err)
	}
	if err := p.Verify(a); err != nil {
		b.Fatal(err)
	}
	return st, 0
}
