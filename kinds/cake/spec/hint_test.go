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

// TestHint pins auto's rules for the cake's formulas.
func TestHint(t *testing.T) {
	p := kindtest.FirstInstance(t, theKind, judgedata.Path(t, "cake", "sample.in"))
	kindtest.CheckHint(t, theKind.Kind.(kind.Hinter).Hint(p), []kindtest.AutoPick{
		{Name: "one bound", Formula: solver.Formula{Vars: 4_107, Lits: 70_000}, Rule: "cake-bound", Cadical: true},
		{Name: "cubes", Formula: solver.Formula{Vars: 4_108, Lits: 70_000, Loop: true}, Rule: "cake-cubes"},
		{Name: "over the budget", Formula: solver.Formula{Lits: solver.CadicalBudget + 1}, Rule: "over-cadical-budget"},
	})
}

// TestAutoPicks solves the cake's sample with auto through package
// puzzlesat, as the command does, and checks the pick that --stats
// names: CaDiCaL only in a build with it. The answer is verified.
func TestAutoPicks(t *testing.T) {
	p := kindtest.FirstInstance(t, theKind, judgedata.Path(t, "cake", "sample.in"))
	require.Equal(t, kindtest.Picked("cake-cubes", false), kindtest.SolveAuto(t, theKind, p, puzzlesat.Options{}), "by cubes")
	require.Equal(t, kindtest.Picked("cake-bound", true), kindtest.SolveAuto(t, theKind, p, puzzlesat.Options{Encoding: "search=bounds"}), "by a formula per bound")
}
