package main

import (
	"errors"
	"flag"
	"io"
	"math/rand/v2"

	"puzzlesat"
	"puzzlesat/gen"
	"puzzlesat/puzzle"
)

// cryptarithm is the general addition alphametic (SEND + MORE = MONEY).
// Every subcommand takes --base, the base of every puzzle of the input
// (and of the generated ones); a base out of 2..36 is bad input at line 0
// of the file.
func cryptarithm() kind {
	base := puzzle.CryptarithmDefaultBase
	addends, width := 2, 5 // gen --addends, --width
	return &spec[puzzle.Cryptarithm, puzzle.CryptarithmAnswer]{
		lib: func(*options) *puzzlesat.Kind[puzzle.Cryptarithm, puzzle.CryptarithmAnswer] {
			return puzzlesat.Cryptarithm()
		},
		flags: func(fs *flag.FlagSet, o *options, cmd string) {
			fs.IntVar(&base, "base", base, "the base `B` of every puzzle, 2..36 (gen: 2..16)")
			if cmd == "gen" {
				fs.IntVar(&addends, "addends", addends, "addends per puzzle, 2..1000")
				fs.IntVar(&width, "width", width, "letters of the longest addend, 1..12")
			}
		},
		scan: func(file string, r io.Reader, _ *options, yield func(puzzle.Cryptarithm) error) error {
			return puzzle.ScanCryptarithm(file, r, base, yield)
		},
		gen: func(rng *rand.Rand, _ *options) (puzzle.Cryptarithm, error) {
			switch {
			case base < puzzle.CryptarithmMinBase || base > gen.CryptarithmMaxGenBase:
				return puzzle.Cryptarithm{}, usagef("gen cryptarithm: --base must be in %d..%d", puzzle.CryptarithmMinBase, gen.CryptarithmMaxGenBase)
			case addends < 2 || addends > 1000:
				return puzzle.Cryptarithm{}, usagef("--addends must be in 2..1000")
			case width < 1 || width > 12:
				return puzzle.Cryptarithm{}, usagef("--width must be in 1..12")
			}
			p, err := gen.Cryptarithm(rng, base, addends, width)
			if errors.Is(err, gen.ErrNoUniquePuzzle) {
				return p, usagef("%v: try longer words (--width) or fewer addends", err)
			}
			return p, err
		},
	}
}
