package gen

import (
	"maps"
	"math/rand/v2"
	"slices"

	"github.com/puzzlesat/puzzlesat/kinds/sticks"
)

// sticksMaxCut is the most pieces one stick is cut into: with 1..8 pieces
// per stick, 8 sticks of 50 give blocks like the CERC 1995 data (up to 64
// pieces of at most 50).
const sticksMaxCut = 8

// Random returns a block made by cutting sticks sticks, each length long,
// into pieces, and shuffling the pieces, reproducibly from rng. Each stick
// is cut at distinct random points into 1..min(length, 8) pieces, the
// number drawn uniformly. The answer of the block is therefore at most
// length (it may be less: the pieces may also fit shorter sticks).
//
// n is clamped to 1..sticks.MaxPieces and length to
// 1..sticks.MaxPiece; the block never holds more than
// sticks.MaxPieces pieces (late sticks are cut into fewer pieces).
// Classic sizes: sticks 4..10, length 20..60.
func Random(rng *rand.Rand, n, length int) sticks.Instance {
	n = min(max(n, 1), sticks.MaxPieces)
	length = min(max(length, 1), sticks.MaxPiece)
	var pieces []int
	for i := range n {
		budget := sticks.MaxPieces - len(pieces) - (n - 1 - i)
		n := 1 + rng.IntN(min(length, sticksMaxCut, budget))
		pieces = append(pieces, sticksCut(rng, length, n)...)
	}
	rng.Shuffle(len(pieces), func(i, j int) { pieces[i], pieces[j] = pieces[j], pieces[i] })
	return sticks.Instance{Pieces: pieces}
}

// sticksCut cuts a stick of the given length at n-1 distinct random points
// (n <= length) and returns the n pieces in order.
func sticksCut(rng *rand.Rand, length, n int) []int {
	cut := make(map[int]bool, n)
	for len(cut) < n-1 {
		cut[1+rng.IntN(length-1)] = true
	}
	points := slices.Sorted(maps.Keys(cut))
	pieces := make([]int, 0, n)
	last := 0
	for _, x := range append(points, length) {
		pieces = append(pieces, x-last)
		last = x
	}
	return pieces
}
