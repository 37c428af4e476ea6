package puzzle_test

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"puzzlesat/puzzle"
)

// parseCase is an input that a parser reads, and what it reads.
type parseCase[I any] struct {
	name, in string
	want     []I
}

// parseError is an input that a parser refuses, with the line and the
// message (without "file:line: ") of its *ParseError.
type parseError struct {
	name, in string
	line     int
	msg      string
}

// testParse runs the table tests of a parser, reading every input as the
// file "in": each case reads as it wants, and each error is a
// *ParseError at its line with its message, and no instances.
func testParse[I any](t *testing.T, parse func(string, io.Reader) ([]I, error), cases []parseCase[I], errs []parseError) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parse("in", strings.NewReader(tc.in))
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
	for _, tc := range errs {
		t.Run("error/"+tc.name, func(t *testing.T) {
			got, err := parse("in", strings.NewReader(tc.in))
			require.Nil(t, got)
			var pe *puzzle.ParseError
			require.ErrorAs(t, err, &pe)
			require.Equal(t, "in", pe.File)
			require.Equal(t, tc.line, pe.Line, "%v", err)
			require.EqualError(t, pe.Err, tc.msg)
		})
	}
}
