package spec_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/spec"
)

// The POJ 1011 sample: the smallest stick length, with the witness.
func Example() {
	k := puzzlesat.Kind{Kind: spec.Kind}
	ps, err := k.Parse("sample", strings.NewReader("9\n5 2 1 5 2 1 5 2 1\n4\n1 2 3 4\n0\n"), kind.ScanOptions{})
	if err != nil {
		panic(err)
	}
	for _, p := range ps {
		a, _, err := k.Solve(context.Background(), p, puzzlesat.Options{Backend: puzzlesat.Both})
		if err != nil {
			panic(err)
		}
		fmt.Print(a.Text, a.Certificate)
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
