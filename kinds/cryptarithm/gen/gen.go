package gen

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm/dfs"
	"github.com/puzzlesat/puzzlesat/search"
)

// MaxGenBase is the largest base Cryptarithm draws puzzles in.
// In larger bases a puzzle with one answer needs words so long (the digits
// can be named in B!/(B-n)! ways, the sum takes about B^width values)
// that a single uniqueness check can take minutes.
const MaxGenBase = 16

// Bounds on the work of one Cryptarithm call, in draws and in search
// nodes (deterministic, unlike time): many sizes, such as short words in
// a large base, have no puzzle with exactly one answer at all. About a
// second of search on a slow machine. A single uniqueness check can take
// minutes on the largest sizes (1,000 words of 12 letters in base 16), so
// the call also gives up after cryptMaxTime; it then returns
// ErrNoUniquePuzzle, never a different puzzle.
const (
	cryptMaxTries = 20000
	cryptMaxNodes = 20_000_000
	cryptMaxTime  = 10 * time.Second
)

// ErrNoUniquePuzzle is returned by Cryptarithm when no draw gave a puzzle
// with exactly one answer.
var ErrNoUniquePuzzle = errors.New("gen: no puzzle with exactly one answer found for these sizes")

// Random returns a random addition in the given base with addends
// words of 1..width letters (at least one of width letters) that has
// exactly one answer, checked by counting, or ErrNoUniquePuzzle when a
// bounded number of draws found none. Digits are named by random
// distinct letters; the words are true numbers under that naming, with no
// leading zero. base is clamped to 2..CryptarithmMaxGenBase, addends to
// 2..1000 and width to 1..12. The same rng state gives the same puzzle.
func Random(rng *rand.Rand, base, addends, width int) (cryptarithm.Instance, error) {
	base = min(max(base, cryptarithm.MinBase), MaxGenBase)
	addends = min(max(addends, 2), 1000)
	width = min(max(width, 1), 12)
	nodes := int64(0)
	ctx, cancel := context.WithTimeout(context.Background(), cryptMaxTime)
	defer cancel()
	for range cryptMaxTries {
		p := cryptCandidate(rng, base, addends, width)
		// The search fails only when ctx ends.
		n, st, err := dfs.Count(ctx, p, 2, search.Run{})
		if err != nil {
			break
		}
		if n == 1 {
			return p, nil
		}
		if nodes += st.Nodes; nodes > cryptMaxNodes {
			break
		}
	}
	return cryptarithm.Instance{}, ErrNoUniquePuzzle
}

// cryptCandidate draws the addends as numbers and names them and their sum
// by a random letter per digit.
func cryptCandidate(rng *rand.Rand, base, addends, width int) cryptarithm.Instance {
	letter := rng.Perm(26)[:base] // letter[d] is the letter naming digit d
	p := cryptarithm.Instance{Base: base, Addends: make([]string, addends)}
	// The sum, least significant digit first: 1000 addends below B^width
	// add up to less than B^(width+10).
	total := make([]int, width+11)
	long := rng.IntN(addends) // an addend of full width
	for a := range p.Addends {
		n := width
		if a != long {
			n = 1 + rng.IntN(width)
		}
		w := make([]byte, n)
		for i := range w {
			d := rng.IntN(base)
			for i == 0 && n > 1 && d == 0 {
				d = rng.IntN(base)
			}
			w[i] = byte('A' + letter[d])
			total[n-1-i] += d
		}
		p.Addends[a] = string(w)
	}
	for i := 0; i+1 < len(total); i++ {
		total[i+1] += total[i] / base
		total[i] %= base
	}
	top := len(total) - 1
	for top > 0 && total[top] == 0 {
		top--
	}
	sum := make([]byte, 0, top+1)
	for i := top; i >= 0; i-- {
		sum = append(sum, byte('A'+letter[total[i]]))
	}
	p.Sum = string(sum)
	return p
}
