package puzzlesat

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/gen"
	"github.com/puzzlesat/puzzlesat/native"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
)

func init() { register(Cryptarithm().Puzzle()) }

// Cryptarithm is the general addition alphametic, SEND + MORE = MONEY, in
// any base 2..36 (ParseOptions.Base, the same for every puzzle of an
// input).
func Cryptarithm() *Kind[puzzle.Cryptarithm, puzzle.CryptarithmAnswer] {
	return &Kind[puzzle.Cryptarithm, puzzle.CryptarithmAnswer]{
		name: "cryptarithm", summary: "general addition alphametics: `SEND + MORE = MONEY`, any number of addends, base 2..36",
		scan:     scanCryptarithm,
		parse:    []string{"base"},
		prunings: native.CryptarithmPrunings(), dfs: native.Cryptarithm, countDFS: native.CountCryptarithm,
		encodings: sat.CryptarithmEncodings(), sat: sat.Cryptarithm, countSAT: sat.CountCryptarithm, query: sat.CryptarithmQuery,
		size:     func(p puzzle.Cryptarithm) int { return len(p.Letters()) },
		sizeName: "letters",
		gen: generator[puzzle.Cryptarithm]{
			params: []GenParam{
				{Name: "base", Doc: "the base of the puzzles", Default: puzzle.CryptarithmDefaultBase, Min: puzzle.CryptarithmMinBase, Max: gen.CryptarithmMaxGenBase},
				{Name: "addends", Doc: "addends per puzzle", Default: 2, Min: 2, Max: 1000},
				{Name: "width", Doc: "letters of the longest addend", Default: 5, Min: 1, Max: 12},
			},
			make: func(rng *rand.Rand, v GenValues) (puzzle.Cryptarithm, error) {
				p, err := gen.Cryptarithm(rng, v["base"], v["addends"], v["width"])
				if errors.Is(err, gen.ErrNoUniquePuzzle) {
					return p, fmt.Errorf("%w: try longer words (width) or fewer addends", err)
				}
				return p, err
			},
		},
	}
}

// scanCryptarithm reads cryptarithms in o's base.
func scanCryptarithm(file string, r io.Reader, o ParseOptions, yield func(puzzle.Cryptarithm) error) error {
	base := o.Base
	if base == 0 {
		base = 10
	}
	return puzzle.ScanCryptarithm(file, r, base, yield)
}
