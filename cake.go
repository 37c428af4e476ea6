package puzzlesat

import (
	"fmt"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/gen"
	"github.com/puzzlesat/puzzlesat/native"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
)

func init() { register(Cake().Puzzle()) }

// Cake is POJ 1190 / NOI1999 "Birthday Cake". Its queries ask for a cake
// of area at most Q, the bound. When no cake exists (the answer 0), the
// query about the optimum is asked at the bound 3N, which every cake
// meets: it is unsatisfiable.
func Cake() *Kind[puzzle.Cake, puzzle.CakeAnswer] {
	return &Kind[puzzle.Cake, puzzle.CakeAnswer]{
		name: "cake", summary: `POJ 1190 / NOI1999 "Birthday Cake"`, canonical: true,
		scan:     plain(puzzle.ScanCake),
		prunings: native.CakePrunings(), dfs: native.Cake,
		chapter: search[puzzle.Cake, puzzle.CakeAnswer]{prunings: native.CakeChapterPrunings(), dfs: native.CakeChapter,
			doc: "the chapter's listing (AcWing 168), the layers from the bottom up, radius then height"},
		encodings: sat.CakeEncodings(), sat: sat.Cake, query: sat.CakeQuery,
		bound: func(p puzzle.Cake, a puzzle.CakeAnswer) (int, string) {
			if a.Area > 0 {
				return a.Area, ""
			}
			q := encode.CakeNoBound(p)
			return q, fmt.Sprintf("no cake of volume %d with %d layers: encoding the unsatisfiable query Q<=%d", p.Volume, p.Layers, q)
		},
		boundName: "area", boundDoc: "the query: a cake of area at most `Q` (at the optimum: 3N when there is no cake)",
		size:     func(p puzzle.Cake) int { return p.Volume },
		sizeName: "volume N",
		gen: generator[puzzle.Cake]{make: func(rng *rand.Rand, _ GenValues) (puzzle.Cake, error) {
			return gen.Cake(rng), nil
		}},
	}
}
