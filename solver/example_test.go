package solver_test

import (
	"context"
	"fmt"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/solver"
)

// A formula solved by the portfolio: gini and every known solver on PATH
// race, and the first definite answer wins. Any other engine name goes
// the same way: "gini", "cadical", "portfolio:gini,clasp", or a path.
func ExampleParseEngine() {
	e, err := solver.ParseEngine("portfolio")
	if err != nil {
		fmt.Println(err)
		return
	}
	f := cnf.New()
	a, b := f.Lit(), f.Lit()
	f.Add(a, b)
	f.Add(a.Not())
	s := solver.Config{Engine: e}.New(f)
	st, err := s.Solve(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(e.Name(), st, s.Model().Value(b))
	st, _ = s.Solve(context.Background(), b.Not()) // under an assumption
	fmt.Println(st)
	// Output:
	// portfolio SATISFIABLE true
	// UNSATISFIABLE
}
