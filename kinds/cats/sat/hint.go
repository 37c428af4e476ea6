package sat

import (
	"time"

	"github.com/puzzlesat/puzzlesat/solver"
)

// Hint is auto's rule for the cats' formulas (solver.Auto): CaDiCaL, 32 µs
// a literal, as gini took 20.1 times its CPU time on 10 generated
// instances (20 cats, W = 100, 30-60), measured as docs/solvers.md says.
var Hint = solver.Hint{{Name: "cats", Cadical: true, Cost: 32 * time.Microsecond}}
