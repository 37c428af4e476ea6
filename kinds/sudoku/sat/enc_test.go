package sat

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/gen"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// sudokuShape is what tells two formulas apart here: their counts of
// variables, clauses and literals.
func sudokuShape(p sudoku.Instance, o Options) string {
	f := cnf.New()
	EncodeWith(f, p, o)
	return fmt.Sprintf("%d vars, %d clauses, %d literals", f.NumVars(), f.NumClauses(), f.NumLits())
}

// TestSudokuEncodingsReal: every option of every choice point writes
// another formula than the default where it applies (solve, count or
// the exported query), on a 16x16 grid with many blanks, and keeps the
// answers: the counts (up to 4) of a grid with several, one and none.
func TestSudokuEncodingsReal(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 5))
	p := gen.RandomBlanks(rng, 4, 0.7)
	grids := []sudoku.Instance{gen.RandomBlanks(rng, 4, 0.6), gen.Random(rng, 3), gen.RandomBlanks(rng, 3, 0.7)}
	f, err := os.Open(judgedata.Path(t, "sudoku", "no_solution.txt"))
	require.NoError(t, err)
	none, err := sudoku.Parse("no_solution.txt", f, "")
	f.Close()
	require.NoError(t, err)
	grids = append(grids, none[0])
	ctx := context.Background()
	var want []int
	for _, g := range grids {
		n, _, err := Count(ctx, g, 4, solver.Config{}, technique.Picks{})
		require.NoError(t, err)
		want = append(want, n)
	}
	cs := Encodings()
	for _, c := range cs {
		for _, option := range c.Options[1:] {
			enc, err := technique.ResolveEncoding(cs, c.Point+"="+option)
			require.NoError(t, err)
			differs := false
			for _, solve := range []bool{true, false} {
				differs = differs || sudokuShape(p, sudokuEncoding(technique.Picks{}, solve)) != sudokuShape(p, sudokuEncoding(enc, solve))
			}
			o := sudokuEncoding(enc, false)
			o.Reduce = Givens
			d := sudokuEncoding(technique.Picks{}, false)
			d.Reduce = Givens
			differs = differs || sudokuShape(p, o) != sudokuShape(p, d)
			require.True(t, differs, "%s=%s", c.Point, option)
			for i, g := range grids {
				n, _, err := Count(ctx, g, 4, solver.Config{}, enc)
				require.NoError(t, err)
				require.Equal(t, want[i], n, "%s=%s, grid %d", c.Point, option, i)
				a, _, err := Solve(ctx, g, solver.Config{}, enc)
				if want[i] == 0 {
					require.ErrorIs(t, err, puzzle.ErrNoSolution)
					continue
				}
				require.NoError(t, err)
				require.NoError(t, g.Verify(a), "%s=%s, grid %d", c.Point, option, i)
			}
		}
	}
}
