package solver_test

import (
	"context"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic/sat"
	"github.com/puzzlesat/puzzlesat/kinds/cake"
	cakesat "github.com/puzzlesat/puzzlesat/kinds/cake/sat"
	"github.com/puzzlesat/puzzlesat/kinds/cats"
	catssat "github.com/puzzlesat/puzzlesat/kinds/cats/sat"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm"
	cryptarithmsat "github.com/puzzlesat/puzzlesat/kinds/cryptarithm/sat"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle"
	digitpuzzlesat "github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/sat"
	"github.com/puzzlesat/puzzlesat/kinds/sticks"
	stickssat "github.com/puzzlesat/puzzlesat/kinds/sticks/sat"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/gen"
	sudokusat "github.com/puzzlesat/puzzlesat/kinds/sudoku/sat"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// TestAutoPicksPerKind solves an instance of every kind with auto and
// checks the pick that --stats names: read off the formula that the
// kind's SAT backend builds (its comment, a sudoku's size, and whether
// the solver is used in a loop), by the rules of auto's table. CaDiCaL
// is picked only in a build with it; in a build without, every pick is
// gini. Every answer is checked by the puzzle's Verify.
func TestAutoPicksPerKind(t *testing.T) {
	ctx := context.Background()
	c := solver.Config{Engine: solver.Auto()}
	first := func(kind, file string) string { // the file's first instance
		return strings.SplitN(judgedata.Read(t, judgedata.Path(t, kind, file)), "\n", 2)[0] + "\n"
	}
	tests := []struct {
		name string
		rule string // the rule's name
		gini bool   // its engine is gini
		run  func(t *testing.T) solver.Stats
	}{
		{"sudoku 9x9", "sudoku-9x9", false, func(t *testing.T) solver.Stats {
			return solveSudoku(t, c, first("sudoku", "top95.txt"))
		}},
		{"sudoku 9x9 kept in a pool", "sudoku-9x9", false, func(t *testing.T) solver.Stats {
			pc := c
			pc.Pool = solver.NewPool()
			defer pc.Pool.Close()
			solveSudoku(t, pc, first("sudoku", "top95.txt"))
			// The fourth grid, the first that the presolve (unit
			// propagation with the segments) leaves to the solver.
			return solveSudoku(t, pc, strings.Split(judgedata.Read(t, judgedata.Path(t, "sudoku", "top95.txt")), "\n")[3]+"\n")
		}},
		{"sudoku 9x9 counted", "sudoku-9x9", false, func(t *testing.T) solver.Stats {
			p := parse(t, judgedata.Read(t, judgedata.Path(t, "sudoku", "two_solutions.txt")), sudokuParser)[0]
			n, st, err := sudokusat.Count(ctx, p, 3, c, technique.Picks{})
			require.NoError(t, err)
			require.Equal(t, 2, n)
			return st
		}},
		{"sudoku 25x25", "sudoku-16-25", true, func(t *testing.T) solver.Stats {
			return solveSudoku(t, c, first("sudoku", "michael404_25x25.puzzles"))
		}},
		{"sudoku 36x36", "sudoku-36-49", false, func(t *testing.T) solver.Stats {
			return solveSudoku(t, c, first("sudoku", "michael404_36x36.puzzles"))
		}},
		{"sudoku 64x64", "sudoku-64+", true, func(t *testing.T) solver.Stats {
			p := gen.RandomBlanks(rand.New(rand.NewPCG(1, 8)), 8, 0.2)
			a, st, err := sudokusat.Solve(ctx, p, c, technique.Picks{})
			require.NoError(t, err)
			require.NoError(t, p.Verify(a))
			return st
		}},
		{"cake by cubes", "cake-cubes", true, func(t *testing.T) solver.Stats {
			return solveCake(t, c, "")
		}},
		{"cake by a formula per bound", "cake-bound", false, func(t *testing.T) solver.Stats {
			return solveCake(t, c, "search=bounds")
		}},
		{"sticks", "sticks", true, func(t *testing.T) solver.Stats {
			p := parse(t, judgedata.Read(t, judgedata.Path(t, "sticks", "sample.in")), sticks.Parse)[0]
			a, st, err := stickssat.Solve(ctx, p, c, technique.Picks{})
			require.NoError(t, err)
			require.NoError(t, p.Verify(a))
			return st
		}},
		{"cats", "cats", false, func(t *testing.T) solver.Stats {
			p := parse(t, judgedata.Read(t, judgedata.Path(t, "cats", "sample.in")), cats.Parse)[0]
			a, st, err := catssat.Solve(ctx, p, c, technique.Picks{})
			require.NoError(t, err)
			require.NoError(t, p.Verify(a))
			return st
		}},
		{"digit-puzzle", "digit-puzzle", false, func(t *testing.T) solver.Stats {
			p := parse(t, judgedata.Read(t, judgedata.Path(t, "digit-puzzle", "sample.in")), digitpuzzle.Parse)[0]
			a, st, err := digitpuzzlesat.Solve(ctx, p, c, technique.Picks{})
			require.NoError(t, err)
			require.NoError(t, p.Verify(a))
			return st
		}},
		{"alphametic", "alphametic", true, func(t *testing.T) solver.Stats {
			p := parse(t, judgedata.Read(t, judgedata.Path(t, "alphametic", "sample.in")), alphametic.Parse)[0]
			a, st, err := sat.Solve(ctx, p, c, technique.Picks{})
			require.NoError(t, err)
			require.NoError(t, p.Verify(a))
			return st
		}},
		{"cryptarithm", "cryptarithm", true, func(t *testing.T) solver.Stats {
			p := parse(t, "SEND + MORE = MONEY\n", func(file string, r io.Reader) ([]cryptarithm.Instance, error) {
				return cryptarithm.Parse(file, r, 10)
			})[0]
			a, st, err := cryptarithmsat.Solve(ctx, p, c, technique.Picks{})
			require.NoError(t, err)
			require.NoError(t, p.Verify(a))
			return st
		}},
	}
	_, built := solver.Cadical()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := tc.run(t)
			want := "gini(" + tc.rule + ")"
			switch {
			case !tc.gini && built:
				want = "cadical(" + tc.rule + ")"
			case !tc.gini:
				want = "gini(no-cadical)"
			}
			require.Equal(t, want, st.Picked())
		})
	}
}

// solveSudoku solves the grid in text with c and verifies the answer.
func solveSudoku(t *testing.T, c solver.Config, text string) solver.Stats {
	t.Helper()
	p := parse(t, text, sudokuParser)[0]
	a, st, err := sudokusat.Solve(context.Background(), p, c, technique.Picks{})
	require.NoError(t, err)
	require.NoError(t, p.Verify(a))
	return st
}

// solveCake solves the judge's sample, 100 2, with c and the encoding
// options enc, and checks its answer, 68.
func solveCake(t *testing.T, c solver.Config, enc string) solver.Stats {
	t.Helper()
	picks, err := technique.ResolveEncoding(cakesat.Encodings(), enc)
	require.NoError(t, err)
	p := cake.Instance{Volume: 100, Layers: 2}
	a, st, err := cakesat.Solve(context.Background(), p, c, picks)
	require.NoError(t, err)
	require.NoError(t, p.Verify(a))
	require.Equal(t, 68, a.Area)
	return st
}

// sudokuParser reads sudokus of any layout, the alphabet guessed.
func sudokuParser(file string, r io.Reader) ([]sudoku.Instance, error) {
	return sudoku.Parse(file, r, "")
}

// parse reads the instances of text.
func parse[I any](t *testing.T, text string, parse func(string, io.Reader) ([]I, error)) []I {
	t.Helper()
	ps, err := parse("input", strings.NewReader(text))
	require.NoError(t, err)
	require.NotEmpty(t, ps)
	return ps
}
