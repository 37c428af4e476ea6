package gen

import (
	"context"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/kinds/alphametic"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic/dfs"
	"github.com/puzzlesat/puzzlesat/search"
)

// Random returns a random base-n addition with exactly one answer in
// which every one of the n letters occurs, as in the NOIP2004 data. n is
// clamped to 2..26. The same rng state gives the same instance.
func Random(rng *rand.Rand, n int) alphametic.Instance {
	n = min(max(n, alphametic.MinN), alphametic.MaxN)
	for {
		p, ok := alphameticCandidate(rng, n)
		if !ok {
			continue
		}
		// The search cannot fail without a context that ends; a count
		// other than one means another answer exists: draw again.
		if k, _, err := dfs.Count(context.Background(), p, 2, search.Run{}); err == nil && k == 1 {
			return p
		}
	}
}

// alphameticCandidate draws two random n-digit addends whose sum has no
// carry out of the top, and names the digits by a random permutation of
// the letters. It fails when some digit occurs in none of the three
// numbers, since its letter would then occur in no word.
func alphameticCandidate(rng *rand.Rand, n int) (alphametic.Instance, bool) {
	var num [3][]int
	for w := range num {
		num[w] = make([]int, n)
	}
	carry := 0
	for i := n - 1; i >= 0; i-- {
		num[0][i], num[1][i] = rng.IntN(n), rng.IntN(n)
		x := num[0][i] + num[1][i] + carry
		num[2][i], carry = x%n, x/n
	}
	if carry != 0 {
		return alphametic.Instance{}, false
	}
	letter := rng.Perm(n) // letter[d] is the letter naming digit d
	seen := 0
	p := alphametic.Instance{N: n}
	for w := range num {
		word := make([]byte, n)
		for i, d := range num[w] {
			word[i] = byte('A' + letter[d])
			seen |= 1 << d
		}
		p.Words[w] = string(word)
	}
	return p, seen == 1<<n-1
}
