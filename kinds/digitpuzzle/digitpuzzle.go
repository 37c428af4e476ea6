package digitpuzzle

import (
	"fmt"
	"io"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Longest patterns of a [Digit] instance.
const (
	MaxFactor  = 2 // characters of A and of B
	MaxProduct = 4 // characters of C
)

// Instance is one Digit Puzzle instance (UVa 12107): a multiplication
// A * B = C written as three patterns of decimal digits and '*' wildcards,
// most significant first. A solution puts a digit for every '*' so that
// A * B = C, where a number of two or more digits has no leading zero and a
// one-digit number may be 0. The task is to change the fewest characters
// (lengths fixed) so that the pattern has exactly one solution; among
// those, the smallest string "A B C" with '*' ordered before '0'..'9'.
type Instance struct {
	Case    int    // 1-based number of the case in its input
	A, B, C string // 1..DigitMaxFactor, 1..DigitMaxFactor and 1..DigitMaxProduct characters, each '0'-'9' or '*'
}

// Answer is the pattern chosen for a [Digit]: the same lengths as the
// instance, each character '0'-'9' or '*'.
type Answer struct{ A, B, C string }

// Parse reads a whole input of Digit instances: one per line, the
// three patterns A B C separated by blanks, until a line holding only "0"
// or the end of input (whatever follows the "0" line is not read). Blank
// lines are skipped. Cases are numbered from 1. An input with no case is
// an error. file names r in errors, which are *ParseError values.
func Parse(file string, r io.Reader) ([]Instance, error) {
	return puzzle.Collect(file, r, Scan)
}

// Scan reads the cases of r as ParseDigit does, calling yield with
// each as soon as it is read, and stops at the first error of the input
// or of yield.
func Scan(file string, r io.Reader, yield func(Instance) error) error {
	in := puzzle.NewLines(file, r)
	n := 0
	for {
		s, ok := in.Next()
		if !ok {
			break
		}
		f := strings.Fields(s)
		switch {
		case len(f) == 0:
			continue
		case len(f) == 1 && f[0] == "0":
			return digitEnd(in, n, true)
		case len(f) != 3:
			return in.Errorf("expected three patterns A B C (or a line 0 to end), got %d field(s) in %s", len(f), puzzle.Quote(s))
		}
		n++
		p := Instance{Case: n, A: f[0], B: f[1], C: f[2]}
		if err := p.Validate(); err != nil {
			return in.Errorf("%v", err)
		}
		if err := yield(p); err != nil {
			return err
		}
	}
	if err := in.Err(); err != nil {
		return err
	}
	return digitEnd(in, n, false)
}

// digitEnd checks the end of an input of n cases, ended by a line "0" or
// by the end of input.
func digitEnd(in *puzzle.Lines, n int, zero bool) error {
	if n > 0 {
		return nil
	}
	if zero {
		return in.Errorf(`expected three patterns A B C, got "0", which ends the input`)
	}
	return in.ErrorAt(in.Line+1, "expected three patterns A B C, got end of input")
}

// LengthsOK reports whether la, lb and lc are lengths of A, B and C
// that an instance may have.
func LengthsOK(la, lb, lc int) bool {
	return la >= 1 && la <= MaxFactor && lb >= 1 && lb <= MaxFactor && lc >= 1 && lc <= MaxProduct
}

// Fits reports whether the digits of the full pattern a (no '*') fit the
// pattern of p, with the same lengths.
func (p Instance) Fits(a Answer) bool {
	for i, pat := range [3]string{p.A, p.B, p.C} {
		got := [3]string{a.A, a.B, a.C}[i]
		if len(got) != len(pat) {
			return false
		}
		for j := range len(pat) {
			if pat[j] != '*' && pat[j] != got[j] {
				return false
			}
		}
	}
	return true
}

// Validate reports whether the three patterns have allowed lengths and
// characters.
func (p Instance) Validate() error {
	pats := [3]string{p.A, p.B, p.C}
	for i, most := range [3]int{MaxFactor, MaxFactor, MaxProduct} {
		if !digitPatternOK(pats[i], most) {
			return fmt.Errorf("expected %c as 1 to %d characters, each a digit or '*', got %s", "ABC"[i], most, puzzle.Quote(pats[i]))
		}
	}
	return nil
}

// digitPatternOK reports whether s is 1..most characters '0'-'9' or '*'.
func digitPatternOK(s string, most int) bool {
	if len(s) < 1 || len(s) > most {
		return false
	}
	for i := range len(s) {
		if s[i] != '*' && (s[i] < '0' || s[i] > '9') {
			return false
		}
	}
	return true
}

// String returns the instance in judge input format: "A B C" and a newline.
func (p Instance) String() string {
	return p.A + " " + p.B + " " + p.C + "\n"
}

// Format returns the judge output for the answer: "Case k: A B C" and a
// newline.
func (p Instance) Format(a Answer) string {
	return fmt.Sprintf("Case %d: %s %s %s\n", p.Case, a.A, a.B, a.C)
}

// Fail returns the line printed instead of an answer; word is
// "no solution" or "timeout".
func (p Instance) Fail(word string) string {
	return fmt.Sprintf("Case %d: %s\n", p.Case, word)
}

// Verify reports whether a is a pattern of p's lengths, made of digits and
// '*', that has exactly one solution. It does not check that a needs the
// fewest changes, nor that it is the smallest such pattern. It scans every
// A and B of the right lengths: at most 90 * 90 products.
func (p Instance) Verify(a Answer) error {
	if err := p.Validate(); err != nil {
		return fmt.Errorf("bad instance: %w", err)
	}
	q := Instance{A: a.A, B: a.B, C: a.C}
	if len(a.A) != len(p.A) || len(a.B) != len(p.B) || len(a.C) != len(p.C) {
		return fmt.Errorf("answer %s %s %s has other lengths than the puzzle %s %s %s", a.A, a.B, a.C, p.A, p.B, p.C)
	}
	if err := q.Validate(); err != nil {
		return fmt.Errorf("bad answer: %w", err)
	}
	n := 0
	Products(len(a.A), len(a.B), len(a.C), func(x, y, z int) {
		if Match(a.A, x) && Match(a.B, y) && Match(a.C, z) {
			n++
		}
	})
	if n != 1 {
		return fmt.Errorf("pattern %s %s %s has %d solutions, want exactly one", a.A, a.B, a.C, n)
	}
	return nil
}

// Range returns the smallest and largest number of n digits: 0..9 for
// one digit, else no leading zero.
func Range(n int) (lo, hi int) {
	lo, hi = 1, 1
	for range n {
		lo, hi = hi, hi*10
	}
	if n == 1 {
		lo = 0
	}
	return lo, hi - 1
}

// Admits reports whether some product x * y = z has numbers of la, lb
// and lc digits, by whether the range of x*y meets the range of z. For
// the lengths an instance may have that test is exact
// (TestDigitLengthTriples compares it with every product for every
// triple).
func Admits(la, lb, lc int) bool {
	alo, ahi := Range(la)
	blo, bhi := Range(lb)
	clo, chi := Range(lc)
	return alo*blo <= chi && ahi*bhi >= clo
}

// Products calls f for every product x * y = z of numbers of la, lb
// and lc digits, in increasing order of x, then y.
func Products(la, lb, lc int, f func(x, y, z int)) {
	alo, ahi := Range(la)
	blo, bhi := Range(lb)
	clo, chi := Range(lc)
	for x := alo; x <= ahi; x++ {
		for y := blo; y <= bhi; y++ {
			if z := x * y; z >= clo && z <= chi {
				f(x, y, z)
			}
		}
	}
}

// Match reports whether v, written with exactly len(pat) digits,
// fits the pattern pat of digits and '*'. The caller keeps v within that
// many digits.
func Match(pat string, v int) bool {
	for i := len(pat) - 1; i >= 0; i-- {
		if pat[i] != '*' && int(pat[i]-'0') != v%10 {
			return false
		}
		v /= 10
	}
	return true
}
