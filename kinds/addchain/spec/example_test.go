package spec_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/addchain/spec"
)

// The POJ 2248 sample: a shortest addition chain for each n, the same
// from both backends (the greatest of the shortest in lexicographic
// order), and the statement's own output.
func Example() {
	k := puzzlesat.Kind{Kind: spec.Kind}
	ps, err := k.Parse("sample", strings.NewReader("5\n7\n12\n15\n77\n0\n"), kind.ScanOptions{})
	if err != nil {
		panic(err)
	}
	for _, p := range ps {
		a, _, err := k.Solve(context.Background(), p, puzzlesat.Options{Backend: puzzlesat.Both})
		if err != nil {
			panic(err)
		}
		fmt.Print(a.Text)
	}
	// Output:
	// 1 2 4 5
	// 1 2 4 6 7
	// 1 2 4 8 12
	// 1 2 4 5 10 15
	// 1 2 4 8 9 17 34 68 77
}

// Count the shortest chains of 7, by both backends, and see what the
// search's prunings cut to find the first.
func Example_count() {
	k := puzzlesat.Kind{Kind: spec.Kind}
	ps, err := k.Parse("seven", strings.NewReader("7\n"), kind.ScanOptions{})
	if err != nil {
		panic(err)
	}
	n, _, err := k.Count(context.Background(), ps[0], 0, puzzlesat.Options{Backend: puzzlesat.Both})
	if err != nil {
		panic(err)
	}
	fmt.Println(n, "shortest chains")
	_, st, err := k.Solve(context.Background(), ps[0], puzzlesat.Options{CountCuts: true})
	if err != nil {
		panic(err)
	}
	fmt.Println(st.Nodes, "elements placed")
	for _, c := range st.Cuts {
		if c.Count > 0 {
			fmt.Printf("%s: %d\n", c.Pruning, c.Count)
		}
	}
	// Output:
	// 5 shortest chains
	// 4 elements placed
	// doubling: 2
	// two-largest: 1
}
