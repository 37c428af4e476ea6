package spec_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic/spec"
)

// Each backend solves the NOIP2004 sample; Both checks that they agree.
func Example() {
	k := puzzlesat.Kind{Kind: spec.Kind}
	ps, err := k.Parse("sample", strings.NewReader("5\nABCED\nBDACE\nEBBAA\n"), kind.ScanOptions{})
	if err != nil {
		panic(err) // a *puzzle.ParseError naming the file and line
	}
	for _, b := range []puzzlesat.Backend{puzzlesat.DFS, puzzlesat.SAT, puzzlesat.Both} {
		a, st, err := k.Solve(context.Background(), ps[0], puzzlesat.Options{Backend: b})
		if err != nil {
			panic(err)
		}
		fmt.Printf("%v: %s", st.Backend, a.Text)
	}
	n, _, _ := k.Count(context.Background(), ps[0], 2, puzzlesat.Options{})
	fmt.Println("solutions:", n)
	// Output:
	// dfs: 1 0 3 4 2
	// sat: 1 0 3 4 2
	// both: 1 0 3 4 2
	// solutions: 1
}
