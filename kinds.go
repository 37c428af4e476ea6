package puzzlesat

import (
	"fmt"
	"io"

	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
)

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
func scanSudoku(file string, r io.Reader, o ParseOptions, yield func(sudoku.Instance) error) error {
	warns, err := sudoku.Scan(file, r, o.Alphabet, yield)
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
