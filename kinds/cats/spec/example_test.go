package spec_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/cats/spec"
)

// The AcWing 165 sample: the fewest cable cars, with each car's cats.
func Example() {
	k := puzzlesat.Kind{Kind: spec.Kind}
	ps, err := k.Parse("sample", strings.NewReader("5 1996\n1\n2\n1994\n12\n29\n"), kind.ScanOptions{})
	if err != nil {
		panic(err)
	}
	for _, b := range []puzzlesat.Backend{puzzlesat.DFS, puzzlesat.SAT} {
		a, _, err := k.Solve(context.Background(), ps[0], puzzlesat.Options{Backend: b})
		if err != nil {
			panic(err)
		}
		fmt.Printf("%v: %s", b, a.Text)
	}
	// Output:
	// dfs: 2
	// sat: 2
}
