package spec_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/spec"
)

// The chapter's own sticks program, selected by the preset "chapter":
// its nodes are the calls of the listing's dfs, and each of its cuts can
// be switched off by its number in the chapter.
func Example_chapter() {
	k := puzzlesat.Kind{Kind: spec.Kind}
	chapter, err := k.SearchOf("chapter")
	if err != nil {
		panic(err)
	}
	for _, p := range chapter.Prunings {
		fmt.Printf("(%s) %s\n", p.Chapter, p.Name)
	}
	ps, err := k.Parse("sample", strings.NewReader("9\n5 2 1 5 2 1 5 2 1\n0\n"), kind.ScanOptions{})
	if err != nil {
		panic(err)
	}
	for _, spec := range []string{"chapter", "chapter,-2"} {
		a, st, err := k.Solve(context.Background(), ps[0], puzzlesat.Options{Prunings: spec})
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s: L=%s nodes=%d\n", spec, strings.TrimSpace(a.Text), st.Nodes)
	}
	// Output:
	// (1) divisors
	// (2) longest-first
	// (3.1) index-order
	// (3.2) equal-skip
	// (3.3) first-piece
	// (3.4) last-piece
	// chapter: L=6 nodes=14
	// chapter,-2: L=6 nodes=36
}
