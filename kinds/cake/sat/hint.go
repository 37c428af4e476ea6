package sat

import (
	"time"

	"github.com/puzzlesat/puzzlesat/solver"
)

// Hint is auto's rules for the cake's formulas (solver.Auto), measured as
// docs/solvers.md says, gini's CPU time over CaDiCaL's (above 1, CaDiCaL
// is faster):
//
//   - cake-cubes, a formula in a loop (the cubes, tightening): gini, 1 µs a
//     literal; cake1-5 0.70, as the cubes run in gini's test scopes.
//   - cake-bound, one query (a first cake, search=bounds, `puzzlesat
//     sat`): CaDiCaL, 10 µs; cake5 at Q = 1617 1.71.
var Hint = solver.Hint{
	{Name: "cake-cubes", Cost: time.Microsecond, Match: func(f solver.Formula) bool { return f.Loop }},
	{Name: "cake-bound", Cadical: true, Cost: 10 * time.Microsecond},
}
