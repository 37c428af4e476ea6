package puzzlesat

import (
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/gen"
	"github.com/puzzlesat/puzzlesat/native"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
)

func init() { register(Alphametic().Puzzle()) }

// Alphametic is the NOIP2004 base-N addition with every digit eaten.
func Alphametic() *Kind[puzzle.Alphametic, puzzle.AlphameticAnswer] {
	return &Kind[puzzle.Alphametic, puzzle.AlphameticAnswer]{
		name: "alphametic", summary: `NOIP2004 "虫食算": base-N addition with every digit eaten`,
		scan:     plain(puzzle.ScanAlphametic),
		prunings: native.AlphameticPrunings(), dfs: native.Alphametic, countDFS: native.CountAlphametic,
		encodings: sat.AlphameticEncodings(), sat: sat.Alphametic, countSAT: sat.CountAlphametic, query: sat.AlphameticQuery,
		size:     func(p puzzle.Alphametic) int { return p.N },
		sizeName: "letters N",
		gen: generator[puzzle.Alphametic]{
			params: []GenParam{{Name: "n", Doc: "number of letters", Default: 10, Min: puzzle.AlphameticMinN, Max: puzzle.AlphameticMaxN}},
			make: func(rng *rand.Rand, v GenValues) (puzzle.Alphametic, error) {
				return gen.Alphametic(rng, v["n"]), nil
			},
		},
	}
}
