package sat

import (
	"time"

	"github.com/puzzlesat/puzzlesat/solver"
)

// Large is the size, in literals, past which a sticks query is CaDiCaL's:
// the few that large in the CERC data are the hard ones (block 18 at
// L = 122 among them), where CaDiCaL's search pays; below, its start
// costs more than the query.
const Large = 100_000

// Hint is auto's rules for the sticks' formulas (solver.Auto), measured
// as docs/solvers.md says, gini's CPU time over CaDiCaL's (above 1,
// CaDiCaL is faster):
//
//   - sticks-large, over Large literals: CaDiCaL, 4 µs a literal; block 18
//     at L = 122 (112,000 literals) 1.85; the CERC set with this rule
//     0.96× gini's CPU (1.42 s against 1.48 s, 5 pairs).
//   - sticks, the others: gini, 1 µs; CERC 1995 0.88, le50 0.75
//     (CaDiCaL's start on small queries).
var Hint = solver.Hint{
	{Name: "sticks-large", Cadical: true, Cost: 4 * time.Microsecond, Match: func(f solver.Formula) bool { return f.Lits > Large }},
	{Name: "sticks", Cost: time.Microsecond},
}
