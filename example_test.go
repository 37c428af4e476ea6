package puzzlesat_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/puzzlesat/puzzlesat"
)

// Each backend solves the NOIP2004 sample; Both checks that they agree.
func ExampleAlphametic() {
	k := puzzlesat.Alphametic()
	ps, err := k.Parse("sample", strings.NewReader("5\nABCED\nBDACE\nEBBAA\n"), puzzlesat.ParseOptions{})
	if err != nil {
		panic(err) // a *puzzle.ParseError naming the file and line
	}
	for _, b := range []puzzlesat.Backend{puzzlesat.DFS, puzzlesat.SAT, puzzlesat.Both} {
		a, st, err := k.Solve(context.Background(), ps[0], puzzlesat.Options{Backend: b})
		if err != nil {
			panic(err)
		}
		fmt.Printf("%v: %s", st.Backend, ps[0].Format(a))
	}
	n, _, _ := k.Count(context.Background(), ps[0], 2, puzzlesat.Options{})
	fmt.Println("solutions:", n)
	// Output:
	// dfs: 1 0 3 4 2
	// sat: 1 0 3 4 2
	// both: 1 0 3 4 2
	// solutions: 1
}

// A 9x9 sudoku, one puzzle per line, answered in the same layout.
func ExampleSudoku() {
	const grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	k := puzzlesat.Sudoku()
	ps, err := k.Parse("top95", strings.NewReader(grid), puzzlesat.ParseOptions{})
	if err != nil {
		panic(err)
	}
	for _, b := range []puzzlesat.Backend{puzzlesat.DFS, puzzlesat.SAT} {
		a, _, err := k.Solve(context.Background(), ps[0], puzzlesat.Options{Backend: b})
		if err != nil {
			panic(err)
		}
		fmt.Printf("%v: %s", b, ps[0].Format(a))
	}
	// Output:
	// dfs: 417369825632158947958724316825437169791586432346912758289643571573291684164875293
	// sat: 417369825632158947958724316825437169791586432346912758289643571573291684164875293
}

// The POJ 1011 sample: the smallest stick length, with the witness.
func ExampleSticks() {
	k := puzzlesat.Sticks()
	ps, err := k.Parse("sample", strings.NewReader("9\n5 2 1 5 2 1 5 2 1\n4\n1 2 3 4\n0\n"), puzzlesat.ParseOptions{})
	if err != nil {
		panic(err)
	}
	for _, p := range ps {
		a, _, err := k.Solve(context.Background(), p, puzzlesat.Options{Backend: puzzlesat.Both})
		if err != nil {
			panic(err)
		}
		fmt.Print(p.Format(a), p.Certificate(a))
	}
	// Output:
	// 6
	// # stick 1: 5 1
	// # stick 2: 5 1
	// # stick 3: 5 1
	// # stick 4: 2 2 2
	// 5
	// # stick 1: 4 1
	// # stick 2: 3 2
}

// The POJ 1190 sample, and a cake that cannot exist (answer 0).
func ExampleCake() {
	k := puzzlesat.Cake()
	ps, err := k.Parse("cakes", strings.NewReader("100 2\n10 3\n"), puzzlesat.ParseOptions{})
	if err != nil {
		panic(err)
	}
	for _, p := range ps {
		for _, b := range []puzzlesat.Backend{puzzlesat.DFS, puzzlesat.SAT} {
			a, _, err := k.Solve(context.Background(), p, puzzlesat.Options{Backend: b})
			if err != nil {
				panic(err)
			}
			fmt.Printf("%v: %s", b, p.Format(a))
		}
	}
	// Output:
	// dfs: 68
	// sat: 68
	// dfs: 0
	// sat: 0
}

// The UVa 12107 sample: the fewest changes that leave one solution.
func ExampleDigitPuzzle() {
	k := puzzlesat.DigitPuzzle()
	ps, err := k.Parse("sample", strings.NewReader("7 ** 8*\n** ** ***\n0\n"), puzzlesat.ParseOptions{})
	if err != nil {
		panic(err)
	}
	for _, p := range ps {
		for _, b := range []puzzlesat.Backend{puzzlesat.DFS, puzzlesat.SAT} {
			a, _, err := k.Solve(context.Background(), p, puzzlesat.Options{Backend: b})
			if err != nil {
				panic(err)
			}
			fmt.Printf("%v: %s", b, p.Format(a))
		}
	}
	// Output:
	// dfs: Case 1: 7 ** 8*
	// sat: Case 1: 7 ** 8*
	// dfs: Case 2: ** ** 1*1
	// sat: Case 2: ** ** 1*1
}

// SEND + MORE = MONEY by both backends, and the number of its answers.
func ExampleCryptarithm() {
	k := puzzlesat.Cryptarithm()
	ps, err := k.Parse("sample", strings.NewReader("SEND + MORE = MONEY\nI + BB == ILL\n"), puzzlesat.ParseOptions{Base: 10})
	if err != nil {
		panic(err)
	}
	for _, p := range ps {
		a, _, err := k.Solve(context.Background(), p, puzzlesat.Options{Backend: puzzlesat.Both})
		if err != nil {
			panic(err)
		}
		n, _, _ := k.Count(context.Background(), p, 2, puzzlesat.Options{Backend: puzzlesat.SAT})
		fmt.Printf("%d answer: %s", n, p.Format(a))
	}
	// Output:
	// 1 answer: D=7 E=5 M=1 N=6 O=0 R=8 S=9 Y=2
	// 1 answer: B=9 I=1 L=0
}

// The AcWing 165 sample: the fewest cable cars, with each car's cats.
func ExampleCats() {
	k := puzzlesat.Cats()
	ps, err := k.Parse("sample", strings.NewReader("5 1996\n1\n2\n1994\n12\n29\n"), puzzlesat.ParseOptions{})
	if err != nil {
		panic(err)
	}
	for _, b := range []puzzlesat.Backend{puzzlesat.DFS, puzzlesat.SAT} {
		a, _, err := k.Solve(context.Background(), ps[0], puzzlesat.Options{Backend: b})
		if err != nil {
			panic(err)
		}
		fmt.Printf("%v: %s", b, ps[0].Format(a))
	}
	// Output:
	// dfs: 2
	// sat: 2
}

// Solve the Checker Challenge for N = 6: the first three solutions, each
// the columns of rows 1..N, then how many there are; Stats.Cuts counts
// what each pruning of the search did.
func ExampleQueens() {
	k := puzzlesat.Queens()
	ps, err := k.Parse("sample", strings.NewReader("6\n"), puzzlesat.ParseOptions{})
	if err != nil {
		panic(err)
	}
	a, st, err := k.Solve(context.Background(), ps[0], puzzlesat.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Print(ps[0].Format(a))
	for _, p := range k.Prunings() {
		for _, c := range st.Cuts {
			if c.Pruning == p.Name && p.Name == "mirror" {
				fmt.Printf("%s: %d %s\n", p.Name, c.Count, p.Counts)
			}
		}
	}
	// Output:
	// 2 4 6 1 3 5
	// 3 6 2 5 1 4
	// 4 1 5 2 6 3
	// 4
	// mirror: 3 squares skipped
}

// Export a query as DIMACS for any SAT solver, and read its answer back:
// here gini stands in for the external solver, and its model is written
// in the SAT-competition form that solvers print. Without a bound, the
// query would ask about the optimum, which the backends find first.
func ExampleKind_Encode() {
	ctx := context.Background()
	k := puzzlesat.Sticks()
	ps, _ := k.Parse("block", strings.NewReader("4\n1 2 3 4\n0\n"), puzzlesat.ParseOptions{})
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

	status, m, _, err := puzzlesat.SolveCNF(ctx, q.Formula(), puzzlesat.Solver{})
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
	fmt.Print(p.Format(a), p.Certificate(a))

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
	err = k.Scan("cars", strings.NewReader("3 10\n6\n5\n4\n"), puzzlesat.ParseOptions{}, func(p puzzlesat.Problem) error {
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
	listed := slices.ContainsFunc(puzzlesat.Kinds(), func(p puzzlesat.Puzzle) bool { return p.Name() == k.Name() })
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
func ExampleSolveCNF() {
	ctx := context.Background()
	f, err := puzzlesat.ReadDIMACS(ctx, "tiny.cnf", strings.NewReader("p cnf 2 3\n1 2 0\n-1 2 0\n1 -2 0\n"))
	if err != nil {
		panic(err)
	}
	s, err := puzzlesat.ParseSolver("gini")
	if err != nil {
		panic(err)
	}
	status, m, _, err := puzzlesat.SolveCNF(ctx, f, s)
	if err != nil {
		panic(err)
	}
	fmt.Println(s, status, m[1], m[2])
	_, err = puzzlesat.ParseSolver("no-such-solver")
	fmt.Println(err != nil)
	// Output:
	// gini SATISFIABLE true true
	// true
}

// The errors of Solve: no answer, and a formula over the budget.
func ExampleKind_Solve() {
	ctx := context.Background()
	k := puzzlesat.Sudoku()
	ps, err := k.Parse("none", strings.NewReader("12..\n....\n..3.\n..4.\n"), puzzlesat.ParseOptions{})
	if err != nil {
		panic(err)
	}
	_, _, err = k.Solve(ctx, ps[0], puzzlesat.Options{Backend: puzzlesat.Both})
	fmt.Println(err, errors.Is(err, puzzlesat.ErrNoSolution))
	ps, _ = k.Parse("empty", strings.NewReader(strings.Repeat(".", 81)), puzzlesat.ParseOptions{})
	_, _, err = k.Solve(ctx, ps[0], puzzlesat.Options{Backend: puzzlesat.SAT, Budget: 1000})
	var tl *puzzlesat.TooLarge
	fmt.Println(errors.As(err, &tl))
	// Output:
	// no solution true
	// true
}
