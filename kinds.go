package puzzlesat

import (
	"fmt"
	"io"

	"puzzlesat/encode"
	"puzzlesat/native"
	"puzzlesat/puzzle"
	"puzzlesat/sat"
)

// Alphametic is the NOIP2004 base-N addition with every digit eaten.
func Alphametic() *Kind[puzzle.Alphametic, puzzle.AlphameticAnswer] {
	return &Kind[puzzle.Alphametic, puzzle.AlphameticAnswer]{
		name: "alphametic", scan: plain(puzzle.ScanAlphametic),
		prunings: native.AlphameticPrunings(), dfs: native.Alphametic, countDFS: native.CountAlphametic,
		encodings: sat.AlphameticEncodings(), sat: sat.Alphametic, countSAT: sat.CountAlphametic, query: sat.AlphameticQuery,
	}
}

// Sudoku is the n²×n² sudoku, from 4×4 to 400×400. Its exported query is
// the formula of the givens, every candidate kept.
func Sudoku() *Kind[puzzle.Sudoku, puzzle.SudokuAnswer] {
	return &Kind[puzzle.Sudoku, puzzle.SudokuAnswer]{
		name: "sudoku", scan: scanSudoku,
		prunings: native.SudokuPrunings(), dfs: native.Sudoku, countDFS: native.CountSudoku,
		encodings: sat.SudokuEncodings(), sat: sat.Sudoku, countSAT: sat.CountSudoku, query: sat.SudokuQuery,
	}
}

// Sticks is POJ 1011 / UVa 307 "Sticks". Its queries ask whether the
// pieces make sticks of length L, the bound.
func Sticks() *Kind[puzzle.Sticks, puzzle.SticksAnswer] {
	return &Kind[puzzle.Sticks, puzzle.SticksAnswer]{
		name: "sticks", canonical: true, scan: scanSticks, tables: true,
		prunings: native.SticksPrunings(), dfs: native.Sticks,
		encodings: sat.SticksEncodings(), sat: sat.Sticks, query: sat.SticksQuery,
		bound: func(_ puzzle.Sticks, a puzzle.SticksAnswer) (int, string) { return a.Length, "" },
	}
}

// Cake is POJ 1190 / NOI1999 "Birthday Cake". Its queries ask for a cake
// of area at most Q, the bound. When no cake exists (the answer 0), the
// query about the optimum is asked at the bound 3N, which every cake
// meets: it is unsatisfiable.
func Cake() *Kind[puzzle.Cake, puzzle.CakeAnswer] {
	return &Kind[puzzle.Cake, puzzle.CakeAnswer]{
		name: "cake", canonical: true, scan: plain(puzzle.ScanCake),
		prunings: native.CakePrunings(), dfs: native.Cake,
		encodings: sat.CakeEncodings(), sat: sat.Cake, query: sat.CakeQuery,
		bound: func(p puzzle.Cake, a puzzle.CakeAnswer) (int, string) {
			if a.Area > 0 {
				return a.Area, ""
			}
			q := encode.CakeNoBound(p)
			return q, fmt.Sprintf("no cake of volume %d with %d layers: encoding the unsatisfiable query Q<=%d", p.Volume, p.Layers, q)
		},
	}
}

// DigitPuzzle is UVa 12107 "Digit Puzzle". Its query is the CNF of the
// solutions of the pattern as given, the pattern's digits as unit
// clauses; a model of it is one product, which written out in full is a
// pattern with exactly one solution, so it passes Verify, but it is not
// the puzzle's answer, which Solve returns.
func DigitPuzzle() *Kind[puzzle.Digit, puzzle.DigitAnswer] {
	return &Kind[puzzle.Digit, puzzle.DigitAnswer]{
		name: "digit-puzzle", canonical: true, scan: plain(puzzle.ScanDigit),
		prunings: native.DigitPrunings(), dfs: native.Digit, countDFS: native.CountDigit,
		encodings: sat.DigitEncodings(), sat: sat.Digit, countSAT: sat.CountDigit, query: sat.DigitQuery,
	}
}

// Cryptarithm is the general addition alphametic, SEND + MORE = MONEY, in
// any base 2..36 (ParseOptions.Base, the same for every puzzle of an
// input).
func Cryptarithm() *Kind[puzzle.Cryptarithm, puzzle.CryptarithmAnswer] {
	return &Kind[puzzle.Cryptarithm, puzzle.CryptarithmAnswer]{
		name: "cryptarithm", scan: scanCryptarithm,
		prunings: native.CryptarithmPrunings(), dfs: native.Cryptarithm, countDFS: native.CountCryptarithm,
		encodings: sat.CryptarithmEncodings(), sat: sat.Cryptarithm, countSAT: sat.CountCryptarithm, query: sat.CryptarithmQuery,
	}
}

// Cats is "cats and cable cars" (小猫爬山, AcWing 165). Its queries ask
// whether the cats fit in at most K cars, the bound.
func Cats() *Kind[puzzle.Cats, puzzle.CatsAnswer] {
	return &Kind[puzzle.Cats, puzzle.CatsAnswer]{
		name: "cats", canonical: true, scan: plain(puzzle.ScanCats),
		prunings: native.CatsPrunings(), dfs: native.Cats,
		encodings: sat.CatsEncodings(), sat: sat.Cats, query: sat.CatsQuery,
		bound: func(_ puzzle.Cats, a puzzle.CatsAnswer) (int, string) { return len(a.Cars), "" },
	}
}

// ParseOptions says how Kind.Scan reads an input. The zero value reads
// every kind's judge format as it is.
type ParseOptions struct {
	// Alphabet forces the symbols of sudoku puzzles in character
	// layouts, in order, such as "0123456789ABCDEF"; "" detects them.
	Alphabet string
	// Base is the base of every cryptarithm of the input, 2 to 36; 0
	// means 10.
	Base int
	// MaxPiece drops the sticks pieces longer than it, as the CERC 1995
	// judge did with 50; 0 keeps every piece.
	MaxPiece int
	// Note, when not nil, receives the parser's remarks that are not
	// errors, once the whole input is read: how a sudoku that fits two
	// alphabets was read, how many pieces MaxPiece dropped.
	Note func(msg string)
}

// note passes msg to o.Note, if any.
func (o ParseOptions) note(format string, args ...any) {
	if o.Note != nil {
		o.Note(fmt.Sprintf(format, args...))
	}
}

// plain adapts a scanner that takes no option.
func plain[I any](scan func(string, io.Reader, func(I) error) error) func(string, io.Reader, ParseOptions, func(I) error) error {
	return func(file string, r io.Reader, _ ParseOptions, yield func(I) error) error { return scan(file, r, yield) }
}

// scanSudoku reads sudoku puzzles, noting the first of the parser's
// warnings and how many more there are.
func scanSudoku(file string, r io.Reader, o ParseOptions, yield func(puzzle.Sudoku) error) error {
	warns, err := puzzle.ScanSudoku(file, r, o.Alphabet, yield)
	if err != nil || len(warns) == 0 {
		return err
	}
	more := ""
	if len(warns) > 1 {
		more = fmt.Sprintf(" (and %d more puzzles like it)", len(warns)-1)
	}
	o.note("%s%s; give the alphabet 0123456789ABCDEF to read 0-9A-F", warns[0], more)
	return nil
}

// scanSticks reads sticks blocks and drops the pieces over o.MaxPiece,
// noting how many.
func scanSticks(file string, r io.Reader, o ParseOptions, yield func(puzzle.Sticks) error) error {
	if o.MaxPiece < 0 {
		return fmt.Errorf("the longest piece kept must not be negative, got %d", o.MaxPiece)
	}
	pieces, blocks, all := 0, 0, 0
	err := puzzle.ScanSticks(file, r, func(p puzzle.Sticks) error {
		all++
		if o.MaxPiece > 0 {
			var n int
			if p, n = p.DropLonger(o.MaxPiece); n > 0 {
				pieces += n
				blocks++
			}
		}
		return yield(p)
	})
	if err == nil && pieces > 0 {
		o.note("%s: dropped %d pieces longer than %d from %d of %d blocks", file, pieces, o.MaxPiece, blocks, all)
	}
	return err
}

// scanCryptarithm reads cryptarithms in o's base.
func scanCryptarithm(file string, r io.Reader, o ParseOptions, yield func(puzzle.Cryptarithm) error) error {
	base := o.Base
	if base == 0 {
		base = 10
	}
	return puzzle.ScanCryptarithm(file, r, base, yield)
}
