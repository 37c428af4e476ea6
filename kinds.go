package puzzlesat

import (
	"context"
	"fmt"

	"puzzlesat/encode"
	"puzzlesat/encode/cnf"
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

// Sudoku is the n²×n² sudoku. Its SAT backend builds the formula that
// unit propagation leaves straight into the engine (encode.SudokuSingles,
// sat.FindBuilt); the exported query is the formula of the givens.
func Sudoku() *Kind[puzzle.Sudoku, puzzle.SudokuAnswer] {
	return &Kind[puzzle.Sudoku, puzzle.SudokuAnswer]{
		name: "sudoku",
		dfs:  native.Sudoku,
		sat: func(ctx context.Context, p puzzle.Sudoku, c sat.Config) (puzzle.SudokuAnswer, sat.Stats, error) {
			o := encode.SudokuDefaults()
			o.Reduce, o.Equivalences = encode.SudokuSingles, true
			return sat.FindBuilt[puzzle.SudokuAnswer](ctx, c, func(f *cnf.CNF) *encode.SudokuQuery { return encode.SudokuWith(f, p, o) })
		},
		countDFS: native.CountSudoku,
		countSAT: func(ctx context.Context, p puzzle.Sudoku, limit int, c sat.Config) (int, sat.Stats, error) {
			return sat.CountBuilt[puzzle.SudokuAnswer](ctx, c, func(f *cnf.CNF) *encode.SudokuQuery {
				return encode.SudokuIn(f, p, encode.SudokuSingles)
			}, limit)
		},
		query: solutionQuery(encode.Sudoku),
	}
}

// Sticks is POJ 1011 / UVa 307 "Sticks". Its queries ask whether the
// pieces make sticks of length L, the bound.
func Sticks() *Kind[puzzle.Sticks, puzzle.SticksAnswer] {
	return &Kind[puzzle.Sticks, puzzle.SticksAnswer]{
		name: "sticks",
		dfs:  native.Sticks,
		sat:  sat.Sticks,
		query: func(ctx context.Context, p puzzle.Sticks, l int, c sat.Config) (Query[puzzle.SticksAnswer], string, error) {
			name := fmt.Sprintf("L=%d", l)
			if err := c.CheckBound(encode.SticksSize(p, l, encode.SticksEncoding{}).Lits); err != nil {
				return nil, name, err
			}
			q, err := encode.SticksContext(ctx, p, l, encode.SticksEncoding{})
			return q, name, err
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
		sat:  sat.Cake,
		query: func(_ context.Context, p puzzle.Cake, q int, _ sat.Config) (Query[puzzle.CakeAnswer], string, error) {
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
		query: func(_ context.Context, p puzzle.Digit, _ int, _ sat.Config) (Query[puzzle.DigitAnswer], string, error) {
			q, err := encode.DigitPattern(p, enc)
			return q, "solutions, " + enc.String() + " encoding", err
		},
	}
}

// Cryptarithm is the general addition alphametic, SEND + MORE = MONEY, in
// any base 2..36 (the instance's). Its one query is "a solution"; its name
// gives the base, which the instance's text does not hold.
func Cryptarithm() *Kind[puzzle.Cryptarithm, puzzle.CryptarithmAnswer] {
	return &Kind[puzzle.Cryptarithm, puzzle.CryptarithmAnswer]{
		name:     "cryptarithm",
		dfs:      native.Cryptarithm,
		sat:      sat.Cryptarithm,
		countDFS: native.CountCryptarithm,
		countSAT: sat.CountCryptarithm,
		query: func(_ context.Context, p puzzle.Cryptarithm, _ int, c sat.Config) (Query[puzzle.CryptarithmAnswer], string, error) {
			name := fmt.Sprintf("solution in base %d", p.Base)
			if err := c.CheckBound(encode.CryptarithmSize(p, encode.ColumnsAndBounds).Lits); err != nil {
				return nil, name, err
			}
			return encode.Cryptarithm(p), name, nil
		},
	}
}

// Cats is "cats and cable cars" (小猫爬山, AcWing 165). Its queries ask
// whether the cats fit in at most K cars, the bound.
func Cats() *Kind[puzzle.Cats, puzzle.CatsAnswer] {
	return &Kind[puzzle.Cats, puzzle.CatsAnswer]{
		name: "cats",
		dfs:  native.Cats,
		sat:  sat.Cats,
		query: func(_ context.Context, p puzzle.Cats, k int, c sat.Config) (Query[puzzle.CatsAnswer], string, error) {
			name := fmt.Sprintf("cars<=%d", k)
			if err := c.CheckBound(encode.CatsSize(p, k, encode.CatsEncoding{}).Lits); err != nil {
				return nil, name, err
			}
			return encode.Cats(p, k), name, nil
		},
		bound: func(_ puzzle.Cats, a puzzle.CatsAnswer) (int, string) { return len(a.Cars), "" },
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

// solutionQuery makes the query of a kind whose one question is "a
// solution".
func solutionQuery[I, A any, Q sat.Query[A]](enc func(I) Q) func(context.Context, I, int, sat.Config) (Query[A], string, error) {
	return func(_ context.Context, p I, _ int, _ sat.Config) (Query[A], string, error) {
		return enc(p), "solution", nil
	}
}
