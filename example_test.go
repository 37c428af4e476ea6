package puzzlesat_test

import (
	"context"
	"fmt"
	"strings"

	"puzzlesat"
	"puzzlesat/puzzle"
)

// Each backend solves the NOIP2004 sample; Both checks that they agree.
func ExampleAlphametic() {
	ps, err := puzzle.ParseAlphametic("sample", strings.NewReader("5\nABCED\nBDACE\nEBBAA\n"))
	if err != nil {
		panic(err)
	}
	k := puzzlesat.Alphametic()
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
	ps, err := puzzle.ParseSudoku("top95", strings.NewReader(grid), "")
	if err != nil {
		panic(err)
	}
	for _, b := range []puzzlesat.Backend{puzzlesat.DFS, puzzlesat.SAT} {
		a, _, err := puzzlesat.Sudoku().Solve(context.Background(), ps[0], puzzlesat.Options{Backend: b})
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
	ps, err := puzzle.ParseSticks("sample", strings.NewReader("9\n5 2 1 5 2 1 5 2 1\n4\n1 2 3 4\n0\n"))
	if err != nil {
		panic(err)
	}
	k := puzzlesat.Sticks()
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
	for _, p := range []puzzle.Cake{{Volume: 100, Layers: 2}, {Volume: 10, Layers: 3}} {
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
	ps, err := puzzle.ParseDigit("sample", strings.NewReader("7 ** 8*\n** ** ***\n0\n"))
	if err != nil {
		panic(err)
	}
	for _, p := range ps {
		for _, b := range []puzzlesat.Backend{puzzlesat.DFS, puzzlesat.SAT} {
			a, _, err := puzzlesat.DigitPuzzle().Solve(context.Background(), p, puzzlesat.Options{Backend: b})
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

// Export a query as DIMACS for any SAT solver, and read its answer back:
// here gini stands in for the external solver, and its model is written
// in the SAT-competition form that solvers print. Without a bound, the
// query would ask about the optimum, which the backends find first.
func ExampleKind_Encode() {
	ctx := context.Background()
	p := puzzle.Sticks{Pieces: []int{1, 2, 3, 4}}
	q, err := puzzlesat.Sticks().Encode(ctx, p, 5, puzzlesat.Options{})
	if err != nil {
		panic(err)
	}
	var dimacs strings.Builder
	if err := q.WriteDIMACS(&dimacs); err != nil {
		panic(err)
	}
	fmt.Println(q.Name, "with", strings.Count(dimacs.String(), "\nc var "), "named variables")

	status, m, _, err := puzzlesat.SolveCNF(ctx, q.Formula(), puzzlesat.Options{})
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
	a, err := q.ReadModel("solver.out", strings.NewReader(out+" 0\n"))
	if err != nil {
		panic(err)
	}
	fmt.Print(p.Format(a), p.Certificate(a))

	// A solver that refutes the query gives no answer, and a model made
	// for another query is refused.
	_, err = q.ReadModel("solver.out", strings.NewReader("s UNSATISFIABLE\n"))
	fmt.Println(err)
	_, err = q.ReadModel("other.out", strings.NewReader("c hash 0123456789abcdef\ns SATISFIABLE\nv 1 0\n"))
	fmt.Println(err)
	// Output:
	// L=5 with 8 named variables
	// 5
	// # stick 1: 4 1
	// # stick 2: 3 2
	// no solution
	// other.out:1: model is for hash 0123456789abcdef, this instance and query have 910889c69e2309e3
}

// SEND + MORE = MONEY by both backends, and the number of its answers.
func ExampleCryptarithm() {
	ps, err := puzzle.ParseCryptarithm("sample", strings.NewReader("SEND + MORE = MONEY\nI + BB == ILL\n"), 10)
	if err != nil {
		panic(err)
	}
	k := puzzlesat.Cryptarithm()
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
	ps, err := puzzle.ParseCats("sample", strings.NewReader("5 1996\n1\n2\n1994\n12\n29\n"))
	if err != nil {
		panic(err)
	}
	for _, b := range []puzzlesat.Backend{puzzlesat.DFS, puzzlesat.SAT} {
		a, _, err := puzzlesat.Cats().Solve(context.Background(), ps[0], puzzlesat.Options{Backend: b})
		if err != nil {
			panic(err)
		}
		fmt.Printf("%v: %s", b, ps[0].Format(a))
	}
	// Output:
	// dfs: 2
	// sat: 2
}
