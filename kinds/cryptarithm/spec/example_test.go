package spec_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm/spec"
)

// SEND + MORE = MONEY by both backends, and the number of its answers.
func Example() {
	k := puzzlesat.Kind{Kind: spec.Kind}
	ps, err := k.Parse("sample", strings.NewReader("SEND + MORE = MONEY\nI + BB == ILL\n"), kind.ScanOptions{Values: map[string]string{"base": "10"}})
	if err != nil {
		panic(err)
	}
	for _, p := range ps {
		a, _, err := k.Solve(context.Background(), p, puzzlesat.Options{Backend: puzzlesat.Both})
		if err != nil {
			panic(err)
		}
		n, _, _ := k.Count(context.Background(), p, 2, puzzlesat.Options{Backend: puzzlesat.SAT})
		fmt.Printf("%d answer: %s", n, a.Text)
	}
	// Output:
	// 1 answer: D=7 E=5 M=1 N=6 O=0 R=8 S=9 Y=2
	// 1 answer: B=9 I=1 L=0
}
