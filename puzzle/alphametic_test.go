package puzzle_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// sampleAlphametic is the statement sample and its answer.
var sampleAlphametic = puzzle.Alphametic{N: 5, Words: [3]string{"ABCED", "BDACE", "EBBAA"}}

var sampleAlphameticAnswer = puzzle.AlphameticAnswer{Digits: []int{1, 0, 3, 4, 2}}

var parseAlphameticTests = []parseCase[puzzle.Alphametic]{
	{"sample", "5\nABCED\nBDACE\nEBBAA\n", []puzzle.Alphametic{sampleAlphametic}},
	{"CRLF", "5\r\nABCED\r\nBDACE\r\nEBBAA\r\n", []puzzle.Alphametic{sampleAlphametic}},
	{"trailing blanks", "5  \nABCED \t\nBDACE\nEBBAA   \n\n\n", []puzzle.Alphametic{sampleAlphametic}},
	{"no final newline", "5\nABCED\nBDACE\nEBBAA", []puzzle.Alphametic{sampleAlphametic}},
	{"one line", "5 ABCED BDACE EBBAA", []puzzle.Alphametic{sampleAlphametic}},
	{"blank lines between", "\n5\n\nABCED\n\nBDACE\nEBBAA\n", []puzzle.Alphametic{sampleAlphametic}},
	{"two cases", "5\nABCED\nBDACE\nEBBAA\n2 AB\nBA BB\n", []puzzle.Alphametic{
		sampleAlphametic, {N: 2, Words: [3]string{"AB", "BA", "BB"}},
	}},
	{"letter missing", "3\nAAB\nABA\nBAA\n", []puzzle.Alphametic{{N: 3, Words: [3]string{"AAB", "ABA", "BAA"}}}},
	{"largest", "26\n" + strings.Repeat("ABCDEFGHIJKLMNOPQRSTUVWXYZ\n", 3), []puzzle.Alphametic{{
		N: 26, Words: [3]string{"ABCDEFGHIJKLMNOPQRSTUVWXYZ", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
	}}},
}

func TestParseAlphametic(t *testing.T) {
	testParse(t, puzzle.ParseAlphametic, parseAlphameticTests, parseAlphameticErrors)
}

func TestParseAlphameticSampleFile(t *testing.T) {
	f, err := os.Open("../testdata/alphametic/sample.in")
	require.NoError(t, err)
	defer f.Close()
	got, err := puzzle.ParseAlphametic("sample.in", f)
	require.NoError(t, err)
	require.Equal(t, []puzzle.Alphametic{sampleAlphametic}, got)
}

var parseAlphameticErrors = []parseError{
	{"empty", "", 1, "expected N (2..26), got end of input"},
	{"blank only", "\n  \n", 3, "expected N (2..26), got end of input"},
	{"N 0", "0\n", 1, "N 0 out of range 2..26"},
	{"N 1", "1\nA\nA\nA\n", 1, "N 1 out of range 2..26"},
	{"N 27", "27\n", 1, "N 27 out of range 2..26"},
	{"N not a number", "five\n", 1, `expected N (2..26), got "five"`},
	{"N int64 maximum", "9223372036854775807\n", 1, "N 9223372036854775807 out of range 2..26"},
	{"N past int64", "9223372036854775808\n", 1, "N 9223372036854775808 out of range 2..26"},
	{"N below int64", "-9223372036854775809\n", 1, "N -9223372036854775809 out of range 2..26"},
	{"N huge, cut", strings.Repeat("9", 100) + "\n", 1, "N " + strings.Repeat("9", 40) + "... out of range 2..26"},
	{"a word with é", "5\nABéED\nBDACE\nEBBAA\n", 2, `expected 5 letters A-E, got "ABéED"`},
	{"letter beyond N", "5\nABCED\nBDACE\nABCDZ\n", 4, `expected 5 letters A-E, got "ABCDZ"`},
	{"letter F for N 5", "5\nABCEF\nBDACE\nEBBAA\n", 2, `expected 5 letters A-E, got "ABCEF"`},
	{"short word", "5\nABCED\nBDAC\nEBBAA\n", 3, `expected 5 letters A-E, got "BDAC"`},
	{"long word", "5\nABCEDA\nBDACE\nEBBAA\n", 2, `expected 5 letters A-E, got "ABCEDA"`},
	{"lower case", "5\nabced\nBDACE\nEBBAA\n", 2, `expected 5 letters A-E, got "abced"`},
	{"digit", "5\nABC1D\nBDACE\nEBBAA\n", 2, `expected 5 letters A-E, got "ABC1D"`},
	{"word split", "5\nAB CED\nBDACE\nEBBAA\n", 2, `expected 5 letters A-E, got "AB"`},
	{"missing sum", "5\nABCED\nBDACE\n", 4, "expected 5 letters A-E, got end of input"},
	{"missing all words", "5", 2, "expected 5 letters A-E, got end of input"},
	{"bad second case", "5\nABCED\nBDACE\nEBBAA\n3\nABC\nABD\nCCC\n", 7, `expected 3 letters A-C, got "ABD"`},
	{"garbage after case", "5\nABCED\nBDACE\nEBBAA\nend\n", 5, `expected N (2..26), got "end"`},
	{"long garbage cut", "5\n" + strings.Repeat("A", 100) + "\n", 2,
		`expected 5 letters A-E, got "` + strings.Repeat("A", 40) + `"...`},
}

func TestAlphameticString(t *testing.T) {
	require.Equal(t, "5\nABCED\nBDACE\nEBBAA\n", sampleAlphametic.String())
	got, err := puzzle.ParseAlphametic("x", strings.NewReader(sampleAlphametic.String()))
	require.NoError(t, err)
	require.Equal(t, []puzzle.Alphametic{sampleAlphametic}, got)
}

func TestAlphameticFormat(t *testing.T) {
	require.Equal(t, "1 0 3 4 2\n", sampleAlphametic.Format(sampleAlphameticAnswer))
	require.Equal(t, "no solution\n", sampleAlphametic.Fail("no solution"))
	require.Equal(t, "timeout\n", sampleAlphametic.Fail("timeout"))
}

func TestAlphameticVerify(t *testing.T) {
	require.NoError(t, sampleAlphametic.Verify(sampleAlphameticAnswer))
	// With A=1, B=0: 01 + 00 = 01 holds, 01 + 01 = 10 holds, and
	// 10 + 10 = 00 holds in every column but carries out of the top.
	one := puzzle.AlphameticAnswer{Digits: []int{1, 0}}
	require.NoError(t, puzzle.Alphametic{N: 2, Words: [3]string{"BA", "BB", "BA"}}.Verify(one))
	require.NoError(t, puzzle.Alphametic{N: 2, Words: [3]string{"BA", "BA", "AB"}}.Verify(one))
	require.ErrorContains(t, puzzle.Alphametic{N: 2, Words: [3]string{"AB", "AB", "BB"}}.Verify(one), "top column carries")
}

// mutateAlphametic lists wrong answers made from the sample's answer.
var mutateAlphametic = []struct {
	name   string
	digits []int
	msg    string
}{
	{"swap A B", []int{0, 1, 3, 4, 2}, "column"},
	{"swap D E", []int{1, 0, 3, 2, 4}, "column"},
	{"rotate", []int{0, 3, 4, 2, 1}, "column"},
	{"one digit changed", []int{1, 0, 3, 4, 3}, "used twice"},
	{"all zero", []int{0, 0, 0, 0, 0}, "used twice"},
	{"too short", []int{1, 0, 3, 4}, "4 digits, want 5"},
	{"too long", []int{1, 0, 3, 4, 2, 5}, "6 digits, want 5"},
	{"nil", nil, "0 digits, want 5"},
	{"digit n", []int{1, 0, 3, 5, 2}, "out of range"},
	{"negative", []int{1, -1, 3, 4, 2}, "out of range"},
}

func TestAlphameticVerifyRejects(t *testing.T) {
	for _, tc := range mutateAlphametic {
		t.Run(tc.name, func(t *testing.T) {
			err := sampleAlphametic.Verify(puzzle.AlphameticAnswer{Digits: tc.digits})
			require.ErrorContains(t, err, tc.msg)
		})
	}
}

func TestAlphameticVerifyBadInstance(t *testing.T) {
	for _, p := range []puzzle.Alphametic{
		{N: 1, Words: [3]string{"A", "A", "A"}},
		{N: 27},
		{N: 3, Words: [3]string{"ABC", "AB", "ABC"}},
		{N: 3, Words: [3]string{"ABC", "ABD", "ABC"}},
		{N: 3, Words: [3]string{"ABC", "abc", "ABC"}},
	} {
		require.Error(t, p.Validate(), "%+v", p)
		require.Error(t, p.Verify(puzzle.AlphameticAnswer{Digits: []int{0, 1, 2}}), "%+v", p)
	}
}

func FuzzParseAlphametic(f *testing.F) {
	for _, tc := range parseAlphameticTests {
		f.Add(tc.in)
	}
	for _, tc := range parseAlphameticErrors {
		f.Add(tc.in)
	}
	for _, in := range fuzzExtremes("alphametic") {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		ps, err := puzzle.ParseAlphametic("fuzz", strings.NewReader(in))
		if err != nil {
			var pe *puzzle.ParseError
			require.True(t, errors.As(err, &pe), "error %v is not a *ParseError", err)
			require.Nil(t, ps)
			return
		}
		require.NotEmpty(t, ps)
		var b strings.Builder
		for _, p := range ps {
			require.NoError(t, p.Validate())
			b.WriteString(p.String())
		}
		again, err := puzzle.ParseAlphametic("again", strings.NewReader(b.String()))
		require.NoError(t, err)
		require.Equal(t, ps, again)
	})
}

// TestAlphameticValidateRunes: Validate counts a word's characters, not
// its bytes, and quotes the one that is not a letter.
func TestAlphameticValidateRunes(t *testing.T) {
	for _, tc := range []struct {
		word, msg string
	}{
		{"AéB", `alphametic: word "AéB" has 'é' at 2, want a letter A-C`},
		{"ABé", `alphametic: word "ABé" has 'é' at 3, want a letter A-C`},
		{"Aé", `alphametic: word "Aé" has 2 characters, want 3`},
		{"AB\xff", `alphametic: word "AB\xff" has '\xff' at 3, want a letter A-C`},
	} {
		p := puzzle.Alphametic{N: 3, Words: [3]string{"ABC", tc.word, "CAB"}}
		require.EqualError(t, p.Validate(), tc.msg)
	}
}
