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

// TestHint pins auto's rules for the cryptarithm's formulas.
func TestHint(t *testing.T) {
	p := kindtest.FirstInstance(t, theKind, judgedata.Path(t, "cryptarithm", "sample.in"))
	kindtest.CheckHint(t, theKind.Kind.(kind.Hinter).Hint(p), []kindtest.AutoPick{
		{Name: "cryptarithm", Formula: solver.Formula{Vars: 700, Lits: 10_000, Loop: true}, Rule: "cryptarithm"},
	})
}

// TestAutoPicks solves the cryptarithm's sample with auto through package
// puzzlesat, as the command does, and checks the pick that --stats
// names: CaDiCaL only in a build with it. The answer is verified.
func TestAutoPicks(t *testing.T) {
	p := kindtest.FirstInstance(t, theKind, judgedata.Path(t, "cryptarithm", "sample.in"))
	require.Equal(t, kindtest.Picked("cryptarithm", false), kindtest.SolveAuto(t, theKind, p, puzzlesat.Options{}))
}
