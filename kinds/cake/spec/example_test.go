package spec_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/cake/spec"
)

// The POJ 1190 sample, and a cake that cannot exist (answer 0).
func Example() {
	k := puzzlesat.Kind{Kind: spec.Kind}
	ps, err := k.Parse("cakes", strings.NewReader("100 2\n10 3\n"), kind.ScanOptions{})
	if err != nil {
		panic(err)
	}
	for _, p := range ps {
		for _, b := range []puzzlesat.Backend{puzzlesat.DFS, puzzlesat.SAT} {
			a, _, err := k.Solve(context.Background(), p, puzzlesat.Options{Backend: b})
			if err != nil {
				panic(err)
			}
			fmt.Printf("%v: %s", b, a.Text)
		}
	}
	// Output:
	// dfs: 68
	// sat: 68
	// dfs: 0
	// sat: 0
}
