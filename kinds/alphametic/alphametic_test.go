package alphametic_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/alphametic"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/puzzletest"
)

// sampleAlphametic is the statement sample and its answer.
var sampleAlphametic = alphametic.Instance{N: 5, Words: [3]string{"ABCED", "BDACE", "EBBAA"}}

var sampleAlphameticAnswer = alphametic.Answer{Digits: []int{1, 0, 3, 4, 2}}

var parseAlphameticTests = []puzzletest.Case[alphametic.Instance]{
	{Name: "sample", In: "5\nABCED\nBDACE\nEBBAA\n", Want: []alphametic.Instance{sampleAlphametic}},
	{Name: "CRLF", In: "5\r\nABCED\r\nBDACE\r\nEBBAA\r\n", Want: []alphametic.Instance{sampleAlphametic}},
	{Name: "trailing blanks", In: "5  \nABCED \t\nBDACE\nEBBAA   \n\n\n", Want: []alphametic.Instance{sampleAlphametic}},
	{Name: "no final newline", In: "5\nABCED\nBDACE\nEBBAA", Want: []alphametic.Instance{sampleAlphametic}},
	{Name: "one line", In: "5 ABCED BDACE EBBAA", Want: []alphametic.Instance{sampleAlphametic}},
	{Name: "blank lines between", In: "\n5\n\nABCED\n\nBDACE\nEBBAA\n", Want: []alphametic.Instance{sampleAlphametic}},
	{Name: "two cases", In: "5\nABCED\nBDACE\nEBBAA\n2 AB\nBA BB\n", Want: []alphametic.Instance{
		sampleAlphametic, {N: 2, Words: [3]string{"AB", "BA", "BB"}},
	}},
	{Name: "letter missing", In: "3\nAAB\nABA\nBAA\n", Want: []alphametic.Instance{{N: 3, Words: [3]string{"AAB", "ABA", "BAA"}}}},
	{Name: "largest", In: "26\n" + strings.Repeat("ABCDEFGHIJKLMNOPQRSTUVWXYZ\n", 3), Want: []alphametic.Instance{{
		N: 26, Words: [3]string{"ABCDEFGHIJKLMNOPQRSTUVWXYZ", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
	}}},
}

func TestParseAlphametic(t *testing.T) {
	puzzletest.Run(t, alphametic.Parse, parseAlphameticTests, parseAlphameticErrors)
}

func TestParseAlphameticSampleFile(t *testing.T) {
	f, err := os.Open("testdata/sample.in")
	require.NoError(t, err)
	defer f.Close()
	got, err := alphametic.Parse("sample.in", f)
	require.NoError(t, err)
	require.Equal(t, []alphametic.Instance{sampleAlphametic}, got)
}

var parseAlphameticErrors = []puzzletest.Error{
	{Name: "empty", In: "", Line: 1, Msg: "expected N (2..26), got end of input"},
	{Name: "blank only", In: "\n  \n", Line: 3, Msg: "expected N (2..26), got end of input"},
	{Name: "N 0", In: "0\n", Line: 1, Msg: "N 0 out of range 2..26"},
	{Name: "N 1", In: "1\nA\nA\nA\n", Line: 1, Msg: "N 1 out of range 2..26"},
	{Name: "N 27", In: "27\n", Line: 1, Msg: "N 27 out of range 2..26"},
	{Name: "N not a number", In: "five\n", Line: 1, Msg: `expected N (2..26), got "five"`},
	{Name: "N int64 maximum", In: "9223372036854775807\n", Line: 1, Msg: "N 9223372036854775807 out of range 2..26"},
	{Name: "N past int64", In: "9223372036854775808\n", Line: 1, Msg: "N 9223372036854775808 out of range 2..26"},
	{Name: "N below int64", In: "-9223372036854775809\n", Line: 1, Msg: "N -9223372036854775809 out of range 2..26"},
	{Name: "N huge, cut", In: strings.Repeat("9", 100) + "\n", Line: 1, Msg: "N " + strings.Repeat("9", 40) + "... out of range 2..26"},
	{Name: "a word with é", In: "5\nABéED\nBDACE\nEBBAA\n", Line: 2, Msg: `expected 5 letters A-E, got "ABéED"`},
	{Name: "letter beyond N", In: "5\nABCED\nBDACE\nABCDZ\n", Line: 4, Msg: `expected 5 letters A-E, got "ABCDZ"`},
	{Name: "letter F for N 5", In: "5\nABCEF\nBDACE\nEBBAA\n", Line: 2, Msg: `expected 5 letters A-E, got "ABCEF"`},
	{Name: "short word", In: "5\nABCED\nBDAC\nEBBAA\n", Line: 3, Msg: `expected 5 letters A-E, got "BDAC"`},
	{Name: "long word", In: "5\nABCEDA\nBDACE\nEBBAA\n", Line: 2, Msg: `expected 5 letters A-E, got "ABCEDA"`},
	{Name: "lower case", In: "5\nabced\nBDACE\nEBBAA\n", Line: 2, Msg: `expected 5 letters A-E, got "abced"`},
	{Name: "digit", In: "5\nABC1D\nBDACE\nEBBAA\n", Line: 2, Msg: `expected 5 letters A-E, got "ABC1D"`},
	{Name: "word split", In: "5\nAB CED\nBDACE\nEBBAA\n", Line: 2, Msg: `expected 5 letters A-E, got "AB"`},
	{Name: "missing sum", In: "5\nABCED\nBDACE\n", Line: 4, Msg: "expected 5 letters A-E, got end of input"},
	{Name: "missing all words", In: "5", Line: 2, Msg: "expected 5 letters A-E, got end of input"},
	{Name: "bad second case", In: "5\nABCED\nBDACE\nEBBAA\n3\nABC\nABD\nCCC\n", Line: 7, Msg: `expected 3 letters A-C, got "ABD"`},
	{Name: "garbage after case", In: "5\nABCED\nBDACE\nEBBAA\nend\n", Line: 5, Msg: `expected N (2..26), got "end"`},
	{Name: "long garbage cut", In: "5\n" + strings.Repeat("A", 100) + "\n", Line: 2, Msg: `expected 5 letters A-E, got "` + strings.Repeat("A", 40) + `"...`},
}

func TestAlphameticString(t *testing.T) {
	require.Equal(t, "5\nABCED\nBDACE\nEBBAA\n", sampleAlphametic.String())
	got, err := alphametic.Parse("x", strings.NewReader(sampleAlphametic.String()))
	require.NoError(t, err)
	require.Equal(t, []alphametic.Instance{sampleAlphametic}, got)
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
	one := alphametic.Answer{Digits: []int{1, 0}}
	require.NoError(t, alphametic.Instance{N: 2, Words: [3]string{"BA", "BB", "BA"}}.Verify(one))
	require.NoError(t, alphametic.Instance{N: 2, Words: [3]string{"BA", "BA", "AB"}}.Verify(one))
	require.ErrorContains(t, alphametic.Instance{N: 2, Words: [3]string{"AB", "AB", "BB"}}.Verify(one), "top column carries")
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
			err := sampleAlphametic.Verify(alphametic.Answer{Digits: tc.digits})
			require.ErrorContains(t, err, tc.msg)
		})
	}
}

func TestAlphameticVerifyBadInstance(t *testing.T) {
	for _, p := range []alphametic.Instance{
		{N: 1, Words: [3]string{"A", "A", "A"}},
		{N: 27},
		{N: 3, Words: [3]string{"ABC", "AB", "ABC"}},
		{N: 3, Words: [3]string{"ABC", "ABD", "ABC"}},
		{N: 3, Words: [3]string{"ABC", "abc", "ABC"}},
	} {
		require.Error(t, p.Validate(), "%+v", p)
		require.Error(t, p.Verify(alphametic.Answer{Digits: []int{0, 1, 2}}), "%+v", p)
	}
}

func FuzzParseAlphametic(f *testing.F) {
	for _, tc := range parseAlphameticTests {
		f.Add(tc.In)
	}
	for _, tc := range parseAlphameticErrors {
		f.Add(tc.In)
	}
	for _, in := range puzzletest.FuzzSeeds(alphameticInputs) {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		ps, err := alphametic.Parse("fuzz", strings.NewReader(in))
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
		again, err := alphametic.Parse("again", strings.NewReader(b.String()))
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
		p := alphametic.Instance{N: 3, Words: [3]string{"ABC", tc.word, "CAB"}}
		require.EqualError(t, p.Validate(), tc.msg)
	}
}

// alphameticInputs is a valid input of several lines, and one whose last line is
// wrong, with its error.
var alphameticInputs = puzzletest.Sample{
	Good: "5\nABCED\nBDACE\nEBBAA\n3\nABC\nABC\nCAB\n",
	Bad:  "5\nABCED\nBDACE\nEBBAZ\n",
	Msg:  `expected 5 letters A-E, got "EBBAZ"`,
}

func TestParseAlphameticLineEnds(t *testing.T) {
	puzzletest.LineEnds(t, alphametic.Parse, alphameticInputs)
}

func TestParseAlphameticLongLines(t *testing.T) {
	puzzletest.LongLines(t, alphametic.Parse, alphameticInputs)
}
