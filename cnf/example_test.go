package cnf_test

import (
	"context"
	"fmt"
	"os"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/solver"
)

// Build a small formula, write it as DIMACS, and solve it: three named
// variables, exactly one of them true, and x → y.
func Example() {
	f := cnf.New()
	x, y, z := f.Var("x").Pos(), f.Var("y").Pos(), f.Var("z").Pos()
	f.ExactlyOne(x, y, z)
	f.Add(x.Not(), y)
	f.Comment("exactly one of x, y, z; x implies y")
	if err := cnf.WriteDIMACS(os.Stdout, f); err != nil {
		panic(err)
	}

	s := solver.New(f)
	st, err := s.Solve(context.Background(), z.Not())
	if err != nil {
		panic(err)
	}
	m := s.Model()
	fmt.Println(st, "x:", m.Value(x), "y:", m.Value(y), "z:", m.Value(z))
	// Output:
	// c exactly one of x, y, z; x implies y
	// c var 1 x
	// c var 2 y
	// c var 3 z
	// p cnf 3 5
	// 1 2 3 0
	// -1 -2 0
	// -1 -3 0
	// -2 -3 0
	// -1 2 0
	// SATISFIABLE x: false y: true z: false
}
