package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"

	"puzzlesat/encode"
	"puzzlesat/encode/cnf"
	"puzzlesat/gen"
	"puzzlesat/native"
	"puzzlesat/puzzle"
	"puzzlesat/sat"
)

// digitPuzzle is the kind digit-puzzle (UVa 12107). Its encode writes the
// CNF of the solutions of one pattern as given, with the pattern's digits
// as unit clauses; a model of it is one product A * B = C that fits the
// pattern, and decode prints that product in the judge's format,
// "Case k: A B C" with every '*' replaced by its digit. Written out in
// full, a solution is itself a pattern with exactly one solution, so it
// passes Verify; it is not the puzzle's answer, which solve prints.
func digitPuzzle() kind {
	enc := encode.DigitTable // --encoding of encode and decode
	return &spec[puzzle.Digit, puzzle.DigitAnswer]{
		name: "digit-puzzle",
		flags: func(fs *flag.FlagSet, _ *options, cmd string) {
			if cmd == "encode" || cmd == "decode" {
				fs.Func("encoding", "how the CNF ties A * B to C: `NAME` table (the default) or circuit", func(s string) error {
					switch s {
					case encode.DigitTable.String():
						enc = encode.DigitTable
					case encode.DigitCircuit.String():
						enc = encode.DigitCircuit
					default:
						return fmt.Errorf("want %s or %s", encode.DigitTable, encode.DigitCircuit)
					}
					return nil
				})
			}
		},
		parse: func(file string, r io.Reader, _ *options) ([]puzzle.Digit, error) {
			return puzzle.ParseDigit(file, r)
		},
		dfs:      native.Digit,
		sat:      sat.Digit,
		countDFS: native.CountDigit,
		countSAT: sat.CountDigit,
		encode: func(_ context.Context, p puzzle.Digit, _ *options) (query[puzzle.DigitAnswer], error) {
			q, err := encode.DigitPattern(p, enc)
			if err != nil {
				return query[puzzle.DigitAnswer]{}, err
			}
			decode := func(m cnf.Model) (puzzle.DigitAnswer, error) {
				a, err := q.Decode(m)
				if err != nil {
					return a, err
				}
				if !digitFits(p, a) {
					return a, fmt.Errorf("model's product %s %s %s does not fit the pattern %s %s %s", a.A, a.B, a.C, p.A, p.B, p.C)
				}
				return a, nil
			}
			return query[puzzle.DigitAnswer]{cnf: q.Formula(), name: "solutions, " + enc.String() + " encoding", decode: decode}, nil
		},
		gen: func(rng *rand.Rand, _ *options) (puzzle.Digit, error) {
			return gen.Digit(rng), nil
		},
		genTrailer: "0\n",
	}
}

// digitFits reports whether the digits of a fit p's pattern.
func digitFits(p puzzle.Digit, a puzzle.DigitAnswer) bool {
	pat, got := p.A+p.B+p.C, a.A+a.B+a.C
	if len(pat) != len(got) || len(a.A) != len(p.A) || len(a.B) != len(p.B) {
		return false
	}
	for i := range len(pat) {
		if pat[i] != '*' && pat[i] != got[i] {
			return false
		}
	}
	return true
}
