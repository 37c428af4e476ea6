// Package cryptbrute is the tests' brute-force reference for general
// cryptarithms ([cryptarithm.Instance]): it tries every assignment of
// distinct digits to the letters and evaluates the words as numbers. It
// shares no code with cryptarithm.Instance.Verify, native or sat, which it
// checks; it imports puzzle only for the types. It also draws random
// puzzles for the tests.
package cryptbrute

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm"
)

// MaxWord is the longest word Answers takes: every value fits an int64.
const MaxWord = 12

// Answers returns every answer of p, digits in the order of p.Letters(),
// in lexicographic order of the digits. It panics when a word is longer
// than MaxWord or the base passes 16, which only a test can cause.
func Answers(p cryptarithm.Instance) [][]int {
	letters := p.Letters()
	if p.Base > 16 {
		panic(fmt.Sprintf("cryptbrute: base %d too large", p.Base))
	}
	var weight [26]int64 // Σ over addends of B^position, minus the sum's
	var lead [26]bool
	add := func(w string, sign int64) {
		if len(w) > MaxWord {
			panic(fmt.Sprintf("cryptbrute: word %q too long", w))
		}
		pos := int64(1)
		for i := len(w) - 1; i >= 0; i-- {
			weight[w[i]-'A'] += sign * pos
			pos *= int64(p.Base)
		}
		if len(w) > 1 {
			lead[w[0]-'A'] = true
		}
	}
	for _, w := range p.Addends {
		add(w, 1)
	}
	add(p.Sum, -1)
	var out [][]int
	digits := make([]int, len(letters))
	used := make([]bool, p.Base)
	var try func(i int, total int64)
	try = func(i int, total int64) {
		if i == len(letters) {
			if total == 0 {
				out = append(out, append([]int(nil), digits...))
			}
			return
		}
		l := letters[i] - 'A'
		for d := range p.Base {
			if used[d] || d == 0 && lead[l] {
				continue
			}
			used[d], digits[i] = true, d
			try(i+1, total+weight[l]*int64(d))
			used[d] = false
		}
	}
	try(0, 0)
	return out
}

// Random returns a puzzle over n distinct letters (n ≤ base, n ≤ 26) with
// addends words of 1..maxLen letters. When solvable is set, the words are
// a true sum under a random assignment, so the puzzle has an answer;
// otherwise they are arbitrary, and mostly have none. Sizes where a true
// sum is rarely spelt by the n letters (one letter and many addends) fall
// back to arbitrary words after 1000 draws.
func Random(rng *rand.Rand, base, n, addends, maxLen int, solvable bool) cryptarithm.Instance {
	for tries := 0; ; tries++ {
		p, ok := draw(rng, base, n, addends, maxLen, solvable && tries < 1000)
		if ok {
			return p
		}
	}
}

// draw makes one attempt of Random; it fails when the sum needs a digit
// that no letter holds.
func draw(rng *rand.Rand, base, n, addends, maxLen int, solvable bool) (cryptarithm.Instance, bool) {
	perm := rng.Perm(26)[:n]
	letterOf := make([]int, base) // digit -> letter, -1 for none
	for d := range letterOf {
		letterOf[d] = -1
	}
	digitOf := rng.Perm(base)[:n]
	for i, l := range perm {
		letterOf[digitOf[i]] = l
	}
	p := cryptarithm.Instance{Base: base}
	var total int64
	for range addends {
		w, v := word(rng, base, 1+rng.IntN(maxLen), letterOf, solvable)
		if w == "" {
			return p, false
		}
		p.Addends = append(p.Addends, w)
		total += v
	}
	if !solvable {
		p.Sum, _ = word(rng, base, 1+rng.IntN(maxLen+1), letterOf, false)
		return p, p.Sum != ""
	}
	var sum []byte
	for v := total; v > 0 || len(sum) == 0; v /= int64(base) {
		l := letterOf[v%int64(base)]
		if l < 0 {
			return p, false
		}
		sum = append([]byte{byte('A' + l)}, sum...)
	}
	p.Sum = string(sum)
	return p, len(p.Sum) <= MaxWord
}

// word draws a word of length letters from the assigned letters and its
// value; a valid word of two or more letters does not start with 0. It
// returns "" when no letter fits the first place.
func word(rng *rand.Rand, base, length int, letterOf []int, valid bool) (string, int64) {
	var w []byte
	var v int64
	for i := range length {
		d := rng.IntN(base)
		for tries := 0; letterOf[d] < 0 || valid && i == 0 && d == 0 && length > 1; tries++ {
			if tries > 4*base {
				return "", 0
			}
			d = rng.IntN(base)
		}
		w = append(w, byte('A'+letterOf[d]))
		v = v*int64(base) + int64(d)
	}
	return string(w), v
}

// CountCases are the hand-made puzzles both backends' tests count, with
// their number of answers.
var CountCases = []struct {
	Name string
	P    cryptarithm.Instance
	Want int
}{
	// A and B are 1..8, distinct, with a sum of at most 9.
	{"A + B = C", puzzleOf(10, "C", "A", "B"), 32},
	// A = 0 is allowed for a one-letter word, and B is any other digit.
	{"A + B = B", puzzleOf(10, "B", "A", "B"), 9},
	{"a letter as addend and sum", puzzleOf(10, "AB", "A", "AB", "B"), 0},
	{"more letters than the base", puzzleOf(3, "DA", "AB", "C"), 0},
	{"addend longer than the sum", puzzleOf(10, "C", "AB"), 0},
	{"base 2", puzzleOf(2, "BA", "A", "B"), 0},
	{"base 2 carry", puzzleOf(2, "AB", "A", "A"), 1},
	{"base 36", puzzleOf(36, "ZZ", "Z", "Y"), 0},
	{"A = A", puzzleOf(10, "A", "A"), 10},
	{"long sum of zeros", puzzleOf(10, "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB", "B"), 0},
	// B + D = C as in A + B = C (32 ways, none of B, C, D is 0), and A
	// any of the six other digits but 0: the weights pass 2^62.
	{"long words", puzzleOf(10, strings.Repeat("A", 30)+"C", strings.Repeat("A", 30)+"B", "D"), 32 * 6},
	{"eleven As", puzzleOf(10, "BCC", "A", "A", "A", "A", "A", "A", "A", "A", "A", "A", "A", "B"), 1},
}

func puzzleOf(base int, sum string, addends ...string) cryptarithm.Instance {
	return cryptarithm.Instance{Base: base, Addends: addends, Sum: sum}
}
