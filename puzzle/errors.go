package puzzle

import (
	"errors"
	"fmt"
)

// ErrNoSolution is returned by a backend when an instance has no answer.
var ErrNoSolution = errors.New("no solution")

// ParseError reports bad input: the file, the 1-based line and what was
// expected there. Its message reads "file:line: what".
type ParseError struct {
	File string // "<stdin>" for standard input
	Line int    // 1-based; the line after the last one for a cut-off input
	Err  error
}

func (e *ParseError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }
