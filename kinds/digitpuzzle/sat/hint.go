package sat

import (
	"time"

	"github.com/puzzlesat/puzzlesat/solver"
)

// Hint is auto's rule for the digit puzzle's formulas (solver.Auto):
// CaDiCaL, 1 µs a literal, as gini took 4.5 times its CPU time on the
// sample (341 solves of the oracle), measured as docs/solvers.md says.
var Hint = solver.Hint{{Name: "digit-puzzle", Cadical: true, Cost: time.Microsecond}}
