package spec_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/solver"
)

// TestHint pins auto's rules for the alphametic's formulas.
func TestHint(t *testing.T) {
	p := kindtest.FirstInstance(t, theKind, judgedata.Path(t, "alphametic", "sample.in"))
	kindtest.CheckHint(t, theKind.Kind.(kind.Hinter).Hint(p), []kindtest.AutoPick{
		{Name: "alphametic", Formula: solver.Formula{Vars: 1_285, Lits: 40_000}, Rule: "alphametic"},
	})
}

// TestAutoPicks solves the alphametic's sample with auto through package
// puzzlesat, as the command does, and checks the pick that --stats
// names: CaDiCaL only in a build with it. The answer is verified.
func TestAutoPicks(t *testing.T) {
	p := kindtest.FirstInstance(t, theKind, judgedata.Path(t, "alphametic", "sample.in"))
	require.Equal(t, kindtest.Picked("alphametic", false), kindtest.SolveAuto(t, theKind, p, puzzlesat.Options{}))
}
