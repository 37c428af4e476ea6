package spec_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/queens/spec"
)

// Solve the Checker Challenge for N = 6: the first three solutions, each
// the columns of rows 1..N, then how many there are; with CountCuts,
// Stats.Cuts counts what each pruning of the search did.
func Example() {
	k := puzzlesat.Kind{Kind: spec.Kind}
	ps, err := k.Parse("sample", strings.NewReader("6\n"), kind.ScanOptions{})
	if err != nil {
		panic(err)
	}
	a, st, err := k.Solve(context.Background(), ps[0], puzzlesat.Options{CountCuts: true})
	if err != nil {
		panic(err)
	}
	fmt.Print(a.Text)
	for _, p := range k.Searches()[0].Prunings {
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
