package puzzle_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/digitbrute"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// digitCases builds the expected instances of a parse test, numbering cases.
func digitCases(triples ...string) []puzzle.Digit {
	var ps []puzzle.Digit
	for i, t := range triples {
		f := strings.Fields(t)
		ps = append(ps, puzzle.Digit{Case: i + 1, A: f[0], B: f[1], C: f[2]})
	}
	return ps
}

var parseDigitTests = []parseCase[puzzle.Digit]{
	{"sample", "7 ** 8*\n** ** ***\n0\n", digitCases("7 ** 8*", "** ** ***")},
	{"CRLF", "7 ** 8*\r\n** ** ***\r\n0\r\n", digitCases("7 ** 8*", "** ** ***")},
	{"trailing blanks", "7 ** 8*  \t\n0 \n", digitCases("7 ** 8*")},
	{"no final newline", "7 ** 8*\n** ** ***", digitCases("7 ** 8*", "** ** ***")},
	{"no 0 line", "7 ** 8*\n", digitCases("7 ** 8*")},
	{"tabs and blank lines", "\n7\t**   8*\n\n  1 2 2\n0", digitCases("7 ** 8*", "1 2 2")},
	{"line starting with 0 is a puzzle", "0 5 0\n0\n", digitCases("0 5 0")},
	{"leading zeros in B and C", "1* 05 0**\n", digitCases("1* 05 0**")},
	{"longest patterns", "** 99 9801\n", digitCases("** 99 9801")},
	{"anything after 0 is not read", "1 1 1\n0\nnot a puzzle\n", digitCases("1 1 1")},
}

func TestParseDigit(t *testing.T) {
	testParse(t, puzzle.ParseDigit, parseDigitTests, parseDigitErrors)
}

var parseDigitErrors = []parseError{
	{"A too long", "123 4 5\n", 1, `expected A as 1 to 2 characters, each a digit or '*', got "123"`},
	{"B too long", "7 ** 8*\n1 ***  1\n", 2, `expected B as 1 to 2 characters, each a digit or '*', got "***"`},
	{"C too long", "1 1 1\n\n1 1 *****\n", 3, `expected C as 1 to 4 characters, each a digit or '*', got "*****"`},
	{"letter", "7 *x 8*\n", 1, `expected B as 1 to 2 characters, each a digit or '*', got "*x"`},
	{"minus sign", "7 ** -8\n", 1, `expected C as 1 to 4 characters, each a digit or '*', got "-8"`},
	{"missing field", "7 ** 8*\n7 **\n", 2, `expected three patterns A B C (or a line 0 to end), got 2 field(s) in "7 **"`},
	{"one field", "7\n", 1, `expected three patterns A B C (or a line 0 to end), got 1 field(s) in "7"`},
	{"fourth field", "7 ** 8* 1\n", 1, `expected three patterns A B C (or a line 0 to end), got 4 field(s) in "7 ** 8* 1"`},
	{"0 with more", "1 1 1\n0 0\n", 2, `expected three patterns A B C (or a line 0 to end), got 2 field(s) in "0 0"`},
	{"00 is no end", "00\n", 1, `expected three patterns A B C (or a line 0 to end), got 1 field(s) in "00"`},
	{"just 0", "\n0\n", 2, `expected three patterns A B C, got "0", which ends the input`},
	{"empty", "", 1, `expected three patterns A B C, got end of input`},
	{"long field cut", "7 ** " + strings.Repeat("1", 100000) + "\n", 1,
		`expected C as 1 to 4 characters, each a digit or '*', got "` + strings.Repeat("1", 40) + `"...`},
}

func FuzzParseDigit(f *testing.F) {
	for _, tc := range parseDigitTests {
		f.Add(tc.in)
	}
	for _, tc := range parseDigitErrors {
		f.Add(tc.in)
	}
	for _, in := range fuzzExtremes("digit-puzzle") {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		ps, err := puzzle.ParseDigit("in", strings.NewReader(in))
		if err != nil {
			var pe *puzzle.ParseError
			require.ErrorAs(t, err, &pe)
			return
		}
		var b strings.Builder
		for _, p := range ps {
			b.WriteString(p.String())
		}
		again, err := puzzle.ParseDigit("again", strings.NewReader(b.String()))
		require.NoError(t, err)
		require.Equal(t, ps, again)
	})
}

func TestDigitFormatAndFail(t *testing.T) {
	p := puzzle.Digit{Case: 3, A: "**", B: "**", C: "***"}
	require.Equal(t, "Case 3: ** ** 1*1\n", p.Format(puzzle.DigitAnswer{A: "**", B: "**", C: "1*1"}))
	require.Equal(t, "Case 3: no solution\n", p.Fail("no solution"))
	require.Equal(t, "Case 3: timeout\n", p.Fail("timeout"))
	require.Equal(t, "** ** ***\n", p.String())
}

var verifyDigitTests = []struct {
	name string
	a    puzzle.DigitAnswer
	ok   bool
}{
	{"the answer", puzzle.DigitAnswer{A: "**", B: "**", C: "1*1"}, true},
	{"eight solutions", puzzle.DigitAnswer{A: "**", B: "**", C: "980"}, false},
	{"fully given", puzzle.DigitAnswer{A: "11", B: "11", C: "121"}, true},
	{"many solutions", puzzle.DigitAnswer{A: "**", B: "**", C: "***"}, false},
	{"two solutions", puzzle.DigitAnswer{A: "1*", B: "1*", C: "2*1"}, false},
	{"no solution", puzzle.DigitAnswer{A: "11", B: "11", C: "122"}, false},
	{"leading zero", puzzle.DigitAnswer{A: "11", B: "11", C: "021"}, false},
	{"too short", puzzle.DigitAnswer{A: "**", B: "**", C: "1*"}, false},
	{"too long", puzzle.DigitAnswer{A: "**", B: "**", C: "1*1*"}, false},
	{"letter", puzzle.DigitAnswer{A: "**", B: "*x", C: "1*1"}, false},
	{"empty", puzzle.DigitAnswer{}, false},
}

func TestDigitVerify(t *testing.T) {
	p := puzzle.Digit{Case: 2, A: "**", B: "**", C: "***"}
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
	require.Error(t, puzzle.Digit{A: "123", B: "1", C: "1"}.Verify(puzzle.DigitAnswer{A: "123", B: "1", C: "1"}))
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
			p := puzzle.Digit{Case: 1, A: f[0], B: f[1], C: f[2]}
			a := puzzle.DigitAnswer{A: f[0], B: f[1], C: f[2]}
			require.NoError(t, p.Verify(a), "a product written in full is unique")
			for range 20 {
				s := []byte(a.A + a.B + a.C)
				for range 1 + rng.IntN(2) {
					s[rng.IntN(len(s))] = chars[rng.IntN(len(chars))]
				}
				la, lb := len(a.A), len(a.B)
				m := puzzle.DigitAnswer{A: string(s[:la]), B: string(s[la : la+lb]), C: string(s[la+lb:])}
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
