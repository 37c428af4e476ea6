package puzzlesat

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm/gen"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm/sat"
)

func init() { register(Cryptarithm().Puzzle()) }

// Cryptarithm is the general addition alphametic, SEND + MORE = MONEY, in
// any base 2..36 (ParseOptions.Base, the same for every puzzle of an
// input).
func Cryptarithm() *Kind[cryptarithm.Instance, cryptarithm.Answer] {
	return &Kind[cryptarithm.Instance, cryptarithm.Answer]{
		name: "cryptarithm", summary: "general addition alphametics: `SEND + MORE = MONEY`, any number of addends, base 2..36",
		scan:     scanCryptarithm,
		parse:    []string{"base"},
		prunings: dfs.Prunings(), dfs: dfs.Solve, countDFS: dfs.Count,
		encodings: sat.Encodings(), sat: sat.Solve, countSAT: sat.Count, query: sat.QueryAt,
		size:     func(p cryptarithm.Instance) int { return len(p.Letters()) },
		sizeName: "letters",
		gen: generator[cryptarithm.Instance]{
			params: []GenParam{
				{Name: "base", Doc: "the base of the puzzles", Default: cryptarithm.DefaultBase, Min: cryptarithm.MinBase, Max: gen.MaxGenBase},
				{Name: "addends", Doc: "addends per puzzle", Default: 2, Min: 2, Max: 1000},
				{Name: "width", Doc: "letters of the longest addend", Default: 5, Min: 1, Max: 12},
			},
			make: func(rng *rand.Rand, v GenValues) (cryptarithm.Instance, error) {
				p, err := gen.Random(rng, v["base"], v["addends"], v["width"])
				if errors.Is(err, gen.ErrNoUniquePuzzle) {
					return p, fmt.Errorf("%w: try longer words (width) or fewer addends", err)
				}
				return p, err
			},
		},
	}
}

// scanCryptarithm reads cryptarithms in o's base.
func scanCryptarithm(file string, r io.Reader, o ParseOptions, yield func(cryptarithm.Instance) error) error {
	base := o.Base
	if base == 0 {
		base = 10
	}
	return cryptarithm.Scan(file, r, base, yield)
}
