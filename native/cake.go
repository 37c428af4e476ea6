package native

import (
	"context"
	"fmt"

	"puzzlesat/internal/intmath"
	"puzzlesat/internal/poll"
	"puzzlesat/puzzle"
)

// Cake returns the cake of least area for p with its layers, bottom first.
// When no cake of that volume and layer count exists it returns Area 0
// and no layers: that is an answer, never puzzle.ErrNoSolution. It returns
// ctx.Err() when ctx is done first, and an error for an instance outside
// the limits 1..puzzle.MaxCakeVolume and 1..puzzle.MaxCakeLayers.
//
// The search builds the cake from the bottom, largest radius and height
// first, and cuts with the volume and area bounds of the classic solution
// (NOI1999 "生日蛋糕"), plus an upper bound on the volume the layers above
// can still hold.
func Cake(ctx context.Context, p puzzle.Cake) (puzzle.CakeAnswer, Stats, error) {
	if p.Volume < 1 || p.Volume > puzzle.MaxCakeVolume || p.Layers < 1 || p.Layers > puzzle.MaxCakeLayers {
		return puzzle.CakeAnswer{}, Stats{}, fmt.Errorf("cake with volume %d and %d layers is outside the limits 1..%d and 1..%d",
			p.Volume, p.Layers, puzzle.MaxCakeVolume, puzzle.MaxCakeLayers)
	}
	s := newCakeSearch(ctx, p)
	// The bottom layer has nothing below it: any radius and height that
	// fit the volume, which the loops in dfs bound by themselves.
	s.dfs(p.Layers, p.Volume, 0, p.Volume+1, p.Volume+1)
	st := Stats{Nodes: s.tick.Steps()}
	if err := s.tick.Err(); err != nil {
		return puzzle.CakeAnswer{}, st, err
	}
	if s.best > 3*p.Volume {
		return puzzle.CakeAnswer{}, st, nil
	}
	return puzzle.CakeAnswer{Area: s.best, Layers: s.bestLayers}, st, nil
}

// cakeSearch is the state of one Birthday Cake search. Layer u counts
// from the top: layer 1 is the top one, layer m the bottom one. Since radii
// and heights are integers that decrease strictly upwards, layer u has
// radius and height at least u.
type cakeSearch struct {
	tick poll.Ticker // counts the nodes
	m    int
	minV []int              // minV[u]: least volume of layers u..1, the sum of i^3 for i = 1..u
	minA []int              // minA[u]: least side area of layers u..1, the sum of 2 i^2
	best int                // area of the best cake found; 3 * volume + 1 before any
	cur  []puzzle.CakeLayer // the layers placed so far, bottom first

	bestLayers []puzzle.CakeLayer // a copy of cur when best was last set
}

func newCakeSearch(ctx context.Context, p puzzle.Cake) *cakeSearch {
	s := &cakeSearch{
		tick: poll.New(ctx),
		m:    p.Layers,
		minV: make([]int, p.Layers+1),
		minA: make([]int, p.Layers+1),
		cur:  make([]puzzle.CakeLayer, p.Layers),
		// Every cake has area R_1^2 + sum 2 R_i H_i <= 3 sum R_i^2 H_i.
		best: 3*p.Volume + 1,
	}
	for i := 1; i <= p.Layers; i++ {
		s.minV[i] = s.minV[i-1] + i*i*i
		s.minA[i] = s.minA[i-1] + 2*i*i
	}
	return s
}

// dfs places layer u on a layer of radius rBelow and height hBelow, with
// rem volume left for layers u..1 and area the area of the layers below.
func (s *cakeSearch) dfs(u, rem, area, rBelow, hBelow int) {
	if !s.tick.Tick() {
		return
	}
	if u == 0 {
		// rem is 0 here: for the top layer, layer's volume cut lets only
		// a height that leaves nothing over through.
		if area < s.best {
			s.best = area
			s.bestLayers = append(s.bestLayers[:0], s.cur...)
		}
		return
	}
	// Layers u..1 have radii and heights at least u, u-1, ..., 1.
	if rem < s.minV[u] || area+s.minA[u] >= s.best {
		return
	}
	avail := rem - s.minV[u-1] // the most this layer can hold
	// This layer's height is at least u, so r^2 u <= avail.
	rMax := min(rBelow-1, intmath.Sqrt(avail/u))
	for r := rMax; r >= u; r-- {
		top := 0
		if u == s.m {
			top = r * r // the tops of all layers together cover the bottom's disc
		}
		// Layers u..1 have radii at most r, so their side area
		// sum 2 r_i h_i = sum 2 r_i^2 h_i / r_i is at least 2 rem / r.
		if area+top+intmath.CeilDiv(2*rem, r) >= s.best {
			if u == s.m {
				continue // a smaller bottom has a smaller top: try it
			}
			break // a smaller r only raises the bound
		}
		s.layer(u, r, rem, avail, area+top, hBelow)
		if s.tick.Err() != nil {
			return
		}
	}
}

// layer tries every height for layer u with radius r, tallest first.
func (s *cakeSearch) layer(u, r, rem, avail, area, hBelow int) {
	// Layers u-1..1 have radii at most r-1, ..., r-u+1 and heights at most
	// h-1, ..., h-u+1, so they hold at most h*sum2 - sum3 (sums over i=1..u-1
	// of (r-i)^2 and i (r-i)^2).
	sum2, sum3 := 0, 0
	for i := 1; i < u; i++ {
		sum2 += (r - i) * (r - i)
		sum3 += i * (r - i) * (r - i)
	}
	hMax := min(hBelow-1, avail/(r*r))
	for h := hMax; h >= u; h-- {
		left := rem - r*r*h
		if left > h*sum2-sum3 {
			break // a lower layer leaves more volume and less room above
		}
		s.cur[s.m-u] = puzzle.CakeLayer{R: r, H: h}
		s.dfs(u-1, left, area+2*r*h, r, h)
	}
}
