package main

import (
	"errors"
	"flag"
	"math/rand/v2"

	"puzzlesat"
	"puzzlesat/gen"
	"puzzlesat/puzzle"
)

// cryptarithm is the general addition alphametic (SEND + MORE = MONEY).
// Every subcommand takes --base, the base of every puzzle of the input
// (and of the generated ones).
func cryptarithm() *kind {
	addends, width := 2, 5 // gen --addends, --width
	return &kind{
		flags: func(fs *flag.FlagSet, o *options, cmd string) {
			fs.IntVar(&o.parse.Base, "base", puzzle.CryptarithmDefaultBase, "the base `B` of every puzzle, 2..36 (gen: 2..16)")
			if cmd == "gen" {
				fs.IntVar(&addends, "addends", addends, "addends per puzzle, 2..1000")
				fs.IntVar(&width, "width", width, "letters of the longest addend, 1..12")
			}
		},
		size:     func(p puzzlesat.Problem) int { return len(p.(puzzle.Cryptarithm).Letters()) },
		sizeName: "letters",
		gen: func(rng *rand.Rand, o *options) (puzzlesat.Problem, error) {
			base := o.parse.Base
			switch {
			case base < puzzle.CryptarithmMinBase || base > gen.CryptarithmMaxGenBase:
				return nil, usagef("gen cryptarithm: --base must be in %d..%d", puzzle.CryptarithmMinBase, gen.CryptarithmMaxGenBase)
			case addends < 2 || addends > 1000:
				return nil, usagef("--addends must be in 2..1000")
			case width < 1 || width > 12:
				return nil, usagef("--width must be in 1..12")
			}
			p, err := gen.Cryptarithm(rng, base, addends, width)
			if errors.Is(err, gen.ErrNoUniquePuzzle) {
				return nil, usagef("%v: try longer words (--width) or fewer addends", err)
			}
			return p, err
		},
	}
}
