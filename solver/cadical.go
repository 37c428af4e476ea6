package solver

// CaDiCaL in process is built only with the tag cadical (cadical_on.go,
// through package solver/internal/cadical and cgo); without it (cadical_off.go)
// a plain build stays pure Go and the name "cadical" means the program.

// Cadical returns the engine that solves in process with CaDiCaL 1.5.3,
// linked through cgo (package solver/internal/cadical), and true; in a build
// without the tag cadical it returns nil and false.
//
// It is incremental as gini is: each Solver keeps one CaDiCaL, fed the
// clauses added to the formula since its last solve, and unlike gini it
// may be solved again after any answer, an UNSAT of the clauses
// themselves included, so it needs no rebuilds. A solve whose context
// ends stops within a few milliseconds (the binding polls the context
// through CaDiCaL's terminator at every decision), and so does adding the
// clauses before it, which looks at the context every few thousand
// clauses. Its memory lives outside Go's heap: close the Solver
// (Solver.Close) when done with it.
//
// Its counters come from CaDiCaL: Conflicts counts the clauses that
// conflict analysis learns (the binding's Counters, read after every
// solve in one cgo call; within about 1% of CaDiCaL's own count of
// conflicts); Conflicts, Decisions and Propagations are set to CaDiCaL's
// own counts (its statistics report, whose reading costs too much to make
// after every short solve) after every solve that ends exactAfter of
// solving or more since the last reading, which a solve that ran out of
// time always does. A
// Solver whose solves took less than that in all reports its conflicts
// but no decisions or propagations.
//
// Stats.Wins names it "cadical(in-process)", apart from the cadical
// program ("cadical").
func Cadical() (Engine, bool) {
	e := newCadical()
	return e, e != nil
}

// cadicalLabel is the name under which the in-process CaDiCaL's answers
// count in Stats.Wins.
const cadicalLabel = "cadical(in-process)"
