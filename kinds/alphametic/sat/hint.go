package sat

import (
	"time"

	"github.com/puzzlesat/puzzlesat/solver"
)

// Hint is auto's rule for the alphametic's formulas (solver.Auto): gini,
// 2 µs a literal, as it took 0.62 times CaDiCaL's CPU time on alpha1-10,
// measured as docs/solvers.md says.
var Hint = solver.Hint{{Name: "alphametic", Cost: 2 * time.Microsecond}}
