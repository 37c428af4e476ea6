// Package digitbrute is the tests' brute-force reference for the Digit
// Puzzle (UVa 12107, [digitpuzzle.Instance]): it lists every product A * B = C by
// printing every pair 0..99 x 0..99, counts the products that fit a
// pattern by scanning them all, and answers a puzzle by its own iterative
// deepening. It shares no code with digitpuzzle.Instance.Search, native or sat,
// which it checks; it imports puzzle only for the types. It also holds
// the digit-puzzle test sets that several packages share (sets.go).
package digitbrute

import (
	"fmt"
	"slices"
	"sync"

	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle"
)

// productTable holds, per length triple (index [la-1][lb-1][lc-1]), every
// product of those lengths, as answers and as the strings "ABC" that
// Count scans. It is built once and never written after.
type productTable [digitpuzzle.MaxFactor][digitpuzzle.MaxFactor][digitpuzzle.MaxProduct]struct {
	answers []digitpuzzle.Answer
	flat    []string
}

// table builds the products on first use: 10,000 pairs, in increasing
// order of A, then B. fmt writes no leading zero, so a number's length
// alone says which triple it belongs to.
var table = sync.OnceValue(func() *productTable {
	var t productTable
	for x := range 100 {
		for y := range 100 {
			a := digitpuzzle.Answer{A: fmt.Sprint(x), B: fmt.Sprint(y), C: fmt.Sprint(x * y)}
			e := &t[len(a.A)-1][len(a.B)-1][len(a.C)-1]
			e.answers = append(e.answers, a)
			e.flat = append(e.flat, a.A+a.B+a.C)
		}
	}
	return &t
})

// flat returns the products of the lengths as strings "ABC", or nil when
// the lengths are out of range. The caller must not modify the slice.
func flat(la, lb, lc int) []string {
	if la < 1 || la > digitpuzzle.MaxFactor || lb < 1 || lb > digitpuzzle.MaxFactor || lc < 1 || lc > digitpuzzle.MaxProduct {
		return nil
	}
	return table()[la-1][lb-1][lc-1].flat
}

// Products returns every product A * B = C where A, B and C have la, lb
// and lc digits and a number of two or more digits has no leading zero,
// in increasing order of A, then B. It is nil when no product has those
// lengths, or the lengths are out of range (1..2, 1..2, 1..4). The slice
// is the caller's to modify.
func Products(la, lb, lc int) []digitpuzzle.Answer {
	if flat(la, lb, lc) == nil {
		return nil
	}
	return slices.Clone(table()[la-1][lb-1][lc-1].answers)
}

// Fits reports whether the product fits the pattern: the same lengths of
// A, B and C, and every character of pattern other than '*' equal to the
// product's.
func Fits(pattern, product digitpuzzle.Answer) bool {
	if len(pattern.A) != len(product.A) || len(pattern.B) != len(product.B) || len(pattern.C) != len(product.C) {
		return false
	}
	return fits(pattern.A+pattern.B+pattern.C, product.A+product.B+product.C)
}

// fits reports whether s fits pat, both strings "ABC" of equal length.
func fits(pat, s string) bool {
	for i := range len(pat) {
		if pat[i] != '*' && pat[i] != s[i] {
			return false
		}
	}
	return true
}

// Count returns the number of products that fit pattern (see [Fits]), or
// limit when at least limit of them do; a limit of 0 or less counts them
// all. A pattern of lengths out of range, or with characters other than
// digits and '*', simply fits fewer products. It scans every product of
// the pattern's lengths: at most 10,000.
func Count(pattern digitpuzzle.Answer, limit int) int {
	pat := pattern.A + pattern.B + pattern.C
	n := 0
	for _, s := range flat(len(pattern.A), len(pattern.B), len(pattern.C)) {
		if fits(pat, s) {
			if n++; n == limit {
				break
			}
		}
	}
	return n
}

// Unique reports whether exactly one product fits a. It has the signature
// of the oracle of [digitpuzzle.Instance.Search]; the error is always nil.
func Unique(a digitpuzzle.Answer) (bool, error) {
	return Count(a, 2) == 1, nil
}

// Solve answers p as the statement says: for d = 0, 1, ... it tries every
// pattern that differs from p in exactly d characters, filling positions
// of "ABC" left to right with '*', '0'..'9' in that order (never '0' first
// in a number of two or more digits), and returns the first one that
// exactly one product fits. ok is false when no product has p's lengths.
// Each candidate costs a [Count]; it does not validate p, whose bad
// characters just get changed.
func Solve(p digitpuzzle.Instance) (a digitpuzzle.Answer, ok bool) {
	la, lb, lc := len(p.A), len(p.B), len(p.C)
	if len(flat(la, lb, lc)) == 0 {
		return a, false
	}
	given := p.A + p.B + p.C
	lead := func(i int) bool { return i == 0 && la > 1 || i == la && lb > 1 || i == la+lb && lc > 1 }
	pat := []byte(given)
	split := func() digitpuzzle.Answer {
		s := string(pat)
		return digitpuzzle.Answer{A: s[:la], B: s[la : la+lb], C: s[la+lb:]}
	}
	var try func(i, left int) bool
	try = func(i, left int) bool {
		if len(pat)-i < left {
			return false // too few positions left to spend the changes
		}
		if i == len(pat) {
			return Count(split(), 2) == 1
		}
		for _, c := range []byte("*0123456789") {
			cost := 0
			if c != given[i] {
				cost = 1
			}
			if cost > left || c == '0' && lead(i) {
				continue
			}
			pat[i] = c
			if try(i+1, left-cost) {
				return true
			}
		}
		return false
	}
	for d := 0; d <= len(pat); d++ {
		if try(0, d) {
			return split(), true
		}
	}
	// Some product has these lengths, and written in full it is a pattern
	// of at most len(pat) changes that only it fits.
	panic("digitbrute: no unique pattern although a product exists")
}
