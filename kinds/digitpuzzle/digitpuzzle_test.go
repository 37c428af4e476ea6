package digitpuzzle_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/internal/ref/digitbrute"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/puzzletest"
)

// digitCases builds the expected instances of a parse test, numbering cases.
func digitCases(triples ...string) []digitpuzzle.Instance {
	var ps []digitpuzzle.Instance
	for i, t := range triples {
		f := strings.Fields(t)
		ps = append(ps, digitpuzzle.Instance{Case: i + 1, A: f[0], B: f[1], C: f[2]})
	}
	return ps
}

var parseDigitTests = []puzzletest.Case[digitpuzzle.Instance]{
	{Name: "sample", In: "7 ** 8*\n** ** ***\n0\n", Want: digitCases("7 ** 8*", "** ** ***")},
	{Name: "CRLF", In: "7 ** 8*\r\n** ** ***\r\n0\r\n", Want: digitCases("7 ** 8*", "** ** ***")},
	{Name: "trailing blanks", In: "7 ** 8*  \t\n0 \n", Want: digitCases("7 ** 8*")},
	{Name: "no final newline", In: "7 ** 8*\n** ** ***", Want: digitCases("7 ** 8*", "** ** ***")},
	{Name: "no 0 line", In: "7 ** 8*\n", Want: digitCases("7 ** 8*")},
	{Name: "tabs and blank lines", In: "\n7\t**   8*\n\n  1 2 2\n0", Want: digitCases("7 ** 8*", "1 2 2")},
	{Name: "line starting with 0 is a puzzle", In: "0 5 0\n0\n", Want: digitCases("0 5 0")},
	{Name: "leading zeros in B and C", In: "1* 05 0**\n", Want: digitCases("1* 05 0**")},
	{Name: "longest patterns", In: "** 99 9801\n", Want: digitCases("** 99 9801")},
	{Name: "anything after 0 is not read", In: "1 1 1\n0\nnot a puzzle\n", Want: digitCases("1 1 1")},
}

func TestParseDigit(t *testing.T) {
	puzzletest.Run(t, digitpuzzle.Parse, parseDigitTests, parseDigitErrors)
}

var parseDigitErrors = []puzzletest.Error{
	{Name: "A too long", In: "123 4 5\n", Line: 1, Msg: `expected A as 1 to 2 characters, each a digit or '*', got "123"`},
	{Name: "B too long", In: "7 ** 8*\n1 ***  1\n", Line: 2, Msg: `expected B as 1 to 2 characters, each a digit or '*', got "***"`},
	{Name: "C too long", In: "1 1 1\n\n1 1 *****\n", Line: 3, Msg: `expected C as 1 to 4 characters, each a digit or '*', got "*****"`},
	{Name: "letter", In: "7 *x 8*\n", Line: 1, Msg: `expected B as 1 to 2 characters, each a digit or '*', got "*x"`},
	{Name: "minus sign", In: "7 ** -8\n", Line: 1, Msg: `expected C as 1 to 4 characters, each a digit or '*', got "-8"`},
	{Name: "missing field", In: "7 ** 8*\n7 **\n", Line: 2, Msg: `expected three patterns A B C (or a line 0 to end), got 2 field(s) in "7 **"`},
	{Name: "one field", In: "7\n", Line: 1, Msg: `expected three patterns A B C (or a line 0 to end), got 1 field(s) in "7"`},
	{Name: "fourth field", In: "7 ** 8* 1\n", Line: 1, Msg: `expected three patterns A B C (or a line 0 to end), got 4 field(s) in "7 ** 8* 1"`},
	{Name: "0 with more", In: "1 1 1\n0 0\n", Line: 2, Msg: `expected three patterns A B C (or a line 0 to end), got 2 field(s) in "0 0"`},
	{Name: "00 is no end", In: "00\n", Line: 1, Msg: `expected three patterns A B C (or a line 0 to end), got 1 field(s) in "00"`},
	{Name: "just 0", In: "\n0\n", Line: 2, Msg: `expected three patterns A B C, got "0", which ends the input`},
	{Name: "empty", In: "", Line: 1, Msg: `expected three patterns A B C, got end of input`},
	{Name: "long field cut", In: "7 ** " + strings.Repeat("1", 100000) + "\n", Line: 1, Msg: `expected C as 1 to 4 characters, each a digit or '*', got "` + strings.Repeat("1", 40) + `"...`},
}

func FuzzParseDigit(f *testing.F) {
	for _, tc := range parseDigitTests {
		f.Add(tc.In)
	}
	for _, tc := range parseDigitErrors {
		f.Add(tc.In)
	}
	for _, in := range puzzletest.FuzzSeeds(digitInputs) {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		ps, err := digitpuzzle.Parse("in", strings.NewReader(in))
		if err != nil {
			var pe *puzzle.ParseError
			require.ErrorAs(t, err, &pe)
			return
		}
		var b strings.Builder
		for _, p := range ps {
			b.WriteString(p.String())
		}
		again, err := digitpuzzle.Parse("again", strings.NewReader(b.String()))
		require.NoError(t, err)
		require.Equal(t, ps, again)
	})
}

func TestDigitFormatAndFail(t *testing.T) {
	p := digitpuzzle.Instance{Case: 3, A: "**", B: "**", C: "***"}
	require.Equal(t, "Case 3: ** ** 1*1\n", p.Format(digitpuzzle.Answer{A: "**", B: "**", C: "1*1"}))
	require.Equal(t, "Case 3: no solution\n", p.Fail("no solution"))
	require.Equal(t, "Case 3: timeout\n", p.Fail("timeout"))
	require.Equal(t, "** ** ***\n", p.String())
}

var verifyDigitTests = []struct {
	name string
	a    digitpuzzle.Answer
	ok   bool
}{
	{"the answer", digitpuzzle.Answer{A: "**", B: "**", C: "1*1"}, true},
	{"eight solutions", digitpuzzle.Answer{A: "**", B: "**", C: "980"}, false},
	{"fully given", digitpuzzle.Answer{A: "11", B: "11", C: "121"}, true},
	{"many solutions", digitpuzzle.Answer{A: "**", B: "**", C: "***"}, false},
	{"two solutions", digitpuzzle.Answer{A: "1*", B: "1*", C: "2*1"}, false},
	{"no solution", digitpuzzle.Answer{A: "11", B: "11", C: "122"}, false},
	{"leading zero", digitpuzzle.Answer{A: "11", B: "11", C: "021"}, false},
	{"too short", digitpuzzle.Answer{A: "**", B: "**", C: "1*"}, false},
	{"too long", digitpuzzle.Answer{A: "**", B: "**", C: "1*1*"}, false},
	{"letter", digitpuzzle.Answer{A: "**", B: "*x", C: "1*1"}, false},
	{"empty", digitpuzzle.Answer{}, false},
}

func TestDigitVerify(t *testing.T) {
	p := digitpuzzle.Instance{Case: 2, A: "**", B: "**", C: "***"}
	for _, tc := range verifyDigitTests {
		t.Run(tc.name, func(t *testing.T) {
			err := p.Verify(tc.a)
			if tc.ok {
				require.NoError(t, err)
			} else {
				require.Error(t, err)
			}
		})
	}
	require.Error(t, digitpuzzle.Instance{A: "123", B: "1", C: "1"}.Verify(digitpuzzle.Answer{A: "123", B: "1", C: "1"}))
}

// TestDigitVerifyMutations mutates correct answers one character at a
// time, and sometimes two, and checks Verify against a brute-force count.
func TestDigitVerifyMutations(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 10))
	chars := "*0123456789"
	rejected := 0
	for _, x := range []int{0, 7, 12, 99} {
		for _, y := range []int{1, 5, 10, 99} {
			f := strings.Fields(fmt.Sprint(x, " ", y, " ", x*y))
			p := digitpuzzle.Instance{Case: 1, A: f[0], B: f[1], C: f[2]}
			a := digitpuzzle.Answer{A: f[0], B: f[1], C: f[2]}
			require.NoError(t, p.Verify(a), "a product written in full is unique")
			for range 20 {
				s := []byte(a.A + a.B + a.C)
				for range 1 + rng.IntN(2) {
					s[rng.IntN(len(s))] = chars[rng.IntN(len(chars))]
				}
				la, lb := len(a.A), len(a.B)
				m := digitpuzzle.Answer{A: string(s[:la]), B: string(s[la : la+lb]), C: string(s[la+lb:])}
				err := p.Verify(m)
				if digitbrute.Count(m, 0) == 1 {
					require.NoError(t, err, "Verify(%+v)", m)
				} else {
					require.Error(t, err, "Verify(%+v)", m)
					rejected++
				}
			}
		}
	}
	require.Greater(t, rejected, 100)
}

// digitInputs is a valid input of several lines, and one whose last line is
// wrong, with its error.
var digitInputs = puzzletest.Sample{
	Good: "7 ** 8*\n** ** ***\n0\n",
	Bad:  "7 ** 8*\n1 2 x\n",
	Msg:  `expected C as 1 to 4 characters, each a digit or '*', got "x"`,
}

func TestParseDigitLineEnds(t *testing.T) {
	puzzletest.LineEnds(t, digitpuzzle.Parse, digitInputs)
}

func TestParseDigitLongLines(t *testing.T) {
	puzzletest.LongLines(t, digitpuzzle.Parse, digitInputs)
}
