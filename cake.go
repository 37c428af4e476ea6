package puzzlesat

import (
	"fmt"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/kinds/cake"
	"github.com/puzzlesat/puzzlesat/kinds/cake/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/cake/gen"
	"github.com/puzzlesat/puzzlesat/kinds/cake/sat"
)

func init() { register(Cake().Puzzle()) }

// Cake is POJ 1190 / NOI1999 "Birthday Cake". Its queries ask for a cake
// of area at most Q, the bound. When no cake exists (the answer 0), the
// query about the optimum is asked at the bound 3N, which every cake
// meets: it is unsatisfiable.
func Cake() *Kind[cake.Instance, cake.Answer] {
	return &Kind[cake.Instance, cake.Answer]{
		name: "cake", summary: `POJ 1190 / NOI1999 "Birthday Cake"`, canonical: true,
		scan:     plain(cake.Scan),
		prunings: dfs.Prunings(), dfs: dfs.Solve,
		chapter: search[cake.Instance, cake.Answer]{prunings: dfs.CakeChapterPrunings(), dfs: dfs.CakeChapter,
			doc: "the chapter's listing (AcWing 168), the layers from the bottom up, radius then height"},
		encodings: sat.Encodings(), sat: sat.Solve, query: sat.QueryAt,
		bound: func(p cake.Instance, a cake.Answer) (int, string) {
			if a.Area > 0 {
				return a.Area, ""
			}
			q := sat.NoBound(p)
			return q, fmt.Sprintf("no cake of volume %d with %d layers: encoding the unsatisfiable query Q<=%d", p.Volume, p.Layers, q)
		},
		boundName: "area", boundDoc: "the query: a cake of area at most `Q` (at the optimum: 3N when there is no cake)",
		size:     func(p cake.Instance) int { return p.Volume },
		sizeName: "volume N",
		gen: generator[cake.Instance]{make: func(rng *rand.Rand, _ GenValues) (cake.Instance, error) {
			return gen.Random(rng), nil
		}},
	}
}
