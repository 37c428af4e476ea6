// Package suggest finds, among the names a program knows, the one a
// misspelled name most likely meant, for the "did you mean" of an error
// message.
package suggest

import (
	"strings"
)

// Nearest returns the name of names nearest to word, ignoring case, and
// true when it is near enough to suggest: within an edit distance of 1
// for a word of 3 or 4 letters, 2 up to 8 letters, and 3 beyond (none for
// a word of one or two letters, which is as near to any other), where
// an edit inserts, deletes or replaces a letter or swaps two neighbours
// (the optimal string alignment distance); or a name that word is the
// start of, or that starts with word of 3 letters or more. Of two names
// as near, the first in names wins. An exact match is not a suggestion.
func Nearest(word string, names []string) (string, bool) {
	w := strings.ToLower(word)
	best, bestD := "", -1
	for _, name := range names {
		n := strings.ToLower(name)
		if n == w {
			continue
		}
		d := distance(w, n)
		if len(w) >= 3 && (strings.HasPrefix(n, w) || strings.HasPrefix(w, n)) {
			d = min(d, 1)
		}
		if bestD < 0 || d < bestD {
			best, bestD = name, d
		}
	}
	return best, bestD >= 0 && bestD <= allowed(len(w))
}

// DidYouMean returns "did you mean NAME?" for the name of names nearest
// to word, NAME as quote writes it, or "" when none is near enough.
func DidYouMean(word string, names []string, quote func(string) string) string {
	name, ok := Nearest(word, names)
	if !ok {
		return ""
	}
	return "did you mean " + quote(name) + "?"
}

// allowed returns the largest edit distance that still suggests a name
// for a word of n letters: a short word allows few edits, since any
// three-letter word is two edits from many others.
func allowed(n int) int {
	switch {
	case n <= 2:
		return 0
	case n <= 4:
		return 1
	case n <= 8:
		return 2
	}
	return 3
}

// distance returns the optimal string alignment distance of a and b, by
// bytes: the fewest insertions, deletions, replacements and swaps of two
// neighbours, no part edited twice (Damerau 1964; Boytsov 2011, §2.2).
// It takes O(len(a)·len(b)) time and three rows of memory.
func distance(a, b string) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
