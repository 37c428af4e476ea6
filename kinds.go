package puzzlesat

import (
	"context"
	"errors"
	"fmt"

	"puzzlesat/encode"
	"puzzlesat/native"
	"puzzlesat/puzzle"
	"puzzlesat/sat"
)

// Alphametic is the NOIP2004 base-N addition with every digit eaten.
func Alphametic() *Kind[puzzle.Alphametic, puzzle.AlphameticAnswer] {
	return &Kind[puzzle.Alphametic, puzzle.AlphameticAnswer]{
		name:     "alphametic",
		dfs:      native.Alphametic,
		sat:      findWith(encode.Alphametic),
		countDFS: native.CountAlphametic,
		countSAT: countWith(encode.Alphametic),
		query:    solutionQuery(encode.Alphametic),
	}
}

// Sudoku is the n²×n² sudoku.
func Sudoku() *Kind[puzzle.Sudoku, puzzle.SudokuAnswer] {
	return &Kind[puzzle.Sudoku, puzzle.SudokuAnswer]{
		name:     "sudoku",
		dfs:      native.Sudoku,
		sat:      findWith(encode.Sudoku),
		countDFS: native.CountSudoku,
		countSAT: countWith(encode.Sudoku),
		query:    solutionQuery(encode.Sudoku),
	}
}

// Sticks is POJ 1011 / UVa 307 "Sticks". Its queries ask whether the
// pieces make sticks of length L, the bound.
func Sticks() *Kind[puzzle.Sticks, puzzle.SticksAnswer] {
	return &Kind[puzzle.Sticks, puzzle.SticksAnswer]{
		name: "sticks",
		dfs:  native.Sticks,
		sat:  ignoreConfig(sat.Sticks),
		query: func(p puzzle.Sticks, l int) (Query[puzzle.SticksAnswer], string, error) {
			return encode.Sticks(p, l), fmt.Sprintf("L=%d", l), nil
		},
		bound: func(_ puzzle.Sticks, a puzzle.SticksAnswer) (int, string) { return a.Length, "" },
	}
}

// Cake is POJ 1190 / NOI1999 "Birthday Cake". Its queries ask for a cake
// of area at most Q, the bound. When no cake exists (the answer 0), the
// query about the optimum is asked at the bound 3N, which every cake
// meets: it is unsatisfiable.
func Cake() *Kind[puzzle.Cake, puzzle.CakeAnswer] {
	return &Kind[puzzle.Cake, puzzle.CakeAnswer]{
		name: "cake",
		dfs:  native.Cake,
		sat:  ignoreConfig(sat.Cake),
		query: func(p puzzle.Cake, q int) (Query[puzzle.CakeAnswer], string, error) {
			return encode.Cake(p, q), fmt.Sprintf("Q<=%d", q), nil
		},
		bound: func(p puzzle.Cake, a puzzle.CakeAnswer) (int, string) {
			if a.Area > 0 {
				return a.Area, ""
			}
			q := encode.CakeNoBound(p)
			return q, fmt.Sprintf("no cake of volume %d with %d layers: encoding the unsatisfiable query Q<=%d", p.Volume, p.Layers, q)
		},
	}
}

// DigitPuzzle is UVa 12107 "Digit Puzzle", whose exported query is the
// pattern as given in the table encoding; see DigitPuzzleWith.
func DigitPuzzle() *Kind[puzzle.Digit, puzzle.DigitAnswer] {
	return DigitPuzzleWith(encode.DigitTable)
}

// DigitPuzzleWith is DigitPuzzle whose exported query uses the encoding
// enc. Its query is the CNF of the solutions of the pattern as given, the
// pattern's digits as unit clauses; a model of it is one product, which
// written out in full is a pattern with exactly one solution, so it
// passes Verify, but it is not the puzzle's answer, which Solve returns.
func DigitPuzzleWith(enc encode.DigitEncoding) *Kind[puzzle.Digit, puzzle.DigitAnswer] {
	return &Kind[puzzle.Digit, puzzle.DigitAnswer]{
		name:     "digit-puzzle",
		dfs:      native.Digit,
		sat:      sat.Digit,
		countDFS: native.CountDigit,
		countSAT: sat.CountDigit,
		query: func(p puzzle.Digit, _ int) (Query[puzzle.DigitAnswer], string, error) {
			q, err := encode.DigitPattern(p, enc)
			return q, "solutions, " + enc.String() + " encoding", err
		},
	}
}

// findWith makes the SAT backend of a kind asked by one query.
func findWith[I, A any, Q sat.Query[A]](enc func(I) Q) func(context.Context, I, sat.Config) (A, sat.Stats, error) {
	return func(ctx context.Context, p I, c sat.Config) (A, sat.Stats, error) { return sat.Find[A](ctx, enc(p), c) }
}

// countWith makes the SAT counter of a kind asked by one query.
func countWith[I, A any, Q sat.Countable[A]](enc func(I) Q) func(context.Context, I, int, sat.Config) (int, sat.Stats, error) {
	return func(ctx context.Context, p I, limit int, c sat.Config) (int, sat.Stats, error) {
		return sat.CountAnswers[A](ctx, enc(p), limit, c)
	}
}

// ignoreConfig adapts a SAT backend that takes no configuration: it
// solves with gini under the default budget, and refuses another solver
// rather than silently using gini.
func ignoreConfig[I, A any](f func(context.Context, I) (A, sat.Stats, error)) func(context.Context, I, sat.Config) (A, sat.Stats, error) {
	return func(ctx context.Context, p I, c sat.Config) (A, sat.Stats, error) {
		if c.Engine != nil && c.Engine.Name() != sat.Gini().Name() {
			var zero A
			return zero, sat.Stats{}, fmt.Errorf("this SAT backend solves with gini only, not %s: %w", c.Engine.Name(), errors.ErrUnsupported)
		}
		return f(ctx, p)
	}
}

// solutionQuery makes the query of a kind whose one question is "a
// solution".
func solutionQuery[I, A any, Q sat.Query[A]](enc func(I) Q) func(I, int) (Query[A], string, error) {
	return func(p I, _ int) (Query[A], string, error) { return enc(p), "solution", nil }
}
