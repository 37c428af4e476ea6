// Package puzzletest checks a kind's judge-format parser the way every
// kind's tests do: a table of inputs and what they read, errors at their
// line, every line end, lines at the length limit, and fuzz seeds at the
// limits an earlier probe found.
package puzzletest

import (
	"io"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Parser reads every instance of an input named file.
type Parser[I any] func(file string, r io.Reader) ([]I, error)

// Case is an input that a parser reads, and what it reads.
type Case[I any] struct {
	Name, In string
	Want     []I
}

// Error is an input that a parser refuses, with the line and the message
// (without "file:line: ") of its *puzzle.ParseError.
type Error struct {
	Name, In string
	Line     int
	Msg      string
}

// Run runs the table tests of a parser, reading every input as the file
// "in": each case reads as it wants, and each error is a
// *puzzle.ParseError at its line with its message, and no instances.
func Run[I any](t *testing.T, parse Parser[I], cases []Case[I], errs []Error) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			got, err := parse("in", strings.NewReader(tc.In))
			require.NoError(t, err)
			require.Equal(t, tc.Want, got)
		})
	}
	for _, tc := range errs {
		t.Run("error/"+tc.Name, func(t *testing.T) {
			got, err := parse("in", strings.NewReader(tc.In))
			require.Nil(t, got)
			requireAt(t, err, tc.Line, tc.Msg)
		})
	}
}

// requireAt checks that err is a *puzzle.ParseError of the file "in" at
// line with msg.
func requireAt(t *testing.T, err error, line int, msg string) {
	t.Helper()
	var pe *puzzle.ParseError
	require.ErrorAs(t, err, &pe)
	require.Equal(t, "in", pe.File)
	require.Equal(t, line, pe.Line, "%v", err)
	require.EqualError(t, pe.Err, msg)
}

// Sample is what the checks of line ends, long lines and fuzz seeds start
// from: a valid input of several lines, and an input whose last line is
// wrong, with the message of its error; each ends in "\n".
type Sample struct {
	Good, Bad, Msg string
}

// lineEnds rewrites an input that ends its lines in LF.
var lineEnds = []struct {
	name string
	edit func(string) string
}{
	{"LF", func(s string) string { return s }},
	{"no final newline", func(s string) string { return strings.TrimSuffix(s, "\n") }},
	{"CR LF", func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }},
	{"CR", func(s string) string { return strings.ReplaceAll(s, "\n", "\r") }},
	{"CR, no final CR", func(s string) string { return strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\r") }},
	{"byte order mark", func(s string) string { return "\xef\xbb\xbf" + s }},
	{"byte order mark and CR", func(s string) string { return "\xef\xbb\xbf" + strings.ReplaceAll(s, "\n", "\r") }},
	{"trailing blanks and CR LF", func(s string) string { return strings.ReplaceAll(s, "\n", " \t\r\n") }},
}

// LineEnds checks that parse reads the same instances of s.Good whatever
// the line ends (LF, CR LF, a lone CR, none at the end), with a byte order
// mark, and a byte at a time, and reports s.Bad's error at its last line.
func LineEnds[I any](t *testing.T, parse Parser[I], s Sample) {
	t.Helper()
	want, err := parse("in", strings.NewReader(s.Good))
	require.NoError(t, err)
	line := strings.Count(s.Bad, "\n")
	for _, e := range lineEnds {
		t.Run(e.name, func(t *testing.T) {
			got, err := parse("in", strings.NewReader(e.edit(s.Good)))
			require.NoError(t, err)
			require.Equal(t, want, got)
			// A byte at a time: a CR LF is one line end even when the LF
			// comes in a read of its own.
			got, err = parse("in", iotest.OneByteReader(strings.NewReader(e.edit(s.Good))))
			require.NoError(t, err)
			require.Equal(t, want, got)
			_, err = parse("in", strings.NewReader(e.edit(s.Bad)))
			requireAt(t, err, line, s.Msg)
		})
	}
}

// LongLines checks that a line of 1 MiB without its line end is read, and
// that one byte more is an error at its line that names the limit, with
// every line end.
func LongLines[I any](t *testing.T, parse Parser[I], s Sample) {
	t.Helper()
	const limit = 1 << 20
	want, err := parse("in", strings.NewReader("\n"+s.Good))
	require.NoError(t, err)
	for _, end := range []string{"\n", "\r\n", "\r"} {
		t.Run(strconv.Quote(end), func(t *testing.T) {
			got, err := parse("in", strings.NewReader(strings.Repeat(" ", limit)+end+s.Good))
			require.NoError(t, err)
			require.Equal(t, want, got)
			head := s.Good[:len(s.Good)/2]
			_, err = parse("in", strings.NewReader(head+strings.Repeat(" ", limit+1)+end+s.Good))
			requireAt(t, err, strings.Count(head, "\n")+1, "line longer than the limit of 1048576 bytes (1 MiB)")
		})
	}
}

// FuzzSeeds returns seeds at the limits the probe of issue 23 found, made
// from s: a byte order mark, lone-CR line ends, lines of exactly 1 MiB and
// one byte more, characters of two, three and no valid UTF-8 bytes, and
// "-0".
func FuzzSeeds(s Sample) []string {
	var seeds []string
	for _, in := range []string{s.Good, s.Bad} {
		seeds = append(seeds,
			"\xef\xbb\xbf"+in,
			strings.ReplaceAll(in, "\n", "\r"),
			strings.ReplaceAll(strings.TrimSuffix(in, "\n"), "\n", "\r\n"),
			strings.Replace(in, "\n", "é\n", 1),
			strings.Replace(in, "\n", " 五 \n", 2),
			strings.Replace(in, "\n", "\xff\n", 1),
			strings.Replace(in, "\n", " -0\n", 1),
			"-0\n"+in,
		)
	}
	return append(seeds,
		strings.Repeat(" ", 1<<20)+"\n"+s.Good,
		strings.Repeat(" ", 1<<20+1)+"\r"+s.Good,
		s.Good+"#"+strings.Repeat("x", 1<<20-1),
	)
}
