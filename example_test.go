package puzzlesat_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/solver"
)

// Export a query as DIMACS for any SAT solver, and read its answer back:
// here gini stands in for the external solver, and its model is written
// in the SAT-competition form that solvers print. Without a bound, the
// query would ask about the optimum, which the backends find first.
func ExampleKind_Encode() {
	ctx := context.Background()
	k, _ := puzzlesat.Lookup("sticks")
	ps, _ := k.Parse("block", strings.NewReader("4\n1 2 3 4\n0\n"), kind.ScanOptions{})
	p := ps[0]
	q, err := k.Encode(ctx, p, 5, puzzlesat.Options{})
	if err != nil {
		panic(err)
	}
	var dimacs strings.Builder
	if err := q.WriteDIMACS(&dimacs); err != nil {
		panic(err)
	}
	fmt.Println(q.Name, "with", strings.Count(dimacs.String(), "\nc var "), "named variables")

	status, m, _, err := puzzlesat.Options{}.SolveCNF(ctx, q.Formula())
	if err != nil {
		panic(err)
	}
	out := fmt.Sprintf("s %v\nv", status)
	for v := 1; v < len(m); v++ {
		if m[v] {
			out += fmt.Sprintf(" %d", v)
		} else {
			out += fmt.Sprintf(" -%d", v)
		}
	}
	a, err := q.ReadModel(ctx, "solver.out", strings.NewReader(out+" 0\n"))
	if err != nil {
		panic(err)
	}
	fmt.Print(a.Text, a.Certificate)

	// A solver that refutes the query gives no answer, and a model made
	// for another query is refused.
	_, err = q.ReadModel(ctx, "solver.out", strings.NewReader("s UNSATISFIABLE\n"))
	fmt.Println(err)
	_, err = q.ReadModel(ctx, "other.out", strings.NewReader("c hash 0123456789abcdef\ns SATISFIABLE\nv 1 0\n"))
	fmt.Println(err)
	// Output:
	// L=5 with 8 named variables
	// 5
	// # stick 1: 4 1
	// # stick 2: 3 2
	// no solution
	// other.out:1: model is for hash 0123456789abcdef, this instance and query have 910889c69e2309e3
}

// Every kind by name, its types hidden: what the command does with each
// input. Names ignore case, and a near miss gets a suggestion.
func ExampleLookup() {
	k, err := puzzlesat.Lookup("Cats")
	if err != nil {
		panic(err)
	}
	err = k.Scan("cars", strings.NewReader("3 10\n6\n5\n4\n"), kind.ScanOptions{}, func(p kind.Instance) error {
		a, st, err := k.Solve(context.Background(), p, puzzlesat.Options{Backend: puzzlesat.Both})
		if err != nil {
			return err
		}
		fmt.Print(st.Backend, ": ", a.Text, a.Certificate)
		return nil
	})
	if err != nil {
		panic(err)
	}
	_, err = puzzlesat.Lookup("sudku")
	fmt.Println(err)
	listed := slices.ContainsFunc(puzzlesat.Kinds(), func(p puzzlesat.Kind) bool { return p.Name() == k.Name() })
	fmt.Println(k.Name(), "is listed by Kinds:", listed)
	// Output:
	// both: 2
	// # car 1: 6 [1] 4 [3]
	// # car 2: 5 [2]
	// unknown puzzle kind "sudku": did you mean "sudoku"?
	// cats is listed by Kinds: true
}

// A formula read as DIMACS, solved by a solver chosen by name; here gini,
// which is always there. Any known program on PATH, or "portfolio", is
// chosen the same way.
func ExampleOptions_SolveCNF() {
	ctx := context.Background()
	f, err := cnf.ReadDIMACS(ctx, "tiny.cnf", strings.NewReader("p cnf 2 3\n1 2 0\n-1 2 0\n1 -2 0\n"))
	if err != nil {
		panic(err)
	}
	s, err := solver.ParseEngine("gini")
	if err != nil {
		panic(err)
	}
	status, m, _, err := puzzlesat.Options{Solver: s}.SolveCNF(ctx, f)
	if err != nil {
		panic(err)
	}
	fmt.Println(s.Name(), status, m[1], m[2])
	_, err = solver.ParseEngine("no-such-solver")
	fmt.Println(err != nil)
	// Output:
	// gini SATISFIABLE true true
	// true
}

// The errors of Solve: no answer, and a formula over the budget.
func ExampleKind_Solve() {
	ctx := context.Background()
	k, _ := puzzlesat.Lookup("sudoku")
	ps, err := k.Parse("none", strings.NewReader("12..\n....\n..3.\n..4.\n"), kind.ScanOptions{})
	if err != nil {
		panic(err)
	}
	_, _, err = k.Solve(ctx, ps[0], puzzlesat.Options{Backend: puzzlesat.Both})
	fmt.Println(err, errors.Is(err, puzzlesat.ErrNoSolution))
	ps, _ = k.Parse("empty", strings.NewReader(strings.Repeat(".", 81)), kind.ScanOptions{})
	_, _, err = k.Solve(ctx, ps[0], puzzlesat.Options{Backend: puzzlesat.SAT, Budget: 1000})
	var tl *solver.TooLarge
	fmt.Println(errors.As(err, &tl))
	// Output:
	// no solution true
	// true
}
