package puzzlesat

import (
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/kinds/sticks"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/gen"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/sat"
)

func init() { register(Sticks().Puzzle()) }

// Sticks is POJ 1011 / UVa 307 "Sticks". Its queries ask whether the
// pieces make sticks of length L, the bound.
func Sticks() *Kind[sticks.Instance, sticks.Answer] {
	return &Kind[sticks.Instance, sticks.Answer]{
		name: "sticks", summary: `POJ 1011 / UVa 307 "Sticks"`, canonical: true, tables: true,
		scan:     scanSticks,
		parse:    []string{"max-piece"},
		prunings: dfs.Prunings(), dfs: dfs.Solve,
		chapter: search[sticks.Instance, sticks.Answer]{prunings: dfs.SticksChapterPrunings(), dfs: dfs.SticksChapter,
			doc: "the chapter's listing (AcWing 167), piece by piece, every length from the longest piece up"},
		encodings: sat.Encodings(), sat: sat.Solve, query: sat.QueryAt,
		bound:     func(_ sticks.Instance, a sticks.Answer) (int, string) { return a.Length, "" },
		boundName: "length", boundDoc: "the stick length `L` the query asks about",
		size:     func(p sticks.Instance) int { return len(p.Pieces) },
		sizeName: "pieces",
		gen: generator[sticks.Instance]{
			params: []GenParam{
				{Name: "sticks", Doc: "sticks cut per block", Default: 6, Min: 1, Max: 64},
				{Name: "length", Doc: "length of the sticks (0: drawn per block from 20..60)", Max: 1000},
			},
			make: func(rng *rand.Rand, v GenValues) (sticks.Instance, error) {
				l := v["length"]
				if l == 0 {
					l = 20 + rng.IntN(41)
				}
				return gen.Random(rng, v["sticks"], l), nil
			},
			trailer: "0\n",
		},
	}
}

// scanSticks reads sticks blocks and drops the pieces over o.MaxPiece,
// noting how many.
func scanSticks(file string, r io.Reader, o ParseOptions, yield func(sticks.Instance) error) error {
	if o.MaxPiece < 0 {
		return fmt.Errorf("the longest piece kept must not be negative, got %d", o.MaxPiece)
	}
	pieces, blocks, all := 0, 0, 0
	err := sticks.Scan(file, r, func(p sticks.Instance) error {
		all++
		if o.MaxPiece > 0 {
			var n int
			if p, n = p.DropLonger(o.MaxPiece); n > 0 {
				pieces += n
				blocks++
			}
		}
		return yield(p)
	})
	if err == nil && pieces > 0 {
		o.note("%s: dropped %d pieces longer than %d from %d of %d blocks", file, pieces, o.MaxPiece, blocks, all)
	}
	return err
}
