package puzzlesat

import (
	"context"
	"time"

	"puzzlesat/encode/cnf"
	"puzzlesat/sat"
)

// SolveCNF solves any formula, such as one read from a DIMACS file, with
// the SAT backend's solver (o.Solver), within o.Timeout. It returns
// sat.Sat with a model, sat.Unsat, or sat.Unknown with the context's
// error when the time ran out first, or the solver's error.
func SolveCNF(ctx context.Context, f *cnf.CNF, o Options) (sat.Status, cnf.Model, Stats, error) {
	ctx, cancel := o.withTimeout(ctx)
	defer cancel()
	start := time.Now()
	s := o.sat().New(f)
	status, err := s.Solve(ctx)
	st := satStats(s.Stats())
	st.Time = time.Since(start)
	return status, s.Model(), st, err
}
