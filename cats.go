package puzzlesat

import (
	"fmt"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/gen"
	"github.com/puzzlesat/puzzlesat/native"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
)

func init() { register(Cats().Puzzle()) }

// Cats is "cats and cable cars" (小猫爬山, AcWing 165). Its queries ask
// whether the cats fit in at most K cars, the bound.
func Cats() *Kind[puzzle.Cats, puzzle.CatsAnswer] {
	return &Kind[puzzle.Cats, puzzle.CatsAnswer]{
		name: "cats", summary: `"cats and cable cars" (小猫爬山, AcWing 165): the fewest cars of capacity W`, canonical: true,
		scan:     plain(puzzle.ScanCats),
		prunings: native.CatsPrunings(), dfs: native.Cats,
		chapter: search[puzzle.Cats, puzzle.CatsAnswer]{prunings: native.CatsChapterPrunings(), dfs: native.CatsChapter,
			doc: "the contest search of the chapter's example of a search order (AcWing 165), cat by cat, heaviest first"},
		encodings: sat.CatsEncodings(), sat: sat.Cats, query: sat.CatsQuery,
		bound:     func(_ puzzle.Cats, a puzzle.CatsAnswer) (int, string) { return len(a.Cars), "" },
		boundName: "cars", boundDoc: "the query: the cats fit in at most `K` cars",
		size:     func(p puzzle.Cats) int { return len(p.Weights) },
		sizeName: "cats N",
		gen: generator[puzzle.Cats]{
			params: []GenParam{
				{Name: "n", Doc: "cats per instance", Default: 18, Min: 1, Max: puzzle.MaxCats},
				{Name: "w", Doc: "the capacity W of a car", Default: 100_000_000, Min: 1, Max: puzzle.MaxCatWeight},
				{Name: "lightest", Doc: "the lightest weight drawn, up to the heaviest", Default: 1, Min: 1, Max: puzzle.MaxCatWeight},
				{Name: "heaviest", Doc: "the heaviest weight drawn, up to W (0: W)", Max: puzzle.MaxCatWeight},
			},
			make: func(rng *rand.Rand, v GenValues) (puzzle.Cats, error) {
				w, h := v["w"], v["heaviest"]
				switch {
				case h > w:
					return puzzle.Cats{}, fmt.Errorf("heaviest must be in 1..W, or 0 for W")
				case h == 0:
					h = w
				}
				if v["lightest"] > h {
					return puzzle.Cats{}, fmt.Errorf("lightest must be in 1..the heaviest weight")
				}
				return gen.CatsBetween(rng, v["n"], w, v["lightest"], h), nil
			},
		},
	}
}
