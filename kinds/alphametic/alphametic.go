package alphametic

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Bounds on the number of letters (and so the base) of an [Alphametic].
const (
	MinN = 2
	MaxN = 26
)

// Instance is one base-N addition with every digit eaten (NOIP2004
// "虫食算"): Words[0] + Words[1] = Words[2], each word N letters from the
// first N capital letters, most significant first. Each letter stands for a
// different digit 0..N-1, leading zeros are allowed, and the top column
// must not carry.
type Instance struct {
	N     int       // number of letters and base, 2..26
	Words [3]string // addend, addend, sum
}

// Answer gives the digit of each letter: Digits[0] is the digit of
// A, Digits[1] of B, and so on.
type Answer struct {
	Digits []int
}

// Parse reads every case of r: N, then the three words, separated
// by any white space, until the end of input. An input with no case is an
// error. file names r in error messages, which are *ParseError values.
func Parse(file string, r io.Reader) ([]Instance, error) {
	return puzzle.Collect(file, r, Scan)
}

// Scan reads the cases of r as ParseAlphametic does, calling
// yield with each as soon as it is read, and stops at the first error of
// the input or of yield.
func Scan(file string, r io.Reader, yield func(Instance) error) error {
	t := puzzle.NewTokens(file, r)
	n := 0
	for {
		f, ok := t.Next()
		if !ok {
			break
		}
		p, err := parseAlphameticCase(t, f)
		if err != nil {
			return err
		}
		if err := yield(p); err != nil {
			return err
		}
		n++
	}
	if err := t.Err(); err != nil {
		return err
	}
	if n == 0 {
		return t.Errorf("expected N (%d..%d), got end of input", MinN, MaxN)
	}
	return nil
}

// parseAlphameticCase reads the three words of one case whose first
// field, N, is f.
func parseAlphameticCase(t *puzzle.Tokens, f string) (Instance, error) {
	n, err := strconv.Atoi(f)
	switch {
	case errors.Is(err, strconv.ErrRange) || err == nil && (n < MinN || n > MaxN):
		return Instance{}, t.Errorf("N %s out of range %d..%d", puzzle.Short(f), MinN, MaxN)
	case err != nil:
		return Instance{}, t.Errorf("expected N (%d..%d), got %s", MinN, MaxN, puzzle.Quote(f))
	}
	p := Instance{N: n}
	want := fmt.Sprintf("%d letters A-%c", n, 'A'+n-1)
	for i := range p.Words {
		w, ok := t.Next()
		if !ok {
			if err := t.Err(); err != nil {
				return Instance{}, err
			}
			return Instance{}, t.Errorf("expected %s, got end of input", want)
		}
		if alphameticWordErr(w, n) != nil {
			return Instance{}, t.Errorf("expected %s, got %s", want, puzzle.Quote(w))
		}
		p.Words[i] = w
	}
	return p, nil
}

// alphameticWordErr returns an error unless w is a word of n letters from
// the first n.
func alphameticWordErr(w string, n int) error {
	if k := utf8.RuneCountInString(w); k != n {
		return fmt.Errorf("word %s has %d characters, want %d", puzzle.Quote(w), k, n)
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'A' || int(w[i]-'A') >= n {
			return fmt.Errorf("word %s has %s at %d, want a letter A-%c", puzzle.Quote(w), puzzle.QuoteChar(w[i:]), i+1, 'A'+n-1)
		}
	}
	return nil
}

// Validate reports whether p is well formed: N in 2..26 and three words of
// exactly N letters from the first N. Parsed instances always are.
func (p Instance) Validate() error {
	if p.N < MinN || p.N > MaxN {
		return fmt.Errorf("alphametic: N %d out of range %d..%d", p.N, MinN, MaxN)
	}
	for _, w := range p.Words {
		if err := alphameticWordErr(w, p.N); err != nil {
			return fmt.Errorf("alphametic: %w", err)
		}
	}
	return nil
}

// String returns p in judge input format: N and the three words, one a line.
func (p Instance) String() string {
	return fmt.Sprintf("%d\n%s\n%s\n%s\n", p.N, p.Words[0], p.Words[1], p.Words[2])
}

// Verify returns nil if a gives every letter of p a different digit
// 0..N-1 and the addition holds with no carry out of the top column.
func (p Instance) Verify(a Answer) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if len(a.Digits) != p.N {
		return fmt.Errorf("alphametic: answer has %d digits, want %d", len(a.Digits), p.N)
	}
	var seen [MaxN]bool
	for i, d := range a.Digits {
		if d < 0 || d >= p.N {
			return fmt.Errorf("alphametic: letter %c has digit %d, out of range 0..%d", 'A'+i, d, p.N-1)
		}
		if seen[d] {
			return fmt.Errorf("alphametic: digit %d is used twice", d)
		}
		seen[d] = true
	}
	return p.verifySum(a.Digits)
}

// verifySum adds the words column by column from the least significant.
func (p Instance) verifySum(digit []int) error {
	carry := 0
	for i := p.N - 1; i >= 0; i-- {
		s := digit[p.Words[0][i]-'A'] + digit[p.Words[1][i]-'A'] + carry
		if got := digit[p.Words[2][i]-'A']; s%p.N != got {
			return fmt.Errorf("alphametic: column %d adds to %d, but %c is %d", i+1, s%p.N, p.Words[2][i], got)
		}
		carry = s / p.N
	}
	if carry != 0 {
		return errors.New("alphametic: the top column carries")
	}
	return nil
}

// Format returns the judge output for a: the digits of A, B, C, ...
// separated by single spaces, then a newline.
func (p Instance) Format(a Answer) string {
	var b strings.Builder
	for i, d := range a.Digits {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(d))
	}
	b.WriteByte('\n')
	return b.String()
}

// Fail returns the line printed in place of an answer, word being
// "no solution" or "timeout".
func (p Instance) Fail(word string) string { return word + "\n" }
