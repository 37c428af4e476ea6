package spec_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/spec"
)

// A 9x9 sudoku, one puzzle per line, answered in the same layout.
func Example() {
	const grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	k := puzzlesat.Kind{Kind: spec.Kind}
	ps, err := k.Parse("top95", strings.NewReader(grid), kind.ScanOptions{})
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
	// dfs: 417369825632158947958724316825437169791586432346912758289643571573291684164875293
	// sat: 417369825632158947958724316825437169791586432346912758289643571573291684164875293
}
