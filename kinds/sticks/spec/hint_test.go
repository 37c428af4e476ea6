package spec_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/sat"
	"github.com/puzzlesat/puzzlesat/solver"
)

// TestHint pins auto's rules for the sticks's formulas.
func TestHint(t *testing.T) {
	p := kindtest.FirstInstance(t, theKind, judgedata.Path(t, "sticks", "sample.in"))
	kindtest.CheckHint(t, theKind.Kind.(kind.Hinter).Hint(p), []kindtest.AutoPick{
		{Name: "sticks", Formula: solver.Formula{Vars: 14_801, Lits: 95_000}, Rule: "sticks"},
		{Name: "at the size limit", Formula: solver.Formula{Lits: sat.Large}, Rule: "sticks"},
		{Name: "large", Formula: solver.Formula{Vars: 15_752, Lits: 112_000}, Rule: "sticks-large", Cadical: true},
		{Name: "over the budget", Formula: solver.Formula{Lits: solver.CadicalBudget + 1}, Rule: "over-cadical-budget"},
	})
}

// TestAutoPicks solves the sticks's sample with auto through package
// puzzlesat, as the command does, and checks the pick that --stats
// names: CaDiCaL only in a build with it. The answer is verified.
func TestAutoPicks(t *testing.T) {
	p := kindtest.FirstInstance(t, theKind, judgedata.Path(t, "sticks", "sample.in"))
	require.Equal(t, kindtest.Picked("sticks", false), kindtest.SolveAuto(t, theKind, p, puzzlesat.Options{}))
}
