package cryptarithm

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Bounds and default of the base of a [Cryptarithm].
const (
	MinBase     = 2
	MaxBase     = 36
	DefaultBase = 10
)

// Instance is one general addition alphametic such as SEND + MORE =
// MONEY: distinct letters stand for distinct digits 0..Base-1, a word of
// two or more letters does not start with 0, and the addends add up to the
// sum. Words are capital letters A-Z, most significant first.
type Instance struct {
	Base    int      // 2..36
	Addends []string // one or more words
	Sum     string
}

// Answer gives the digit of each letter of a [Cryptarithm]:
// Digits[i] belongs to the i-th letter of its Letters.
type Answer struct {
	Digits []int
}

// ErrBadBase is the error, wrapped, of a base outside 2..36: bad usage
// rather than bad input, since it comes from the caller, not from a line.
var ErrBadBase = errors.New("bad base")

// CheckBase returns nil when base is in 2..36, and else an
// error wrapping ErrBadBase (not a *ParseError): a command checks its
// --base with it before reading any input.
func CheckBase(base int) error {
	if base < MinBase || base > MaxBase {
		return baseError(base)
	}
	return nil
}

// baseError is a base outside 2..36; it reads "base 37 out of range 2..36".
type baseError int

func (e baseError) Error() string {
	return fmt.Sprintf("base %d out of range %d..%d", int(e), MinBase, MaxBase)
}

// Unwrap returns ErrBadBase.
func (e baseError) Unwrap() error { return ErrBadBase }

// Parse reads one puzzle per line: words joined by "+", then
// "=" (or "=="), then the sum word, with optional blanks around the
// operators. Blank lines and lines starting with "#" are skipped. Every
// puzzle gets the given base, which must be in 2..36: else the error is a
// *ParseError at line 0 that wraps ErrBadBase (CheckCryptarithmBase tells
// it before reading). An input with no puzzle is an error. file names r
// in errors, which are *ParseError values.
func Parse(file string, r io.Reader, base int) ([]Instance, error) {
	return puzzle.Collect(file, r, func(file string, r io.Reader, yield func(Instance) error) error {
		return Scan(file, r, base, yield)
	})
}

// Scan reads the puzzles of r as ParseCryptarithm does,
// calling yield with each as soon as it is read, and stops at the first
// error of the input or of yield.
func Scan(file string, r io.Reader, base int, yield func(Instance) error) error {
	if err := CheckBase(base); err != nil {
		return &puzzle.ParseError{File: file, Line: 0, Err: err}
	}
	l := puzzle.NewLines(file, r)
	n := 0
	for ; ; n++ {
		s, ok := l.Next()
		for ok {
			if t := strings.TrimLeft(s, " \t"); t != "" && t[0] != '#' {
				break
			}
			s, ok = l.Next()
		}
		if !ok {
			break
		}
		p, err := parseCryptarithmLine(s)
		if err != nil {
			return l.Errorf("%v", err)
		}
		p.Base = base
		if err := yield(p); err != nil {
			return err
		}
	}
	if err := l.Err(); err != nil {
		return err
	}
	if n == 0 {
		return l.ErrorAt(l.Line+1, "expected a puzzle such as SEND + MORE = MONEY, got end of input")
	}
	return nil
}

// cryptScanner walks one input line of a cryptarithm.
type cryptScanner struct {
	s string
	i int // byte offset of the next character
}

func (c *cryptScanner) skipBlanks() {
	for c.i < len(c.s) && (c.s[c.i] == ' ' || c.s[c.i] == '\t') {
		c.i++
	}
}

// at describes the character at c.i for a message: `"3" at column 4`,
// or `"\xff" at column 4` for a byte that is not UTF-8.
func (c *cryptScanner) at() string {
	_, size := utf8.DecodeRuneInString(c.s[c.i:])
	return fmt.Sprintf("%s at column %d", strconv.Quote(c.s[c.i:c.i+size]), utf8.RuneCountInString(c.s[:c.i])+1)
}

// word reads a word of capital letters; what names it in errors.
func (c *cryptScanner) word(what string) (string, error) {
	c.skipBlanks()
	start := c.i
	for c.i < len(c.s) && c.s[c.i] >= 'A' && c.s[c.i] <= 'Z' {
		c.i++
	}
	if c.i == start {
		if c.i == len(c.s) {
			return "", fmt.Errorf("expected %s, got end of line", what)
		}
		return "", fmt.Errorf("expected %s (capital letters A-Z), got %s", what, c.at())
	}
	if c.i < len(c.s) && !strings.ContainsRune(" \t+=", rune(c.s[c.i])) {
		return "", fmt.Errorf("unexpected %s in %s: words are capital letters A-Z", c.at(), what)
	}
	return c.s[start:c.i], nil
}

// parseCryptarithmLine parses "W + W + ... = W" (or "==").
func parseCryptarithmLine(s string) (Instance, error) {
	c := &cryptScanner{s: s}
	var p Instance
	for {
		w, err := c.word(fmt.Sprintf("addend %d", len(p.Addends)+1))
		if err != nil {
			return p, err
		}
		p.Addends = append(p.Addends, w)
		c.skipBlanks()
		if c.i == len(s) {
			return p, fmt.Errorf(`expected "+" or "=" after %s, got end of line`, puzzle.Quote(w))
		}
		if s[c.i] == '=' {
			c.i++
			if c.i < len(s) && s[c.i] == '=' {
				c.i++
			}
			break
		}
		if s[c.i] != '+' {
			return p, fmt.Errorf(`expected "+" or "=" after %s, got %s`, puzzle.Quote(w), c.at())
		}
		c.i++
	}
	sum, err := c.word("the sum")
	if err != nil {
		return p, err
	}
	p.Sum = sum
	c.skipBlanks()
	switch {
	case c.i == len(s):
		return p, nil
	case s[c.i] == '=':
		return p, fmt.Errorf(`a second "=" at column %d: a puzzle has one sum`, utf8.RuneCountInString(s[:c.i])+1)
	}
	return p, fmt.Errorf("expected end of line after the sum %s, got %s", puzzle.Quote(sum), c.at())
}

// Letters returns the distinct letters of p in alphabetical order; answers
// list their digits in this order.
func (p Instance) Letters() string {
	var seen [26]bool
	for _, w := range append(slices.Clip(p.Addends), p.Sum) {
		for i := 0; i < len(w); i++ {
			if w[i] >= 'A' && w[i] <= 'Z' {
				seen[w[i]-'A'] = true
			}
		}
	}
	var b []byte
	for l, ok := range seen {
		if ok {
			b = append(b, byte('A'+l))
		}
	}
	return string(b)
}

// Validate reports whether p is well formed: a base in 2..36, at least one
// addend, and words of one or more capital letters. Parsed puzzles are.
func (p Instance) Validate() error {
	if p.Base < MinBase || p.Base > MaxBase {
		return fmt.Errorf("cryptarithm: base %d out of range %d..%d", p.Base, MinBase, MaxBase)
	}
	if len(p.Addends) == 0 {
		return errors.New("cryptarithm: no addend")
	}
	for _, w := range append(slices.Clip(p.Addends), p.Sum) {
		if w == "" {
			return errors.New("cryptarithm: an empty word")
		}
		for i := 0; i < len(w); i++ {
			if w[i] < 'A' || w[i] > 'Z' {
				return fmt.Errorf("cryptarithm: word %s has %s, want capital letters A-Z", puzzle.Quote(w), puzzle.QuoteChar(w[i:]))
			}
		}
	}
	return nil
}

// String returns p in input format, "SEND + MORE = MONEY" and a newline.
// The base is not part of it.
func (p Instance) String() string {
	return strings.Join(p.Addends, " + ") + " = " + p.Sum + "\n"
}

// Verify returns nil if a gives the letters of p distinct digits
// 0..Base-1, no word of two or more letters starts with 0, and the sum
// holds.
func (p Instance) Verify(a Answer) error {
	if err := p.Validate(); err != nil {
		return err
	}
	letters := p.Letters()
	if len(a.Digits) != len(letters) {
		return fmt.Errorf("cryptarithm: answer has %d digits, want %d", len(a.Digits), len(letters))
	}
	var digit [26]int
	seen := make([]bool, p.Base)
	for i, d := range a.Digits {
		if d < 0 || d >= p.Base {
			return fmt.Errorf("cryptarithm: %c=%d is out of range 0..%d", letters[i], d, p.Base-1)
		}
		if seen[d] {
			return fmt.Errorf("cryptarithm: digit %d is used twice", d)
		}
		seen[d] = true
		digit[letters[i]-'A'] = d
	}
	for _, w := range append(slices.Clip(p.Addends), p.Sum) {
		if len(w) > 1 && digit[w[0]-'A'] == 0 {
			return fmt.Errorf("cryptarithm: %s starts with 0", puzzle.Quote(w))
		}
	}
	return p.verifySum(&digit)
}

// verifySum adds the addends column by column from the least significant
// and compares each column with the sum's digit; a column past the end of
// the sum must come out 0.
func (p Instance) verifySum(digit *[26]int) error {
	width := len(p.Sum)
	for _, w := range p.Addends {
		width = max(width, len(w))
	}
	carry := 0 // at most the number of addends: no overflow
	for j := 0; j < width || carry > 0; j++ {
		s := carry
		for _, w := range p.Addends {
			if j < len(w) {
				s += digit[w[len(w)-1-j]-'A']
			}
		}
		want := 0
		if j < len(p.Sum) {
			want = digit[p.Sum[len(p.Sum)-1-j]-'A']
		}
		if s%p.Base != want {
			return fmt.Errorf("cryptarithm: column %d from the right adds to %d, want %d", j+1, s%p.Base, want)
		}
		carry = s / p.Base
	}
	return nil
}

// Format returns the judge output for a: every letter once, in
// alphabetical order, as "B=9 I=1 L=0", then a newline. Digits are written
// in decimal whatever the base.
func (p Instance) Format(a Answer) string {
	letters := p.Letters()
	var b strings.Builder
	for i, d := range a.Digits {
		if i > 0 {
			b.WriteByte(' ')
		}
		if i < len(letters) {
			b.WriteByte(letters[i])
		}
		b.WriteByte('=')
		b.WriteString(strconv.Itoa(d))
	}
	b.WriteByte('\n')
	return b.String()
}

// Fail returns the line printed in place of an answer, word being
// "no solution" or "timeout".
func (p Instance) Fail(word string) string { return word + "\n" }
