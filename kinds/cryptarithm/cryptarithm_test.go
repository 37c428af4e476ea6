package cryptarithm_test

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/puzzletest"
)

func crypt(base int, sum string, addends ...string) cryptarithm.Instance {
	return cryptarithm.Instance{Base: base, Addends: addends, Sum: sum}
}

var parseCryptarithmTests = []struct {
	name string
	in   string
	base int
	want []cryptarithm.Instance
}{
	{"SEND + MORE", "SEND + MORE = MONEY\n", 10, []cryptarithm.Instance{crypt(10, "MONEY", "SEND", "MORE")}},
	{"no blanks, ==", "SEND+MORE==MONEY", 10, []cryptarithm.Instance{crypt(10, "MONEY", "SEND", "MORE")}},
	{"tabs and many blanks", "\t I  +\tBB   ==  ILL \t", 10, []cryptarithm.Instance{crypt(10, "ILL", "I", "BB")}},
	{"one addend", "A == B\n", 10, []cryptarithm.Instance{crypt(10, "B", "A")}},
	{"CRLF, comments, blank lines", "# two puzzles\r\n\r\nA+B=C\r\n   # indented comment\r\n  \r\nAB + BA = CC\r\n", 7,
		[]cryptarithm.Instance{crypt(7, "C", "A", "B"), crypt(7, "CC", "AB", "BA")}},
	{"base 2", "A + A = BA", 2, []cryptarithm.Instance{crypt(2, "BA", "A", "A")}},
	{"base 36", "Z = Z", 36, []cryptarithm.Instance{crypt(36, "Z", "Z")}},
	{"more letters than the base", "ABC = DEF", 3, []cryptarithm.Instance{crypt(3, "DEF", "ABC")}},
}

func TestParseCryptarithm(t *testing.T) {
	for _, tc := range parseCryptarithmTests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := cryptarithm.Parse("in", strings.NewReader(tc.in), tc.base)
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

var parseCryptarithmErrors = []struct {
	name string
	in   string
	base int
	line int
	msg  string
}{
	{"no =", "SEND + MORE\n", 10, 1, `expected "+" or "=" after "MORE", got end of line`},
	{"missing operator", "SEND + MORE MONEY\n", 10, 1, `expected "+" or "=" after "MORE", got "M" at column 13`},
	{"two =", "A + B = C = D\n", 10, 1, `a second "=" at column 11: a puzzle has one sum`},
	{"three = in a row", "A + B === C\n", 10, 1, `expected the sum (capital letters A-Z), got "=" at column 9`},
	{"digit inside a word", "# c\nSE3D + MORE = MONEY\n", 10, 2, `unexpected "3" at column 3 in addend 1: words are capital letters A-Z`},
	{"digit inside the sum", "SEND + MORE = MON3Y\n", 10, 1, `unexpected "3" at column 18 in the sum: words are capital letters A-Z`},
	{"a number for a word", "SEND + 1234 = MONEY\n", 10, 1, `expected addend 2 (capital letters A-Z), got "1" at column 8`},
	{"lower case", "send + more = money\n", 10, 1, `expected addend 1 (capital letters A-Z), got "s" at column 1`},
	{"non-ASCII", "ÉTÉ + A = B\n", 10, 1, `expected addend 1 (capital letters A-Z), got "É" at column 1`},
	{"non-ASCII inside", "AÉ + A = B\n", 10, 1, `unexpected "É" at column 2 in addend 1: words are capital letters A-Z`},
	{"a byte that is not UTF-8", "AB + \xffC = D\n", 10, 1, `expected addend 2 (capital letters A-Z), got "\xff" at column 6`},
	{"a byte that is not UTF-8 inside", "AE + B\xff = D\n", 10, 1, `unexpected "\xff" at column 7 in addend 2: words are capital letters A-Z`},
	{"a CJK sum", "A + B = 和\n", 10, 1, `expected the sum (capital letters A-Z), got "和" at column 9`},
	{"empty addend", "SEND + + MORE = MONEY\n", 10, 1, `expected addend 2 (capital letters A-Z), got "+" at column 8`},
	{"empty first addend", "+ A = B\n", 10, 1, `expected addend 1 (capital letters A-Z), got "+" at column 1`},
	{"no addend", "= MONEY\n", 10, 1, `expected addend 1 (capital letters A-Z), got "=" at column 1`},
	{"trailing +", "A + = B\n", 10, 1, `expected addend 2 (capital letters A-Z), got "=" at column 5`},
	{"empty sum", "SEND + MORE =\n", 10, 1, `expected the sum, got end of line`},
	{"two sum words", "A + B = C + D\n", 10, 1, `expected end of line after the sum "C", got "+" at column 11`},
	{"minus", "A - B = C\n", 10, 1, `expected "+" or "=" after "A", got "-" at column 3`},
	{"second puzzle bad", "A + B = C\n\nA + B\n", 10, 3, `expected "+" or "=" after "B", got end of line`},
	{"empty input", "", 10, 1, "expected a puzzle such as SEND + MORE = MONEY, got end of input"},
	{"only comments", "# nothing\n\n", 10, 3, "expected a puzzle such as SEND + MORE = MONEY, got end of input"},
	{"base 1", "A = B\n", 1, 0, "base 1 out of range 2..36"},
	{"base 37", "A = B\n", 37, 0, "base 37 out of range 2..36"},
	{"long word quoted short", "A + " + strings.Repeat("B", 100) + "\n", 10, 1,
		`expected "+" or "=" after "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB"..., got end of line`},
	{"line too long", strings.Repeat("A+", 1<<20) + "A=B\n", 10, 1, "line longer than the limit of 1048576 bytes (1 MiB)"},
}

func TestParseCryptarithmErrors(t *testing.T) {
	for _, tc := range parseCryptarithmErrors {
		t.Run(tc.name, func(t *testing.T) {
			got, err := cryptarithm.Parse("in", strings.NewReader(tc.in), tc.base)
			require.Nil(t, got)
			var pe *puzzle.ParseError
			require.ErrorAs(t, err, &pe)
			require.Equal(t, "in", pe.File)
			require.Equal(t, tc.line, pe.Line, "%v", err)
			require.EqualError(t, pe.Err, tc.msg)
		})
	}
}

var (
	sendMoreMoney       = crypt(10, "MONEY", "SEND", "MORE")
	sendMoreMoneyAnswer = cryptarithm.Answer{Digits: []int{7, 5, 1, 6, 0, 8, 9, 2}} // D E M N O R S Y
)

func TestCryptarithmLettersStringFormat(t *testing.T) {
	require.Equal(t, "DEMNORSY", sendMoreMoney.Letters())
	require.Equal(t, "SEND + MORE = MONEY\n", sendMoreMoney.String())
	require.Equal(t, "D=7 E=5 M=1 N=6 O=0 R=8 S=9 Y=2\n", sendMoreMoney.Format(sendMoreMoneyAnswer))
	require.Equal(t, "no solution\n", sendMoreMoney.Fail("no solution"))
	require.Equal(t, "BIL", crypt(10, "ILL", "I", "BB").Letters())
	got, err := cryptarithm.Parse("in", strings.NewReader(sendMoreMoney.String()), 10)
	require.NoError(t, err)
	require.Equal(t, []cryptarithm.Instance{sendMoreMoney}, got)
}

var cryptarithmMutations = []struct {
	name   string
	mutate func(a *cryptarithm.Answer)
	msg    string
}{
	{"digit changed", func(a *cryptarithm.Answer) { a.Digits[0] = 3 }, "cryptarithm: column 1 from the right adds to 8, want 2"},
	{"digits swapped", func(a *cryptarithm.Answer) { a.Digits[0], a.Digits[7] = a.Digits[7], a.Digits[0] },
		"cryptarithm: column 2 from the right adds to 4, want 5"},
	{"digit twice", func(a *cryptarithm.Answer) { a.Digits[1] = 7 }, "cryptarithm: digit 7 is used twice"},
	{"out of range", func(a *cryptarithm.Answer) { a.Digits[3] = 10 }, "cryptarithm: N=10 is out of range 0..9"},
	{"negative", func(a *cryptarithm.Answer) { a.Digits[3] = -1 }, "cryptarithm: N=-1 is out of range 0..9"},
	{"too few", func(a *cryptarithm.Answer) { a.Digits = a.Digits[:7] }, "cryptarithm: answer has 7 digits, want 8"},
	{"none", func(a *cryptarithm.Answer) { a.Digits = nil }, "cryptarithm: answer has 0 digits, want 8"},
	{"leading zero", func(a *cryptarithm.Answer) { a.Digits[2], a.Digits[4] = 0, 1 },
		`cryptarithm: "MORE" starts with 0`},
}

func TestCryptarithmVerify(t *testing.T) {
	require.NoError(t, sendMoreMoney.Verify(sendMoreMoneyAnswer))
	for _, tc := range cryptarithmMutations {
		t.Run(tc.name, func(t *testing.T) {
			a := cryptarithm.Answer{Digits: slices.Clone(sendMoreMoneyAnswer.Digits)}
			tc.mutate(&a)
			require.EqualError(t, sendMoreMoney.Verify(a), tc.msg)
		})
	}
}

var cryptarithmVerifyTests = []struct {
	name   string
	p      cryptarithm.Instance
	digits []int
	msg    string // "" for a valid answer
}{
	{"one-letter word may be 0", crypt(10, "B", "A", "B"), []int{0, 5}, ""},
	{"I + BB = ILL", crypt(10, "ILL", "I", "BB"), []int{9, 1, 0}, ""},
	{"leading zero of the sum", crypt(10, "AB", "AB"), []int{0, 1}, `cryptarithm: "AB" starts with 0`},
	{"carry out of the sum", crypt(10, "C", "A", "B"), []int{5, 6, 1}, "cryptarithm: column 2 from the right adds to 1, want 0"},
	{"eleven nines and a one", crypt(10, "BCC", "A", "A", "A", "A", "A", "A", "A", "A", "A", "A", "A", "B"), []int{9, 1, 0}, ""},
	{"addend longer than the sum", crypt(10, "C", "AB"), []int{1, 0, 2}, "cryptarithm: column 1 from the right adds to 0, want 2"},
	{"base 2", crypt(2, "BA", "A", "A", "B"), []int{0, 1}, "cryptarithm: column 1 from the right adds to 1, want 0"},
	{"bad base", crypt(1, "A", "A"), []int{0}, "cryptarithm: base 1 out of range 2..36"},
	{"no addend", crypt(10, "A"), []int{0}, "cryptarithm: no addend"},
	{"empty word", crypt(10, "A", ""), []int{0}, "cryptarithm: an empty word"},
	{"bad letter", crypt(10, "A", "a"), []int{0}, `cryptarithm: word "a" has 'a', want capital letters A-Z`},
}

func TestCryptarithmVerifyCases(t *testing.T) {
	for _, tc := range cryptarithmVerifyTests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.p.Verify(cryptarithm.Answer{Digits: tc.digits})
			if tc.msg == "" {
				require.NoError(t, err)
				return
			}
			require.EqualError(t, err, tc.msg)
		})
	}
}

func FuzzParseCryptarithm(f *testing.F) {
	for _, tc := range parseCryptarithmTests {
		f.Add(tc.in, tc.base)
	}
	for _, tc := range parseCryptarithmErrors {
		if len(tc.in) < 4096 {
			f.Add(tc.in, tc.base)
		}
	}
	f.Add(strings.Repeat("A + ", 5000)+"B = C", 10)
	f.Add("Z"+strings.Repeat("Y", 3000)+" = "+strings.Repeat("X", 3000), 36)
	for _, in := range puzzletest.FuzzSeeds(cryptarithmInputs) {
		f.Add(in, 10)
	}
	f.Add("A = B\n", 37)
	f.Add("A = B\n", -1<<63)
	f.Fuzz(func(t *testing.T, in string, base int) {
		ps, err := cryptarithm.Parse("fuzz", strings.NewReader(in), base)
		require.Equal(t, cryptarithm.CheckBase(base) != nil, errors.Is(err, cryptarithm.ErrBadBase), "base %d: %v", base, err)
		if err != nil {
			var pe *puzzle.ParseError
			require.ErrorAs(t, err, &pe)
			require.Nil(t, ps)
			require.NotContains(t, err.Error(), "\n")
			return
		}
		require.NotEmpty(t, ps)
		for _, p := range ps {
			require.NoError(t, p.Validate())
			again, err := cryptarithm.Parse("again", strings.NewReader(p.String()), base)
			require.NoError(t, err)
			require.Equal(t, []cryptarithm.Instance{p}, again)
		}
	})
}

// TestCryptarithmBase: a base outside 2..36 is bad usage, which a command
// can tell before it reads anything: CheckCryptarithmBase returns an
// error wrapping ErrBadBase that is not a *ParseError, and the parser's
// own error at line 0 wraps it too.
func TestCryptarithmBase(t *testing.T) {
	for _, base := range []int{2, 10, 36} {
		require.NoError(t, cryptarithm.CheckBase(base))
	}
	for _, base := range []int{-1 << 63, -1, 0, 1, 37, 1 << 62} {
		err := cryptarithm.CheckBase(base)
		require.ErrorIs(t, err, cryptarithm.ErrBadBase)
		require.EqualError(t, err, fmt.Sprintf("base %d out of range 2..36", base))
		var pe *puzzle.ParseError
		require.False(t, errors.As(err, &pe), "%v is a *ParseError", err)
		_, err = cryptarithm.Parse("in", strings.NewReader("A = B\n"), base)
		require.ErrorIs(t, err, cryptarithm.ErrBadBase)
	}
}

// TestCryptarithmValidateRunes: Validate quotes a character that is not a
// capital letter whole.
func TestCryptarithmValidateRunes(t *testing.T) {
	p := cryptarithm.Instance{Base: 10, Addends: []string{"AB", "Cé"}, Sum: "D"}
	require.EqualError(t, p.Validate(), `cryptarithm: word "Cé" has 'é', want capital letters A-Z`)
	p.Addends[1] = "C\xff"
	require.EqualError(t, p.Validate(), `cryptarithm: word "C\xff" has '\xff', want capital letters A-Z`)
}

// cryptarithmInputs is a valid input of several lines, and one whose last line is
// wrong, with its error.
var cryptarithmInputs = puzzletest.Sample{
	Good: "SEND + MORE = MONEY\n# x\nI + BB == ILL\n",
	Bad:  "A = B\nA + = B\n",
	Msg:  `expected addend 2 (capital letters A-Z), got "=" at column 5`,
}

func TestParseCryptarithmLineEnds(t *testing.T) {
	puzzletest.LineEnds(t, func(f string, r io.Reader) ([]cryptarithm.Instance, error) { return cryptarithm.Parse(f, r, 10) }, cryptarithmInputs)
}

func TestParseCryptarithmLongLines(t *testing.T) {
	puzzletest.LongLines(t, func(f string, r io.Reader) ([]cryptarithm.Instance, error) { return cryptarithm.Parse(f, r, 10) }, cryptarithmInputs)
}
