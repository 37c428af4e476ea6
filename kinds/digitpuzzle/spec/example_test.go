package spec_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/spec"
)

// The UVa 12107 sample: the fewest changes that leave one solution.
func Example() {
	k := puzzlesat.Kind{Kind: spec.Kind}
	ps, err := k.Parse("sample", strings.NewReader("7 ** 8*\n** ** ***\n0\n"), kind.ScanOptions{})
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
	// dfs: Case 1: 7 ** 8*
	// sat: Case 1: 7 ** 8*
	// dfs: Case 2: ** ** 1*1
	// sat: Case 2: ** ** 1*1
}
