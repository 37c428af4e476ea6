package spec_test

import (
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/gen"
)

// TestSwitchesSudoku: 4x4 to 25x25 grids with one answer, many or none.
func TestSwitchesSudoku(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 9))
	var ps []sudoku.Instance
	for range 6 {
		ps = append(ps, gen.Random(rng, 2), gen.RandomBlanks(rng, 2, 0.7), gen.Random(rng, 3), gen.RandomBlanks(rng, 3, 0.75))
	}
	for _, name := range []string{"two_solutions.txt", "no_solution.txt", "hardest.txt"} {
		f, err := os.Open(judgedata.Path(t, "sudoku", name))
		require.NoError(t, err)
		got, err := sudoku.Parse(name, f, "")
		f.Close()
		require.NoError(t, err)
		ps = append(ps, got[0])
	}
	clash := gen.Random(rng, 3)
	clash.Cells[slices.Index(clash.Cells, 0)] = clash.Cells[slices.IndexFunc(clash.Cells, func(v int16) bool { return v != 0 })]
	ps = append(ps, clash, gen.RandomBlanks(rng, 4, 0.4), gen.RandomBlanks(rng, 4, 0.6), gen.RandomBlanks(rng, 5, 0.3))
	ps = append(ps, ps...) // four draws of the switches for each
	kindtest.CheckSwitches(t, theKind, 19, true, kindtest.Instances(append(ps, ps...)))
}
