package puzzle_test

import (
	"io"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/puzzle"
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

// textParser is one kind's parser seen from a test that does not know the
// kind: it reads an input and returns its instances, or an error.
type textParser struct {
	kind  string
	parse func(file string, r io.Reader) (any, error)
	good  string // a valid input of several lines, ending in "\n"
	bad   string // an input whose last line is wrong, ending in "\n"
	msg   string // the message of bad's error, at its last line
}

// erase makes a typed parser a textParser's parse.
func erase[I any](parse func(string, io.Reader) ([]I, error)) func(string, io.Reader) (any, error) {
	return func(file string, r io.Reader) (any, error) {
		ps, err := parse(file, r)
		if err != nil {
			return nil, err
		}
		return ps, nil
	}
}

var textParsers = []textParser{
	{"alphametic", erase(puzzle.ParseAlphametic), "5\nABCED\nBDACE\nEBBAA\n3\nABC\nABC\nCAB\n",
		"5\nABCED\nBDACE\nEBBAZ\n", `expected 5 letters A-E, got "EBBAZ"`},
	{"sudoku", erase(func(f string, r io.Reader) ([]puzzle.Sudoku, error) { return puzzle.ParseSudoku(f, r, "") }),
		"# two\n" + sudokuLine9 + "\n\n1.3.\n..1.\n.1..\n...1\n",
		"1.3.\n..1.\n.1..\n..A1\n", `expected symbols 1-4 or blanks - . 0, got 'A' at character 3`},
	{"sticks", erase(puzzle.ParseSticks), "9\n5 2 1 5 2 1\n5 2 1\n4\n1 2 3 4\n0\n",
		"4\n1 2 3\nx\n", `expected piece 4 of 4 (a length 1..10000), got "x"`},
	{"cake", erase(puzzle.ParseCake), "100\n2\n 20 3\n", "100 2\n20 0\n", "layer count M 0 out of range 1..20"},
	{"digit-puzzle", erase(puzzle.ParseDigit), "7 ** 8*\n** ** ***\n0\n", "7 ** 8*\n1 2 x\n",
		`expected C as 1 to 4 characters, each a digit or '*', got "x"`},
	{"cryptarithm", erase(func(f string, r io.Reader) ([]puzzle.Cryptarithm, error) { return puzzle.ParseCryptarithm(f, r, 10) }),
		"SEND + MORE = MONEY\n# x\nI + BB == ILL\n", "A = B\nA + = B\n", `expected addend 2 (capital letters A-Z), got "=" at column 5`},
	{"cats", erase(puzzle.ParseCats), "5 1996\n1\n2\n1994\n12\n29\n2 10\n3 4\n", "2 10\n3 4\n1 10\n0\n",
		"expected the weight of cat 1 of 1, a whole number 1..1000000000, got \"0\""},
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

// TestParseLineEnds: every parser reads the same instances whatever the
// line ends (LF, CR LF, a lone CR, none at the end) and with a byte order
// mark, and reports an error on the last line at that line.
func TestParseLineEnds(t *testing.T) {
	for _, p := range textParsers {
		want, err := p.parse("in", strings.NewReader(p.good))
		require.NoError(t, err, p.kind)
		line := strings.Count(p.bad, "\n")
		for _, e := range lineEnds {
			t.Run(p.kind+"/"+e.name, func(t *testing.T) {
				got, err := p.parse("in", strings.NewReader(e.edit(p.good)))
				require.NoError(t, err)
				require.Equal(t, want, got)
				// A byte at a time: a CR LF is one line end even when the
				// LF comes in a read of its own.
				got, err = p.parse("in", iotest.OneByteReader(strings.NewReader(e.edit(p.good))))
				require.NoError(t, err)
				require.Equal(t, want, got)
				_, err = p.parse("in", strings.NewReader(e.edit(p.bad)))
				var pe *puzzle.ParseError
				require.ErrorAs(t, err, &pe)
				require.Equal(t, line, pe.Line, "%v", err)
				require.EqualError(t, pe.Err, p.msg)
			})
		}
	}
}

// TestParseLongLines: a line of 1 MiB without its line end is read, one
// byte more is an error at its line that names the limit, for every
// parser and every line end.
func TestParseLongLines(t *testing.T) {
	const limit = 1 << 20
	for _, p := range textParsers {
		want, err := p.parse("in", strings.NewReader("\n"+p.good))
		require.NoError(t, err, p.kind)
		for _, end := range []string{"\n", "\r\n", "\r"} {
			t.Run(p.kind+"/"+strconv.Quote(end), func(t *testing.T) {
				got, err := p.parse("in", strings.NewReader(strings.Repeat(" ", limit)+end+p.good))
				require.NoError(t, err)
				require.Equal(t, want, got)
				_, err = p.parse("in", strings.NewReader(p.good[:len(p.good)/2]+strings.Repeat(" ", limit+1)+end+p.good))
				var pe *puzzle.ParseError
				require.ErrorAs(t, err, &pe)
				require.Equal(t, strings.Count(p.good[:len(p.good)/2], "\n")+1, pe.Line, "%v", err)
				require.EqualError(t, pe.Err, "line longer than the limit of 1048576 bytes (1 MiB)")
			})
		}
	}
}

// fuzzExtremes are seeds at the limits the probe of issue 23 found, made
// from kind's good and bad inputs (textParsers): a byte order mark,
// lone-CR line ends, lines of exactly 1 MiB and one byte more, characters
// of two, three and no valid UTF-8 bytes, and "-0".
func fuzzExtremes(kind string) []string {
	var p textParser
	for _, q := range textParsers {
		if q.kind == kind {
			p = q
		}
	}
	var seeds []string
	for _, in := range []string{p.good, p.bad} {
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
		strings.Repeat(" ", 1<<20)+"\n"+p.good,
		strings.Repeat(" ", 1<<20+1)+"\r"+p.good,
		p.good+"#"+strings.Repeat("x", 1<<20-1),
	)
}
