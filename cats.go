package puzzlesat

import (
	"fmt"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/kinds/cats"
	"github.com/puzzlesat/puzzlesat/kinds/cats/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/cats/gen"
	"github.com/puzzlesat/puzzlesat/kinds/cats/sat"
)

func init() { register(Cats().Puzzle()) }

// Cats is "cats and cable cars" (小猫爬山, AcWing 165). Its queries ask
// whether the cats fit in at most K cars, the bound.
func Cats() *Kind[cats.Instance, cats.Answer] {
	return &Kind[cats.Instance, cats.Answer]{
		name: "cats", summary: `"cats and cable cars" (小猫爬山, AcWing 165): the fewest cars of capacity W`, canonical: true,
		scan:     plain(cats.Scan),
		prunings: dfs.Prunings(), dfs: dfs.Solve,
		chapter: search[cats.Instance, cats.Answer]{prunings: dfs.CatsChapterPrunings(), dfs: dfs.CatsChapter,
			doc: "the contest search of the chapter's example of a search order (AcWing 165), cat by cat, heaviest first"},
		encodings: sat.Encodings(), sat: sat.Solve, query: sat.QueryAt,
		bound:     func(_ cats.Instance, a cats.Answer) (int, string) { return len(a.Cars), "" },
		boundName: "cars", boundDoc: "the query: the cats fit in at most `K` cars",
		size:     func(p cats.Instance) int { return len(p.Weights) },
		sizeName: "cats N",
		gen: generator[cats.Instance]{
			params: []GenParam{
				{Name: "n", Doc: "cats per instance", Default: 18, Min: 1, Max: cats.MaxCats},
				{Name: "w", Doc: "the capacity W of a car", Default: 100_000_000, Min: 1, Max: cats.MaxWeight},
				{Name: "lightest", Doc: "the lightest weight drawn, up to the heaviest", Default: 1, Min: 1, Max: cats.MaxWeight},
				{Name: "heaviest", Doc: "the heaviest weight drawn, up to W (0: W)", Max: cats.MaxWeight},
			},
			make: func(rng *rand.Rand, v GenValues) (cats.Instance, error) {
				w, h := v["w"], v["heaviest"]
				switch {
				case h > w:
					return cats.Instance{}, fmt.Errorf("heaviest must be in 1..W, or 0 for W")
				case h == 0:
					h = w
				}
				if v["lightest"] > h {
					return cats.Instance{}, fmt.Errorf("lightest must be in 1..the heaviest weight")
				}
				return gen.RandomBetween(rng, v["n"], w, v["lightest"], h), nil
			},
		},
	}
}
