package spec_test

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/gen"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/sat"
	"github.com/puzzlesat/puzzlesat/solver"
)

// TestHint pins auto's rule for the formulas of each size of sudoku, and
// for those read back from DIMACS by their comment.
func TestHint(t *testing.T) {
	h := theKind.Kind.(kind.Hinter)
	f := func(lits int, loop bool) solver.Formula { return solver.Formula{Lits: lits, Loop: loop} }
	for _, tc := range []struct {
		side int
		kindtest.AutoPick
	}{
		{9, kindtest.AutoPick{Name: "9x9", Formula: f(25_000, false), Rule: "sudoku-9x9", Cadical: true}},
		{4, kindtest.AutoPick{Name: "4x4", Formula: f(500, false), Rule: "sudoku-9x9", Cadical: true}},
		{9, kindtest.AutoPick{Name: "9x9 counted", Formula: f(25_000, true), Rule: "sudoku-9x9", Cadical: true}},
		{16, kindtest.AutoPick{Name: "16x16", Formula: f(20_000, false), Rule: "sudoku-16-25"}},
		{25, kindtest.AutoPick{Name: "25x25", Formula: f(90_000, false), Rule: "sudoku-16-25"}},
		{36, kindtest.AutoPick{Name: "36x36", Formula: f(140_000, false), Rule: "sudoku-36-49", Cadical: true}},
		{49, kindtest.AutoPick{Name: "49x49", Formula: f(330_000, false), Rule: "sudoku-36-49", Cadical: true}},
		{64, kindtest.AutoPick{Name: "64x64", Formula: f(400_000, false), Rule: "sudoku-64+"}},
		{100, kindtest.AutoPick{Name: "100x100", Formula: f(450_000, false), Rule: "sudoku-64+"}},
		{36, kindtest.AutoPick{Name: "a huge 36x36", Formula: f(solver.CadicalBudget+1, false), Rule: "over-cadical-budget"}},
	} {
		kindtest.CheckHint(t, sat.Hint(tc.side), []kindtest.AutoPick{tc.AutoPick})
		if tc.side == 9 { // the kind's hint is its side's
			kindtest.CheckHint(t, h.Hint(instances(t, "top95.txt")[0]), []kindtest.AutoPick{tc.AutoPick})
		}
	}
	for comment, want := range map[string]string{
		"puzzlesat sudoku 36x36": "sudoku-36-49",
		"puzzlesat sudoku 16x16": "sudoku-16-25",
		"puzzlesat sudoku":       "sudoku-9x9", // no side: as a 9x9
		"puzzlesat sudoku AxA":   "sudoku-9x9",
	} {
		require.Equal(t, want, h.CommentHint(comment).Match(solver.Formula{Lits: 1000}).Name, comment)
	}
}

// TestAutoPicks solves a sudoku of each size with auto through package
// puzzlesat, as the command does, and checks the pick that --stats
// names: CaDiCaL only in a build with it. Every answer is verified.
func TestAutoPicks(t *testing.T) {
	top95 := instances(t, "top95.txt")
	for _, tc := range []struct {
		name    string
		rule    string
		cadical bool
		run     func(t *testing.T) string
	}{
		{"9x9", "sudoku-9x9", true, func(t *testing.T) string {
			return kindtest.SolveAuto(t, theKind, top95[0], puzzlesat.Options{})
		}},
		{"9x9 kept in a pool", "sudoku-9x9", true, func(t *testing.T) string {
			s := puzzlesat.NewSession()
			defer s.Close()
			kindtest.SolveAuto(t, theKind, top95[0], puzzlesat.Options{Session: s})
			// The fourth grid, the first that the presolve (unit
			// propagation with the segments) leaves to the solver.
			return kindtest.SolveAuto(t, theKind, top95[3], puzzlesat.Options{Session: s})
		}},
		{"9x9 counted", "sudoku-9x9", true, func(t *testing.T) string {
			p := instances(t, "two_solutions.txt")[0]
			n, st, err := theKind.Count(context.Background(), p, 3, puzzlesat.Options{Backend: puzzlesat.SAT, Solver: solver.Auto()})
			require.NoError(t, err)
			require.Equal(t, 2, n)
			return st.Picked
		}},
		{"25x25", "sudoku-16-25", false, func(t *testing.T) string {
			return kindtest.SolveAuto(t, theKind, instances(t, "michael404_25x25.puzzles")[0], puzzlesat.Options{})
		}},
		{"36x36", "sudoku-36-49", true, func(t *testing.T) string {
			return kindtest.SolveAuto(t, theKind, instances(t, "michael404_36x36.puzzles")[0], puzzlesat.Options{})
		}},
		{"64x64", "sudoku-64+", false, func(t *testing.T) string {
			p := gen.RandomBlanks(rand.New(rand.NewPCG(1, 8)), 8, 0.2)
			return kindtest.SolveAuto(t, theKind, p, puzzlesat.Options{})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, kindtest.Picked(tc.rule, tc.cadical), tc.run(t))
		})
	}
}

// instances returns the sudokus of a judge file.
func instances(t *testing.T, file string) []kind.Instance {
	t.Helper()
	f, err := os.Open(judgedata.Path(t, "sudoku", file))
	require.NoError(t, err)
	defer f.Close()
	ps, err := theKind.Parse(file, f, kind.ScanOptions{})
	require.NoError(t, err)
	return ps
}
